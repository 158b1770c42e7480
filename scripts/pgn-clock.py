#!/usr/bin/env python3
"""Where the clock goes in a fastchess PGN: for each engine, the median time
left after its moves 10, 20, 30, 40, 50, 70 and 100, over the games still
going at that move.

Each move's time is read from its comment (`{+0.52/16 0.647s}`, as fastchess
writes it); the clock is the base time plus one increment a move minus the
time spent, so the figures hold for a plain base+increment control.

usage: scripts/pgn-clock.py [--base 10] [--inc 0.1] FILE.pgn
"""
import argparse
import re
import statistics

MARKS = (10, 20, 30, 40, 50, 70, 100)


def clock_left(text, base, inc):
    """{engine: {move number: [seconds left after it, one per game]}}"""
    left = {}
    for game in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]+)"', game).group(1)
        black = re.search(r'\[Black "([^"]+)"', game).group(1)
        body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        times = [float(t) for t in re.findall(r"\{[^}]*?([0-9.]+)s[^}]*\}", body)]
        fen = re.search(r'\[FEN "[^"]+ ([wb]) ', game)
        sides = [black, white] if fen and fen.group(1) == "b" else [white, black]
        clock = {white: base, black: base}
        moves = {white: 0, black: 0}
        for i, spent in enumerate(times):
            side = sides[i % 2]
            clock[side] += inc - spent
            moves[side] += 1
            if moves[side] in MARKS:
                left.setdefault(side, {}).setdefault(moves[side], []).append(clock[side])
    return left


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--base", type=float, default=10.0, help="seconds at the start")
    parser.add_argument("--inc", type=float, default=0.1, help="seconds added a move")
    args = parser.parse_args()
    with open(args.pgn, encoding="utf-8", errors="replace") as f:
        left = clock_left(f.read(), args.base, args.inc)
    print("engine: seconds left after moves " + " / ".join(map(str, MARKS)))
    for engine, by_move in sorted(left.items()):
        cells = ("%.2f" % statistics.median(by_move[m]) if m in by_move else "-" for m in MARKS)
        print(engine + ": " + " / ".join(cells))


if __name__ == "__main__":
    main()
