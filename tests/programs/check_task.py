#!/usr/bin/env python3
"""Runs Atropos on one SV-COMP task definition and checks its verdicts.

Usage: check_task.py TOOL TASK.yml [--cross-check]

Runs `TOOL --task TASK.yml --timeout 20` and reads the verdict lines
`<property>: TRUE|FALSE|FALSE(<subproperty>)|UNKNOWN ...` from its standard output.
Fails (exit 1) when the tool's exit status is not 0, when a listed property has no
verdict line, when a verdict contradicts the expected one (TRUE vs FALSE, or a
different valid-memsafety subproperty), or when a property listed under
`atropos_must_answer` got UNKNOWN. UNKNOWN is accepted for the other properties.
A task may name the reading of integer arithmetic its verdicts hold under (`atropos_semantics: svcomp`): the
tool then runs with `--semantics` of that name. The property names come from the tool (`--list-properties`).

Every FALSE for which SV-COMP takes a violation witness from Atropos (YAML for unreach-call, no-overflow, valid-deref,
valid-free; GraphML for valid-memtrack, valid-memcleanup and termination) must come with one (`--witness-dir`) that
tests/witness/witness_check.py confirms: its form, its locations and a native execution of the program with the
witness's values that shows the violation (for termination: the stem, then the recurrent set held at the cycle head
visit after visit); the one exception is a non-termination proven on the loop body whose stem the tool could not
replay in C (its reason says so), which no execution describes. Every TRUE must come with a correctness witness (YAML 2.0 invariant_set) whose invariants sit at
loop keywords and are re-proved by the tool itself: the program with reach_error() called wherever one of them does
not hold must be TRUE for unreach-call. The run's `--sarif` report must pass tests/witness/sarif_check.py (GitHub code
scanning's required fields) with one result per FALSE.

With --cross-check the tool runs with `--cross-check --timeout 4`: every engine on every property, and an internal
error if a proof contradicts an execution. UNKNOWN is then accepted for every property (the budget is shorter).

Python 3 standard library only: the task file is read by a small reader for the
subset of YAML the task files use (see read_task).
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "witness"))
from witness_kinds import WITNESS_FILES  # noqa: E402 (found through the line above)

# Seconds, passed to the tool: four times what the slowest proof a test requires takes alone (about 5 s), so that
# a test run in parallel with others on a loaded machine still gets its answer in time.
TOOL_TIMEOUT_ARG = "20"
CROSS_CHECK_TIMEOUT_ARG = "4"
HARD_TIMEOUT = 120  # seconds before the tool is killed and the test fails



def verdict_line_pattern(property_names):
    """`<property>: TRUE|FALSE|FALSE(<subproperty>)|UNKNOWN ...` for the properties the tool names."""
    return re.compile(
        r"^(?P<prop>" + "|".join(re.escape(p) for p in property_names) + r")\s*:\s*"
        r"(?P<verdict>TRUE|FALSE|UNKNOWN)(?:\s*\(\s*(?P<sub>[A-Za-z0-9_-]+)\s*\))?(?![A-Za-z0-9_-])"
    )


def tool_property_names(tool):
    """The property names from the tool's own table (`--list-properties`)."""
    out = subprocess.run([tool, "--list-properties"], stdout=subprocess.PIPE, check=True, universal_newlines=True,
                         timeout=HARD_TIMEOUT).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


class TaskError(Exception):
    pass


