#!/usr/bin/env python3
"""Write an HTML page of result CSVs of bench/run.py: the results by directory, a quantile plot of the runs and, for
two runs, a scatter plot of their CPU times per task with the wrong answers marked.

The page is one file that a browser opens offline: the plots are inline SVG, drawn with matplotlib (Debian's
python3-matplotlib). See bench/README.md.

    report.py RUN.csv [RUN.csv ...] [--names A,B,...] --html OUT.html
"""

import argparse
import collections
import html
import io
import os
import sys

from run import SUMMARY_COLUMNS, format_value, read_csv, summarize

# Times below this are drawn at it: a log scale has no zero.
FLOOR_SECONDS = 0.001


def is_correct(row):
    return row["status"].startswith("correct")


def is_wrong(row):
    return row["status"].startswith("wrong")


def directory_of(row):
    return os.path.dirname(row["task"]) or "."


def load_plotting():
    import matplotlib
    matplotlib.use("Agg")
    # The same CSVs give the same page: no date in the SVG, and element ids from a fixed salt.
    matplotlib.rcParams["svg.hashsalt"] = "atropos"
    matplotlib.rcParams["svg.fonttype"] = "path"  # the text as outlines, so no font is fetched or missing
    import matplotlib.pyplot as pyplot
    return pyplot


def svg_of(pyplot, figure):
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    pyplot.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def quantile_plot(pyplot, runs):
    """CPU time of each correct answer, sorted, against the number of correct answers: one line per run."""
    figure, axes = pyplot.subplots(figsize=(7, 4.5))
    for name, rows in runs:
        times = sorted(max(row["cpu_s"], FLOOR_SECONDS) for row in rows if is_correct(row))
        wrong = sum(is_wrong(row) for row in rows)
        label = "%s (%d correct%s)" % (name, len(times), ", %d wrong" % wrong if wrong else "")
        axes.step(range(1, len(times) + 1), times, where="post", label=label)
    axes.set_yscale("log")
    axes.set_xlabel("number of correct answers")
    axes.set_ylabel("CPU time of the answer (s)")
    axes.set_title("Quantile plot: the n-th fastest correct answer")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="upper left")
    return svg_of(pyplot, figure)


