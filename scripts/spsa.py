#!/usr/bin/env python3
"""A local SPSA tuner for Rockad's search parameters, over fastchess, with no
OpenBench server (docs/tuning.md). Python 3 standard library only.

    cargo build --release --features spsa      # the tuning build
    scripts/spsa.py --engine target/release/rockad --state spsa.json \\
        --iterations 2000 --pairs 8 --tc 5+0.05 --concurrency 2

Each iteration perturbs every parameter by +-c_k (one random sign per
parameter), plays --pairs game pairs between the engine at theta + c_k*flip
and at theta - c_k*flip (Chess960 openings, colours swapped in each pair,
parameters sent as fastchess `option.NAME=value`), and moves theta by the
result. The arithmetic is OpenBench's (and Fishtest's), so a parameter line
means the same here as on an OpenBench server:

    c   = c_end * N^gamma             a_end = r_end * c_end^2
    a   = a_end * (A + N)^alpha       A     = A_ratio * N   (N = --iterations)
    c_k = max(c / k^gamma, 0.5)       R_k   = a / (A + k)^alpha / c_k^2
    theta += R_k * c_k * (wins - losses) * flip            (k = 1, 2, ...)

that is the textbook step a_k * (y+ - y-) / (2 c_k) * flip with OpenBench's
a_k doubled (y+ - y- = wins - losses of the + engine). Integers are sent
rounded at random (probabilistic rounding, as OpenBench does) and every value
is kept within [min, max].

Parameters are the lines `rockad spsa` prints (NAME, int, value, min, max,
c_end, r_end), read from the engine on the first run or from --params FILE;
--only NAME,... tunes a subset. The state (theta, iteration, random state,
per-iteration results) is written atomically to --state after every
iteration: stop at any time and run the same command again to resume.
`--print` shows the current values as lines for OpenBench or for params.rs
(`--digits D` keeps D decimals). Should the state file be lost, those lines
restart the tune where it was: `--params LINES --start-iteration K` begins a
new state at iteration K, so its steps are sized as the old one's would have
been (only the random flips differ).

`--drift` answers "has the tune found anything yet?": it replays the tuner's
own steps, from where the state began to its iteration, with games whose
results ignore the values (decisive as often as the state's games were), and
prints each value's move against the spread chance alone gives (z), then how
often chance moves all of them as far (the sum of z squared). A tune whose
sum is no larger than chance's has found nothing yet.

--dry-run plays no games: it prints the fastchess command of the next
iteration and exits. --simulate replaces fastchess by a made-up engine whose
strength falls with the distance from a hidden optimum, to watch the tuner
converge. The arithmetic's tests:

    python3 -m unittest discover -s scripts -p 'test_spsa.py'
"""

import argparse
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1
# What docs/strength.md's SPRTs adjudicate by (--adjudicate).
ADJUDICATION = ["-draw", "movenumber=40", "movecount=8", "score=10",
                "-resign", "movecount=3", "score=600", "twosided=true"]  # fmt: skip


class Param:
    """One tunable: theta (a float while tuning) and its OpenBench inputs."""

    def __init__(self, name, value, lo, hi, c_end, r_end, start=None):
        self.name = name
        self.value = float(value)
        self.min = float(lo)
        self.max = float(hi)
        self.c_end = float(c_end)
        self.r_end = float(r_end)
        self.start = float(value if start is None else start)

    def to_json(self):
        return dict(self.__dict__)

    @staticmethod
    def from_json(d):
        return Param(d["name"], d["value"], d["min"], d["max"], d["c_end"], d["r_end"], d["start"])


def parse_lines(text):
    """Params from OpenBench lines `NAME, int, value, min, max, c_end, r_end`."""
    params = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] not in ("int", "float"):
            raise ValueError(f"line {n}: expected 'NAME, int, value, min, max, c_end, r_end': {line!r}")
        name = fields[0]
        value, lo, hi, c_end, r_end = map(float, fields[2:])
        if not (lo <= value <= hi) or lo >= hi or c_end <= 0 or r_end <= 0:
            raise ValueError(f"line {n}: value outside [min, max] or a step not above 0: {line!r}")
        params.append(Param(name, value, lo, hi, c_end, r_end))
    if not params:
        raise ValueError("no parameter lines")
    return params


def gains(param, k, iterations):
    """(c_k, R_k) of `param` at iteration k (1-based) of `iterations`."""
    big_a = A_RATIO * iterations
    c = param.c_end * iterations**GAMMA
    a = param.r_end * param.c_end**2 * (big_a + iterations) ** ALPHA
    c_k = max(c / k**GAMMA, 0.5)
    r_k = a / (big_a + k) ** ALPHA / c_k**2
    return c_k, r_k


