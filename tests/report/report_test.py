#!/usr/bin/env python3
"""One browser test of the HTML report: Atropos writes it, browser_check.py opens it in Chromium and checks it.

Usage: report_test.py --tool ATROPOS --out DIR --name NAME [--atropos-arg=ARG ...] PROGRAM -- CHECKS...

Runs `ATROPOS --html DIR/NAME.html ARG... PROGRAM` (each ARG given as --atropos-arg=ARG, since most begin with a
dash), then `browser_check.py DIR/NAME.html --screenshot DIR/NAME.png CHECKS...`, and exits with the check's
status (1 too when Atropos fails or writes no report).
"""

import argparse
import os
import subprocess
import sys

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser_check.py")


def parse_arguments():
    if "--" not in sys.argv:
        sys.exit("usage: report_test.py --tool ATROPOS --out DIR --name NAME [--atropos-arg=ARG ...] PROGRAM -- "
                 "CHECKS...")
    split = sys.argv.index("--")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", required=True, help="the atropos binary")
    parser.add_argument("--out", required=True, help="where the report and its screenshot go")
    parser.add_argument("--name", required=True)
    parser.add_argument("--atropos-arg", action="append", default=[], metavar="ARG")
    parser.add_argument("program")
    arguments = parser.parse_args(sys.argv[1:split])
    arguments.checks = sys.argv[split + 1:]
    return arguments


def main():
    arguments = parse_arguments()
    os.makedirs(arguments.out, exist_ok=True)
    report = os.path.join(arguments.out, arguments.name + ".html")
    if os.path.exists(report):
        os.remove(report)  # a report left by an earlier run must not pass for this one's
    command = [arguments.tool, "--html", report] + arguments.atropos_arg + [arguments.program]
    print("$ " + " ".join(command), flush=True)
    if subprocess.run(command).returncode != 0:
        print("report test %s: atropos failed" % arguments.name)
        return 1
    if not os.path.isfile(report):
        print("report test %s: atropos wrote no %s" % (arguments.name, report))
        return 1
    check = [sys.executable, CHECKER, report, "--screenshot", os.path.join(arguments.out, arguments.name + ".png")]
    print("$ " + " ".join(check + arguments.checks), flush=True)
    return subprocess.run(check + arguments.checks).returncode


if __name__ == "__main__":
    sys.exit(main())
