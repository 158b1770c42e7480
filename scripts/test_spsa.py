"""Tests of scripts/spsa.py's arithmetic, parsing and resumability:

    python3 -m unittest discover -s scripts -p 'test_spsa.py'
"""

import contextlib
import io
import json
import os
import random
import tempfile
import unittest

import spsa

def run_main(argv):
    """spsa.main(argv), its standard output returned instead of shown."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        spsa.main(argv)
    return out.getvalue()


def step_simulated(state, iterations):
    """Plays `iterations` of --simulate's made-up games (optimum LMR_BASE 100)."""
    for _ in range(iterations):
        state.step(lambda plan: spsa.simulated_match(plan, state.params, state.pairs, state.rng, {"LMR_BASE": 100}))
    return state


LINES = """\
LMR_BASE, int, 75, 25, 150, 6, 0.002
RFP_MARGIN, int, 80, 40, 160, 6, 0.002
HARD_OVER_SOFT, int, 4, 2, 8, 1, 0.002
"""


class Arithmetic(unittest.TestCase):
    def test_gains_follow_openbench(self):
        p = spsa.parse_lines(LINES)[1]
        n = 1000
        c_k, r_k = spsa.gains(p, n, n)
        # At the last iteration c_k is c_end and R_k is r_end, by construction.
        self.assertAlmostEqual(c_k, 6.0)
        self.assertAlmostEqual(r_k, 0.002)
        c_1, r_1 = spsa.gains(p, 1, n)
        self.assertAlmostEqual(c_1, 6.0 * n**0.101)
        big_a = 0.1 * n
        a = 0.002 * 36 * (big_a + n) ** 0.602
        self.assertAlmostEqual(r_1, a / (big_a + 1) ** 0.602 / c_1**2)

    def test_c_k_never_below_half_a_unit(self):
        p = spsa.parse_lines(LINES)[2]
        self.assertEqual(spsa.gains(p, 10**9, 100)[0], 0.5)

    def test_update_moves_towards_the_winner_and_stays_in_range(self):
        params = spsa.parse_lines(LINES)
        plan = [{"flip": 1, "c": 6.0, "r": 0.01}, {"flip": -1, "c": 6.0, "r": 0.01}, {"flip": 1, "c": 1, "r": 100}]
        spsa.update(params, plan, wins=5, losses=2)
        self.assertAlmostEqual(params[0].value, 75 + 0.01 * 6 * 3)
        self.assertAlmostEqual(params[1].value, 80 - 0.01 * 6 * 3)
        self.assertEqual(params[2].value, 8.0)
        spsa.update(params, plan, wins=2, losses=5)
        self.assertAlmostEqual(params[0].value, 75.0)

    def test_perturbation_is_symmetric_rounded_and_clipped(self):
        params = spsa.parse_lines(LINES)
        params[0].value = 149.0
        rng = random.Random(3)
        for k in (1, 10, 100):
            for p, s in zip(params, spsa.perturb(params, k, 100, rng)):
                self.assertIsInstance(s["plus"], int)
                self.assertTrue(p.min <= s["plus"] <= p.max and p.min <= s["minus"] <= p.max)
                if p.min < p.value - s["c"] and p.value + s["c"] < p.max:
                    self.assertLessEqual(abs((s["plus"] + s["minus"]) / 2 - p.value), 1.0)
                    self.assertEqual(s["plus"] > s["minus"], s["flip"] == 1)

    def test_stochastic_rounding_is_unbiased(self):
        rng = random.Random(7)
        mean = sum(spsa.stochastic_round(2.25, rng) for _ in range(20000)) / 20000
        self.assertAlmostEqual(mean, 2.25, delta=0.02)
        self.assertEqual(spsa.stochastic_round(-3.0, rng), -3)

    def test_simulated_tuning_approaches_the_optimum(self):
        params = spsa.parse_lines("X, int, 100, 0, 200, 10, 0.002\nY, int, 100, 0, 200, 10, 0.002")
        state = spsa.State(params, 400, 16, seed=5)
        optimum = {"X": 140, "Y": 60}
        while state.iteration < state.iterations:
            state.step(lambda plan: spsa.simulated_match(plan, params, 16, state.rng, optimum))
        self.assertLess(abs(params[0].value - 140), abs(100 - 140) / 2, params[0].value)
        self.assertLess(abs(params[1].value - 60), abs(100 - 60) / 2, params[1].value)


