#!/usr/bin/env python3
"""Where the clock goes in a fastchess PGN: for each engine, the median time
left after its moves 10, 20, 30, 40, 50, 70 and 100, over the games still
going at that move; then, for each engine, the thinnest margins over its
moves (the time it was sent for a move less the time the move took: how close
it came to a forfeit). fastchess counts the increment before each move (its
clock starts at base + increment), so the time sent is the clock left after
the last move plus one increment.

Each move's time is read from its comment (`{+0.52/16 0.647s}`, as fastchess
writes it); the clock is the base time plus one increment a move minus the
time spent, from each game's `TimeControl` tag (`10+0.1`: a plain
base+increment control).

usage: scripts/pgn-clock.py FILE.pgn
"""
import re
import statistics
import sys

from pgn_games import read_games

MARKS = (10, 20, 30, 40, 50, 70, 100)
MOVE_TIME = re.compile(r"\{[^}]*?([0-9.]+)s[^}]*\}")


def base_and_increment(control):
    """(base, increment) in seconds of a `B+I` time control, or None."""
    parts = control.split("+")
    try:
        return float(parts[0]), float(parts[1]) if len(parts) == 2 else 0.0
    except ValueError:
        return None


def clock_left(games):
    """({engine: {move number: [seconds left after it, one per game]}},
    {engine: [each of its moves' margins in whole milliseconds]})"""
    left = {}
    margins = {}
    for tags, movetext in games:
        control = base_and_increment(tags.get("TimeControl", ""))
        if control is None:
            raise ValueError(f"a game without a base+increment TimeControl tag: {tags.get('TimeControl')!r}")
        base, inc = control
        white, black = tags["White"], tags["Black"]
        black_first = tags.get("FEN", "").split(" ")[1:2] == ["b"]
        sides = (black, white) if black_first else (white, black)
        clock = {white: base, black: base}
        moves = {white: 0, black: 0}
        for i, spent in enumerate(float(t) for t in MOVE_TIME.findall(movetext)):
            side = sides[i % 2]
            # Move times are whole milliseconds; rounding keeps a margin of
            # exactly 20 ms from reading as 19.999...
            margins.setdefault(side, []).append(round((clock[side] + inc - spent) * 1000))
            clock[side] += inc - spent
            moves[side] += 1
            if moves[side] in MARKS:
                left.setdefault(side, {}).setdefault(moves[side], []).append(clock[side])
    return left, margins


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__.strip().split("\n\n")[-1])
    try:
        left, margins = clock_left(read_games(sys.argv[1]))
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"pgn-clock: {sys.argv[1]}: {e}")
    print("engine: seconds left after moves " + " / ".join(map(str, MARKS)))
    for engine, by_move in sorted(left.items()):
        cells = ("%.2f" % statistics.median(by_move[m]) if m in by_move else "-" for m in MARKS)
        print(engine + ": " + " / ".join(cells))
    for engine, ms in sorted(margins.items()):
        under = ", ".join(f"{sum(m < t for m in ms)} under {t} ms" for t in (10, 20, 50))
        print(f"{engine} margins: {len(ms)} moves, the thinnest {min(ms)} ms; {under}")


if __name__ == "__main__":
    main()
