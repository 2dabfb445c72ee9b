#!/usr/bin/env python3
"""Compare two result CSVs of bench/run.py task by task.

Lists the tasks that became wrong, were newly solved, were lost, changed otherwise,
or got slower, then the totals of both runs side by side over the tasks they share.
Exit status 1 when a task became wrong, else 0. See bench/README.md.
"""

import argparse
import glob
import os
import re
import sys

from run import SUMMARY_COLUMNS, format_table, format_value, read_csv, summarize


def is_correct(row):
    return row["status"].startswith("correct")


def is_wrong(row):
    return row["status"].startswith("wrong")


def describe(row):
    return row["status"] + (" (%s)" % row["verdict"] if row["verdict"] else "")


def task_label(key, row):
    task, prop = key
    return "%s [%s] expected %s" % (task, prop, row["expected"])


def difference(old, new):
    if old is None or new is None:
        return "-"
    return "%+.2f" % (new - old) if isinstance(old, float) or isinstance(new, float) else "%+d" % (new - old)


def read_runs(path):
    """The rows of a CSV, or of every CSV in a directory (a run split by directory)."""
    if os.path.isdir(path):
        rows = []
        for name in sorted(glob.glob(os.path.join(path, "*.csv"))):
            rows.extend(read_csv(name))
        return rows
    return read_csv(path)


# How the tool's reasons name a wrap-around: the symbolic execution's check ("wrap-around: a conversion to a
# narrower type may change the value in f at line 7"), bounded model checking's ("unsigned wrap-around (line 7)"),
# the executions' ("an execution ... meets a wrap-around ..."); earlier versions wrote "unsigned wrap-around" for all.
WRAP = re.compile(r"(?:unsigned )?wrap-around(?::\s*[^;()]*|\s*\(line \d+\))")


def wraps_named(reason):
    return [m.group(0).strip() for m in WRAP.finditer(reason or "")]


# How bounded model checking says that a bound it proved in C does not count under termcomp (its encoding does not
# check the conversions of negative values to unsigned).
BOUND_ONLY_IN_C = "under termcomp that proves nothing"


def list_reading_differences(old, new, common):
    """Every run whose verdict differs between the two files, with the unsigned operations the later run names."""
    differing = [k for k in common if old[k]["verdict"] != new[k]["verdict"]]
    named = bounded = 0
    print("verdicts that differ: %d" % len(differing))
    for key in differing:
        reason = new[key].get("reason") or ""
        wraps = wraps_named(reason)
        named += bool(wraps)
        bounded += bool(not wraps and BOUND_ONLY_IN_C in reason)
        print("  %s: %s -> %s" % (task_label(key, new[key]), describe(old[key]), describe(new[key])))
        if wraps:
            for w in dict.fromkeys(wraps):
                print("      wraps: %s" % w)
        elif BOUND_ONLY_IN_C in reason:
            print("      a bounded proof in C that does not count under termcomp: %s" % reason[:240])
        else:
            print("      no wrap-around named: %s" % reason[:240])
    print("with an unsigned wrap-around named: %d of %d; a bounded proof in C only: %d; other: %d"
          % (named, len(differing), bounded, len(differing) - named - bounded))
    against = [k for k in common if is_wrong(new[k]) or new[k]["status"] == "disputed"]
    unlisted = [k for k in against if k not in differing or not wraps_named(new[k].get("reason"))]
    print("answers against the label: %d, of which not a difference with a wrap-around named: %d"
          % (len(against), len(unlisted)))
    for key in unlisted:
        print("  %s: %s" % (task_label(key, new[key]), describe(new[key])))
    return len(unlisted)


