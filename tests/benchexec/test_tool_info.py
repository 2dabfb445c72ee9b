#!/usr/bin/env python3
"""Tests of the BenchExec tool-info module (contrib/benchexec/atropos_tool/atropos.py) against a stand-in for
BenchExec (stub/) and outputs recorded from Atropos (outputs/), one per verdict and error.

usage: test_tool_info.py ATROPOS_BINARY"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "stub"), os.path.join(HERE, "..", "..", "contrib", "benchexec")]

import benchexec.result as result  # noqa: E402  (the stub)
from benchexec.tools.template import BaseTool2, UnsupportedFeatureException  # noqa: E402
from atropos_tool import atropos  # noqa: E402

BINARY = None


def recorded(name):
    with open(os.path.join(HERE, "outputs", name + ".txt"), encoding="utf-8") as f:
        return BaseTool2.RunOutput(f.read().splitlines())


def run_of(output, exit_code=0, signal=None, timeout=False):
    return BaseTool2.Run(["atropos"], BaseTool2.ExitCode(exit_code if signal is None else None, signal), output,
                         "cputime" if timeout else None, timeout)


class DetermineResult(unittest.TestCase):
    def setUp(self):
        self.tool = atropos.Tool()

    def test_every_recorded_verdict(self):
        expected = {
            "termination-true": result.RESULT_TRUE_PROP,
            "termination-false": result.RESULT_FALSE_TERMINATION,
            "termination-unknown": result.RESULT_UNKNOWN,
            "unreach-call-false": result.RESULT_FALSE_REACH,
            "no-overflow-false": result.RESULT_FALSE_OVERFLOW,
            "valid-deref-false": result.RESULT_FALSE_DEREF,
            "valid-free-false": result.RESULT_FALSE_FREE,
            "valid-memtrack-false": result.RESULT_FALSE_MEMTRACK,
            "valid-memcleanup-false": result.RESULT_FALSE_MEMCLEANUP,
        }
        recordings = sorted(f[:-4] for f in os.listdir(os.path.join(HERE, "outputs")) if f.endswith(".txt"))
        self.assertEqual(sorted(list(expected) + ["compile-error"]), recordings, "every recording has its expectation")
        for name, wanted in expected.items():
            with self.subTest(name):
                self.assertEqual(self.tool.determine_result(run_of(recorded(name))), wanted)

    def test_errors(self):
        self.assertEqual(self.tool.determine_result(run_of(recorded("compile-error"), exit_code=3)),
                         "ERROR (compilation error)")
        self.assertEqual(self.tool.determine_result(run_of(BaseTool2.RunOutput(), exit_code=4)),
                         "ERROR (internal error)")
        self.assertEqual(self.tool.determine_result(run_of(BaseTool2.RunOutput(), signal=9, timeout=True)),
                         result.RESULT_TIMEOUT)
        self.assertEqual(self.tool.determine_result(run_of(BaseTool2.RunOutput(), signal=11)), "ERROR (signal 11)")

    def test_a_violation_decides_over_other_lines(self):
        output = BaseTool2.RunOutput(["semantics: c (as clang compiles C)", "valid-memsafety: FALSE(valid-free)"])
        self.assertEqual(self.tool.determine_result(run_of(output)), result.RESULT_FALSE_FREE)


class CommandLine(unittest.TestCase):
    def setUp(self):
        self.tool = atropos.Tool()

    def test_task_property_data_model_and_limits(self):
        task = BaseTool2.Task(["loop.c"], None, "termination.prp", {"language": "C", "data_model": "ILP32"})
        limits = BaseTool2.ResourceLimits(900, 900, None, 15000000000, 4)
        self.assertEqual(self.tool.cmdline("/opt/atropos/bin/atropos", ["--semantics", "svcomp"], task, limits),
                         ["/opt/atropos/bin/atropos", "--semantics", "svcomp", "--prp", "termination.prp",
                          "--data-model", "ILP32", "--timeout", "900", "--memory", "15000", "--witness-dir", ".", "loop.c"])

    def test_options_of_the_benchmark_win(self):
        task = BaseTool2.Task(["a.i"], None, None, None)
        limits = BaseTool2.ResourceLimits(60, None, None, None, None)
        self.assertEqual(self.tool.cmdline("atropos", ["--timeout", "10"], task, limits),
                         ["atropos", "--timeout", "10", "--witness-dir", ".", "a.i"])

    def test_more_than_one_input_file_is_unsupported(self):
        task = BaseTool2.Task(["a.c", "b.c"], None, None, None)
        with self.assertRaises(UnsupportedFeatureException):
            self.tool.cmdline("atropos", [], task, BaseTool2.ResourceLimits(None, None, None, None, None))


class BenchmarkDefinition(unittest.TestCase):
    def test_it_names_this_module_existing_property_files_and_the_witnesses(self):
        import importlib
        import xml.etree.ElementTree as ElementTree

        path = os.path.join(HERE, "..", "..", "contrib", "benchexec", "atropos.xml")
        benchmark = ElementTree.parse(path).getroot()
        self.assertIs(importlib.import_module(benchmark.get("tool")), atropos)
        self.assertIn("witness.", benchmark.findtext("resultfiles"))
        property_files = [t.findtext("propertyfile") for t in benchmark.iter("tasks")]
        self.assertEqual(sorted(os.path.basename(p) for p in property_files),
                         ["no-overflow.prp", "termination.prp", "unreach-call.prp", "valid-memcleanup.prp",
                          "valid-memsafety.prp"])
        subset = os.path.join(HERE, "..", "..", "..", "shared", "sv-benchmarks-subset")
        if os.path.isdir(subset):  # beside the repository, as on the project's machines
            for p in property_files:
                self.assertTrue(os.path.isfile(os.path.join(os.path.dirname(path), p)), p)


class Installation(unittest.TestCase):
    def test_executable_and_version_of_the_built_binary(self):
        tool = atropos.Tool()
        build = os.path.dirname(os.path.dirname(os.path.abspath(BINARY)))  # .../bin/atropos
        executable = tool.executable(BaseTool2.ToolLocator(build))
        self.assertEqual(os.path.realpath(executable), os.path.realpath(BINARY))
        self.assertRegex(tool.version(executable), r"^\d+\.\d+\.\d+$")
        self.assertEqual(tool.name(), "Atropos")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    BINARY = sys.argv.pop(1)
    unittest.main()
