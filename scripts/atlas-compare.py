#!/usr/bin/env python3
"""How well an atlas's scores of start positions agree with another engine's.

    scripts/atlas-compare.py --engine /usr/games/stockfish --depth 16 --scores sf-d16.csv \
        docs/atlas/chess960-d24.csv [older-atlas.csv ...]

Searches every position of the first atlas with the UCI engine (Chess960 on, `Hash` 16, one
thread per engine, `--jobs` engines at once) to `--depth`, keeps the engine's scores in
`--scores` (resumable: ids already there are not searched again), then prints for each atlas
the Spearman rank correlation of its scores with the engine's (1: the same order of the
positions from best for White to worst) and the mean absolute difference in centipawns.
Mate scores are left out. Only the Python standard library is needed.
"""

import argparse
import csv
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from uci_pipe import UciEngine


def read_atlas(path):
    """id -> (fen, score_cp or None) from an `rockad analyse` CSV."""
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            score = int(r["score_cp"]) if r["score_cp"] else None
            rows[r["id"]] = (r["fen"], score)
    return rows


class Engine(UciEngine):
    def __init__(self, cmd):
        super().__init__(cmd)
        self.send("setoption name Hash value 16")
        self.send("setoption name Threads value 1")

    def score(self, fen, depth):
        """The engine's last reported score in centipawns (None for a mate)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        self.send(f"go depth {depth}")
        score = None
        for line in self.wait("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else None
        return score


def spearman(xs, ys):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("atlases", nargs="+", help="rockad analyse CSVs; the first one's positions are searched")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--scores", required=True, help="CSV of the engine's scores (id,score_cp), resumed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()

    first = read_atlas(a.atlases[0])
    done = {}
    if os.path.exists(a.scores):
        with open(a.scores, newline="") as f:
            for r in csv.DictReader(f):
                done[r["id"]] = int(r["score_cp"]) if r["score_cp"] else None
    todo = [i for i in first if i not in done]
    lock = threading.Lock()
    new = not os.path.exists(a.scores) or os.path.getsize(a.scores) == 0
    out = open(a.scores, "a", newline="")
    if new:
        out.write("id,score_cp\n")
        out.flush()

    def work(chunk):
        e = Engine(a.engine)
        for i in chunk:
            s = e.score(first[i][0], a.depth)
            with lock:
                done[i] = s
                out.write(f"{i},{'' if s is None else s}\n")
                out.flush()
        e.quit()

    if todo:
        print(f"{len(todo)} positions to search at depth {a.depth} with {a.engine}", file=sys.stderr)
        chunks = [todo[k :: a.jobs] for k in range(a.jobs)]
        with ThreadPoolExecutor(a.jobs) as pool:
            list(pool.map(work, chunks))
    out.close()

    for path in a.atlases:
        atlas = read_atlas(path)
        pairs = [(atlas[i][1], done[i]) for i in atlas if i in done and atlas[i][1] is not None and done[i] is not None]
        if not pairs:
            print(f"{path}: no positions in common")
            continue
        xs, ys = zip(*pairs)
        mad = sum(abs(x - y) for x, y in pairs) / len(pairs)
        print(f"{path}: {len(pairs)} positions, Spearman {spearman(xs, ys):+.3f}, mean |difference| {mad:.1f} cp")


if __name__ == "__main__":
    main()
