#!/usr/bin/env python3
"""A fuzzing campaign over the readers of users' files (tests/fuzz): runs each libFuzzer target for a while from its
kept corpus, merges the inputs that reach new code back into the kept corpus, and reports crashes.

The targets come from a libFuzzer build (scripts/sanitize.sh makes one in build-sanitize/):

    bench/fuzz.py --minutes 10                  # every target, 10 minutes each, two at a time
    bench/fuzz.py --target its --minutes 60     # one target, an hour

A crash leaves its input in the work folder (printed); fixed, it goes to tests/fuzz/regressions/<target>/, where the
ordinary build replays it as a ctest entry. Exit status 1 when a target crashed.
"""

import argparse
import concurrent.futures
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGETS = ["task", "property", "its", "source_text"]


def campaign(target, binary, seconds, work):
    """Runs one target; returns (target, summary line, crash files)."""
    kept = ROOT / "tests" / "fuzz" / "corpus" / target
    regressions = ROOT / "tests" / "fuzz" / "regressions" / target
    fresh = work / f"{target}-new"
    fresh.mkdir(parents=True, exist_ok=True)
    inputs = [str(fresh), str(kept)] + ([str(regressions)] if regressions.is_dir() else [])
    log = work / f"{target}.log"
    start = time.time()
    with open(log, "w") as out:
        status = subprocess.run([str(binary), f"-max_total_time={seconds}", "-timeout=10", "-rss_limit_mb=2048",
                                 f"-artifact_prefix={work}/{target}-", "-print_final_stats=1"] + inputs,
                                stdout=out, stderr=subprocess.STDOUT).returncode
    elapsed = time.time() - start
    text = log.read_text(errors="replace")
    crashes = sorted(str(p) for p in work.glob(f"{target}-crash-*")) + \
        sorted(str(p) for p in work.glob(f"{target}-timeout-*")) + sorted(str(p) for p in work.glob(f"{target}-oom-*"))
    runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", text)
    coverage = re.findall(r"\bcov: (\d+)", text)
    before = len(list(kept.iterdir()))
    # Keep the inputs that add coverage: merge the new ones into the kept corpus (libFuzzer's -merge=1 copies only
    # those that reach code the kept corpus does not).
    subprocess.run([str(binary), "-merge=1", str(kept), str(fresh)], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = len(list(kept.iterdir()))
    summary = (f"{target}: {elapsed:.0f} s, {runs[-1] if runs else '?'} inputs run, "
               f"coverage {coverage[-1] if coverage else '?'}, exit {status}, corpus {before} -> {after} files, "
               f"{len(crashes)} crash(es); log {log}")
    return target, summary, crashes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(ROOT / "build-sanitize"), help="a build with -DATROPOS_FUZZ=ON")
    parser.add_argument("--target", action="append", choices=TARGETS, help="repeatable; default: all")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", help="folder for logs, new inputs and crashes (default: a fresh temporary one)")
    args = parser.parse_args()

    work = pathlib.Path(args.work or tempfile.mkdtemp(prefix="atropos-fuzz-"))
    work.mkdir(parents=True, exist_ok=True)
    jobs = []
    for target in args.target or TARGETS:
        binary = pathlib.Path(args.build) / "bin" / f"atropos_fuzz_{target}"
        if not binary.exists() or b"LLVMFuzzerRunDriver" not in binary.read_bytes():
            sys.exit(f"{binary} is not a libFuzzer binary: build it with scripts/sanitize.sh")
        jobs.append((target, binary))
    crashed = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(campaign, t, b, int(args.minutes * 60), work) for t, b in jobs]
        for future in futures:
            target, summary, crashes = future.result()
            print(summary, flush=True)
            for c in crashes:
                print(f"  crash input: {c}")
            crashed |= bool(crashes)
    print(f"work folder: {work}")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
