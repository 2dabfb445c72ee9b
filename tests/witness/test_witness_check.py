#!/usr/bin/env python3
"""The witness checker must reject what is wrong, not only accept what Atropos writes.

Usage: test_witness_check.py ATROPOS

Writes the no-overflow witness of examples/overflow.c (ILP32) with ATROPOS, requires witness_check.py to confirm
it, then changes one thing at a time (a value, the target's column, the hash, the specification, the segment
order) and requires each change to be rejected, by the check that concerns it. Likewise for the SARIF report of
the same run and sarif_check.py, a leak's and a non-termination's GraphML witness, and a TRUE's correctness witness
(whose invariants ATROPOS re-proves), also in format 2.1 with the ranking functions of a termination proof.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sarif_check  # noqa: E402
import witness_check  # noqa: E402

PROGRAM = os.path.join(HERE, "..", "..", "examples", "overflow.c")
LEAK = os.path.join(HERE, "..", "programs", "nondet", "conditional_leak.c")  # lost unless the nondet value is > 0
LASSO = os.path.join(HERE, "..", "programs", "lasso", "period_three.c")  # x cycles through 0, 1, 2 unless it is 5
LOOPS = os.path.join(HERE, "..", "programs", "symex", "array_fill.c")  # two counting loops, TRUE for no-overflow
NESTED = os.path.join(HERE, "..", "programs", "termination", "nested.c")  # two nested counting loops, terminating


def confirmed_witness(tool, directory, options, program, file, prop, failures):
    """The path of the witness `tool` writes for `program` with `options` into `directory`; a failure unless the
    checker confirms it (a correctness witness's invariants re-proved by `tool`)."""
    os.mkdir(directory)
    subprocess.run([tool, "--timeout", "20", "--witness-dir", directory] + options + [program],
                   stdout=subprocess.DEVNULL, check=True)
    path = os.path.join(directory, file)
    problems = witness_check.check(path, program, prop, prover=tool)
    if problems:
        failures.append("Atropos's %s witness of %s is not confirmed: %s" % (prop, program, problems))
    return path


def rejected_changes(witness, program, prop, changes, prover=None):
    """Failures: each (name, change of the witness's text, expected problem) the checker does not reject so."""
    with open(witness, encoding="utf-8") as f:
        text = f.read()
    failures = []
    for name, change, expected in changes:
        changed_text = change(text)
        if changed_text == text:
            failures.append("%s: the change did not apply" % name)
            continue
        changed = os.path.join(os.path.dirname(witness), name + os.path.splitext(witness)[1])
        with open(changed, "w", encoding="utf-8") as f:
            f.write(changed_text)
        problems = witness_check.check(changed, program, prop, prover=prover)
        if not any(expected in p for p in problems):
            failures.append("%s: expected a problem mentioning %r, got %s" % (name, expected, problems))
        else:
            print("%s: rejected (%s)" % (name, "; ".join(problems)))
    return failures


def specification_in_one_element(text):
    """A GraphML witness whose CHECK lines share one `specification` element, as Atropos wrote them once."""
    element = re.compile(r' *<data key="specification">(.*?)</data>\n')
    lines = element.findall(text)
    text = element.sub("", text)
    return text.replace('<data key="programfile">',
                        '<data key="specification">%s</data>\n  <data key="programfile">' % "\n".join(lines), 1)


def main(argv):
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    failures = []
    with tempfile.TemporaryDirectory(prefix="witness-check-test-") as tmp:
        sarif = os.path.join(tmp, "report.sarif")
        subprocess.run([argv[1], "--property", "no-overflow", "--data-model", "ILP32", "--timeout", "20",
                        "--witness-dir", tmp, "--sarif", sarif, PROGRAM], stdout=subprocess.DEVNULL, check=True)
        with open(sarif, encoding="utf-8") as f:
            report = json.load(f)
        problems = sarif_check.check(report, ["no-overflow"])
        if problems:
            failures.append("Atropos's SARIF report does not pass: %s" % problems)
        for change, expected in ((lambda d: d["runs"][0]["tool"]["driver"]["rules"][0].pop("help"), "help.text"),
                                 (lambda d: d["runs"][0]["results"][0].update(ruleIndex=0), "ruleIndex"),
                                 (lambda d: d["runs"][0]["results"].clear(), "expected one for each"),
                                 (lambda d: d.update(version="2.0.0"), "version")):
            doc = json.loads(json.dumps(report))
            change(doc)
            problems = sarif_check.check(doc, ["no-overflow"])
            if not any(expected in p for p in problems):
                failures.append("SARIF change: expected a problem mentioning %r, got %s" % (expected, problems))
        path = os.path.join(tmp, "witness.yml")
        with open(path, encoding="utf-8") as f:
            original = yaml.safe_load(f)
        problems = witness_check.check(path, PROGRAM, "no-overflow")
        if problems:
            failures.append("Atropos's witness is not confirmed: %s" % problems)

        def segments(doc):
            return doc[0]["content"]

        def waypoint(doc, kind):
            return [s["segment"][-1]["waypoint"] for s in segments(doc) if s["segment"][-1]["waypoint"]["type"] == kind]

        def small_values(doc):
            for w in waypoint(doc, "function_return"):
                w["constraint"]["value"] = "\\result == 5"

        def value_out_of_range(doc):
            waypoint(doc, "function_return")[0]["constraint"]["value"] = "\\result == 4294967295"

        def target_on_another_statement(doc):
            waypoint(doc, "target")[0]["location"].update(line=11, column=11, function="main")  # average(a, b)

        def target_inside_a_token(doc):
            waypoint(doc, "target")[0]["location"]["column"] = 13  # the `v` of `static int average(`

        def other_hash(doc):
            task = doc[0]["metadata"]["task"]
            task["input_file_hashes"][task["input_files"][0]] = "0" * 64

        def other_specification(doc):
            doc[0]["metadata"]["task"]["specification"] = "CHECK( init(main()), LTL(F end) )"

        def target_first(doc):
            segments(doc).reverse()

        def unquoted_version(doc):
            doc[0]["metadata"]["format_version"] = 2.0

        for change, expected in ((small_values, "not confirmed by execution"),
                                 (value_out_of_range, "outside the range"),
                                 (target_on_another_statement, "not on the target's statement"),
                                 (target_inside_a_token, "inside a token"),
                                 (other_hash, "hash"), (other_specification, "specification"),
                                 (target_first, "target"), (unquoted_version, "schema")):
            doc = yaml.safe_load(yaml.safe_dump(original))
            change(doc)
            changed = os.path.join(tmp, change.__name__ + ".yml")
            with open(changed, "w", encoding="utf-8") as f:
                yaml.safe_dump(doc, f)
            problems = witness_check.check(changed, PROGRAM, "no-overflow")
            if not any(expected in p for p in problems):
                failures.append("%s: expected a problem mentioning %r, got %s" % (change.__name__, expected, problems))
            else:
                print("%s: rejected (%s)" % (change.__name__, "; ".join(problems)))
        # The GraphML witness of a leak: confirmed as written, rejected with a value that frees the block or with
        # another program hash.
        graph = confirmed_witness(argv[1], os.path.join(tmp, "leak"), ["--property", "valid-memsafety"], LEAK,
                                  "witness.graphml", "valid-memtrack", failures)
        failures += rejected_changes(graph, LEAK, "valid-memtrack", (
            ("freeing_value", lambda t: t.replace("\\result == 0;", "\\result == 1;"), "no leak reported"),
            ("other_programhash", lambda t: re.sub(r"(<data key=\"programhash\">)[0-9a-f]+", r"\g<1>" + "0" * 64, t),
             "programhash"),
            ("specification_in_one_element", specification_in_one_element, "specification"),
            ("unknown_architecture", lambda t: t.replace(">64bit<", ">x86_64<"), "architecture"),
            ("fractional_creationtime", lambda t: re.sub(r"(<data key=\"creationtime\">[^<]*?)(Z|[+-]\d\d:\d\d)<",
                                                         r"\g<1>.5\g<2><", t), "creationtime")))
        # The GraphML witness of non-termination: confirmed as written; rejected when the recurrent set misses a
        # state of the cycle, when the stem's value ends the program, or without a cycle head.
        graph = confirmed_witness(argv[1], os.path.join(tmp, "lasso"), ["--property", "termination"], LASSO,
                                  "witness.graphml", "termination", failures)
        failures += rejected_changes(graph, LASSO, "termination", (
            ("state_missing", lambda t: t.replace(" || (x == 2)", ""), "left after"),
            ("ending_value", lambda t: t.replace("\\result == 0;", "\\result == 5;"), "ended"),
            ("no_cycle_head", lambda t: t.replace("<data key=\"cyclehead\">true</data>", ""), "cycle heads")))
        # The correctness witness of a TRUE: confirmed as written (its invariants re-proved by Atropos); rejected when
        # an invariant is false at some visit (i < n fails when the loop ends), or is not at a loop keyword.
        witness = confirmed_witness(argv[1], os.path.join(tmp, "proof"),
                                    ["--property", "no-overflow", "--data-model", "ILP32"], LOOPS, "witness.yml",
                                    "no-overflow", failures)
        with open(witness, encoding="utf-8") as f:
            if "loop_invariant" not in f.read():
                failures.append("the correctness witness of %s has no loop invariant" % LOOPS)
        failures += rejected_changes(witness, LOOPS, "no-overflow", (
            ("invariant_too_strong", lambda t: t.replace("i <= n", "i < n"), "not re-proved"),
            ("invariant_off_its_loop", lambda t: t.replace("column: 3", "column: 4", 1), "not at a for"),
            ("other_property", lambda t: t.replace("LTL(G ! overflow)", "LTL(F end)"), "specification")),
            prover=argv[1])
        # Format 2.1: the ranking functions of a termination proof as loop transition invariants, re-proved with the
        # loop invariants. Rejected when a component can grow, when its bound is one the loop leaves, when a
        # disjunct lacks its bound (not well-founded), and in a witness that says it is of format 2.0.
        witness = confirmed_witness(argv[1], os.path.join(tmp, "ranking"),
                                    ["--property", "termination", "--witness-version", "2.1"], NESTED, "witness.yml",
                                    "termination", failures)
        with open(witness, encoding="utf-8") as f:
            if f.read().count("loop_transition_invariant") != 2:
                failures.append("the 2.1 correctness witness of %s has no ranking function per loop" % NESTED)
        failures += rejected_changes(witness, NESTED, "termination", (
            ("component_grows", lambda t: t.replace(" - (long long)", " + (long long)"), "not re-proved"),
            ("bound_too_high", lambda t: re.sub(r'>= -?\d+(LL)?"', '>= 0"', t), "not re-proved"),
            ("bound_missing", lambda t: re.sub(r' && \((?:(?!&&)[^"])*\) >= -?\d+(?:LL)?"', '"', t, count=1),
             "not a well-founded relation"),
            ("version_2_0", lambda t: t.replace('format_version: "2.1"', 'format_version: "2.0"'), "format 2.0")),
            prover=argv[1])
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
