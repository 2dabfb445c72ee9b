#!/usr/bin/env python3
"""Self-test of bench/run.py and bench/compare.py: a fake tool on a temporary task folder.

Takes about three seconds (one task hangs until the harness kills it). Exit status 0 when all pass.
"""

import os
import subprocess
import sys
import tempfile
import unittest

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import run  # noqa: E402  (needs the path above)

# Stands in for atropos. Each task file tells it what to do per property in a comment
# `# fake-tool PROPERTY: ACTION`; ACTION is a verdict to print or one of the misbehaviours below.
FAKE_TOOL = r'''#!%s
import os, re, resource, signal, subprocess, sys, time
args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
prop = args["--property"]
with open(args["--task"]) as f:
    action = re.search("# fake-tool %%s: (.*)" %% prop, f.read()).group(1)
if action == "hang":  # leaves a helper behind, which the harness must kill with the tool
    helper = subprocess.Popen(["sleep", "60"])
    with open(args["--task"] + ".pid", "w") as f:
        f.write(str(helper.pid))
    time.sleep(60)
elif action == "spin":  # answers, but only after using more CPU time than allowed
    while time.process_time() < float(args["--timeout"]) + 0.1:
        pass
    print(prop + ": TRUE")
elif action == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
elif action == "exit3":
    sys.stderr.write("error: expected ';'\n")
    sys.exit(3)
elif action == "limits":  # reports the limits it was given
    address_space_mb = resource.getrlimit(resource.RLIMIT_AS)[0] // 2**20
    print("%%s: UNKNOWN (address space %%d MB, --timeout %%s, --memory %%s)"
          %% (prop, address_space_mb, args["--timeout"], args["--memory"]))
elif action != "silent":
    print("%%s: %%s\n  evidence line" %% (prop, action))
''' % sys.executable


def task_file(*properties):
    """A task file; each property is (name, expected verdict or None, fake-tool action[, subproperty])."""
    lines = ["format_version: '2.0'", "input_files: 'program.c'", "properties:"]
    for name, expected, action, *subproperty in properties:
        lines.append("  - property_file: ../properties/%s.prp" % name)
        if expected is not None:
            lines.append("    expected_verdict: %s" % expected)
        if subproperty:
            lines.append("    subproperty: %s" % subproperty[0])
        lines.append("# fake-tool %s: %s" % (name, action))
    # A commented-out entry, as sv-benchmarks has them: the reader must skip it.
    lines += ["#  - property_file: ../properties/valid-memsafety.prp", "#    expected_verdict: true", ""]
    return "\n".join(lines)


TASKS = {
    "a-true.yml": task_file(("termination", "true", "TRUE")),
    "b-false.yml": task_file(("termination", "false", "FALSE")),
    "c-wrong-true.yml": task_file(("termination", "false", "TRUE")),
    "d-wrong-false.yml": task_file(("termination", "true", "FALSE")),
    "e-unknown.yml": task_file(("termination", "true", "limits")),
    "f-open.yml": task_file(("termination", None, "TRUE")),  # no expected verdict: scores 0, not wrong
    "g-hang.yml": task_file(("termination", "true", "hang")),
    "h-spin.yml": task_file(("termination", "true", "spin")),
    "i-segv.yml": task_file(("termination", "true", "segv")),
    "j-silent.yml": task_file(("termination", "true", "silent")),
    "k-exit3.yml": task_file(("termination", "true", "exit3")),
    "more/l-true.yml": task_file(("termination", "true", "TRUE (proved)")),
    # Flush-left list with the options first and the verdict before the property file, as some
    # sv-benchmarks task files are written.
    "more/m-deref.yml": "\n".join([
        "format_version: '2.0'", "input_files: program.c", "options:", "  data_model: ILP32", "properties:",
        "- expected_verdict: true", "  property_file: ../properties/termination.prp",
        "- expected_verdict: false", "  property_file: ../properties/valid-memsafety.prp",
        "  subproperty: valid-deref", "- property_file: ../properties/coverage-branches.prp",
        "# fake-tool termination: TRUE", "# fake-tool valid-memsafety: FALSE(valid-deref)", ""]),
    "more/n-memtrack.yml": task_file(("valid-memsafety", "false", "FALSE(valid-deref)", "valid-memtrack")),
    "o-disputed.yml": task_file(("termination", "false", "TRUE")),
}

# o-disputed's wrong TRUE is disputed under c; c-wrong-true's entry names another reading, so it stays wrong.
DISPUTED = "\n".join([
    "# a comment", "task\tproperty\tlabel\tour_verdict\tsemantics\treason",
    "tasks/o-disputed.yml\ttermination\tfalse\ttrue\tc,svcomp\tthe label assumes unbounded integers",
    "tasks/c-wrong-true.yml\ttermination\tfalse\ttrue\ttermcomp\tonly under termcomp", ""])


class HarnessTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        cls.folder = os.path.join(cls.scratch.name, "tasks")
        for name, text in TASKS.items():
            os.makedirs(os.path.dirname(os.path.join(cls.folder, name)), exist_ok=True)
            with open(os.path.join(cls.folder, name), "w") as f:
                f.write(text)
        cls.tool = os.path.join(cls.scratch.name, "fake-atropos")
        with open(cls.tool, "w") as f:
            f.write(FAKE_TOOL)
        os.chmod(cls.tool, 0o755)
        cls.csv = os.path.join(cls.scratch.name, "results.csv")
        disputed = os.path.join(cls.scratch.name, "disputed.tsv")
        with open(disputed, "w") as f:
            f.write(DISPUTED)
        cls.harness = subprocess.run(
            [sys.executable, os.path.join(BENCH, "run.py"), "--tasks", cls.folder, "--property", "termination",
             "--property", "valid-memsafety", "--tool", cls.tool, "--jobs", "4", "--timeout", "0.3",
             "--memory", "512", "--csv", cls.csv, "--disputed", disputed],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        cls.rows = {(row["task"], row["property"]): row for row in run.read_csv(cls.csv)}

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def row(self, name, prop="termination"):
        return self.rows["tasks/" + name, prop]

    def test_exit_status_reports_wrong_answers_and_crashes(self):
        self.assertEqual(self.harness.returncode, 1, self.harness.stderr)

    def test_statuses(self):
        statuses = {key: row["status"] for key, row in self.rows.items()}
        self.assertEqual(statuses, {
            ("tasks/a-true.yml", "termination"): "correct-true",
            ("tasks/b-false.yml", "termination"): "correct-false",
            ("tasks/c-wrong-true.yml", "termination"): "wrong-true",
            ("tasks/d-wrong-false.yml", "termination"): "wrong-false",
            ("tasks/e-unknown.yml", "termination"): "unknown",
            ("tasks/f-open.yml", "termination"): "unknown",
            ("tasks/g-hang.yml", "termination"): "timeout",
            ("tasks/h-spin.yml", "termination"): "timeout",
            ("tasks/i-segv.yml", "termination"): "crash",
            ("tasks/j-silent.yml", "termination"): "crash",
            ("tasks/k-exit3.yml", "termination"): "error",
            ("tasks/more/l-true.yml", "termination"): "correct-true",
            ("tasks/more/m-deref.yml", "termination"): "correct-true",
            ("tasks/more/m-deref.yml", "valid-memsafety"): "correct-false",
            ("tasks/more/n-memtrack.yml", "valid-memsafety"): "wrong-false",
            ("tasks/o-disputed.yml", "termination"): "disputed",
        })

    def test_row_details(self):
        self.assertEqual(self.row("more/n-memtrack.yml", "valid-memsafety")["expected"], "false(valid-memtrack)")
        self.assertEqual(self.row("more/n-memtrack.yml", "valid-memsafety")["verdict"], "false(valid-deref)")
        self.assertEqual(self.row("f-open.yml")["expected"], "unknown")
        self.assertEqual(self.row("f-open.yml")["verdict"], "true")
        self.assertEqual(self.row("more/l-true.yml")["reason"], "proved")
        self.assertEqual(self.row("e-unknown.yml")["reason"], "address space 512 MB, --timeout 0.3, --memory 512")
        self.assertIn("SIGSEGV", self.row("i-segv.yml")["reason"])
        self.assertIn("expected ';'", self.row("k-exit3.yml")["reason"])
        self.assertTrue(self.row("h-spin.yml")["reason"].startswith("answered after"))
        self.assertGreater(self.row("g-hang.yml")["wall_s"], 2.3)
        self.assertGreater(self.row("a-true.yml")["peak_mb"], 1)

    def test_timeout_kills_the_whole_process_group(self):
        with open(os.path.join(self.folder, "g-hang.yml.pid")) as f:
            helper = f.read()
        try:  # gone, or a zombie nobody has reaped yet
            with open("/proc/%s/stat" % helper) as f:
                self.assertEqual(f.read().rsplit(")", 1)[1].split()[0], "Z")
        except FileNotFoundError:
            pass

    def test_summary(self):
        rows = list(self.rows.values())
        termination = run.summarize([row for row in rows if row["property"] == "termination"])
        self.assertEqual({key: termination[key] for key in run.STATUSES + ("tasks", "score")}, {
            "tasks": 14, "correct-true": 3, "correct-false": 1, "wrong-true": 1, "wrong-false": 1, "disputed": 1,
            "unknown": 2, "timeout": 2, "crash": 2, "error": 1, "score": 3 * 2 + 1 - 32 - 16})
        memsafety = run.summarize([row for row in rows if row["property"] == "valid-memsafety"])
        self.assertEqual((memsafety["tasks"], memsafety["correct-false"], memsafety["wrong-false"], memsafety["score"]),
                         (2, 1, 1, 1 - 16))
        self.assertIsNotNone(termination["cpu_median_true"])
        printed = {line.split()[0]: line.split() for line in self.harness.stdout.splitlines() if line.strip()}
        self.assertEqual(printed["tasks/more"][:2], ["tasks/more", "2"])
        self.assertIn("-41", self.harness.stdout)
        self.assertIn("-15", self.harness.stdout)
        self.assertIn("|---:|", run.summary_table(rows, markdown=True))
        self.assertIn("tasks/o-disputed.yml [termination]: label false, answer true: the label assumes unbounded",
                      self.harness.stdout)

    def test_compare(self):
        changed = {key: dict(row) for key, row in self.rows.items()}
        changed["tasks/a-true.yml", "termination"].update(status="wrong-false", verdict="false")
        changed["tasks/e-unknown.yml", "termination"].update(status="correct-true", verdict="true")
        changed["tasks/b-false.yml", "termination"].update(status="timeout")
        changed["tasks/i-segv.yml", "termination"].update(status="unknown", verdict="unknown")
        changed["tasks/more/l-true.yml", "termination"]["cpu_s"] += 1
        new_csv = os.path.join(self.scratch.name, "changed.csv")
        run.write_csv(new_csv, changed.values())
        compared = subprocess.run([sys.executable, os.path.join(BENCH, "compare.py"), self.csv, new_csv],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(compared.returncode, 1, compared.stderr)
        for heading in ("became wrong: 1", "newly solved: 1", "lost: 1", "other changes: 1", "+0.2 s): 1"):
            self.assertIn(heading, compared.stdout)
        self.assertIn("tasks/more/l-true.yml [termination]", compared.stdout)

    def test_compare_overflow_blocked(self):
        under_c = {key: dict(row) for key, row in self.rows.items()}
        unbounded = {key: dict(row) for key, row in self.rows.items()}
        for name, seconds in (("a-true.yml", 0.5), ("e-unknown.yml", 2.0), ("f-open.yml", 9.0)):
            under_c["tasks/" + name, "termination"].update(status="unknown", verdict="unknown",
                                                           reason="could not exclude signed overflow: line 3")
        unbounded["tasks/a-true.yml", "termination"].update(status="correct-true", verdict="true", cpu_s=0.5)
        unbounded["tasks/e-unknown.yml", "termination"].update(status="correct-true", verdict="true", cpu_s=2.0)
        unbounded["tasks/f-open.yml", "termination"].update(status="unknown", verdict="unknown", cpu_s=9.0)
        paths = [os.path.join(self.scratch.name, name) for name in ("c.csv", "svcomp.csv")]
        run.write_csv(paths[0], under_c.values())
        run.write_csv(paths[1], unbounded.values())
        compared = subprocess.run([sys.executable, os.path.join(BENCH, "compare.py")] + paths + ["--overflow-blocked"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(compared.returncode, 0, compared.stderr)
        self.assertIn("because of a possible signed overflow: 3", compared.stdout)
        self.assertIn("answered correctly by the later run: 2", compared.stdout)
        self.assertIn("median CPU time of those answers: 1.25 s", compared.stdout)


class UbsanProbeTest(unittest.TestCase):
    """bench/ubsan_probe.py on two tiny tasks: one overflows for a large input, the other never does."""

    def test_reports_an_overflow_with_its_inputs_and_nothing_else(self):
        with tempfile.TemporaryDirectory() as scratch:
            programs = {
                "overflows": "int main(void) { int x = __VERIFIER_nondet_int(); return x + 1 < 0; }",
                "safe": "int main(void) { int x = __VERIFIER_nondet_int(); return x > 0 ? x - 1 : 0; }",
            }
            tasks = []
            for name, body in programs.items():
                with open(os.path.join(scratch, name + ".c"), "w") as f:
                    f.write("extern int __VERIFIER_nondet_int(void);\n" + body + "\n")
                tasks.append(os.path.join(scratch, name + ".yml"))
                with open(tasks[-1], "w") as f:
                    f.write("format_version: '2.0'\ninput_files: '%s.c'\n" % name)
            probed = subprocess.run([sys.executable, os.path.join(BENCH, "ubsan_probe.py")] + tasks,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            self.assertEqual(probed.returncode, 0, probed.stderr)
            rows = {line.split("|")[1].strip(): line.split("|")[2].strip()
                    for line in probed.stdout.splitlines() if line.startswith("| /")}
            self.assertIn("inputs [2147483647]: signed integer overflow", rows[tasks[0]])
            self.assertEqual(rows[tasks[1]], "none found")


if __name__ == "__main__":
    unittest.main()
