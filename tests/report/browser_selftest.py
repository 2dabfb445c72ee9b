#!/usr/bin/env python3
"""The browser check must fail broken reports, not only pass good ones.

Usage: browser_selftest.py

Runs browser_check.py on fixture/contract.html, a hand-written report that follows the DOM contract, with every
check it can pass (all but --annotation recurrent-set and --graph-missing), and requires it to pass; then on copies
with one thing broken (a thrown error, a missing verdict, a request to a remote host, a next button that does not
move, a script that never lets the page load) and requires each to fail for that reason, and with a browser that
does not exist, which must give exit status 2. After each run no process of it may be left, and nothing in the
temporary directory (its profile, Chromium's socket directory).
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "browser_check.py")
FIXTURE = os.path.join(HERE, "fixture", "contract.html")
FIXTURE_CHECKS = ["--verdict", "no-overflow=FALSE", "--verdict", "termination=TRUE", "--verdict",
                  "valid-memsafety=UNKNOWN", "--trace", "4", "--inputs", "2", "--violation", "--annotation", "ranking",
                  "--annotation", "invariant", "--proof-cycles", "1", "--reason-link", "--graph",
                  "--max-load-seconds", "10"]


def unchanged(html):
    return html


def throwing(html):
    return html.replace("</body>", '<script>throw new Error("thrown on purpose")</script>\n</body>')


def without_overflow_verdict(html):
    verdict = '<span class="verdict" data-property="no-overflow" data-verdict="FALSE">no-overflow: FALSE</span>'
    return html.replace(verdict, "")


def with_remote_image(html):
    return html.replace("</body>", '<img src="http://example.invalid/x.png">\n</body>')


def with_stuck_next_button(html):
    return html.replace('getElementById("next-step").addEventListener("click", () => show(current + 1))',
                        'getElementById("next-step").addEventListener("click", () => show(current))')


def never_loading(html):
    return html.replace("</body>", "<script>for (;;) {}</script>\n</body>")


# (name, change of the fixture, extra options, expected exit status, what the output must say)
CASES = [
    ("fixture", unchanged, [], 0, r"passed 12 checks \(DOMContentLoaded [0-9.]+ s, load event [0-9.]+ s"),
    ("thrown-error", throwing, [], 1, r"the page threw: Error: thrown on purpose"),
    ("missing-verdict", without_overflow_verdict, [], 1, r'--verdict no-overflow=FALSE: no #verdicts \.verdict'),
    ("remote-image", with_remote_image, [], 1, r"the page requested http://example\.invalid/x\.png"),
    ("stuck-next-button", with_stuck_next_button, [], 1,
     r"after clicking #next-step from step 0 the current li\.step is none, expected 1"),
    ("never-loading", never_loading, ["--timeout", "8"], 1, r"--timeout 8: the check did not finish in time"),
    ("no-browser", unchanged, ["--chromium", "/nonexistent/chromium"], 2, r"cannot start chromium"),
]


def processes_mentioning(text):
    """The pids of processes whose command line contains `text` (the checker's temporary directory)."""
    pids = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if text.encode() in f.read():
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


def run_case(directory, name, change, options, expected_status, expected_output):
    """Failures of one case."""
    with open(FIXTURE, encoding="utf-8") as f:
        html = f.read()
    changed = change(html)
    if change is not unchanged and changed == html:
        return ["%s: the change did not apply to the fixture" % name]
    report = os.path.join(directory, name + ".html")
    with open(report, "w", encoding="utf-8") as f:
        f.write(changed)
    # The checker's profile goes into a directory of the case's own, to see that it is removed.
    scratch = os.path.join(directory, name + "-tmp")
    os.mkdir(scratch)
    run = subprocess.run([sys.executable, CHECKER, report] + FIXTURE_CHECKS + options, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, env=dict(os.environ, TMPDIR=scratch), timeout=120)
    failures = []
    if run.returncode != expected_status or not re.search(expected_output, run.stdout):
        failures.append("%s: exit status %d (expected %d), output without /%s/:\n%s"
                        % (name, run.returncode, expected_status, expected_output, run.stdout))
    if os.listdir(scratch):
        failures.append("%s: the checker left %s in its temporary directory" % (name, os.listdir(scratch)))
    left_running = processes_mentioning(scratch)
    if left_running:
        failures.append("%s: the checker left processes %s running" % (name, left_running))
    print("%s: exit status %d\n%s" % (name, run.returncode, run.stdout.rstrip()))
    return failures


def main():
    failures = []
    with tempfile.TemporaryDirectory(prefix="browser-selftest-") as directory:
        for case in CASES:
            failures.extend(run_case(directory, *case))
    if failures:
        print("browser self-test FAILED:\n" + "\n".join(failures))
        return 1
    print("browser self-test: the fixture passes, and each of the %d other cases fails as it should" % (len(CASES) - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