def clip(param, v):
    return min(max(v, param.min), param.max)


def stochastic_round(v, rng):
    """v rounded down or up at random, up with probability frac(v)."""
    low = math.floor(v)
    return int(low + (rng.random() < v - low))


def perturb(params, k, iterations, rng):
    """One iteration's flips, c_k and R_k per parameter, and the integer
    values of the + and - engines."""
    plan = []
    for p in params:
        c_k, r_k = gains(p, k, iterations)
        flip = rng.choice((1, -1))
        plus = stochastic_round(clip(p, p.value + c_k * flip), rng)
        minus = stochastic_round(clip(p, p.value - c_k * flip), rng)
        plan.append({"flip": flip, "c": c_k, "r": r_k, "plus": plus, "minus": minus})
    return plan


def update(params, plan, wins, losses):
    """Moves theta by the + engine's wins - losses."""
    for p, s in zip(params, plan):
        p.value = clip(p, p.value + s["r"] * s["c"] * (wins - losses) * s["flip"])


RESULTS = re.compile(r"Results of (\S+) vs (\S+)")
SCORE = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")


def parse_fastchess(output, plus="plus"):
    """(wins, losses, draws) of engine `plus` from fastchess's last report."""
    last = None
    first = None
    for line in output.splitlines():
        m = RESULTS.search(line)
        if m:
            first = m.group(1)
        m = SCORE.search(line)
        if m:
            last = (first, int(m.group(2)), int(m.group(3)), int(m.group(4)))
    if last is None:
        raise ValueError("no 'Games: N, Wins: W, Losses: L, Draws: D' line in fastchess's output")
    first, w, l, d = last
    return (w, l, d) if first in (None, plus) else (l, w, d)


def fastchess_command(a, plan, params, seed):
    cmd = [a.fastchess]
    for name, side in (("plus", "plus"), ("minus", "minus")):
        cmd += ["-engine", f"cmd={a.engine}", f"name={name}"]
        cmd += [f"option.{p.name}={s[side]}" for p, s in zip(params, plan)]
    each = ["-each", f"tc={a.tc}", "option.Hash=16", "option.Threads=1"]
    each += [f"option.{o}" for o in a.option]
    # The SPRTs' adjudication: decided games end early, so more fit in an hour.
    adjudicate = ADJUDICATION if a.adjudicate else []
    return cmd + each + adjudicate + [
        "-variant", "fischerandom",
        "-openings", f"file={a.openings}", "format=epd", "order=random", "-srand", str(seed),
        "-games", "2", "-rounds", str(a.pairs), "-concurrency", str(a.concurrency),
        "-ratinginterval", "0", "-autosaveinterval", "0",
    ]  # fmt: skip


def simulated_match(plan, params, pairs, rng, optimum):
    """Games between two made-up engines: each scores by how close its values
    are to `optimum` (name -> value; others do not matter); for --simulate
    and the tests."""

    def strength(side):
        return -sum(
            ((s[side] - optimum[p.name]) / (p.max - p.min)) ** 2 for p, s in zip(params, plan) if p.name in optimum
        )

    p_plus = 1 / (1 + math.exp(-40 * (strength("plus") - strength("minus"))))
    wins = losses = draws = 0
    for _ in range(2 * pairs):
        x = rng.random()
        if x < 0.3:
            draws += 1
        elif x < 0.3 + 0.7 * p_plus:
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


def chance_match(pairs, p_win, rng):
    """Games whose results ignore the values: each won, or lost, with
    probability `p_win`, else drawn. Returns (wins, losses, draws)."""
    wins = losses = 0
    for _ in range(2 * pairs):
        x = rng.random()
        wins += x < p_win
        losses += p_win <= x < 2 * p_win
    return wins, losses, 2 * pairs - wins - losses


def win_rate(history):
    """The share of games won by one side (half the decisive share): the
    chance model's `p_win` for a state's per-iteration results."""
    games = sum(sum(h) for h in history)
    return sum(h[0] + h[1] for h in history) / games / 2 if games else 0.0


