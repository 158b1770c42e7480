"""A UCI engine driven over pipes, for the scripts beside this file.

    from uci_pipe import UciEngine
    e = UciEngine("/usr/games/stockfish")   # sends uci, waits for uciok, turns Chess960 on
    e.send("go depth 10"); lines = e.wait("bestmove")
"""
import subprocess


class UciEngine:
    def __init__(self, path, chess960=True):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        if chess960:
            self.send("setoption name UCI_Chess960 value true")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        """The lines read up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def quit(self):
        self.send("quit")
        self.p.wait()
