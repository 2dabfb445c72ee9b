# BenchExec tool-info module for Atropos. Written against BenchExec's BaseTool2 API (benchexec/tools/template.py);
# it uses nothing of BenchExec but that class, its nested types and the result constants, as BenchExec asks.
"""
Atropos decides termination, memory safety, memory cleanup, signed overflow and reachability of C programs
(SV-COMP task format). The module passes the task's property file (--prp), its data model (--data-model), the CPU
time limit as Atropos's time budget (--timeout) and the memory limit (--memory). Atropos prints one line per
property: `PROPERTY: TRUE`, `PROPERTY: FALSE`, `valid-memsafety: FALSE(valid-deref)` or `PROPERTY: UNKNOWN (reason)`.
"""

import re

import benchexec.result as result
import benchexec.tools.template

# Atropos's exit statuses other than 0 (the verdicts were printed).
_EXIT_ERRORS = {
    1: "usage",
    2: "input",
    3: "compilation",
    4: "internal",
}

_VERDICT_LINE = re.compile(r"^([a-z-]+): (TRUE|FALSE|UNKNOWN)(?:\((valid-[a-z]+)\))?")

_FALSE_RESULTS = {
    "termination": result.RESULT_FALSE_TERMINATION,
    "unreach-call": result.RESULT_FALSE_REACH,
    "no-overflow": result.RESULT_FALSE_OVERFLOW,
    "valid-memcleanup": result.RESULT_FALSE_MEMCLEANUP,
    "valid-deref": result.RESULT_FALSE_DEREF,
    "valid-free": result.RESULT_FALSE_FREE,
    "valid-memtrack": result.RESULT_FALSE_MEMTRACK,
}


class Tool(benchexec.tools.template.BaseTool2):
    REQUIRED_PATHS = ["bin/atropos"]

    def executable(self, tool_locator):
        return tool_locator.find_executable("atropos", subdir="bin")

    def name(self):
        return "Atropos"

    def version(self, executable):
        # "atropos 0.1.0 (LLVM 14.0.6)"
        line = self._version_from_tool(executable, line_prefix="atropos ")
        return line.split()[0] if line else ""

    def cmdline(self, executable, options, task, rlimits):
        command = [executable, *options]
        if task.property_file:
            command += ["--prp", task.property_file]
        data_model = (task.options or {}).get("data_model")
        if data_model and "--data-model" not in options:
            command += ["--data-model", data_model]
        if rlimits.cputime and "--timeout" not in options:
            command += ["--timeout", str(rlimits.cputime)]
        if rlimits.memory and "--memory" not in options:
            command += ["--memory", str(rlimits.memory // 1000000)]
        if "--witness-dir" not in options:
            # SV-COMP collects witness.yml from the run's working directory.
            command += ["--witness-dir", "."]
        return command + [task.single_input_file]

    def determine_result(self, run):
        if run.exit_code.value in _EXIT_ERRORS:
            return "{} ({} error)".format(result.RESULT_ERROR, _EXIT_ERRORS[run.exit_code.value])
        verdicts = []
        for line in run.output:
            match = _VERDICT_LINE.match(line)
            if match:
                verdicts.append(match.groups())
        if not verdicts:
            if run.was_timeout:
                return result.RESULT_TIMEOUT
            if run.exit_code.signal:
                return "{} (signal {})".format(result.RESULT_ERROR, run.exit_code.signal)
            return result.RESULT_ERROR
        # A property file names one property (valid-memsafety counts as one): the first violation decides, and the
        # answer is true only when every property is.
        for prop, verdict, part in verdicts:
            if verdict == "FALSE":
                return _FALSE_RESULTS.get(part or prop, result.RESULT_FALSE_PROP)
        if all(verdict == "TRUE" for _, verdict, _ in verdicts):
            return result.RESULT_TRUE_PROP
        return result.RESULT_UNKNOWN
