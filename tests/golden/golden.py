#!/usr/bin/env python3
"""Golden tests of Atropos's intermediate artefacts: for a few test programs, the integer transition system of the
symbolic execution graph (--its), the graph itself (--dot) and the explained verdicts (--explain) must stay exactly
as recorded in tests/golden/expected/; for a few others, the formulas bounded model checking asks the solver (the
first questions --smt-log records, with the answers). A change to the graph, the ITS, the proof or the encoding shows
up here as a diff, not only as one more UNKNOWN on a benchmark.

    tests/golden/golden.py --tool build/bin/atropos            # compare (exit status 1 on a difference)
    tests/golden/golden.py --tool build/bin/atropos --update   # record the current artefacts

Only the symbolic execution runs (--engines symex), or bounded model checking (--engines bmc): the executions of the
testing engine depend on time. The programs are small, so no deadline is near.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "..", "programs")
EXPECTED = os.path.join(HERE, "expected")

# name, program (under tests/programs), the options beyond --engines symex --explain --its --dot
CASES = [
    ("count_up", "termination/count_up.c", ["--property", "termination"]),
    ("nested", "termination/nested.c", ["--property", "termination"]),
    ("mutual_parity", "termination/mutual_parity.c", ["--property", "termination"]),
    ("list_built_at_its_tail", "termination/list_built_at_its_tail.c", ["--property", "termination"]),
    ("counter_behind_pointer-svcomp", "termination/counter_behind_pointer.c",
     ["--property", "termination", "--semantics", "svcomp"]),
    ("list_with_first_and_last-memsafety", "symex/list_with_first_and_last.c",
     ["--property", "valid-memsafety", "--property", "valid-memcleanup"]),
    ("dll_built_at_head_walked_back", "shapes/dll_built_at_head_walked_back.c",
     ["--property", "valid-memsafety", "--property", "termination"]),
    ("sll_owning_lists_freed_by_inner_walk-memsafety", "shapes/sll_owning_lists_freed_by_inner_walk.c",
     ["--property", "valid-memsafety"]),
]

ARTEFACTS = (".txt", ".its.smt2", ".dot")

# name, program, options beyond --engines bmc --smt-log, how many of the first questions are kept (the later ones
# encode larger bounds: the same shape, longer)
BMC_CASES = [
    ("heap_kept_on_one_path-bmc", "bmc/heap_kept_on_one_path.c", ["--property", "valid-memcleanup"], 1),
    ("bounded_array_sum-bmc", "bmc/bounded_array_sum.c", ["--property", "no-overflow"], 3),
    ("lasso_behind_key-bmc", "bmc/lasso_behind_key.c", ["--property", "termination"], 3),
]


def artefacts(tool, program, options, scratch):
    """The three artefacts of one case as text, the program named by its file name alone."""
    its = os.path.join(scratch, "out.its.smt2")
    dot = os.path.join(scratch, "out.dot")
    for stale in (its, dot):
        if os.path.exists(stale):
            os.remove(stale)
    folder, name = os.path.split(os.path.join(PROGRAMS, program))
    run = subprocess.run([tool, "--engines", "symex", "--timeout", "60", "--explain", "--its", its, "--dot", dot]
                         + options + [name], cwd=folder, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        raise RuntimeError("%s %s: exit status %d\n%s" % (program, " ".join(options), run.returncode, run.stderr))
    texts = {".txt": run.stdout}
    for suffix, path in ((".its.smt2", its), (".dot", dot)):
        texts[suffix] = open(path).read() if os.path.exists(path) else ""
    # Where the checkout lies is no part of the artefact, nor how many solver questions ran out of their time (their
    # limits are in milliseconds: a loaded machine may differ there and nowhere else).
    texts[".txt"] = re.sub(r" \(\d+ of them out of time\)", "", texts[".txt"])
    for folder in {os.path.realpath(PROGRAMS), os.path.abspath(PROGRAMS)}:
        texts = {suffix: text.replace(folder + os.sep, "tests/programs/") for suffix, text in texts.items()}
    return texts


def bmc_questions(tool, program, options, keep, scratch):
    """The first `keep` questions of bounded model checking, in the order asked, each under its file's name."""
    log = os.path.join(scratch, "smt-log")
    if os.path.exists(log):
        for stale in os.listdir(log):
            os.remove(os.path.join(log, stale))
    folder, name = os.path.split(os.path.join(PROGRAMS, program))
    run = subprocess.run([tool, "--engines", "bmc", "--timeout", "60", "--smt-log", log] + options + [name],
                         cwd=folder, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        raise RuntimeError("%s %s: exit status %d\n%s" % (program, " ".join(options), run.returncode, run.stderr))
    questions = sorted(os.listdir(log))[:keep]
    return "".join("; --- %s\n%s" % (q, open(os.path.join(log, q)).read()) for q in questions)


def compare(name, suffix, text, update):
    """Records or compares one artefact; whether it differs from the recorded one."""
    path = os.path.join(EXPECTED, name + suffix)
    if update:
        with open(path, "w") as out:
            out.write(text)
        return False
    expected = open(path).read() if os.path.exists(path) else None
    if expected == text:
        return False
    print("golden: %s%s differs from %s" % (name, suffix, os.path.relpath(path)))
    diff = difflib.unified_diff((expected or "").splitlines(True), text.splitlines(True), "expected", "now")
    sys.stdout.writelines(list(diff)[:40])
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True, help="the atropos binary")
    parser.add_argument("--update", action="store_true", help="record the current artefacts as expected")
    args = parser.parse_args()
    tool = os.path.abspath(args.tool)
    os.makedirs(EXPECTED, exist_ok=True)
    differences = 0
    with tempfile.TemporaryDirectory(prefix="atropos-golden-") as scratch:
        for name, program, options in CASES:
            texts = artefacts(tool, program, options, scratch)
            for suffix in ARTEFACTS:
                differences += compare(name, suffix, texts[suffix], args.update)
        for name, program, options, keep in BMC_CASES:
            differences += compare(name, ".smt2", bmc_questions(tool, program, options, keep, scratch), args.update)
    cases = len(CASES) + len(BMC_CASES)
    if args.update:
        print("golden: recorded %d cases in %s" % (cases, os.path.relpath(EXPECTED)))
        return 0
    if differences:
        print("golden: %d artefacts differ; if the change is intended, run %s --tool %s --update and commit the "
              "files" % (differences, os.path.relpath(__file__), args.tool))
        return 1
    print("golden: %d cases, every artefact as recorded" % cases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
