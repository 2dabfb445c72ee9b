#!/usr/bin/env python3
"""Run Atropos on SV-COMP verification tasks and score its answers as SV-COMP does.

Tasks come from the sv-benchmarks subset (selected with its list-tasks.py) or,
with --tasks, from any folder of task files. Each (task, property) is one run of
the tool, N at a time, under a wall-clock and a memory limit. Writes one CSV row
per run and prints a summary table per directory. Exit status 1 when any answer
is wrong or the tool crashed, 130 when interrupted, else 0. See bench/README.md.
"""

import argparse
import collections
import csv
import datetime
import functools
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEMANTICS = ("c", "svcomp", "termcomp")  # the tool's --semantics
DISPUTED_FILE = os.path.join(REPO_ROOT, "bench", "disputed-labels.tsv")
DISPUTED_FIELDS = ("task", "property", "label", "our_verdict", "semantics", "reason")
# Enough for the reasons of every engine, so that what a later comparison looks for (an unsigned wrap-around named by
# the last engine) is not cut off.
REASON_CHARACTERS = 1200
KILL_GRACE_S = 2  # how long the tool may overrun its own --timeout before its process group is killed
POLL_INTERVAL_S = 0.01  # bounds the error of the wall-time measurement

# `disputed`: an answer against the label on a task whose label we dispute (bench/disputed-labels.tsv), with the
# verdict the entry gives under the reading the entry names: reported apart, neither right nor wrong.
STATUSES = ("correct-true", "correct-false", "wrong-true", "wrong-false", "disputed", "unknown", "timeout", "crash",
            "error")
SCORES = {"correct-true": 2, "correct-false": 1, "wrong-true": -32, "wrong-false": -16}
FAILURE_STATUSES = ("wrong-true", "wrong-false", "crash")  # any of these makes the exit status non-zero
CSV_FIELDS = ("task", "property", "expected", "verdict", "status", "cpu_s", "wall_s", "peak_mb", "reason", "witness")
NUMERIC_FIELDS = ("cpu_s", "wall_s", "peak_mb")
# The properties (and valid-memsafety's parts) whose FALSE gets a violation witness, and its file.
sys.path.insert(0, os.path.join(REPO_ROOT, "tests", "witness"))
from witness_kinds import WITNESS_FILES  # noqa: E402 (found through the line above)
TOOL_EXIT_ERRORS = {1: "usage error", 2: "input error", 3: "program does not compile", 4: "internal error"}

# `valid-memsafety: FALSE(valid-deref)`, `no-overflow: UNKNOWN (reason text)`
VERDICT_LINE = re.compile(
    r"(?P<property>[a-z-]+): (?P<verdict>TRUE|FALSE|UNKNOWN)"
    r"(?:\((?P<subproperty>[a-z-]+)\))?(?:\s*\((?P<reason>.*)\))?\s*")


@dataclass
class Task:
    name: str  # the .yml path relative to the selection root, e.g. "loops/sum01-1.yml"; with property, the CSV key
    path: str  # absolute path of the .yml
    property: str
    expected: str  # "true", "false", "false(valid-deref)" or "unknown"


# ---------------------------------------------------------------- task selection

def subset_tasks(benchmarks, prop, dirs, known_only):
    """The subset's tasks for `prop`, as listed by its own list-tasks.py (which knows its layout)."""
    command = [sys.executable, os.path.join(benchmarks, "list-tasks.py"), prop]
    command += [arg for d in dirs for arg in ("--dir", d)]
    command += ["--known-only"] if known_only else []
    listing = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout
    for line in listing.splitlines():
        yml, _inputs, expected, *subproperty = line.split("\t")
        if subproperty:
            expected += "(%s)" % subproperty[0]
        yield Task(os.path.relpath(yml, "c"), os.path.join(benchmarks, yml), prop, expected)