def chance_spread(params, first, last, iterations, pairs, p_win, runs, rng):
    """How far each value wanders by chance alone from iteration `first` + 1
    to `last`: the tuner's own steps driven by `chance_match`.
    Returns the per-parameter standard deviation of the drift, and each run's
    drifts."""
    drifts = []
    for _ in range(runs):
        ps = [Param(p.name, p.start, p.min, p.max, p.c_end, p.r_end) for p in params]
        for k in range(first + 1, last + 1):
            plan = perturb(ps, k, iterations, rng)
            wins, losses, _ = chance_match(pairs, p_win, rng)
            update(ps, plan, wins, losses)
        drifts.append([q.value - p.start for p, q in zip(params, ps)])
    spread = [math.sqrt(sum(d[i] ** 2 for d in drifts) / runs) for i in range(len(params))]
    return spread, drifts


def drift_report(state, runs, seed=1):
    """Lines saying how far each value has moved from where this state began,
    against the spread chance alone gives by this iteration (z), and how
    often chance moves all of them as far (the sum of z squared)."""
    played = len(state.history)
    first = state.iteration - played
    games = sum(sum(h) for h in state.history)
    p_win = win_rate(state.history)
    spread, drifts = chance_spread(
        state.params, first, state.iteration, state.iterations, state.pairs, p_win, runs, random.Random(seed)
    )
    out = [
        f"spsa: drift at iteration {state.iteration} of {state.iterations} "
        f"({played} played in this state, {games} games, {200 * p_win:.1f}% decisive); "
        f"chance: {runs} runs of games that ignore the values"
    ]
    z = []
    for p, sd in zip(state.params, spread):
        zi = (p.value - p.start) / sd if sd > 0 else 0.0
        z.append(zi)
        out.append(
            f"{p.name}: {p.start:g} -> {p.value:.2f}, {(p.value - p.start) / p.c_end:+.2f} C_end, "
            f"chance spread {sd / p.c_end:.2f} C_end, z {zi:+.2f}"
        )
    chi2 = sum(v * v for v in z)
    as_far = sum(sum((d / sd) ** 2 for d, sd in zip(run, spread) if sd > 0) >= chi2 for run in drifts)
    out.append(
        f"sum of z squared: {chi2:.1f} over {len(z)} values (chance alone averages {len(z)}); "
        f"chance moved them as far in {as_far} of {runs} runs"
    )
    return out


class State:
    def __init__(self, params, iterations, pairs, seed):
        self.params = params
        self.iterations = iterations
        self.pairs = pairs
        self.iteration = 0
        self.rng = random.Random(seed)
        self.history = []

    def to_json(self):
        return {
            "params": [p.to_json() for p in self.params],
            "iterations": self.iterations,
            "pairs": self.pairs,
            "iteration": self.iteration,
            "rng": _rng_to_json(self.rng.getstate()),
            "history": self.history,
        }

    @staticmethod
    def from_json(d):
        s = State([Param.from_json(p) for p in d["params"]], d["iterations"], d["pairs"], 0)
        s.iteration = d["iteration"]
        s.rng.setstate(_tuples(d["rng"]))
        s.history = d["history"]
        return s

    def save(self, path):
        """Writes the state to `path` atomically (a temporary file renamed)."""
        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".spsa-", suffix=".json")
        try:
            with os.fdopen(fd, "w") as f:
                json.dump(self.to_json(), f, indent=1)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @staticmethod
    def load(path):
        with open(path) as f:
            return State.from_json(json.load(f))

    def step(self, play):
        """One iteration: `play(plan)` returns (wins, losses, draws) of +."""
        k = self.iteration + 1
        plan = perturb(self.params, k, self.iterations, self.rng)
        w, l, d = play(plan)
        update(self.params, plan, w, l)
        self.iteration = k
        self.history.append([w, l, d])
        return w, l, d


def _rng_to_json(x):
    return [_rng_to_json(v) for v in x] if isinstance(x, tuple) else x


def _tuples(x):
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def lines(params, digits=None):
    """The current values as OpenBench lines (rounded to integers)."""
    out = []
    for p in params:
        v = round(p.value) if digits is None else round(p.value, digits)
        out.append(f"{p.name}, int, {v}, {p.min:g}, {p.max:g}, {p.c_end:g}, {p.r_end:g}")
    return out


