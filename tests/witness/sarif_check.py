#!/usr/bin/env python3
"""Checks a SARIF 2.1.0 file against what GitHub code scanning requires of an upload.

Usage: sarif_check.py FILE.sarif [RULE_ID...]

The required fields are those of GitHub's "SARIF support for code scanning" (see ../shared/research/witnesses.md,
section 4): `$schema`, `version` 2.1.0, `runs`, per run `tool.driver.name` and rules with `id`,
`shortDescription.text`, `fullDescription.text` and `help.text`; per result `message.text` and 1 to 10 `locations`
with an artifact URI and a start line (and a `ruleId` that names a rule, with `ruleIndex` pointing at it); code
flows, when present, as thread flows of locations of the same form. With RULE_IDs, the results must be exactly one
per id given (the FALSE verdicts of the run), in any order. Exit status 0 when it passes, 1 otherwise.
Python 3 standard library only.
"""

import json
import sys


def _location_problems(where, location):
    problems = []
    physical = location.get("physicalLocation") if isinstance(location, dict) else None
    if not isinstance(physical, dict):
        return ["%s: no physicalLocation" % where]
    uri = physical.get("artifactLocation", {}).get("uri")
    if not isinstance(uri, str) or not uri:
        problems.append("%s: no artifactLocation.uri" % where)
    region = physical.get("region", {})
    line = region.get("startLine")
    if not isinstance(line, int) or line < 1:
        problems.append("%s: no region.startLine >= 1" % where)
    column = region.get("startColumn")
    if column is not None and (not isinstance(column, int) or column < 1):
        problems.append("%s: region.startColumn %r is not >= 1" % (where, column))
    return problems


def _text(obj, key):
    value = obj.get(key) if isinstance(obj, dict) else None
    return isinstance(value, dict) and isinstance(value.get("text"), str) and value["text"] != ""


def check(doc, expected_rules=None):
    problems = []
    if doc.get("version") != "2.1.0":
        problems.append("version is %r, not \"2.1.0\"" % doc.get("version"))
    if not isinstance(doc.get("$schema"), str):
        problems.append("no $schema")
    runs = doc.get("runs")
    if not isinstance(runs, list) or not runs:
        return problems + ["no runs"]
    results_seen = []
    for r, run in enumerate(runs):
        driver = run.get("tool", {}).get("driver", {})
        if not isinstance(driver.get("name"), str) or not driver["name"]:
            problems.append("run %d: no tool.driver.name" % r)
        rules = driver.get("rules", [])
        ids = []
        for i, rule in enumerate(rules):
            for key in ("shortDescription", "fullDescription", "help"):
                if not _text(rule, key):
                    problems.append("run %d rule %d: no %s.text" % (r, i, key))
            ids.append(rule.get("id"))
            if not isinstance(rule.get("id"), str) or not rule["id"]:
                problems.append("run %d rule %d: no id" % (r, i))
        for k, result in enumerate(run.get("results", [])):
            where = "run %d result %d" % (r, k)
            if not _text(result, "message"):
                problems.append("%s: no message.text" % where)
            rule_id = result.get("ruleId")
            if rule_id not in ids:
                problems.append("%s: ruleId %r names no rule" % (where, rule_id))
            elif "ruleIndex" in result and (not isinstance(result["ruleIndex"], int)
                                            or result["ruleIndex"] >= len(ids) or ids[result["ruleIndex"]] != rule_id):
                problems.append("%s: ruleIndex %r is not rule %r" % (where, result["ruleIndex"], rule_id))
            if result.get("level", "warning") not in ("none", "note", "warning", "error"):
                problems.append("%s: level %r" % (where, result["level"]))
            locations = result.get("locations")
            if not isinstance(locations, list) or not 1 <= len(locations) <= 10:
                problems.append("%s: %s locations (1 to 10 required)" % (where, len(locations or [])))
            else:
                for n, location in enumerate(locations):
                    problems += _location_problems("%s location %d" % (where, n), location)
            for f, flow in enumerate(result.get("codeFlows", [])):
                for t, thread in enumerate(flow.get("threadFlows", [])):
                    steps = thread.get("locations")
                    if not isinstance(steps, list) or not steps:
                        problems.append("%s codeFlow %d threadFlow %d: no locations" % (where, f, t))
                        continue
                    for s, step in enumerate(steps):
                        prefix = "%s codeFlow %d threadFlow %d step %d" % (where, f, t, s)
                        problems += _location_problems(prefix, step.get("location"))
                        for name, value in step.get("state", {}).items():
                            if not _text({"v": value}, "v"):
                                problems.append("%s: state %r has no text" % (prefix, name))
            results_seen.append(rule_id)
    if expected_rules is not None and sorted(results_seen) != sorted(expected_rules):
        problems.append("results for %s, expected one for each of %s" % (sorted(results_seen), sorted(expected_rules)))
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("sarif: cannot read %s: %s" % (argv[1], e))
        return 1
    problems = check(doc, argv[2:] if len(argv) > 2 else None)
    for p in problems:
        print("sarif: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