def read_task_properties(path):
    """The entries of a task file's `properties:` list, each a dict of strings.

    Task files use a small YAML subset; PyYAML is not part of the standard library.
    Properties may sit at any indentation, and commented-out entries are skipped.
    """
    entries, in_properties = [], False
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = re.sub(r"(^|\s)#.*", "", raw).rstrip()
            if not line:
                continue
            if not line[0].isspace() and not line.startswith("-"):  # a top-level key starts a new section
                in_properties = line.startswith("properties:")
                continue
            if not in_properties:
                continue
            body = line.strip()
            if body.startswith("-"):
                entries.append({})
                body = body[1:].strip()
            key, colon, value = body.partition(":")
            if entries and colon:
                entries[-1][key.strip()] = value.strip().strip("'\"")
    return entries


def folder_tasks(folder, prop, known_only):
    """The tasks for `prop` in any folder of task files (searched recursively)."""
    # Names keep the folder's own name ("programs/loop.yml") so summaries have a directory to show.
    names_root = os.path.dirname(os.path.abspath(folder))
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for filename in sorted(f for f in filenames if f.endswith((".yml", ".yaml"))):
            path = os.path.abspath(os.path.join(dirpath, filename))
            for entry in read_task_properties(path):
                stem = os.path.splitext(os.path.basename(entry.get("property_file", "")))[0]
                if stem != prop:
                    continue
                expected = entry.get("expected_verdict", "unknown").lower()
                if expected not in ("true", "false"):
                    expected = "unknown"
                if expected == "unknown" and known_only:
                    continue
                if expected == "false" and entry.get("subproperty"):
                    expected += "(%s)" % entry["subproperty"]
                yield Task(os.path.relpath(path, names_root), path, prop, expected)


# ---------------------------------------------------------------- running

@dataclass
class Run:
    task: Task
    process: subprocess.Popen
    stdout: object  # temporary files rather than pipes: nothing to drain while the tool runs
    stderr: object
    started: float = field(default_factory=time.monotonic)
    killed: bool = False
    witness_dir: str = None  # with --witnesses, where this run writes its witness


def limit_address_space(megabytes):
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def read_disputed(path):
    """{(task, property): entry} from a disputed-labels file (tab-separated, with a header line, # comments)."""
    disputed = {}
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    header = tuple(lines[0].split("\t")) if lines else ()
    if header != DISPUTED_FIELDS:
        raise ValueError("%s: the header must be %s" % (path, "\t".join(DISPUTED_FIELDS)))
    for number, line in enumerate(lines[1:], 2):
        cells = line.split("\t")
        if len(cells) != len(DISPUTED_FIELDS) or not cells[5].strip():
            raise ValueError("%s: entry %d needs all of %s, the reason included"
                             % (path, number, ", ".join(DISPUTED_FIELDS)))
        entry = dict(zip(DISPUTED_FIELDS, cells))
        entry["semantics"] = tuple(s.strip() for s in entry["semantics"].split(","))
        disputed[entry["task"], entry["property"]] = entry
    return disputed


def disputed_status(row, disputed, semantics):
    """The row's status, `disputed` when the answer against the label is the one an entry disputes it with."""
    entry = disputed.get((row["task"], row["property"]))
    if (entry and row["status"] in ("wrong-true", "wrong-false") and semantics in entry["semantics"]
            and row["verdict"] == entry["our_verdict"].lower()):
        return "disputed"
    return row["status"]


def start(task, options):
    command = [options.tool, "--task", task.path, "--property", task.property,
               "--timeout", "%g" % options.timeout, "--memory", str(options.memory)]
    if options.semantics:
        command += ["--semantics", options.semantics]
    witness_dir = None
    if options.witnesses:
        witness_dir = tempfile.mkdtemp(prefix="witness-", dir=options.witness_root)
        command += ["--witness-dir", witness_dir, "--witness-version", options.witness_version]
    stdout, stderr = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    # A new session makes the tool the leader of its own process group, so killing the group
    # also kills the compilers and solvers it started. (preexec_fn is safe: the harness has one thread.)
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                               start_new_session=True,
                               preexec_fn=functools.partial(limit_address_space, options.memory))
    return Run(task, process, stdout, stderr, witness_dir=witness_dir)