def engine_lines(engine):
    """What `ENGINE spsa` prints."""
    r = subprocess.run([engine, "spsa"], capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.exit(f"spsa: '{engine} spsa' failed: {r.stderr.strip()}")
    if "--features spsa" in r.stderr:
        sys.exit(f"spsa: {engine} is not a tuning build: build it with '--features spsa' (docs/tuning.md)")
    return r.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    ap.add_argument("--engine", default="target/release/rockad", help="the tuning build of rockad")
    ap.add_argument("--state", default="spsa-state.json", help="the resumable state file")
    ap.add_argument("--params", help="OpenBench lines to tune (default: what 'ENGINE spsa' prints)")
    ap.add_argument("--only", help="comma-separated names: tune these parameters only")
    ap.add_argument("--iterations", type=int, default=1000, help="N, the planned number of iterations")
    ap.add_argument("--pairs", type=int, default=8, help="game pairs per iteration")
    ap.add_argument("--tc", default="5+0.05", help="fastchess time control")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--openings", help="EPD openings (default: the 960 starts, from 'ENGINE frc')")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for both engines")
    ap.add_argument("--adjudicate", action="store_true",
                    help="adjudicate draws and resignations as docs/strength.md's SPRTs do")
    ap.add_argument("--fastchess", default=os.environ.get("FASTCHESS", "fastchess"))
    ap.add_argument("--seed", type=int, default=1, help="random seed of a new state")
    ap.add_argument("--dry-run", action="store_true", help="print the next fastchess command and exit")
    ap.add_argument("--simulate", action="store_true", help="play made-up games instead of fastchess")
    ap.add_argument("--print", action="store_true", help="print the state's current values and exit")
    ap.add_argument("--digits", type=int, help="with --print: decimals to keep (default: whole numbers)")
    ap.add_argument("--drift", action="store_true",
                    help="say how far each value has moved against what chance alone gives, and exit")
    ap.add_argument("--runs", type=int, default=400, help="with --drift: simulated runs of chance")
    ap.add_argument("--start-iteration", type=int, default=0,
                    help="a new state begins here (a lost tune restarted from its --print lines)")
    a = ap.parse_args(argv)

    if os.path.exists(a.state):
        state = State.load(a.state)
        print(f"spsa: resuming {a.state} at iteration {state.iteration} of {state.iterations}", file=sys.stderr)
        if a.start_iteration and a.start_iteration != state.iteration:
            print(f"spsa: note: --start-iteration {a.start_iteration} ignored, the state knows its own", file=sys.stderr)
    else:
        text = open(a.params).read() if a.params else engine_lines(a.engine)
        params = parse_lines(text)
        if a.only:
            wanted = {n.strip().upper() for n in a.only.split(",")}
            params = [p for p in params if p.name.upper() in wanted]
            missing = wanted - {p.name.upper() for p in params}
            if missing:
                sys.exit(f"spsa: --only names unknown parameters: {', '.join(sorted(missing))}")
        if not 0 <= a.start_iteration < a.iterations:
            sys.exit(f"spsa: --start-iteration must be in 0..{a.iterations - 1}, got {a.start_iteration}")
        state = State(params, a.iterations, a.pairs, a.seed)
        state.iteration = a.start_iteration
    if a.print:
        print("\n".join(lines(state.params, a.digits)))
        return 0
    if a.drift:
        if a.runs < 1:
            sys.exit(f"spsa: --runs must be at least 1, got {a.runs}")
        print("\n".join(drift_report(state, a.runs)))
        return 0

    optimum = {p.name: p.min + 0.7 * (p.max - p.min) for p in state.params}
    tmp = tempfile.mkdtemp(prefix="spsa-")
    try:
        if a.dry_run and not a.openings:
            a.openings = "OPENINGS.epd"
        if not a.simulate and not a.openings:
            a.openings = os.path.join(tmp, "openings.epd")
            with open(a.openings, "w") as f:
                subprocess.run([a.engine, "frc"], stdout=f, check=True)

        def play(plan):
            if a.simulate:
                return simulated_match(plan, state.params, state.pairs, state.rng, optimum)
            cmd = fastchess_command(a, plan, state.params, state.rng.randrange(1 << 31))
            r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, check=False)
            if r.returncode != 0:
                raise RuntimeError(f"fastchess failed ({r.returncode}): {(r.stdout + r.stderr)[-2000:]}")
            return parse_fastchess(r.stdout)

        if a.dry_run:
            if not a.simulate and shutil.which(a.fastchess) is None:
                print(f"spsa: note: {a.fastchess} not found", file=sys.stderr)
            k = state.iteration + 1
            plan = perturb(state.params, k, state.iterations, random.Random(a.seed))
            print(shlex.join(fastchess_command(a, plan, state.params, 0)))
            return 0

        while state.iteration < state.iterations:
            w, l, d = state.step(play)
            state.save(a.state)
            moved = ", ".join(f"{p.name}={p.value:.2f}" for p in state.params[:4])
            more = ", ..." if len(state.params) > 4 else ""
            print(f"spsa: iteration {state.iteration}/{state.iterations}: +{w} -{l} ={d}; {moved}{more}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("\n".join(lines(state.params)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
