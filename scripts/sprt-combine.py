#!/usr/bin/env python3
"""Sums the pentanomial counts of several runs of one SPRT (for instance a
test stopped when a session ended and a second run of the same binaries) and
prints the summed pair count, the log-likelihood ratio and the logistic Elo.

The LLR is the generalized SPRT over pentanomial frequencies with logistic
Elo bounds, the statistic fastchess reports with `model=logistic`: for each
bound the maximum-likelihood distribution with that expected pair score is
found, and the LLR is the number of pairs times the mean log ratio of the two.

usage: scripts/sprt-combine.py [--elo0 0] [--elo1 5] [--alpha 0.05] [--beta 0.05] \
           [--pgn FILE --engine NAME ...] [LL,LD,DD,WD,WW ...]
Each group is one run's `Ptnml(0-2)` line from fastchess, in its order. A run
stopped by hand (its last report is behind its games) is better read from its
PGN: `--pgn` counts every complete pair there (the two games with one `Round`
tag, as fastchess writes them with `-repeat`), scored for `--engine`.
"""
import argparse
import math
import sys

from pgn_games import read_games

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def logistic_score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def mle(freqs, s):
    """The distribution nearest `freqs` whose expected pair score is s."""
    # Solve sum p_i (a_i - s) / (1 + theta (a_i - s)) = 0 for theta by
    # bisection; the bracket keeps every 1 + theta (a_i - s) positive.
    lo = -1.0 / (PAIR_SCORES[-1] - s) + 1e-12
    hi = -1.0 / (PAIR_SCORES[0] - s) - 1e-12

    def f(theta):
        return sum(p * (a - s) / (1.0 + theta * (a - s)) for a, p in zip(PAIR_SCORES, freqs))

    for _ in range(200):
        mid = (lo + hi) / 2.0
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    theta = (lo + hi) / 2.0
    return [p / (1.0 + theta * (a - s)) for a, p in zip(PAIR_SCORES, freqs)]


def parse_group(text):
    parts = text.replace(" ", "").split(",")
    if len(parts) != 5 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected five counts LL,LD,DD,WD,WW, got {text!r}")
    return [int(p) for p in parts]


def pgn_pairs(path, engine):
    """The pentanomial of the complete pairs in a fastchess PGN, for `engine`,
    and its games' wins, losses and draws."""
    games = [tags for tags, _ in read_games(path)]
    rounds = {}
    for g in games:
        if engine not in (g.get("White"), g.get("Black")):
            raise ValueError(f"{path}: a game without {engine!r} ({g.get('White')} - {g.get('Black')})")
        points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(g.get("Result"))
        if points is None:
            continue  # unfinished
        if g.get("Black") == engine:
            points = 1.0 - points
        rounds.setdefault(g.get("Round"), []).append(points)
    counts, wld = [0] * 5, [0, 0, 0]
    for points in rounds.values():
        if len(points) != 2:
            continue
        counts[round(sum(points) * 2)] += 1
        for p in points:
            wld[0 if p == 1.0 else 1 if p == 0.0 else 2] += 1
    return counts, wld


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elo0", type=float, metavar="X", default=0.0, help="Elo difference of H0 (default: %(default)s)")
    ap.add_argument("--elo1", type=float, metavar="X", default=5.0, help="Elo difference of H1 (default: %(default)s)")
    ap.add_argument("--alpha", type=float, metavar="X", default=0.05, help="false positive rate (default: %(default)s)")
    ap.add_argument("--beta", type=float, metavar="X", default=0.05, help="false negative rate (default: %(default)s)")
    ap.add_argument("--pgn", action="append", default=[], metavar="FILE", help="a run's PGN from fastchess: its complete pairs count (again for more runs)")
    ap.add_argument("--engine", metavar="NAME", help="with --pgn: the engine whose results are scored (its PGN name)")
    ap.add_argument(
        "runs",
        nargs="*",
        type=parse_group,
        metavar="LL,LD,DD,WD,WW",
        help="one run's pentanomial counts (game pairs lost-lost ... won-won), as fastchess prints them",
    )
    args = ap.parse_args()
    if args.pgn and not args.engine:
        ap.error("--pgn needs --engine NAME")
    if not args.pgn and not args.runs:
        ap.error("give pentanomial counts or --pgn")

    runs, wld = list(args.runs), None
    for path in args.pgn:
        try:
            counts, games = pgn_pairs(path, args.engine)
        except (OSError, ValueError) as e:
            print(f"sprt-combine.py: {e}", file=sys.stderr)
            sys.exit(2)
        print(f"{path}: pentanomial {', '.join(map(str, counts))}, W / L / D {games[0]} / {games[1]} / {games[2]}")
        runs.append(counts)
        wld = games if wld is None else [a + b for a, b in zip(wld, games)]

    counts = [sum(run[i] for run in runs) for i in range(5)]
    pairs = sum(counts)
    if pairs == 0:
        sys.exit("no pairs")
    # Empty cells get a small weight, as fastchess does, so logs stay finite.
    weights = [c if c > 0 else 1e-3 for c in counts]
    total = sum(weights)
    freqs = [w / total for w in weights]

    p0 = mle(freqs, logistic_score(args.elo0))
    p1 = mle(freqs, logistic_score(args.elo1))
    llr = total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(freqs, p0, p1))

    mean = sum(a * p for a, p in zip(PAIR_SCORES, freqs))
    var = sum(p * (a - mean) ** 2 for a, p in zip(PAIR_SCORES, freqs))
    half = 1.959964 * math.sqrt(var / total)

    def elo(score):
        score = min(max(score, 1e-9), 1 - 1e-9)
        return -400.0 * math.log10(1.0 / score - 1.0)

    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "no decision yet"
    print(f"pentanomial {', '.join(map(str, counts))} ({pairs} pairs, {2 * pairs} games)")
    if wld is not None and not args.runs:
        print(f"W / L / D {wld[0]} / {wld[1]} / {wld[2]} ({args.engine})")
    print(f"Elo {elo(mean):+.1f} +/- {(elo(mean + half) - elo(mean - half)) / 2:.1f}")
    print(f"LLR {llr:.2f} ({lower:.2f}, {upper:.2f}) [{args.elo0:g}, {args.elo1:g}]: {verdict}")


if __name__ == "__main__":
    main()