def has_exited(pid):
    # WNOWAIT leaves the process a zombie, which keeps its process-group id from being reused
    # until finish() has killed what is left of the group.
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def read_output(file):
    file.seek(0)
    text = file.read().decode("utf-8", errors="replace")
    file.close()
    return text


def finish(run, timeout):
    """Reap an exited (or killed) run and turn it into a CSV row."""
    wall_s = time.monotonic() - run.started
    kill_group(run.process.pid)  # helpers the tool left behind must not steal CPU from later runs
    # wait4 gives this child's own rusage; RUSAGE_CHILDREN deltas would mix up parallel runs.
    _, wait_status, usage = os.wait4(run.process.pid, 0)
    # Tells Popen the child is reaped, so it never waits on the pid later, when it may belong to another run.
    run.process.returncode = os.waitstatus_to_exitcode(wait_status)
    cpu_s = usage.ru_utime + usage.ru_stime
    verdict, status, reason = classify(run.task, run.process.returncode, read_output(run.stdout),
                                       read_output(run.stderr), cpu_s, run.killed, timeout)
    return {"task": run.task.name, "property": run.task.property, "expected": run.task.expected,
            "verdict": verdict, "status": status, "cpu_s": cpu_s, "wall_s": wall_s,
            "peak_mb": usage.ru_maxrss / 1024, "reason": " ".join(reason.split())[:REASON_CHARACTERS],
            "witness": ""}


def witness_status(row, task, witness_dir, prover):
    """For a correct FALSE that gets a violation witness, or a correct TRUE (a correctness witness): `confirmed`,
    `missing` or `rejected: why` (tests/witness/witness_check.py, which compiles and runs the program with a
    violation witness's values, and has `prover` re-prove a correctness witness's invariants, against the task's own
    program and data model); else empty. A confirmed correctness witness says how many invariants it has."""
    if witness_dir is None or row["status"] not in ("correct-false", "correct-true"):
        return ""
    if row["status"] == "correct-true":
        kind, file = task.property, "witness.yml"
    else:
        match = re.fullmatch(r"false(?:\((?P<sub>[a-z-]+)\))?", row["verdict"])
        kind = (match["sub"] or task.property) if match else None
        if kind not in WITNESS_FILES:
            return ""
        file = WITNESS_FILES[kind]
    path = os.path.join(witness_dir, file)
    if not os.path.exists(path):
        return "missing"
    import witness_check  # tests/witness: python3-yaml, python3-jsonschema
    import yaml
    with open(task.path, encoding="utf-8") as f:
        definition = yaml.safe_load(f)
    inputs = definition.get("input_files")
    program = os.path.join(os.path.dirname(task.path), inputs if isinstance(inputs, str) else inputs[0])
    data_model = (definition.get("options") or {}).get("data_model", "ILP32")
    problems = witness_check.check(path, program, kind, data_model, prover=prover)
    if problems:
        return "rejected: " + "; ".join(problems)[:REASON_CHARACTERS]
    if row["status"] == "correct-true":
        with open(path, encoding="utf-8") as f:
            items = [item["invariant"]["type"] for entry in yaml.safe_load(f) for item in entry.get("content") or []]
        invariants = sum(1 for t in items if t != "loop_transition_invariant")
        rankings = len(items) - invariants
        return "confirmed (%d invariant%s%s)" % (invariants, "" if invariants == 1 else "s",
                                                 ", %d ranking function%s" % (rankings, "" if rankings == 1 else "s")
                                                 if rankings else "")
    return "confirmed"


def check_witnesses(rows, tasks, runs, progress, prover):
    """After every run has ended (the checks compile and run programs, which must not share the CPU with measured
    runs): the witness column of each row."""
    for index, row in enumerate(rows):
        if row is not None:
            row["witness"] = witness_status(row, tasks[index], runs.get(index), prover)
            progress.tick()


