#!/usr/bin/env python3
"""Runs `atropos its` on integer transition systems (Termination Competition SMT-LIB files) and counts answers.

    bench/its.py                                  # every file of ../shared/its-benchmarks, 30 s each, 2 jobs
    bench/its.py --dir From_T2 --timeout 5 --limit 100 --csv /tmp/its.csv
    bench/its.py --cross-check                    # also search a recurrent set where a proof was found

Prints YES / NO / MAYBE / timeout / error counts per folder and the median CPU time of the YES and NO answers.
Each answer is compared with the other provers' majority answer where the benchmarks have one (results-*.tsv beside
the folders: public Termination Competition results): an answer against an undisputed majority is listed as a
contradiction, one against a disputed majority (some runs said YES, others NO) as disputed.
Exit status 1 when a run crashed, (with --cross-check) contradicted itself, or contradicted an undisputed majority.
"""
import argparse
import concurrent.futures
import csv
import os
import pathlib
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
    stdout, stderr = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    start = time.monotonic()
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, start_new_session=True)
    killed = False
    # Polled with WNOWAIT, so that the exited tool stays a zombie and its process-group id cannot be reused before
    # the group is killed; wait4 then gives this child's own rusage (RUSAGE_CHILDREN deltas would mix up the
    # parallel runs).
    while os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        if not killed and time.monotonic() - start > timeout + 2:
            os.killpg(process.pid, signal.SIGKILL)
            killed = True
        time.sleep(0.01)
    wall = time.monotonic() - start
    try:
        os.killpg(process.pid, signal.SIGKILL)  # what the tool left behind
    except ProcessLookupError:
        pass
    _, wait_status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(wait_status)
    cpu = usage.ru_utime + usage.ru_stime
    stdout.seek(0)
    stderr.seek(0)
    out = stdout.read().decode("utf-8", errors="replace")
    err = stderr.read().decode("utf-8", errors="replace")
    if killed:
        answer = "timeout"
    elif process.returncode != 0:
        answer = "error"
    else:
        first = out.splitlines()[0] if out else ""
        answer = first if first in ("YES", "NO", "MAYBE") else "error"
        if answer != "MAYBE" and cpu > timeout:
            answer = "timeout"
    detail = (err.strip().splitlines() or [""])[-1] if answer == "error" else ""
    return {"file": str(path), "answer": answer, "cpu": round(cpu, 3), "wall": round(wall, 3), "detail": detail}


def read_majorities(base):
    """{relative path: (consensus, disputed)} from every results-*.tsv of the benchmarks."""
    majorities = {}
    for table in sorted(base.glob("results-*.tsv")):
        with open(table, encoding="utf-8") as f:
            header = None
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                fields = line.rstrip("\n").split("\t")
                if header is None:
                    header = fields
                    continue
                row = dict(zip(header, fields))
                majorities[row["path"]] = (row["consensus"], row.get("disputed", "0") not in ("0", ""))
    return majorities


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
    majorities = read_majorities(base)
    for r in rows:
        consensus, disputed = majorities.get(str(pathlib.Path(r["file"]).relative_to(base)), ("", False))
        r["majority"] = consensus + (" (disputed)" if disputed and consensus else "")
        against = r["answer"] in ("YES", "NO") and consensus in ("YES", "NO") and r["answer"] != consensus
        r["against_majority"] = ("disputed" if disputed else "contradiction") if against else ""
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
    known = [r for r in rows if r["majority"]]
    if known:
        agree = sum(1 for r in known if r["answer"] in ("YES", "NO") and not r["against_majority"])
        print(f"majority answers known for {len(known)} files: {agree} answered alike")
    against = [r for r in rows if r["against_majority"]]
    for r in against:
        print(f"{r['against_majority']}: {r['file']}: we {r['answer']}, the majority {r['majority']}")
    errors = [r for r in rows if r["answer"] == "error"]
    for r in errors[:20]:
        print(f"error: {r['file']}: {r['detail']}")
    contradictions = [r for r in against if r["against_majority"] == "contradiction"]
    return 1 if errors or contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