class Parsing(unittest.TestCase):
    def test_lines_parse_and_bad_lines_are_refused(self):
        params = spsa.parse_lines("# comment\n" + LINES + "\n")
        self.assertEqual([p.name for p in params], ["LMR_BASE", "RFP_MARGIN", "HARD_OVER_SOFT"])
        self.assertEqual((params[0].value, params[0].min, params[0].max, params[0].c_end), (75, 25, 150, 6))
        for bad in ("A, int, 1, 2, 3, 1, 0.002", "A, int, 1, 0, 3, 1", "A, str, 1, 0, 3, 1, 0.002", ""):
            with self.assertRaises(ValueError, msg=bad):
                spsa.parse_lines(bad)

    def test_lines_round_trip(self):
        params = spsa.parse_lines(LINES)
        self.assertEqual(spsa.lines(params), LINES.splitlines())

    def test_fastchess_result_from_either_side(self):
        out = """Results of plus vs minus (5+0.05, 1t, 16MB, openings.epd):
Elo: 34.86 +/- 69.12, nElo: 55.41 +/- 109.81
LOS: 84.14 %, DrawRatio: 37.50 %, PairsRatio: 1.67
Games: 16, Wins: 7, Losses: 5, Draws: 4, Points: 9.0 (56.25 %)
Ptnml(0-2): [0, 2, 3, 2, 1], WL/DD Ratio: 0.50
"""
        self.assertEqual(spsa.parse_fastchess(out), (7, 5, 4))
        self.assertEqual(spsa.parse_fastchess(out.replace("plus vs minus", "minus vs plus")), (5, 7, 4))
        with self.assertRaises(ValueError):
            spsa.parse_fastchess("Tournament finished\n")

    def test_fastchess_command(self):
        params = spsa.parse_lines(LINES)
        plan = spsa.perturb(params, 1, 100, random.Random(1))
        args = spsa.main.__globals__["argparse"].Namespace(
            fastchess="fastchess", engine="rockad", tc="5+0.05", option=["Move Overhead=20"],
            openings="o.epd", pairs=8, concurrency=2, adjudicate=False)  # fmt: skip
        cmd = spsa.fastchess_command(args, plan, params, 42)
        self.assertEqual(cmd[:4], ["fastchess", "-engine", "cmd=rockad", "name=plus"])
        self.assertIn(f"option.LMR_BASE={plan[0]['plus']}", cmd)
        self.assertIn(f"option.LMR_BASE={plan[0]['minus']}", cmd)
        self.assertIn("option.Move Overhead=20", cmd)
        for flag in ("-variant", "fischerandom", "-rounds", "8", "-games", "2", "-srand", "42", "-concurrency"):
            self.assertIn(flag, cmd)
        self.assertNotIn("-resign", cmd)
        args.adjudicate = True
        cmd = spsa.fastchess_command(args, plan, params, 42)
        i = cmd.index("-draw")
        self.assertEqual(cmd[i : i + 4], ["-draw", "movenumber=40", "movecount=8", "score=10"])
        self.assertEqual(cmd[i + 4 : i + 8], ["-resign", "movecount=3", "score=600", "twosided=true"])