def run_all(tasks, options, progress, witness_dirs=None):
    """Run every task; returns the rows in task order and whether the user interrupted. With `witness_dirs`, each
    task's index maps to the directory its run wrote witnesses to."""
    pending = collections.deque(enumerate(tasks))
    running = {}  # task index -> Run
    rows = [None] * len(tasks)
    try:
        while pending or running:
            while pending and len(running) < options.jobs:
                index, task = pending.popleft()
                running[index] = start(task, options)
            now = time.monotonic()
            for index, run in list(running.items()):
                if has_exited(run.process.pid):
                    del running[index]
                    rows[index] = finish(run, options.timeout)
                    if witness_dirs is not None:
                        witness_dirs[index] = run.witness_dir
                    rows[index]["status"] = disputed_status(rows[index], options.disputed, options.semantics or "c")
                    progress.add(rows[index])
                elif not run.killed and now - run.started > options.timeout + KILL_GRACE_S:
                    kill_group(run.process.pid)
                    run.killed = True
            progress.tick()
            time.sleep(POLL_INTERVAL_S)
    except KeyboardInterrupt:
        # The tools run in their own sessions, so the terminal's Ctrl-C did not reach them.
        for run in running.values():
            kill_group(run.process.pid)
            os.wait4(run.process.pid, 0)
            run.process.returncode = -signal.SIGKILL
        return [row for row in rows if row], True
    return rows, False


# ---------------------------------------------------------------- scoring

def find_verdict(stdout, prop):
    """(verdict as printed in lower case, e.g. "false(valid-deref)", reason) or None."""
    for line in stdout.splitlines():
        match = VERDICT_LINE.fullmatch(line)
        if match and match["property"] == prop:
            verdict = match["verdict"].lower()
            if match["subproperty"]:
                verdict += "(%s)" % match["subproperty"]
            return verdict, match["reason"] or ""
    return None


def answer_status(expected, verdict):
    if verdict == "unknown" or expected == "unknown":  # tasks without a known verdict score 0 whatever the answer
        return "unknown"
    if verdict.startswith("true"):
        return "correct-true" if expected == "true" else "wrong-true"
    if expected == "true":
        return "wrong-false"
    # A violated valid-memsafety counts only with the right subproperty.
    return "correct-false" if "(" not in expected or verdict == expected else "wrong-false"


def classify(task, exit_code, stdout, stderr, cpu_s, killed, timeout):
    """(verdict, status, reason) of one finished run."""
    found = find_verdict(stdout, task.property)
    verdict, reason = found or ("", "")
    last_stderr_line = (stderr.strip().splitlines() or [""])[-1]

    def explained(summary, detail):
        return "%s: %s" % (summary, detail) if detail else summary

    if killed:
        return verdict, "timeout", "killed after %g s wall time" % (timeout + KILL_GRACE_S)
    if exit_code < 0:
        return verdict, "crash", explained("killed by " + signal.Signals(-exit_code).name, last_stderr_line)
    if exit_code in TOOL_EXIT_ERRORS:
        return verdict, "error", explained(TOOL_EXIT_ERRORS[exit_code], last_stderr_line)
    if exit_code != 0 or not found:
        return verdict, "crash", explained("exit %d without a verdict line" % exit_code, last_stderr_line)
    if cpu_s > timeout:  # as in SV-COMP, an answer after the CPU limit does not count
        return verdict, "timeout", explained("answered after %.2f s CPU time" % cpu_s, reason)
    return verdict, answer_status(task.expected, verdict), reason


def print_witness_summary(rows):
    for status, kind in (("correct-false", "a violation witness"), ("correct-true", "a correctness witness")):
        checked = [row for row in rows if row.get("witness") and row["status"] == status]
        if not checked:
            continue
        confirmed = [row for row in checked if row["witness"].startswith("confirmed")]
        print("\nwitnesses: %d correct %s answers take %s; %d confirmed%s" % (
            len(checked), status[len("correct-"):].upper(), kind, len(confirmed),
            " (%.1f %%)" % (100.0 * len(confirmed) / len(checked)) if checked else ""))
        if status == "correct-true":
            counts = [int(re.search(r"\d+", row["witness"]).group(0)) for row in confirmed]
            print("  with invariants: %d; invariants in all: %d" % (sum(1 for c in counts if c), sum(counts)))
            rankings = [int(m.group(1)) for row in confirmed
                        for m in [re.search(r"(\d+) ranking function", row["witness"])] if m]
            if rankings:
                print("  with ranking functions (format 2.1): %d; ranking functions in all: %d" % (
                    len(rankings), sum(rankings)))
        for row in checked:
            if not row["witness"].startswith("confirmed"):
                print("  %s [%s]: %s" % (row["task"], row["property"], row["witness"]))


