#!/usr/bin/env python3
"""Runs atropos with --smt-log on programs and ITS files and replays every recorded question with the z3 command-line
tool: each question Atropos answered sat or unsat must get the same answer, and no file may be rejected. Questions
Atropos left unknown (out of its limits) are replayed too, but may come out either way.

    replay_check.py --tool build/bin/atropos [--z3 z3] [--sample N] [--jobs J] RUN...

Each RUN is the argument list of one atropos run, as one string (split on spaces), e.g.
"--property termination --semantics svcomp tests/programs/termination/x.c" or "its FILE.smt2".
"""

import argparse
import concurrent.futures
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile


def replay(z3, question):
    try:
        out = subprocess.run([z3, "-T:30", str(question)], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    lines = [line.strip() for line in out.stdout.splitlines() if line.strip()]
    if any(line.startswith("(error") for line in lines):
        return "error", out.stdout
    return (lines[-1] if lines else "none"), out.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--z3", default="z3")
    parser.add_argument("--sample", type=int, default=0,
                        help="replay at most N questions of each run, spread evenly (0: all)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("runs", nargs="+")
    args = parser.parse_args()

    failures = 0
    total = {"sat": 0, "unsat": 0, "unknown": 0}
    for run in args.runs:
        with tempfile.TemporaryDirectory(prefix="atropos-smt-log-") as folder:
            words = shlex.split(run)
            # `atropos its FILE` takes the subcommand first.
            head, rest = (words[:1], words[1:]) if words[:1] == ["its"] else ([], words)
            command = [args.tool] + head + ["--timeout", "20", "--smt-log", folder] + rest
            result = subprocess.run(command, capture_output=True, text=True, timeout=120)
            if result.returncode != 0:
                print(f"FAIL {run}: atropos exited {result.returncode}: {result.stderr.strip()}")
                failures += 1
                continue
            questions = sorted(pathlib.Path(folder).glob("q*.smt2"))
            if not questions:
                print(f"FAIL {run}: no question recorded")
                failures += 1
                continue
            asked = len(questions)
            # The optimizers' questions are few and of their own kind: each of them is replayed.
            optimizations = [q for q in questions if "(set-option :opt.priority" in q.read_text()]
            if args.sample and asked > args.sample:
                sampled = [questions[i * asked // args.sample] for i in range(args.sample)]
                questions = sorted(set(sampled) | set(optimizations))
            counts = {"sat": 0, "unsat": 0, "unknown": 0}
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                replays = list(pool.map(lambda q: replay(args.z3, q), questions))
            for question, (theirs, output) in zip(questions, replays):
                ours = re.search(r"\(set-info :status (\w+)\)", question.read_text())
                ours = ours.group(1) if ours else "missing"
                counts[ours] = counts.get(ours, 0) + 1
                if theirs == "error" or ours == "missing" or (ours in ("sat", "unsat") and theirs != ours):
                    print(f"FAIL {run}: {question.name}: Atropos {ours}, z3 {theirs}\n{output[:400]}")
                    failures += 1
            for k, v in counts.items():
                total[k] = total.get(k, 0) + v
            print(f"ok   {run}: {asked} questions recorded ({len(optimizations)} of optimizers), {len(questions)} "
                  f"replayed ({counts['sat']} sat, {counts['unsat']} unsat, {counts['unknown']} unknown)", flush=True)
    print(f"{sum(total.values())} questions replayed: {total['sat']} sat and {total['unsat']} unsat answered alike, "
          f"{total['unknown']} unknown; {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
