#!/usr/bin/env python3
"""Regenerates tests/data/chess960-perft.epd: 960 Chess960 positions with
perft counts computed by Stockfish (an independent move generator).

For each start position N (0..959) a short deterministic line of play
(seeded with N) develops the back-rank pieces, so that castling, with every
king/rook geometry, becomes possible in the tree. The line's moves are
chosen from Stockfish's own legal-move list (`go perft 1`).

usage: scripts/gen-chess960-perft.py [--stockfish PATH] [--depth 5] > tests/data/chess960-perft.epd
Needs: rockad built (for the start positions) and a Chess960-capable Stockfish.
"""
import argparse
import shutil
import random
import subprocess
import sys

from uci_pipe import UciEngine


class Stockfish(UciEngine):
    def divide(self, fen, moves, depth):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go perft {depth}")
        lines = self.wait("Nodes searched")
        total = int(lines[-1].split(":")[1])
        div = {l.split(":")[0]: int(l.split(":")[1]) for l in lines if ":" in l and not l.startswith("Nodes")}
        return div, total

    def fen(self):
        self.send("d")
        for l in self.wait("Checkers"):
            if l.startswith("Fen:"):
                return l[4:].strip()
        raise RuntimeError("no fen")


def choose(rng, fen_board, moves):
    """Prefer moves of back-rank minor pieces and queens, then pawns."""
    rows = fen_board.split("/")
    board = {}
    for r, row in enumerate(rows):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    developing = [m for m in moves if board.get(m[:2], "").lower() in "nbq" and m[1] in "18"]
    pawns = [m for m in moves if board.get(m[:2], "").lower() == "p"]
    roll = rng.random()
    if developing and roll < 0.7:
        return rng.choice(sorted(developing))
    if pawns and roll < 0.9:
        return rng.choice(sorted(pawns))
    return rng.choice(sorted(moves))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Writes the suite to stdout; exits 2 when Stockfish or rockad cannot be run.",
    )
    ap.add_argument("--stockfish", default="stockfish", metavar="PATH", help="Stockfish binary that counts (default: %(default)s)")
    ap.add_argument("--rockad", default="target/release/rockad", metavar="PATH", help="rockad binary that lists the 960 starts (default: %(default)s)")
    ap.add_argument("--depth", type=int, default=5, metavar="N", help="perft depths 1..N per position (default: %(default)s)")
    ap.add_argument("--plies", type=int, default=12, metavar="N", help="plies of the seeded line before counting (default: %(default)s)")
    args = ap.parse_args()
    for name, path in (("rockad", args.rockad), ("stockfish", args.stockfish)):
        if shutil.which(path) is None:
            ap.exit(2, f"gen-chess960-perft: {name} '{path}' not found or not executable (see --help)\n")
    starts = subprocess.run([args.rockad, "frc"], capture_output=True, text=True, check=True).stdout.split("\n")
    sf = Stockfish(args.stockfish)
    print("# Chess960 perft suite: one position per start position N, after a short")
    print("# seeded developing line. Counts by Stockfish; see scripts/gen-chess960-perft.py.")
    for n in range(960):
        start = starts[n].strip() + " 0 1"
        rng = random.Random(n)
        moves = []
        for _ in range(args.plies):
            sf.send(f"position fen {start}" + (" moves " + " ".join(moves) if moves else ""))
            board = sf.fen().split()[0]
            div, _ = sf.divide(start, moves, 1)
            if not div:
                break
            moves.append(choose(rng, board, list(div)))
        sf.send(f"position fen {start} moves " + " ".join(moves))
        fen = sf.fen()
        counts = [sf.divide(fen, [], d)[1] for d in range(1, args.depth + 1)]
        print(fen + "".join(f" ;D{d} {c}" for d, c in enumerate(counts, 1)) + f" ;id {n}")
        sys.stdout.flush()
    sf.send("quit")


if __name__ == "__main__":
    main()