def median(values):
    return statistics.median(values) if values else None


def summarize(rows):
    """The summary figures of a list of CSV rows."""
    statuses = collections.Counter(row["status"] for row in rows)
    summary = {"tasks": len(rows), **{status: statuses[status] for status in STATUSES}}
    summary["score"] = sum(SCORES.get(row["status"], 0) for row in rows)
    summary["cpu_sum"] = sum(row["cpu_s"] for row in rows)
    summary["cpu_median"] = median([row["cpu_s"] for row in rows])
    summary["cpu_median_true"] = median([r["cpu_s"] for r in rows if r["status"] in ("correct-true", "wrong-true")])
    summary["cpu_median_false"] = median([r["cpu_s"] for r in rows if r["status"] in ("correct-false", "wrong-false")])
    summary["peak_mb_max"] = max((row["peak_mb"] for row in rows), default=None)
    return summary


SUMMARY_COLUMNS = (  # (header, summary key)
    ("tasks", "tasks"), ("correct TRUE", "correct-true"), ("correct FALSE", "correct-false"),
    ("wrong TRUE", "wrong-true"), ("wrong FALSE", "wrong-false"), ("disputed", "disputed"), ("unknown", "unknown"),
    ("timeout", "timeout"), ("crash", "crash"), ("error", "error"), ("score", "score"),
    ("CPU s", "cpu_sum"), ("median CPU s", "cpu_median"), ("median CPU TRUE", "cpu_median_true"),
    ("median CPU FALSE", "cpu_median_false"), ("max MB", "peak_mb_max"))


def format_value(value):
    if value is None:
        return "-"
    return "%.2f" % value if isinstance(value, float) else str(value)


def format_table(header, rows, markdown):
    """Rows of strings as an aligned text table (first column left, others right) or a Markdown table."""
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths)))
        for row in [header] + rows)


def summary_table(rows, markdown):
    """One table per property: a line per directory and a total."""
    header = ["directory"] + [title for title, _ in SUMMARY_COLUMNS]

    def table_row(label, group):
        summary = summarize(group)
        return [label] + [format_value(summary[key]) for _, key in SUMMARY_COLUMNS]

    tables = []
    for prop in sorted({row["property"] for row in rows}):
        by_directory = collections.defaultdict(list)
        for row in rows:
            if row["property"] == prop:
                by_directory[os.path.dirname(row["task"]) or "."].append(row)
        lines = [table_row(d, by_directory[d]) for d in sorted(by_directory)]
        lines.append(table_row("TOTAL", [row for group in by_directory.values() for row in group]))
        title = ("## %s" if markdown else "%s") % prop
        tables.append(title + "\n\n" + format_table(header, lines, markdown))
    return "\n\n".join(tables)


# ---------------------------------------------------------------- CSV

def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, "cpu_s": "%.3f" % row["cpu_s"], "wall_s": "%.3f" % row["wall_s"],
                             "peak_mb": "%.1f" % row["peak_mb"]})


def read_csv(path):
    with open(path, newline="") as f:
        return [{**row, **{key: float(row[key]) for key in NUMERIC_FIELDS}} for row in csv.DictReader(f)]


# ---------------------------------------------------------------- progress