def _strip_comment(line):
    """Removes a `#` comment that is not inside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _scalar(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    low = text.lower()
    if low == "true":
        return True
    if low == "false":
        return False
    return text


def _flow_list(text):
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise TaskError("expected a [a, b] list, got %r" % text)
    inner = text[1:-1].strip()
    return [_scalar(x) for x in inner.split(",")] if inner else []


def read_task(path):
    """Reads the task-definition subset used in tests/programs.

    Returns a dict with: input_files (list), properties (list of dicts with
    property_file, expected_verdict (bool or None), subproperty), data_model,
    must_answer (list of property names).
    """
    task = {"input_files": [], "properties": [], "data_model": None, "must_answer": [], "semantics": None}
    section = None  # the top-level key whose block we are in
    current = None  # the property entry being filled
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for lineno, raw in enumerate(lines, 1):
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        where = "%s:%d" % (path, lineno)
        if indent == 0:
            current = None
            key, sep, value = body.partition(":")
            if not sep:
                raise TaskError("%s: expected 'key: value'" % where)
            key, value = key.strip(), value.strip()
            section = key
            if key == "input_files":
                if value.startswith("["):
                    task["input_files"] = [str(v) for v in _flow_list(value)]
                elif value:
                    task["input_files"] = [str(_scalar(value))]
            elif key == "atropos_semantics":
                task["semantics"] = str(_scalar(value))
            elif key == "atropos_must_answer":
                if value:
                    task["must_answer"] = [str(v) for v in _flow_list(value)]
            continue
        if section == "properties":
            if body.startswith("- "):
                current = {"property_file": None, "expected_verdict": None, "subproperty": None}
                task["properties"].append(current)
                body = body[2:].strip()
            if current is None:
                raise TaskError("%s: property entry must start with '- '" % where)
            key, sep, value = body.partition(":")
            if not sep:
                raise TaskError("%s: expected 'key: value'" % where)
            current[key.strip()] = _scalar(value)
        elif section in ("input_files", "atropos_must_answer"):
            if not body.startswith("- "):
                raise TaskError("%s: expected '- item'" % where)
            target = "input_files" if section == "input_files" else "must_answer"
            task[target].append(str(_scalar(body[2:])))
        elif section == "options":
            key, sep, value = body.partition(":")
            if sep and key.strip() == "data_model":
                task["data_model"] = str(_scalar(value))
        # other sections are ignored
    for p in task["properties"]:
        if not p["property_file"]:
            raise TaskError("%s: a property entry has no property_file" % path)
        v = p["expected_verdict"]
        if v is not None and not isinstance(v, bool):
            raise TaskError("%s: expected_verdict must be true or false, got %r" % (path, v))
    return task


def property_name(property_file):
    name = os.path.basename(str(property_file))
    return name[:-4] if name.endswith(".prp") else name


def parse_verdicts(stdout, property_names):
    """Maps property name -> (verdict, subproperty or None); the first line per property wins."""
    found = {}
    pattern = verdict_line_pattern(property_names)
    for line in stdout.splitlines():
        m = pattern.match(line)
        if m and m.group("prop") not in found:
            found[m.group("prop")] = (m.group("verdict"), m.group("sub"))
    return found




def report_sections(stdout, property_names):
    """Maps property name -> the lines of its evidence (the indented lines under its verdict line)."""
    found, current = {}, None
    pattern = verdict_line_pattern(property_names)
    for line in stdout.splitlines():
        m = pattern.match(line)
        if m:
            current = m.group("prop")
            found.setdefault(current, [])
        elif current and line.startswith("  "):
            found[current].append(line)
    return found


def witness_problems(name, sub, evidence, program, verdict, prover):
    """Problems of the witness of a TRUE or FALSE. A FALSE whose run reads uninitialized memory cannot be confirmed by
    an execution (no waypoint states such a value): its form and locations must still pass. A TRUE's invariants are
    re-proved by `prover`."""
    kind = sub if name == "valid-memsafety" and verdict == "FALSE" else name
    if verdict == "FALSE" and kind not in WITNESS_FILES:
        return []
    paths = [line[len("  witness: "):].strip() for line in evidence if line.startswith("  witness: ")]
    if not paths:
        # A non-termination proven on the program's own loop body (recurrence.h), whose stem does not replay in C
        # (C's values leave the reading's on the way), has no execution for a violation witness to describe.
        if name == "termination" and verdict == "FALSE" and any(
                "its replay in C gave no counterexample" in line for line in evidence):
            print("%s: no witness: the FALSE rests on a recurrent set checked on the loop body, not on an execution"
                  % name)
            return []
        return ["%s: %s without a witness" % (name, verdict)]
    import witness_check  # python3-yaml and python3-jsonschema: only tasks with a verdict need them
    problems = witness_check.check(paths[0], program, kind, prover=prover)
    unstated = any(": uninitialized read = " in line for line in evidence)
    if unstated and all(p.startswith("not confirmed by execution") for p in problems):
        print("%s: witness not confirmable by an execution (the run reads uninitialized memory): %s"
              % (name, "; ".join(problems)))
        return []
    return ["%s: %s" % (name, p) for p in problems]


def main(argv):
    cross_check = len(argv) == 4 and argv[3] == "--cross-check"
    if len(argv) != 3 and not cross_check:
        print("usage: check_task.py TOOL TASK.yml [--cross-check]", file=sys.stderr)
        return 2
    tool, task_path = argv[1], os.path.abspath(argv[2])
    try:
        task = read_task(task_path)
    except (OSError, TaskError) as e:
        print("FAIL: cannot read task %s: %s" % (task_path, e))
        return 1

    witness_dir = tempfile.TemporaryDirectory(prefix="atropos-witness-")
    sarif_file = os.path.join(witness_dir.name, "report.sarif")
    cmd = [tool, "--task", task_path, "--timeout", TOOL_TIMEOUT_ARG, "--witness-dir", witness_dir.name,
           "--sarif", sarif_file]
    if cross_check:
        cmd = [tool, "--task", task_path, "--timeout", CROSS_CHECK_TIMEOUT_ARG, "--cross-check"]
        task["must_answer"] = []
    if task["semantics"]:
        cmd += ["--semantics", task["semantics"]]
    # Format 2.1 states a termination proof's ranking functions, which the witness check then re-proves too.
    if not cross_check and any(property_name(p["property_file"]) == "termination" for p in task["properties"]):
        cmd += ["--witness-version", "2.1"]
    try:
        property_names = tool_property_names(tool)
    except (OSError, subprocess.SubprocessError) as e:
        print("FAIL: %s --list-properties: %s" % (tool, e))
        return 1
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=HARD_TIMEOUT,
                              universal_newlines=True, errors="replace")
    except subprocess.TimeoutExpired as e:
        print("FAIL: %s did not finish within %d s" % (" ".join(cmd), HARD_TIMEOUT))
        for name, data in (("stdout", e.stdout), ("stderr", e.stderr)):
            if data:
                text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
                print("---- tool %s ----\n%s" % (name, text))
        return 1
    except OSError as e:
        print("FAIL: cannot run %s: %s" % (tool, e))
        return 1

    verdicts = parse_verdicts(proc.stdout, property_names)
    evidence = report_sections(proc.stdout, property_names)
    program = os.path.join(os.path.dirname(task_path), task["input_files"][0]) if task["input_files"] else None
    problems = []
    report = []
    if proc.returncode != 0:
        problems.append("exit status %d (expected 0)" % proc.returncode)

    listed = set()
    for p in task["properties"]:
        name = property_name(p["property_file"])
        listed.add(name)
        expected = p["expected_verdict"]
        if expected is None:
            continue  # SV-COMP: a property without expected_verdict has an unknown ground truth
        exp_text = "TRUE" if expected else ("FALSE(%s)" % p["subproperty"] if p["subproperty"] else "FALSE")
        must = name in task["must_answer"]
        if name not in verdicts:
            problems.append("%s: no verdict line (expected %s)" % (name, exp_text))
            continue
        got, sub = verdicts[name]
        got_text = got + ("(%s)" % sub if sub else "")
        if got == "UNKNOWN":
            if must:
                problems.append("%s: UNKNOWN, but the tool must answer %s" % (name, exp_text))
            else:
                report.append("%s: UNKNOWN (allowed; expected %s)" % (name, exp_text))
            continue
        if got == "TRUE" and not expected:
            problems.append("%s: TRUE, expected %s (missed violation)" % (name, exp_text))
        elif got == "FALSE" and expected:
            problems.append("%s: %s, expected TRUE (false alarm)" % (name, got_text))
        elif got == "FALSE" and p["subproperty"] and sub != p["subproperty"]:
            problems.append("%s: %s, expected %s (wrong subproperty)" % (name, got_text, exp_text))
        else:
            report.append("%s: %s (ok)" % (name, got_text))
            # Under termcomp the environment is not SV-COMP's, and Atropos writes no SV-COMP witness.
            if not cross_check and task["semantics"] != "termcomp":
                witness = witness_problems(name, sub, evidence.get(name, []), program, got, tool)
                problems += witness
                if not witness and any(line.startswith("  witness: ") for line in evidence.get(name, [])):
                    report.append("%s: witness checked" % name)
    if not cross_check and proc.returncode == 0:
        import json
        import sarif_check
        falses = [sub or name for name, (got, sub) in verdicts.items() if got == "FALSE"]
        try:
            with open(sarif_file, encoding="utf-8") as f:
                problems += ["sarif: " + p for p in sarif_check.check(json.load(f), falses)]
        except (OSError, ValueError) as e:
            problems.append("sarif: cannot read %s: %s" % (sarif_file, e))
    for name in task["must_answer"]:
        if name not in listed:
            problems.append("atropos_must_answer names %s, which the task does not list" % name)

    for line in report:
        print(line)
    if problems:
        for line in problems:
            print("FAIL: " + line)
        print("---- command ----\n%s" % " ".join(cmd))
        print("---- tool stdout ----\n%s" % proc.stdout.rstrip())
        if proc.stderr.strip():
            print("---- tool stderr ----\n%s" % proc.stderr.rstrip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
