#!/usr/bin/env python3
"""Writes an EPD of endgame start positions taken from played games, for
matches about endgame play (tablebase probing, for one): from each game, the
first position with 6 men and the first with 5 men (kings included) that is
not in check, not over, and that the engine which moved into it scored within
--max-cp of equal. Positions met twice are kept once.

The scores are read from the move comments that fastchess and cutechess-cli
write (`{+0.35/17 0.412s}`); a move without one is skipped. Chess960 castling
in the games is understood (python-chess reads the games in Chess960 mode).

usage: scripts/endgame-starts.py [--max-cp 150] OUT.epd GAMES.pgn [GAMES.pgn ...]
Needs: python-chess (`pip install chess`).
"""
import argparse
import re
import sys

try:
    import chess
    import chess.pgn
except ImportError:  # Reported after parsing, so that --help works without it.
    chess = None

SCORE = re.compile(r"\s*[+-]?(M?)(\d+(?:\.\d+)?)/")
MEN = (6, 5)


def fail(message):
    print(f"endgame-starts.py: {message}", file=sys.stderr)
    sys.exit(2)


def near_equal(comment, max_cp):
    """Whether a move comment holds a centipawn score within max_cp of 0."""
    m = SCORE.match(comment)
    return bool(m) and not m.group(1) and float(m.group(2)) * 100 <= max_cp


def starts_of(game, max_cp):
    """The game's first qualifying position for each count in MEN, as EPD."""
    board = game.board()
    found = {}
    for node in game.mainline():
        board.push(node.move)
        men = chess.popcount(board.occupied)
        if men < min(MEN):
            break
        if men in MEN and men not in found and near_equal(node.comment, max_cp) \
                and not board.is_check() and not board.is_game_over():
            found[men] = board.epd()
    return found.values()


def main():
    ap = argparse.ArgumentParser(description="Writes an EPD of endgame start positions taken from played games.")
    ap.add_argument("--max-cp", type=int, default=150,
                    help="largest |score| in centipawns of a kept position (default 150)")
    ap.add_argument("out", help="EPD file to write")
    ap.add_argument("pgn", nargs="+", help="PGN files of the games")
    args = ap.parse_args()
    if chess is None:
        fail("python-chess is missing (pip install chess)")
    seen, games = {}, 0
    for path in args.pgn:
        try:
            f = open(path, encoding="utf-8", errors="replace")
        except OSError as e:
            fail(f"{path}: {e.strerror}")
        with f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                for epd in starts_of(game, args.max_cp):
                    seen.setdefault(epd, None)
    with open(args.out, "w") as f:
        f.writelines(epd + "\n" for epd in seen)
    print(f"{games} games, {len(seen)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