def overflow_blocked_speed(old, new, common):
    """The runs the earlier run (under c) left UNKNOWN because of a possible signed overflow: how many the later run
    (under an unbounded reading) answers correctly, and the median CPU time of those answers."""
    blocked = [k for k in common if old[k]["status"] == "unknown" and "signed overflow" in (old[k].get("reason") or "")]
    answered = [k for k in blocked if is_correct(new[k])]
    times = sorted(new[k]["cpu_s"] for k in answered)
    print("UNKNOWN in the earlier run because of a possible signed overflow: %d" % len(blocked))
    print("answered correctly by the later run: %d" % len(answered))
    if times:
        middle = len(times) // 2
        median = times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2
        print("median CPU time of those answers: %.2f s" % median)
    for key in sorted(answered):
        print("  %s: %s, %.2f s" % (task_label(key, new[key]), describe(new[key]), new[key]["cpu_s"]))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="CSV of the earlier run (or a directory of CSVs)")
    parser.add_argument("new", help="CSV of the later run (or a directory of CSVs)")
    parser.add_argument("--factor", type=float, default=1.5, help="slower means more CPU time by this factor (default 1.5)")
    parser.add_argument("--min-seconds", type=float, default=0.2,
                        help="... and by more than this many seconds (default 0.2)")
    parser.add_argument("--reasons", action="store_true",
                        help="print the later run's reason beside each change (e.g. which operation wraps around "
                             "when the runs differ in --semantics)")
    parser.add_argument("--wraps", action="store_true",
                        help="two readings of the same tasks (OLD under svcomp, NEW under termcomp): list every "
                             "run whose verdict differs with the unsigned wrap-arounds the later run names, and the "
                             "answers against the label that are not such a difference (exit status 1 if any)")
    parser.add_argument("--overflow-blocked", action="store_true",
                        help="OLD under c, NEW under an unbounded reading: the runs OLD left UNKNOWN because of a "
                             "possible signed overflow, how many NEW answers correctly, and its median CPU time there")
    parser.add_argument("--html", help="also write a page of both runs: quantile and scatter plots (bench/report.py)")
    options = parser.parse_args(argv)

    old = {(row["task"], row["property"]): row for row in read_runs(options.old)}
    new = {(row["task"], row["property"]): row for row in read_runs(options.new)}
    common = [key for key in new if key in old]
    if options.wraps:
        return 1 if list_reading_differences(old, new, common) else 0
    if options.overflow_blocked:
        return overflow_blocked_speed(old, new, common)

    became_wrong = [k for k in common if is_wrong(new[k]) and not is_wrong(old[k])]
    newly_solved = [k for k in common if is_correct(new[k]) and not is_correct(old[k])]
    lost = [k for k in common if is_correct(old[k]) and not is_correct(new[k]) and not is_wrong(new[k])]
    listed = set(became_wrong + newly_solved + lost)
    other_changes = [k for k in common if k not in listed and describe(old[k]) != describe(new[k])]
    for title, keys in (("became wrong", became_wrong), ("newly solved", newly_solved), ("lost", lost),
                        ("other changes", other_changes)):
        print("%s: %d" % (title, len(keys)))
        for key in keys:
            print("  %s: %s -> %s" % (task_label(key, new[key]), describe(old[key]), describe(new[key])))
            if options.reasons and new[key].get("reason"):
                print("      %s" % new[key]["reason"])

    slower = [key for key in common
              if new[key]["cpu_s"] > options.factor * old[key]["cpu_s"]
              and new[key]["cpu_s"] - old[key]["cpu_s"] > options.min_seconds]
    slower.sort(key=lambda k: new[k]["cpu_s"] / max(old[k]["cpu_s"], 0.001), reverse=True)
    print("slower (CPU time > %gx and > +%g s): %d" % (options.factor, options.min_seconds, len(slower)))
    for key in slower:
        print("  %s: %.2f s -> %.2f s (%.1fx)" % (task_label(key, new[key]), old[key]["cpu_s"], new[key]["cpu_s"],
                                                   new[key]["cpu_s"] / max(old[key]["cpu_s"], 0.001)))

    only_old, only_new = len(old) - len(common), len(new) - len(common)
    if only_old or only_new:
        print("not compared: %d runs only in %s, %d only in %s" % (only_old, options.old, only_new, options.new))
    old_summary = summarize([old[k] for k in common])
    new_summary = summarize([new[k] for k in common])
    lines = [[title, format_value(old_summary[key]), format_value(new_summary[key]),
              difference(old_summary[key], new_summary[key])] for title, key in SUMMARY_COLUMNS]
    print("\ntotals over the %d runs in both files\n" % len(common))
    print(format_table(["", "old", "new", "change"], lines, markdown=False))
    if options.html:
        import report  # matplotlib is needed only for the page
        runs = [(report.run_name(options.old), [old[k] for k in common]),
                (report.run_name(options.new), [new[k] for k in common])]
        failure = report.write_page(runs, "Atropos: %s against %s" % (runs[1][0], runs[0][0]), options.html)
        print("\npage: %s" % (failure or options.html))
        if failure:
            return 2
    return 1 if became_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
