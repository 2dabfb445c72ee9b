#!/usr/bin/env python3
"""Runs `atropos its` on integer transition systems (Termination Competition SMT-LIB files) and counts answers.

    bench/its.py                                  # every file of ../shared/its-benchmarks, 30 s each, 2 jobs
    bench/its.py --dir From_T2 --timeout 5 --limit 100 --csv /tmp/its.csv
    bench/its.py --cross-check                    # also search a recurrent set where a proof was found

Prints YES / NO / MAYBE / timeout / error counts per folder and the median CPU time of the YES and NO answers.
Exit status 1 when a run crashed or (with --cross-check) contradicted itself.
"""
import argparse
import concurrent.futures
import csv
import os
import pathlib
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run_one(tool, path, timeout, memory, cross_check):
    args = [tool, "its", "--timeout", str(timeout), "--memory", str(memory)]
    if cross_check:
        args.append("--cross-check")
    args.append(str(path))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
    try:
        out, err = process.communicate(timeout=timeout + 2)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        status = None
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if status is None:
        answer = "timeout"
    elif status != 0:
        answer = "error"
    else:
        first = out.splitlines()[0] if out else ""
        answer = first if first in ("YES", "NO", "MAYBE") else "error"
        if answer != "MAYBE" and cpu > timeout:
            answer = "timeout"
    detail = (err.strip().splitlines() or [""])[-1] if answer == "error" else ""
    return {"file": str(path), "answer": answer, "cpu": round(cpu, 3), "wall": round(wall, 3), "detail": detail}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--benchmarks", default=str(ROOT.parent / "shared" / "its-benchmarks"))
    parser.add_argument("--dir", action="append", help="only this folder of the benchmarks (repeatable)")
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--memory", type=int, default=4096)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, help="only the first K files of each folder")
    parser.add_argument("--tool", default=str(ROOT / "build" / "bin" / "atropos"))
    parser.add_argument("--csv", help="where to write one row per file")
    parser.add_argument("--cross-check", action="store_true")
    options = parser.parse_args()

    base = pathlib.Path(options.benchmarks)
    folders = options.dir or sorted(p.name for p in base.iterdir() if p.is_dir())
    files = []
    for folder in folders:
        found = sorted((base / folder).glob("*.smt2"))
        files += found[: options.limit] if options.limit else found
    if not files:
        print("no file selected", file=sys.stderr)
        return 2
    private = pathlib.Path(tempfile.mkdtemp()) / "atropos"
    shutil.copy2(options.tool, private)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        futures = [pool.submit(run_one, str(private), f, options.timeout, options.memory, options.cross_check)
                   for f in files]
        for k, future in enumerate(concurrent.futures.as_completed(futures), 1):
            rows.append(future.result())
            print(f"\r{k}/{len(files)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows.sort(key=lambda r: r["file"])
    if options.csv:
        with open(options.csv, "w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=list(rows[0].keys()))
            writer.writeheader()
            writer.writerows(rows)
    print(f"{'folder':<20} {'files':>6} {'YES':>6} {'NO':>6} {'MAYBE':>6} {'timeout':>8} {'error':>6}  median CPU (YES/NO)")
    groups = {}
    for r in rows:
        groups.setdefault(pathlib.Path(r["file"]).parent.name, []).append(r)
    groups["TOTAL"] = rows
    for name, group in groups.items():
        count = {a: sum(1 for r in group if r["answer"] == a) for a in ("YES", "NO", "MAYBE", "timeout", "error")}
        answered = [r["cpu"] for r in group if r["answer"] in ("YES", "NO")]
        median = f"{statistics.median(answered):.2f} s" if answered else "-"
        print(f"{name:<20} {len(group):>6} {count['YES']:>6} {count['NO']:>6} {count['MAYBE']:>6} "
              f"{count['timeout']:>8} {count['error']:>6}  {median}")
    errors = [r for r in rows if r["answer"] == "error"]
    for r in errors[:20]:
        print(f"error: {r['file']}: {r['detail']}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