class Resuming(unittest.TestCase):
    def test_a_resumed_run_equals_an_unbroken_one(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "state.json")
            whole = step_simulated(spsa.State(spsa.parse_lines(LINES), 20, 4, seed=9), 20)
            step_simulated(spsa.State(spsa.parse_lines(LINES), 20, 4, seed=9), 7).save(path)
            resumed = step_simulated(spsa.State.load(path), 13)
            self.assertEqual(json.dumps(resumed.to_json()), json.dumps(whole.to_json()))
            self.assertEqual(os.listdir(d), ["state.json"], "no temporary file left behind")

    def test_main_simulates_resumes_and_prints(self):
        with tempfile.TemporaryDirectory() as d:
            lines_path = os.path.join(d, "params.txt")
            with open(lines_path, "w") as f:
                f.write(LINES)
            state = os.path.join(d, "s.json")
            common = ["--state", state, "--simulate", "--pairs", "2"]
            run_main(common + ["--params", lines_path, "--iterations", "5", "--only", "lmr_base,RFP_MARGIN"])
            self.assertEqual(spsa.State.load(state).iteration, 5)
            run_main(common)  # finished: resumes and stops at once
            loaded = spsa.State.load(state)
            self.assertEqual(loaded.iteration, 5)
            self.assertEqual([p.name for p in loaded.params], ["LMR_BASE", "RFP_MARGIN"])

    def test_a_lost_state_restarts_from_its_printed_lines(self):
        # docs/tuning.md keeps only the printed values and the iteration: a
        # new state from them must hold the same values and go on from there.
        whole = step_simulated(spsa.State(spsa.parse_lines(LINES), 20, 4, seed=9), 7)
        with tempfile.TemporaryDirectory() as d:
            lost = os.path.join(d, "lost.json")
            whole.save(lost)
            printed = os.path.join(d, "printed.txt")
            state = os.path.join(d, "s.json")
            args = ["--state", state, "--simulate", "--params", printed, "--iterations", "20"]
            with open(printed, "w") as f:
                f.write(run_main(["--state", lost, "--print", "--digits", "4"]))
            with self.assertRaises(SystemExit):
                run_main(args + ["--start-iteration", "20"])
            self.assertFalse(os.path.exists(state), "a refused start writes nothing")
            run_main(args + ["--start-iteration", "7", "--iterations", "8"])
            restarted = spsa.State.load(state)
            printed_params = spsa.parse_lines(open(printed).read())
        for old_p, new_p in zip(whole.params, printed_params):
            self.assertAlmostEqual(old_p.value, new_p.value, places=4)
        self.assertEqual(restarted.iteration, 8)
        self.assertEqual(len(restarted.history), 1, "only the iteration played after the restart")

    def test_drift_tells_chance_from_a_real_move(self):
        # Games that ignore the values: the report must call the drift chance.
        state = spsa.State(spsa.parse_lines(LINES.replace("0.002", "0.05")), 100, 4, seed=5)
        coin = random.Random(11)
        for _ in range(40):
            state.step(lambda _plan: spsa.chance_match(4, 0.3, coin))
        report = spsa.drift_report(state, 200)
        self.assertTrue(report[0].startswith("spsa: drift at iteration 40 of 100 (40 played in this state, 320 games"))
        self.assertEqual([line.split(":")[0] for line in report[1:4]], ["LMR_BASE", "RFP_MARGIN", "HARD_OVER_SOFT"])
        as_far = int(report[-1].split(" in ")[-1].split(" of ")[0])
        self.assertGreaterEqual(as_far, 10, report[-1])  # not a finding at 5%
        # The same games, but one value six chance spreads away: found.
        spread, _ = spsa.chance_spread(state.params, 0, 40, 100, 4, spsa.win_rate(state.history), 200, random.Random(1))
        lmr = state.params[0]
        lmr.value = lmr.start + 6 * spread[0]
        report = spsa.drift_report(state, 200)
        z = float(report[1].split(" z ")[1])
        self.assertAlmostEqual(z, 6.0, delta=1.0)
        self.assertTrue(report[-1].endswith("as far in 0 of 200 runs"), report[-1])

    def test_drift_from_the_command_line(self):
        state = step_simulated(spsa.State(spsa.parse_lines(LINES), 10, 2, seed=3), 3)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "s.json")
            state.save(path)
            out = run_main(["--state", path, "--drift", "--runs", "20"]).splitlines()
            with self.assertRaises(SystemExit):
                run_main(["--state", path, "--drift", "--runs", "0"])
            self.assertEqual(spsa.State.load(path).iteration, 3, "--drift plays nothing")
        self.assertEqual(len(out), 5)
        self.assertTrue(out[0].startswith("spsa: drift at iteration 3 of 10"))
        self.assertTrue(out[1].startswith("LMR_BASE: 75 -> "))


if __name__ == "__main__":
    unittest.main()