def scatter_plot(pyplot, first, second):
    """Per task both runs have, the first run's CPU time against the second's; a wrong answer in either is a red
    cross, a task only one of them answered correctly an orange triangle."""
    (first_name, first_rows), (second_name, second_rows) = first, second
    second_by_key = {(row["task"], row["property"]): row for row in second_rows}
    groups = collections.defaultdict(lambda: ([], []))
    for row in first_rows:
        other = second_by_key.get((row["task"], row["property"]))
        if other is None:
            continue
        if is_wrong(row) or is_wrong(other):
            group = "wrong in either"
        elif is_correct(row) and is_correct(other):
            group = "correct in both"
        elif is_correct(row) or is_correct(other):
            group = "correct in one"
        else:
            group = "correct in neither"
        xs, ys = groups[group]
        xs.append(max(row["cpu_s"], FLOOR_SECONDS))
        ys.append(max(other["cpu_s"], FLOOR_SECONDS))
    styles = {"correct in both": dict(marker=".", color="tab:blue", s=14),
              "correct in neither": dict(marker=".", color="tab:gray", s=14),
              "correct in one": dict(marker="^", color="tab:orange", s=30),
              "wrong in either": dict(marker="x", color="tab:red", s=60, linewidths=2)}
    figure, axes = pyplot.subplots(figsize=(6, 6))
    everything = [t for xs, ys in groups.values() for t in xs + ys] or [FLOOR_SECONDS, 1]
    low, high = min(everything) / 1.5, max(everything) * 1.5
    axes.plot([low, high], [low, high], color="black", linewidth=0.8)
    for factor in (2, 0.5):
        axes.plot([low, high], [low * factor, high * factor], color="black", linewidth=0.5, linestyle="--")
    for group, style in styles.items():
        if group in groups:
            xs, ys = groups[group]
            axes.scatter(xs, ys, label="%s (%d)" % (group, len(xs)), **style)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, high)
    axes.set_ylim(low, high)
    axes.set_aspect("equal")
    axes.set_xlabel("CPU time of %s (s)" % first_name)
    axes.set_ylabel("CPU time of %s (s)" % second_name)
    axes.set_title("CPU time per task (dashed: twice and half)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="upper left")
    return svg_of(pyplot, figure)


def totals_table(runs):
    cells = ["<tr><th>run</th>%s</tr>" % "".join("<th>%s</th>" % html.escape(header) for header, _ in SUMMARY_COLUMNS)]
    for name, rows in runs:
        summary = summarize(rows)
        cells.append("<tr><td>%s</td>%s</tr>" % (html.escape(name), "".join(
            "<td>%s</td>" % html.escape(format_value(summary[key])) for _, key in SUMMARY_COLUMNS)))
    return "<table>%s</table>" % "".join(cells)


def directory_table(runs):
    """Per directory and run: correct, wrong, other answers, and the CPU time of all tasks."""
    directories = sorted({directory_of(row) for _, rows in runs for row in rows})
    head = "<tr><th rowspan=2>directory</th>%s</tr><tr>%s</tr>" % (
        "".join("<th colspan=4>%s</th>" % html.escape(name) for name, _ in runs),
        "<th>correct</th><th>wrong</th><th>other</th><th>CPU s</th>" * len(runs))
    body = []
    for directory in directories:
        cells = []
        for _, rows in runs:
            mine = [row for row in rows if directory_of(row) == directory]
            correct, wrong = sum(map(is_correct, mine)), sum(map(is_wrong, mine))
            cells.append("<td>%d</td><td%s>%d</td><td>%d</td><td>%.1f</td>" % (
                correct, " class=wrong" if wrong else "", wrong, len(mine) - correct - wrong,
                sum(row["cpu_s"] for row in mine)))
        body.append("<tr><td>%s</td>%s</tr>" % (html.escape(directory), "".join(cells)))
    return "<table>%s%s</table>" % (head, "".join(body))


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%(title)s</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 2em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td.wrong { background: #f6c0c0; font-weight: bold; }
figure { display: inline-block; margin: 0 2em 2em 0; vertical-align: top; }
</style></head>
<body>
<h1>%(title)s</h1>
<p>%(sources)s</p>
<h2>Totals</h2>
%(totals)s
<h2>Plots</h2>
<figure id="quantile">%(quantile)s</figure>
%(scatter)s
<h2>By directory</h2>
%(directories)s
</body></html>
"""


def page(runs, title):
    pyplot = load_plotting()
    scatter = ""
    if len(runs) == 2:
        scatter = '<figure id="scatter">%s</figure>' % scatter_plot(pyplot, runs[0], runs[1])
    return PAGE % {
        "title": html.escape(title),
        "sources": "Runs: " + ", ".join(html.escape(name) for name, _ in runs) + ".",
        "totals": totals_table(runs),
        "quantile": quantile_plot(pyplot, runs),
        "scatter": scatter,
        "directories": directory_table(runs),
    }


def write_page(runs, title, path):
    """Writes the page of `runs`, a list of (name, rows); returns why it could not, or None."""
    try:
        text = page(runs, title)
    except ImportError as e:
        return "%s: the plots need matplotlib (Debian's python3-matplotlib, for /usr/bin/python3)" % e
    try:
        with open(path, "w") as out:
            out.write(text)
    except OSError as e:
        return "cannot write %s: %s" % (path, e)
    return None


def run_name(path):
    return os.path.splitext(os.path.basename(path.rstrip("/")))[0]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csvs", nargs="+", help="result CSVs of bench/run.py; two of them also give a scatter plot")
    parser.add_argument("--names", help="the runs' names, comma-separated (default: the CSVs' file names)")
    parser.add_argument("--title", default="Atropos benchmark runs")
    parser.add_argument("--html", required=True, help="the page to write")
    args = parser.parse_args(argv)
    names = args.names.split(",") if args.names else [run_name(p) for p in args.csvs]
    if len(names) != len(args.csvs):
        parser.error("--names gives %d names for %d CSVs" % (len(names), len(args.csvs)))
    try:
        runs = [(name, read_csv(path)) for name, path in zip(names, args.csvs)]
    except (OSError, KeyError, ValueError) as e:
        print("report.py: cannot read the CSVs: %s" % e, file=sys.stderr)
        return 2
    failure = write_page(runs, args.title, args.html)
    if failure:
        print("report.py: %s" % failure, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