class Progress:
    """One status line on stderr: redrawn in place on a terminal, a plain line per tenth otherwise."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.stream = total, stream
        self.interactive = stream.isatty()
        self.started = self.last_drawn = time.monotonic()
        self.done = self.correct = self.wrong = 0

    def add(self, row):
        self.done += 1
        self.correct += row["status"].startswith("correct")
        self.wrong += row["status"].startswith("wrong")
        if row["status"] in FAILURE_STATUSES:  # name the culprit at once, not only in the CSV
            self.print_above("%s: %s [%s] expected %s, got %s%s" % (
                row["status"].upper(), row["task"], row["property"], row["expected"],
                row["verdict"] or "no verdict", " (%s)" % row["reason"] if row["reason"] else ""))
        if self.interactive or self.done == self.total or self.done % max(1, self.total // 10) == 0:
            self.draw()

    def tick(self):
        if self.interactive and time.monotonic() - self.last_drawn >= 0.5:  # keep the elapsed time moving
            self.draw()

    def status_line(self):
        elapsed = int(time.monotonic() - self.started)
        return "%d/%d done, correct %d, wrong %d, unknown %d, elapsed %d:%02d" % (
            self.done, self.total, self.correct, self.wrong, self.done - self.correct - self.wrong,
            elapsed // 60, elapsed % 60)

    def draw(self):
        self.last_drawn = time.monotonic()
        self.stream.write(("\r%s\x1b[K" if self.interactive else "%s\n") % self.status_line())
        self.stream.flush()

    def print_above(self, text):
        self.stream.write(("\r\x1b[K%s\n" if self.interactive else "%s\n") % text)

    def close(self):
        if self.interactive:
            self.stream.write("\n")


# ---------------------------------------------------------------- main

def parse_options(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--property", action="append", required=True,
                        help="property to check (repeatable; the tool's --list-properties names them)")
    parser.add_argument("--semantics", choices=SEMANTICS,
                        help="the reading of integer arithmetic, passed to the tool (default: the tool's, c)")
    parser.add_argument("--disputed", default=DISPUTED_FILE,
                        help="tasks whose expected verdict we dispute (default: bench/disputed-labels.tsv)")
    parser.add_argument("--dir", action="append", default=[],
                        help="only this directory of the benchmark subset, e.g. loops (repeatable)")
    parser.add_argument("--tasks", metavar="FOLDER", help="use the task files in FOLDER instead of the subset")
    parser.add_argument("--benchmarks", default=os.path.join(REPO_ROOT, "..", "shared", "sv-benchmarks-subset"),
                        help="the sv-benchmarks subset (default: ../shared/sv-benchmarks-subset beside the repo)")
    parser.add_argument("--jobs", type=int, default=2, help="runs in parallel (default 2)")
    parser.add_argument("--timeout", type=float, default=2, help="seconds per run (default 2)")
    parser.add_argument("--memory", type=int, default=4096, help="MB of address space per run (default 4096)")
    parser.add_argument("--tool", default=os.path.join(REPO_ROOT, "build", "bin", "atropos"),
                        help="the verifier (default: build/bin/atropos in the repo)")
    parser.add_argument("--csv", help="where to write the results (default: bench/results/<timestamp>.csv)")
    parser.add_argument("--html", help="also write a page of the results with a quantile plot (bench/report.py)")
    parser.add_argument("--known-only", action="store_true", help="skip tasks without an expected verdict")
    parser.add_argument("--expected", choices=("true", "false"),
                        help="only tasks whose expected verdict is this (false: any violated subproperty)")
    parser.add_argument("--limit", type=int, help="only the first K tasks of each property")
    parser.add_argument("--markdown", action="store_true", help="print the summary as Markdown tables")
    parser.add_argument("--witness-version", default="2.0", choices=("2.0", "2.1"),
                        help="with --witnesses: the format of the YAML witnesses (2.1 adds the ranking functions of "
                             "termination proofs, re-proved like the invariants)")
    parser.add_argument("--witnesses", action="store_true",
                        help="the tool writes witnesses; each correct FALSE that takes one (tests/witness/witness_kinds.py) "
                             "and each correct TRUE (its invariants re-proved by the tool) is checked by "
                             "tests/witness/witness_check.py (CSV column witness)")
    options = parser.parse_args(argv)
    if options.tasks and options.dir:
        parser.error("--dir selects directories of the subset; with --tasks, name the subfolder itself")
    if options.tasks and not os.path.isdir(options.tasks):
        parser.error("no such folder: %s" % options.tasks)
    if not options.tasks:
        if not os.path.isfile(os.path.join(options.benchmarks, "list-tasks.py")):
            parser.error("no benchmark subset at %s (use --benchmarks)" % options.benchmarks)
        for d in options.dir:
            if not os.path.isdir(os.path.join(options.benchmarks, "c", d)):
                parser.error("no directory c/%s in %s" % (d, options.benchmarks))
    if not os.access(options.tool, os.X_OK):
        parser.error("tool not found or not executable: %s (build it, or pass --tool)" % options.tool)
    if options.jobs < 1 or options.timeout <= 0 or options.memory < 1:
        parser.error("--jobs, --timeout and --memory must be positive")
    options.tool = os.path.abspath(options.tool)
    try:
        options.disputed = read_disputed(options.disputed) if os.path.exists(options.disputed) else {}
    except ValueError as e:
        parser.error(str(e))
    if not options.csv:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        options.csv = os.path.join(REPO_ROOT, "bench", "results", stamp + ".csv")
    return options


def select_tasks(options):
    tasks = []
    for prop in dict.fromkeys(options.property):  # each property once, in the order given
        if options.tasks:
            selected = list(folder_tasks(options.tasks, prop, options.known_only))
        else:
            selected = list(subset_tasks(options.benchmarks, prop, options.dir, options.known_only))
        if options.expected:
            selected = [t for t in selected if t.expected.split("(")[0] == options.expected]
        tasks += selected[:options.limit]
    return tasks


def main(argv=None):
    options = parse_options(argv)
    tasks = select_tasks(options)
    if not tasks:
        print("no tasks selected", file=sys.stderr)
        return 2
    if not os.access(options.tool, os.X_OK):
        print("cannot run the tool %s" % options.tool, file=sys.stderr)
        return 2
    progress = Progress(len(tasks))
    # A private copy: rebuilding the tool while the benchmark runs must not change (or break) what is measured.
    with tempfile.TemporaryDirectory(prefix="atropos-bench-") as snapshot_dir:
        measured = argparse.Namespace(**vars(options))
        measured.witness_root = snapshot_dir
        measured.tool = os.path.join(snapshot_dir, os.path.basename(options.tool))
        shutil.copy2(options.tool, measured.tool)
        witness_dirs = {}
        rows, interrupted = run_all(tasks, measured, progress, witness_dirs)
        if options.witnesses and not interrupted:
            check_witnesses(rows, tasks, witness_dirs, progress, options.tool)
    progress.close()
    os.makedirs(os.path.dirname(os.path.abspath(options.csv)), exist_ok=True)
    write_csv(options.csv, rows)
    print("%s, timeout %g s, memory %d MB, %d jobs, semantics %s%s" % (
        options.tool, options.timeout, options.memory, options.jobs, options.semantics or "c",
        " (INTERRUPTED)" if interrupted else ""))
    disputed_rows = [row for row in rows if row["status"] == "disputed"]
    if disputed_rows:
        print("\ndisputed labels (answers against the label, for the reason given in %s):"
              % os.path.basename(DISPUTED_FILE))
        for row in disputed_rows:
            entry = options.disputed[row["task"], row["property"]]
            print("  %s [%s]: label %s, answer %s: %s" % (row["task"], row["property"], row["expected"],
                                                          row["verdict"], entry["reason"]))
    print()
    print(summary_table(rows, options.markdown))
    if options.witnesses:
        print_witness_summary(rows)
    print("\nresults: %s" % options.csv, file=sys.stderr)
    if options.html:
        import report  # matplotlib is needed only for the page
        failure = report.write_page([(report.run_name(options.csv), rows)], "Atropos: %s" % options.csv, options.html)
        print("page: %s" % (failure or options.html), file=sys.stderr)
        if failure:
            return 2
    if interrupted:
        return 130
    return 1 if any(row["status"] in FAILURE_STATUSES for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
