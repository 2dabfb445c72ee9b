#!/usr/bin/env python3
"""Looks for concrete undefined behaviour in SV-COMP tasks by running them natively under clang's sanitizer.

Usage:
  bench/ubsan_probe.py TASK.yml [TASK.yml ...]
  bench/ubsan_probe.py --csv RESULTS.csv [--expected true] [--status unknown]

Each task's input file is compiled with clang-14 and `-fsanitize=signed-integer-overflow,shift`, linked with a stub
whose `__VERIFIER_nondet_*` functions return, in turn, the numbers of one input vector, and run once per vector of a
fixed list of boundary values (INT_MAX, INT_MIN, 2^30 - 1, 46341, ...), each with a time limit. The first sanitizer
report found is printed with its input vector: such a task has a real signed overflow or invalid shift (the data
model of the machine, LP64, is used), so Atropos must not answer TRUE for termination on it, whatever its label says.
"none found" proves nothing. With --csv, the tasks are the rows of a `bench/run.py` CSV with the given expected
verdict and status (by default: expected true, answered unknown), which explains where proofs are missing by design.

Python 3 standard library only; needs clang-14 (a Debian package the project installs anyway).
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

INT_MAX, INT_MIN = 2**31 - 1, -(2**31)
# Boundary values first, then values whose square or cube passes INT_MAX, then pairs mixing them.
INPUT_VECTORS = [
    [INT_MAX], [INT_MIN], [2**30 - 1], [46341], [65536], [1290], [1000000],
    [INT_MAX, 1], [1, INT_MAX], [INT_MAX, INT_MAX], [INT_MIN, INT_MIN], [INT_MIN, INT_MAX], [INT_MAX, INT_MIN],
    [1, INT_MIN], [INT_MIN, 1], [INT_MAX - 1, 2], [2, INT_MAX - 1], [2**30 + 1, 2**30 + 1], [0, INT_MAX],
    [INT_MAX, 2, 3], [1, 1, 1],
]
NONDET_STUB = r"""
#include <stdlib.h>
static int next_input;
static long input(void) {
  const char* s = getenv("PROBE_INPUTS");
  long values[16];
  int count = 0;
  char* end;
  while (s && *s && count < 16) {
    values[count++] = strtol(s, &end, 10);
    s = *end ? end + 1 : end;
  }
  return count ? values[next_input++ % count] : 0;
}
#define NONDET(name, type) __attribute__((weak)) type __VERIFIER_nondet_##name(void) { return (type)input(); }
NONDET(int, int) NONDET(uint, unsigned) NONDET(long, long) NONDET(ulong, unsigned long) NONDET(short, short)
NONDET(ushort, unsigned short) NONDET(char, char) NONDET(uchar, unsigned char) NONDET(bool, _Bool)
__attribute__((weak)) void __VERIFIER_assume(int condition) { if (!condition) exit(0); }
__attribute__((weak)) void __VERIFIER_error(void) { abort(); }
"""
REPORT = re.compile(r"runtime error: (.*)")


def read_input_file(task):
    with open(task, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*input_files\s*:\s*['\"]?([^'\"\s]+)", line)
            if m:
                return os.path.join(os.path.dirname(task), m.group(1))
    raise ValueError(f"{task}: no input_files")


def probe(task, workdir, stub, timeout):
    source = read_input_file(task)
    binary = os.path.join(workdir, re.sub(r"\W", "_", task))
    compiled = subprocess.run(
        ["clang-14", "-O1", "-w", "-g", "-fsanitize=signed-integer-overflow,shift", "-fno-sanitize-recover=all",
         source, stub, "-o", binary], capture_output=True, text=True)
    if compiled.returncode != 0:
        return "not compiled: " + (compiled.stderr.strip().splitlines() or ["?"])[-1][:100]
    for vector in INPUT_VECTORS:
        env = dict(os.environ, PROBE_INPUTS=",".join(map(str, vector)))
        try:
            run = subprocess.run([binary], env=env, capture_output=True, text=True, timeout=timeout,
                                 stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            continue
        m = REPORT.search(run.stderr)
        if m:
            return f"inputs {vector}: {m.group(1)}"
    return "none found"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", nargs="*", help="task definitions (.yml)")
    parser.add_argument("--csv", help="a CSV of bench/run.py: probe its rows with --expected and --status")
    parser.add_argument("--expected", default="true")
    parser.add_argument("--status", default="unknown")
    parser.add_argument("--benchmarks", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                                             "shared", "sv-benchmarks-subset", "c"),
                        help="where the CSV's task paths are relative to")
    parser.add_argument("--timeout", type=float, default=5, help="seconds per run")
    args = parser.parse_args()
    tasks = list(args.tasks)
    if args.csv:
        with open(args.csv, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row["expected"] == args.expected and row["status"] == args.status:
                    tasks.append(os.path.join(args.benchmarks, row["task"]))
    if not tasks:
        parser.error("no task given")
    with tempfile.TemporaryDirectory() as workdir:
        stub = os.path.join(workdir, "nondet.c")
        with open(stub, "w", encoding="utf-8") as f:
            f.write(NONDET_STUB)
        print("| task | concrete undefined behaviour |\n|---|---|")
        for task in sorted(set(tasks)):
            name = os.path.relpath(task, args.benchmarks) if args.csv else task
            print(f"| {name} | {probe(task, workdir, stub, args.timeout)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
