#!/usr/bin/env python3
"""Checks an SV-COMP violation witness (YAML 2.0; GraphML 1.0 for the leaks and non-termination) against its program,
without Atropos.

Usage: witness_check.py WITNESS.yml|WITNESS.graphml PROGRAM PROPERTY [--no-execution]

PROPERTY is unreach-call, no-overflow, valid-deref, valid-free (YAML), valid-memtrack, valid-memcleanup or
termination (GraphML).
Three checks, each written from the format
description (../shared/research/witnesses.md), none from a validator's code:

1. form: the schema (witness-yaml.schema.json, with python3-jsonschema), segments of avoid waypoints and
   one follow, the target last; the metadata's hash is the program's SHA-256, the specification is the property's;
2. locations: every line exists, a function_return's column is the `)` closing a call of a __VERIFIER_nondet_
   function, a target's column starts a token;
3. execution: the program is compiled natively with clang-14 together with a harness whose __VERIFIER_nondet_*
   functions return the witness's values in order, and run under the sanitizer that observes the property
   (UBSan for no-overflow, ASan for valid-deref and valid-free, a hook on reach_error for unreach-call). The
   witness is confirmed when the violation happens, on the target's statement where the sanitizer names a line.
   For GraphML: the graph's data, one entry and one path to a violation node, each value at a line that calls its
   function; then LeakSanitizer after main has returned (valid-memtrack) or a count of the program's allocations
   through the linker's --wrap (valid-memcleanup).
   For non-termination: one cycle head with an invariant (the recurrent set), one path from the entry to it and one
   back to it. The program gets a call atropos_at_head(INVARIANT) at the head (in the loop's condition, at a do loop's
   body or at the entry of the function a recursive call enters), inserted within its lines; the stem's values are
   returned in order, then the cycle's over and over. Confirmed when, once the stem's values are drawn and the state
   is in the set, every later visit of the head is in the set too, for 100 visits and at least three per state the
   invariant lists. This tests the set along the execution; it does not prove it closed.

Exit status 0 when every check passes, 1 otherwise (the reasons on stdout). Debian packages: python3-yaml,
python3-jsonschema, clang-14, libclang-rt-14-dev.
"""

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

import xml.etree.ElementTree as ElementTree

import jsonschema
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "witness-yaml.schema.json")
CLANG = os.environ.get("ATROPOS_CLANG", "clang-14")
SYMBOLIZER = "/usr/lib/llvm-14/bin/llvm-symbolizer"
RUN_TIMEOUT = 20  # seconds for the compiled program

SPECIFICATIONS = {
    "unreach-call": ["CHECK( init(main()), LTL(G ! call(reach_error())) )"],
    "no-overflow": ["CHECK( init(main()), LTL(G ! overflow) )"],
    "valid-deref": ["CHECK( init(main()), LTL(G valid-free) )", "CHECK( init(main()), LTL(G valid-deref) )",
                    "CHECK( init(main()), LTL(G valid-memtrack) )"],
}
SPECIFICATIONS["valid-free"] = SPECIFICATIONS["valid-memtrack"] = SPECIFICATIONS["valid-deref"]
SPECIFICATIONS["valid-memcleanup"] = ["CHECK( init(main()), LTL(G valid-memcleanup) )"]
SPECIFICATIONS["termination"] = ["CHECK( init(main()), LTL(F end) )"]
SPECIFICATIONS["valid-memsafety"] = SPECIFICATIONS["valid-deref"]
GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"
# What a GraphML violation witness's graph must say (sv-witnesses README-GraphML, in witnesses.md section 1.5).
GRAPH_KEYS = ("witness-type", "sourcecodelang", "producer", "specification", "programfile", "programhash",
              "architecture", "creationtime")

# What the sanitizer prints for a violation of each property.
VIOLATION_REPORTS = {
    "no-overflow": re.compile(r"runtime error: (signed integer overflow|negation of .* cannot be represented|"
                              r"division of .* cannot be represented|left shift of .* cannot be represented)"),
    "valid-deref": re.compile(r"AddressSanitizer: (heap-buffer-overflow|stack-buffer-overflow|global-buffer-overflow|"
                              r"dynamic-stack-buffer-overflow|stack-buffer-underflow|heap-use-after-free|"
                              r"stack-use-after-scope|stack-use-after-return|use-after-poison|SEGV on unknown address)"),
    "valid-free": re.compile(r"AddressSanitizer: (attempting double-free|attempting free on address which was not "
                             r"malloc\(\)-ed|bad-free)"),
}
REACH_ERROR_MARK = "atropos-witness-check: reach_error called"
RECURRENCE_MARK = "atropos-witness-check: recurrent set"
# How often the cycle head must be visited in the recurrent set, after the stem, for a non-termination witness: at
# least this often, and three times for each state its invariant lists (top-level disjuncts).
RECURRENT_VISITS = 100
REPROOF_TIMEOUT = 30  # seconds for the prover to re-prove a correctness witness's invariants
CALL_MISMATCH_MARK = "atropos-witness-check: another call"

# The SV-COMP nondet functions (sv-comp rules, "definition of __VERIFIER_nondet_X") and the C type each returns.
NONDET_TYPES = {
    "bool": "_Bool", "char": "char", "uchar": "unsigned char", "short": "short", "ushort": "unsigned short",
    "int": "int", "uint": "unsigned int", "unsigned": "unsigned int", "long": "long", "ulong": "unsigned long",
    "longlong": "long long", "ulonglong": "unsigned long long", "size_t": "unsigned long", "loff_t": "long long",
    "sector_t": "unsigned long long", "u8": "unsigned char", "u16": "unsigned short", "u32": "unsigned int",
    "float": "float", "double": "double",
}


class WitnessProblem(Exception):
    pass


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def waypoints(doc):
    for entry in doc:
        for item in entry["content"]:
            for w in item["segment"]:
                yield w["waypoint"]


def _schema_problems(doc):
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    return ["schema: %s at %s" % (error.message, "/".join(str(p) for p in error.absolute_path))
            for error in jsonschema.Draft7Validator(schema).iter_errors(doc)]


def _task_problems(task, digest, prop):
    problems = []
    if task["input_file_hashes"].get(task["input_files"][0]) != digest:
        problems.append("the hash of %s is not the program's SHA-256 %s" % (task["input_files"][0], digest))
    spec = [line.strip() for line in task["specification"].splitlines() if line.strip()]
    if spec != SPECIFICATIONS[prop]:
        problems.append("specification %r is not %s's" % (task["specification"], prop))
    return problems


def check_form(doc, program, prop):
    problems = _schema_problems(doc)
    if problems:
        return problems
    with open(program, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    for entry in doc:
        if entry["entry_type"] != "violation_sequence":
            problems.append("an entry of type %s in a violation witness" % entry["entry_type"])
            continue
        task = entry["metadata"]["task"]
        problems += _task_problems(task, digest, prop)
        segments = [item["segment"] for item in entry["content"]]
        for n, segment in enumerate(segments, 1):
            actions = [w["waypoint"]["action"] for w in segment]
            if actions[-1] != "follow" or "follow" in actions[:-1]:
                problems.append("segment %d: not avoid waypoints followed by one follow waypoint" % n)
            targets = [w for w in segment if w["waypoint"]["type"] == "target"]
            if targets and (n != len(segments) or segment[-1]["waypoint"]["type"] != "target"):
                problems.append("segment %d: a target that does not end the last segment" % n)
        if segments[-1][-1]["waypoint"]["type"] != "target":
            problems.append("the last segment does not end in a target")
        for w in waypoints([entry]):
            if w["location"]["file_name"] not in task["input_files"]:
                problems.append("location in %s, which is not an input file" % w["location"]["file_name"])
    return problems


def _call_closed_at(lines, line, column):
    """The callee's name of the call whose argument list the `)` at (line, column) closes, else None."""
    depth = 0
    l, c = line - 1, column - 1
    while l >= 0:
        text = lines[l]
        while c >= 0:
            ch = text[c]
            if ch == ")":
                depth += 1
            elif ch == "(":
                depth -= 1
                if depth == 0:
                    before = text[:c].rstrip()
                    m = re.search(r"[A-Za-z_][A-Za-z0-9_]*$", before)
                    return m.group(0) if m else None
            c -= 1
        l -= 1
        c = len(lines[l]) - 1 if l >= 0 else -1
    return None


def check_locations(doc, program):
    with open(program, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    problems = []
    for w in waypoints(doc):
        loc = w["location"]
        line, column = loc["line"], loc.get("column")
        where = "%s %d:%s" % (w["type"], line, column)
        if line > len(lines):
            problems.append("%s: the program has %d lines" % (where, len(lines)))
            continue
        text = lines[line - 1]
        if column is None:
            continue
        if column > len(text) or text[column - 1].isspace():
            problems.append("%s: no token at this column" % where)
            continue
        ch = text[column - 1]
        if w["type"] == "function_return":
            callee = _call_closed_at(lines, line, column) if ch == ")" else None
            if not callee or not callee.startswith("__VERIFIER_nondet_"):
                problems.append("%s: not the ')' closing a __VERIFIER_nondet_ call" % where)
        elif w["type"] == "target":
            if column > 1 and (re.match(r"\w", ch) and re.match(r"\w", text[column - 2])):
                problems.append("%s: inside a token" % where)
    return problems


# Bits of the C types the nondet functions return, per data model; the range a returned value must lie in.
TYPE_BITS = {"_Bool": 1, "char": 8, "unsigned char": 8, "short": 16, "unsigned short": 16, "int": 32,
             "unsigned int": 32, "long long": 64, "unsigned long long": 64}


def _type_range(ctype, data_model):
    bits = TYPE_BITS.get(ctype) or (32 if data_model == "ILP32" else 64)  # long, unsigned long
    if ctype == "_Bool":
        return 0, 1
    if ctype.startswith("unsigned"):
        return 0, 2 ** bits - 1
    return -2 ** (bits - 1), 2 ** (bits - 1) - 1


def _checked_constant(callee, text, data_model):
    """`text` when it is a constant in the range of the type `callee` returns."""
    ctype = NONDET_TYPES.get(callee[len("__VERIFIER_nondet_"):], "unsigned long long")
    if ctype in ("float", "double"):
        try:
            float.fromhex(text) if "0x" in text.lower() else float(text)
        except ValueError:
            raise WitnessProblem("%s returns %r, which is no %s constant" % (callee, text, ctype))
        return text
    try:
        value = int(text, 0)
    except ValueError:
        raise WitnessProblem("%s returns %r, which is no integer constant" % (callee, text))
    low, high = _type_range(ctype, data_model)
    if callee[len("__VERIFIER_nondet_"):] in NONDET_TYPES and not low <= value <= high:
        raise WitnessProblem("%s returns %d, outside the range of %s" % (callee, value, ctype))
    return text


def _returned_values(doc, lines, data_model):
    """[(callee name, value text)] of the function_return waypoints the witness follows, in order; each value checked
    against the range of the type its function returns."""
    values = []
    for w in waypoints(doc):
        if w["type"] != "function_return" or w["action"] != "follow":
            continue
        m = re.fullmatch(r"\s*\\result\s*==\s*(\S+)\s*", w["constraint"]["value"])
        if not m:
            raise WitnessProblem("function_return constraint %r is not `\\result == constant`" % w["constraint"]["value"])
        loc = w["location"]
        callee = _call_closed_at(lines, loc["line"], loc["column"]) if loc.get("column") else None
        if not callee:
            raise WitnessProblem("function_return at line %d names no call" % loc["line"])
        text = _checked_constant(callee, m.group(1), data_model)
        values.append((callee, text))
    return values


LEAK_PROPERTIES = ("valid-memtrack", "valid-memcleanup")
STILL_ALLOCATED_MARK = "atropos-witness-check: blocks allocated at exit:"
# valid-memcleanup: the program's own allocations, counted through the linker's --wrap, and reported wherever the
# program ends: at the return from main and at exit() (a destructor), at abort() (SIGABRT's handler) and at a call
# of reach_error, which aborts (SV-COMP's rules count all of these as the program's end).
COUNTED_ALLOCATIONS = ["#include <signal.h>",
                       "static long atropos_live;",
                       "static void atropos_report_live(void) {",
                       '  fprintf(stderr, "%s %%ld\\n", atropos_live);' % STILL_ALLOCATED_MARK,
                       "}",
                       "static void atropos_live_at_abort(int signal) { (void)signal; atropos_report_live(); _exit(134); }",
                       "__attribute__((constructor)) static void atropos_watch_abort(void) {",
                       "  signal(SIGABRT, atropos_live_at_abort);",
                       "}",
                       "void *__real_malloc(__SIZE_TYPE__); void *__real_calloc(__SIZE_TYPE__, __SIZE_TYPE__);",
                       "void *__real_realloc(void *, __SIZE_TYPE__); void __real_free(void *);",
                       "void *__wrap_malloc(__SIZE_TYPE__ n) { void *p = __real_malloc(n); atropos_live += p != 0; "
                       "return p; }",
                       "void *__wrap_calloc(__SIZE_TYPE__ k, __SIZE_TYPE__ n) { void *p = __real_calloc(k, n); "
                       "atropos_live += p != 0; return p; }",
                       "void *__wrap_realloc(void *q, __SIZE_TYPE__ n) { void *p = __real_realloc(q, n); "
                       "if (!q && p) atropos_live++; else if (q && !n) atropos_live--; return p; }",
                       "void __wrap_free(void *p) { if (p) atropos_live--; __real_free(p); }",
                       "__attribute__((destructor)) static void atropos_at_exit(void) { atropos_report_live(); }"]
WRAPPED = ["-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free"]
# valid-memtrack: after main returns its locals no longer count (SV-COMP's reading of Valgrind), so the harness calls
# the program's main (renamed) and, once it has returned, clears the stack below itself of the values main left
# there and asks LeakSanitizer then. A program that calls exit() gets LeakSanitizer's own check, with the stack; one
# that calls abort() gets it in the handler of SIGABRT, with the stack too.
LEAK_CHECK_AFTER_MAIN = ["#include <signal.h>",
                         "int atropos_program_main(int, char **, char **);",
                         "void __lsan_do_leak_check(void);",
                         "static void atropos_on_abort(int signal) { (void)signal; __lsan_do_leak_check(); _exit(134); }",
                         # Uninstrumented: ASan leaves the redzones of an instrumented array unwritten, and the
                         # leak check's own frames would inherit what the program left there.
                         "__attribute__((noinline, no_sanitize(\"address\"))) static void atropos_clear_stack(void) {",
                         "  volatile char area[1 << 16];",
                         "  for (unsigned long i = 0; i < sizeof area; i++) area[i] = 0;",
                         "}",
                         # Only the exit status's byte is kept: a main declared void leaves in the result register
                         # whatever it last computed, maybe the one pointer to the block that leaked.
                         "static unsigned char atropos_status;",
                         "__attribute__((noinline)) static void atropos_run_program(int argc, char **argv, char **envp) {",
                         "  atropos_status = (unsigned char)atropos_program_main(argc, argv, envp);",
                         "}",
                         "int main(int argc, char **argv, char **envp) {",
                         "  signal(SIGABRT, atropos_on_abort);",
                         "  atropos_run_program(argc, argv, envp);",
                         "  atropos_clear_stack();",
                         "  __lsan_do_leak_check();",
                         "  return atropos_status;",
                         "}"]


def harness_source(values, program_text, prop="unreach-call", cycle_start=None, visits=RECURRENT_VISITS):
    """C code whose nondet functions return the witness's values in order (then 0), each only to a call of the
    function its waypoint names (another function called first ends the run unconfirmed), and that reports where
    reach_error is called.

    A nondet function the rules do not name (one named after a typedef of the program) returns an unsigned long long:
    on x86, a caller that expects a narrower integer reads the low bits, which is the C conversion of the value."""
    out = ["#define _GNU_SOURCE", "#include <dlfcn.h>", "#include <stdio.h>", "#include <stdlib.h>",
           "#include <string.h>", "#include <unistd.h>",
           "static const char *const atropos_values[] = {%s};" % ", ".join('"%s"' % v for _, v in values + [("", "0")]),
           "static const char *const atropos_callees[] = {%s};"
           % ", ".join('"%s"' % c for c, _ in values + [("", "")]),
           "static unsigned long atropos_next, atropos_drawn;",
           "static void atropos_report_live(void);" if prop == "valid-memcleanup" else "",
           "static const char *atropos_value(const char *callee) {",
           "  if (atropos_next >= %d) %s" % (len(values), "return \"0\";" if cycle_start is None or cycle_start >= len(values)
                                             else "atropos_next = %d;" % cycle_start),
           "  ++atropos_drawn;",
           "  if (strcmp(callee, atropos_callees[atropos_next]) != 0) {",
           '    fprintf(stderr, "%s: call %%lu is %%s, not %%s\\n", atropos_next + 1, callee, '
           'atropos_callees[atropos_next]);' % CALL_MISMATCH_MARK,
           "    _exit(0);",
           "  }",
           "  return atropos_values[atropos_next++];",
           "}",
           "__attribute__((no_instrument_function)) static void atropos_reach_error_called(void *site) {",
           "  Dl_info info;",
           "  unsigned long base = site && dladdr(site, &info) ? (unsigned long)info.dli_fbase : 0;",
           '  fprintf(stderr, "%s at %%#lx base %%#lx\\n", (unsigned long)site, base);' % REACH_ERROR_MARK,
           "  atropos_report_live();" if prop == "valid-memcleanup" else "",
           "  _exit(0);",
           "}",
           "__attribute__((weak)) void reach_error(void) { atropos_reach_error_called(__builtin_return_address(0)); }",
           "__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void *fn, void *site) {",
           "  if (fn == (void *)reach_error) atropos_reach_error_called(site);",
           "}",
           "__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void *fn, void *site) {",
           "  (void)fn; (void)site;",
           "}",
           "__attribute__((weak)) void __VERIFIER_assume(int condition) { if (!condition) _exit(0); }",
           ]
    if prop not in LEAK_PROPERTIES:
        # A program that declares alloca itself calls a function the C library does not export. Heap memory in its
        # place can hide a violation (a free of it, a use after the caller returned) but not make one up, except a
        # leak: for the leak properties, such a program does not link.
        out += ["#undef alloca", "__attribute__((weak)) void *alloca(__SIZE_TYPE__ size) { return malloc(size); }"]
    if prop == "valid-memcleanup":
        out += COUNTED_ALLOCATIONS
    if prop == "valid-memtrack":
        out += LEAK_CHECK_AFTER_MAIN
    if prop == "termination":
        out += [
            "static unsigned long atropos_in_set;",
            "static void atropos_ended(void) { fprintf(stderr, \"%s: the program ended\\n\"); }" % RECURRENCE_MARK,
            "__attribute__((constructor)) static void atropos_watch_end(void) { atexit(atropos_ended); }",
            "int atropos_at_head(int holds) {",
            "  if (atropos_drawn < %d) return 0;" % (cycle_start or 0),
            "  if (!atropos_in_set) { atropos_in_set = holds; return 0; }",
            "  if (!holds) {",
            "    fprintf(stderr, \"%s: left after %%lu visits\\n\", atropos_in_set);" % RECURRENCE_MARK,
            "    _exit(0);",
            "  }",
            "  if (++atropos_in_set >= %d) {" % visits,
            "    fprintf(stderr, \"%s: held at %%lu visits\\n\", atropos_in_set);" % RECURRENCE_MARK,
            "    _exit(0);",
            "  }",
            "  return 0;",
            "}"]
    types = dict(NONDET_TYPES)
    for name in sorted(set(re.findall(r"\b__VERIFIER_nondet_(\w+)\s*\(", program_text))):
        types.setdefault(name, "unsigned long long")
    for name, ctype in types.items():
        value = 'atropos_value("__VERIFIER_nondet_%s")' % name
        if ctype in ("float", "double"):
            convert = "strtod(%s, 0)" % value
        elif ctype == "_Bool":
            convert = "strtoll(%s, 0, 0) != 0" % value
        else:  # a negative constant reads as its two's complement, which the conversion to ctype keeps
            convert = "strtoull(%s, 0, 0)" % value
        out.append("__attribute__((weak)) %s __VERIFIER_nondet_%s(void) { return (%s)(%s); }" % (ctype, name, ctype, convert))
    return "\n".join(out) + "\n"


def _statement_lines(lines, line):
    """The lines from `line` to the next `;` (the target's statement)."""
    last = line
    while last <= len(lines) and ";" not in lines[last - 1]:
        last += 1
    return range(line, last + 1)


def _first_stack_lines(report, program):
    """The lines of `program` in the first stack trace of a sanitizer report, innermost first."""
    name = re.escape(os.path.basename(program))
    lines, in_stack = [], False
    for row in report.splitlines():
        frame = re.match(r"\s*#\d+ 0x[0-9a-f]+ in .*?(?:^|[\s/(])" + name + r":(\d+)", row)
        if re.match(r"\s*#\d+ ", row):
            in_stack = True
            if frame:
                lines.append(int(frame.group(1)))
        elif in_stack:
            break
    return lines


def _symbolize(binary, address):
    """(file, line) of a code address of `binary`, by llvm-symbolizer."""
    r = subprocess.run([SYMBOLIZER, "--obj=" + binary, "%#x" % address], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, universal_newlines=True)
    m = re.search(r"^(.*):(\d+):\d+$", r.stdout, re.M)
    return (m.group(1), int(m.group(2))) if m else (None, None)


def _position_independent(binary):
    with open(binary, "rb") as f:
        header = f.read(18)
    return header[16] == 3  # e_type ET_DYN (both byte orders agree on the low byte for x86)


def execute(doc, program, prop, data_model):
    """Returns (confirmed, detail)."""
    with open(program, encoding="utf-8", errors="replace") as f:
        program_text = f.read()
    lines = program_text.split("\n")
    values = _returned_values(doc, lines, data_model)
    target = [w for w in waypoints(doc) if w["type"] == "target"][-1]["location"]
    return run_natively(values, program, program_text, prop, data_model, target["line"])


def run_natively(values, program, program_text, prop, data_model, target_line, cycle_start=None,
                 visits=RECURRENT_VISITS):
    """Compiles the program with the harness, runs it and looks for the violation; (confirmed, detail). For the leak
    properties there is no target line: the leak shows at the end."""
    lines = program_text.split("\n")
    statement = _statement_lines(lines, target_line) if target_line else range(0)
    flags = ["-g", "-O0", "-w", "-std=gnu11", "-fno-color-diagnostics"] + (["-m32"] if data_model == "ILP32" else [])
    sanitize = {"no-overflow": ["-fsanitize=signed-integer-overflow,shift-base", "-fno-sanitize-recover=all"],
                "valid-deref": ["-fsanitize=address"], "valid-free": ["-fsanitize=address"],
                "valid-memtrack": ["-fsanitize=address"], "valid-memcleanup": [],
                "unreach-call": [], "termination": []}[prop]
    with tempfile.TemporaryDirectory(prefix="witness-check-") as tmp:
        harness = os.path.join(tmp, "harness.c")
        with open(harness, "w", encoding="utf-8") as f:
            f.write(harness_source(values, program_text, prop, cycle_start, visits))
        objects = []
        # valid-memtrack: the harness's main calls the program's, renamed by the preprocessor (a preprocessed .i file
        # is preprocessed once more for it, as C: renaming the symbol after compilation left ASan's handling of main).
        program_flags = {"unreach-call": ["-finstrument-functions"],
                         "valid-memtrack": ["-x", "c", "-Dmain=atropos_program_main"]}
        for source, extra in ((program, program_flags.get(prop, [])), (harness, [])):
            obj = os.path.join(tmp, os.path.basename(source) + ".o")
            r = subprocess.run([CLANG, "-c"] + flags + sanitize + extra + [source, "-o", obj], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, universal_newlines=True, errors="replace")
            if r.returncode != 0:
                return False, "cannot compile %s natively: %s" % (source, r.stdout.strip().splitlines()[-1:] or "")
            objects.append(obj)
        binary = os.path.join(tmp, "program")
        wrap = WRAPPED if prop == "valid-memcleanup" else []
        r = subprocess.run([CLANG] + flags + sanitize + wrap + objects + ["-o", binary, "-lm", "-ldl"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True, errors="replace")
        if r.returncode != 0:
            return False, "cannot link: %s" % (r.stdout.strip().splitlines()[-1:] or "")
        # A leak check scans the stack, where ASan's frames for returned calls (kept to see a use after return)
        # would still hold the pointers: no such frames for it.
        asan = "detect_leaks=1" if prop == "valid-memtrack" else "detect_leaks=0:detect_stack_use_after_return=1"
        env = dict(os.environ, ASAN_OPTIONS=asan,
                   UBSAN_OPTIONS="print_stacktrace=0", ASAN_SYMBOLIZER_PATH=SYMBOLIZER)
        try:
            run = subprocess.run([binary], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 universal_newlines=True, errors="replace", timeout=RUN_TIMEOUT, env=env, cwd=tmp)
        except subprocess.TimeoutExpired:
            if prop == "termination":
                return False, "the program ran %d s without %d visits in the recurrent set" % (RUN_TIMEOUT, visits)
            return False, "the program ran %d s without the violation" % RUN_TIMEOUT
        report = run.stderr
        mismatch = re.search(re.escape(CALL_MISMATCH_MARK) + r": (.*)", report)
        if mismatch:
            return False, "the execution left the witness: " + mismatch.group(1)
        if prop == "unreach-call":
            called = re.search(re.escape(REACH_ERROR_MARK) + r" at (0x[0-9a-f]+|0) base (0x[0-9a-f]+|0)", report)
            if not called:
                return False, "reach_error was not called (exit status %d)" % run.returncode
            site, base = int(called.group(1), 16), int(called.group(2), 16)
            if not site:
                return False, "reach_error was called from an unknown place"
            # The return address lies after the call: the byte before it is in the call instruction.
            address = site - (base if _position_independent(binary) else 0) - 1
            file, line = _symbolize(binary, address)
            if line is None or os.path.basename(file or "") != os.path.basename(program):
                return False, "reach_error was called from %s:%s, not from the program" % (file, line)
            if line not in statement:
                return False, "reach_error was called at line %d, not on the target's statement (line %d)" % (
                    line, target_line)
            return True, "reach_error called at line %d" % line
    if prop == "termination":
        held = re.search(re.escape(RECURRENCE_MARK) + r": (.*)", report)
        if not held:
            return False, "the program stopped (exit status %d) outside the recurrent set" % run.returncode
        if not held.group(1).startswith("held"):
            return False, "the recurrent set: " + held.group(1)
        return True, "the recurrent set " + held.group(1) + " of the cycle head after the stem"
    if prop == "valid-memcleanup":
        left = re.search(re.escape(STILL_ALLOCATED_MARK) + r" (-?\d+)", report)
        if left and int(left.group(1)) > 0:
            return True, "%s blocks allocated at exit" % left.group(1)
        return False, "no block allocated at exit (%s)" % ("program ended without exit" if not left else "all freed")
    if prop == "valid-memtrack":
        if "LeakSanitizer: detected memory leaks" not in report:
            return False, "no leak reported (exit status %d)" % run.returncode
        allocated = _first_stack_lines(report[report.index("LeakSanitizer"):], program)
        if not allocated:
            return False, "a leak reported, but not of the program's own allocation"
        return True, "a leak of memory allocated at line %d" % allocated[0]
    m = VIOLATION_REPORTS[prop].search(report)
    if not m:
        return False, "no %s violation reported (exit status %d): %s" % (prop, run.returncode, report.strip()[-300:])
    if prop == "no-overflow":
        first = re.search(r"(?:^|[\s/])" + re.escape(os.path.basename(program)) + r":(\d+):\d+: runtime error", report,
                          re.M)
        reported = [int(first.group(1))] if first else []
    else:
        reported = _first_stack_lines(report, program)[:1]
    if not reported:
        return False, "%s, but the report names no line of the program" % m.group(1)
    if reported[0] in statement:
        return True, "%s at line %d" % (m.group(1), reported[0])
    return False, "%s at line %d, not on the target's statement (line %d)" % (m.group(1), reported[0], target_line)


class Graph:
    """A GraphML witness: its graph data, nodes (id -> data) and edges (source, target, data)."""

    def __init__(self, path):
        root = ElementTree.parse(path).getroot()
        self.keys = {k.get("id"): k for k in root.findall(GRAPHML + "key")}
        graph = root.find(GRAPHML + "graph")
        if graph is None:
            raise WitnessProblem("no graph element")
        self.data = {d.get("key"): (d.text or "") for d in graph.findall(GRAPHML + "data")}
        # A graph may carry several `specification` elements: one per CHECK line of the property.
        self.specifications = [d.text or "" for d in graph.findall(GRAPHML + "data") if d.get("key") == "specification"]
        self.nodes = {n.get("id"): {d.get("key"): (d.text or "") for d in n.findall(GRAPHML + "data")}
                      for n in graph.findall(GRAPHML + "node")}
        self.edges = [(e.get("source"), e.get("target"), {d.get("key"): (d.text or "") for d in e.findall(GRAPHML + "data")})
                      for e in graph.findall(GRAPHML + "edge")]

    def _walk(self, start, stop, what):
        """The edges from `start` along the only successor of each node to the first node (after one edge at least)
        for which stop(node) holds."""
        successors = {}
        for source, target, data in self.edges:
            successors.setdefault(source, []).append((target, data))
        edges, node, seen = [], start, set()
        while not edges or not stop(node):
            if node in seen or len(successors.get(node, [])) != 1:
                raise WitnessProblem("the graph is not one path from %s" % what)
            seen.add(node)
            node, data = successors[node][0]
            edges.append(data)
        return edges

    def entry(self):
        return [n for n, d in self.nodes.items() if d.get("entry") == "true"][0]

    def path(self):
        """The edges from the entry node to a violation node, when the graph is that one path."""
        return self._walk(self.entry(), lambda n: self.nodes[n].get("violation") == "true",
                          "the entry to a violation node")

    def cycle_head(self):
        heads = [n for n, d in self.nodes.items() if d.get("cyclehead") == "true"]
        if len(heads) != 1:
            raise WitnessProblem("%d cycle heads, not one" % len(heads))
        return heads[0]

    def lasso(self):
        """(stem, cycle): the edges from the entry to the cycle head, and from it back to itself."""
        head = self.cycle_head()
        stem = self._walk(self.entry(), lambda n: n == head, "the entry to the cycle head")
        cycle = self._walk(head, lambda n: n == head, "the cycle head back to itself")
        return stem, cycle


def check_graph_form(graph, program, prop, data_model):
    problems = []
    for key in GRAPH_KEYS:
        if not graph.data.get(key):
            problems.append("graph data %s missing" % key)
    used = set(graph.data) | {k for d in graph.nodes.values() for k in d} | {k for _, _, d in graph.edges for k in d}
    for key in sorted(used - set(graph.keys)):
        problems.append("data key %s is not declared" % key)
    if graph.data.get("witness-type") != "violation_witness":
        problems.append("witness-type is %r" % graph.data.get("witness-type"))
    if graph.data.get("sourcecodelang") != "C":
        problems.append("sourcecodelang is %r" % graph.data.get("sourcecodelang"))
    with open(program, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if graph.data.get("programhash") != digest:
        problems.append("programhash is not the program's SHA-256 %s" % digest)
    # witnesslint's SV-COMP mode: each element is exactly one of the competition's CHECK lines, of the property.
    for spec in graph.specifications:
        if spec.strip() not in SPECIFICATIONS[prop]:
            problems.append("specification element %r is not one CHECK line of %s" % (spec, prop))
    if sorted(spec.strip() for spec in graph.specifications) != sorted(SPECIFICATIONS[prop]):
        problems.append("specification elements %r are not %s's lines" % (graph.specifications, prop))
    architecture = {"ILP32": "32bit", "LP64": "64bit"}.get(data_model)
    if graph.data.get("architecture") not in ("32bit", "64bit"):
        problems.append("architecture %r is neither 32bit nor 64bit" % graph.data.get("architecture"))
    elif architecture and graph.data.get("architecture") != architecture:
        problems.append("architecture %r for the data model %s" % (graph.data.get("architecture"), data_model))
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})",
                        graph.data.get("creationtime", "")):
        problems.append("creationtime %r is not ISO 8601 without fractions" % graph.data.get("creationtime"))
    if len([n for n, d in graph.nodes.items() if d.get("entry") == "true"]) != 1:
        problems.append("not exactly one entry node")
    for source, target, _ in graph.edges:
        if source not in graph.nodes or target not in graph.nodes:
            problems.append("an edge %s -> %s between nodes that do not exist" % (source, target))
    if prop == "termination":
        if any(d.get("violation") == "true" for d in graph.nodes.values()):
            problems.append("a violation node in a non-termination witness")
        try:
            head = graph.cycle_head()
            if not graph.nodes[head].get("invariant", "").strip():
                problems.append("the cycle head has no invariant (the recurrent set)")
            graph.lasso()
        except WitnessProblem as e:
            problems.append(str(e))
    return problems


def _graph_values(edges, lines, data_model):
    """[(callee, value)] of the edges that fix a nondet call's result, each checked against its call's line and its
    type's range."""
    values = []
    for data in edges:
        callee = data.get("assumption.resultfunction")
        if not callee:
            continue
        m = re.fullmatch(r"\s*\\result\s*==\s*(\S+?)\s*;?\s*", data.get("assumption", ""))
        if not m:
            raise WitnessProblem("assumption %r is not `\\result == constant;`" % data.get("assumption"))
        line = int(data.get("startline", "0"))
        if not 1 <= line <= len(lines) or not re.search(r"\b" + re.escape(callee) + r"\s*\(", lines[line - 1]):
            raise WitnessProblem("no call of %s at line %d" % (callee, line))
        values.append((callee, _checked_constant(callee, m.group(1), data_model)))
    return values


def check(witness, program, prop, data_model=None, execution=True, prover=None):
    """All problems found (an empty list when the witness is confirmed). A correctness witness (invariant_set) has
    its invariants re-proved only with a prover, an Atropos binary."""
    if witness.endswith(".graphml"):
        return check_graph(witness, program, prop, data_model, execution)
    try:
        doc = load(witness)
    except (OSError, yaml.YAMLError) as e:
        return ["cannot read the witness: %s" % e]
    if isinstance(doc, list) and any(isinstance(e, dict) and e.get("entry_type") == "invariant_set" for e in doc):
        model = data_model or doc[0].get("metadata", {}).get("task", {}).get("data_model", "LP64")
        return check_correctness(doc, program, prop, model, prover, execution)
    problems = check_form(doc, program, prop)
    if problems:
        return problems
    problems = check_locations(doc, program)
    if execution and not problems:
        model = data_model or doc[0]["metadata"]["task"]["data_model"]
        try:
            confirmed, detail = execute(doc, program, prop, model)
        except WitnessProblem as e:
            confirmed, detail = False, str(e)
        if not confirmed:
            problems.append("not confirmed by execution: " + detail)
    return problems


def check_graph(witness, program, prop, data_model, execution):
    try:
        graph = Graph(witness)
    except (OSError, ElementTree.ParseError, WitnessProblem) as e:
        return ["cannot read the witness: %s" % e]
    model = data_model or {"32bit": "ILP32", "64bit": "LP64"}.get(graph.data.get("architecture"))
    problems = check_graph_form(graph, program, prop, model)
    if problems or not execution:
        return problems
    with open(program, encoding="utf-8", errors="replace") as f:
        program_text = f.read()
    lines = program_text.split("\n")
    try:
        if prop != "termination":
            values = _graph_values(graph.path(), lines, model)
            confirmed, detail = run_natively(values, program, program_text, prop, model, None)
        else:
            stem, cycle = graph.lasso()
            stem_values = _graph_values(stem, lines, model)
            invariant = graph.nodes[graph.cycle_head()]["invariant"]
            instrumented = instrument_cycle_head(program_text, stem[-1], invariant)
            with tempfile.TemporaryDirectory(prefix="witness-lasso-") as tmp:
                copy = os.path.join(tmp, os.path.basename(program))
                with open(copy, "w", encoding="utf-8") as f:
                    f.write(instrumented)
                visits = max(RECURRENT_VISITS, 3 * (_top_level_disjuncts(invariant)))
                confirmed, detail = run_natively(stem_values + _graph_values(cycle, lines, model), copy, instrumented,
                                                 prop, model, None, cycle_start=len(stem_values), visits=visits)
    except WitnessProblem as e:
        confirmed, detail = False, str(e)
    return [] if confirmed else ["not confirmed by execution: " + detail]


def _top_level_disjuncts(expression):
    depth, count = 0, 1
    code = _code_mask(expression)
    for i, c in enumerate(code):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and code.startswith("||", i):
            count += 1
    return count


def _code_mask(text):
    """The text with comments, string and character literals and preprocessor lines blanked (newlines kept), so
    brackets and keywords can be found by position."""
    out, i, n = list(text), 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if line_start and c == "#":
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
            continue
        if not c.isspace():
            line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            i = end
        elif c in "\"'":
            k = i + 1
            while k < n and text[k] != c and text[k] != "\n":
                k += 2 if text[k] == "\\" else 1
            for j in range(i, min(k + 1, n)):
                out[j] = " "
            i = k + 1
        else:
            i += 1
    return "".join(out)


def _matching(code, open_at):
    """The index of the bracket that closes the one at open_at."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    depth = 0
    for i in range(open_at, len(code)):
        if code[i] in pairs:
            depth += 1
        elif code[i] in pairs.values():
            depth -= 1
            if depth == 0:
                return i
    raise WitnessProblem("an unbalanced bracket in the program")


def instrument_cycle_head(text, entering, invariant):
    """The program with a call atropos_at_head(INVARIANT) at each visit of the cycle head: at the loop whose keyword
    is first on the edge's startline (instrument_loop_head), or at the start of the body of the function a recursive
    call enters. Inserted within lines, so every line keeps its number."""
    check = "(atropos_at_head(!!(%s)))" % invariant
    line = int(entering.get("startline", "0"))
    if entering.get("enterFunction"):
        code = _code_mask(text)
        name = re.escape(entering["enterFunction"])
        for m in re.finditer(r"\b%s\s*\(" % name, code):
            close = _matching(code, m.end() - 1)
            body = re.compile(r"\s*\{").match(code, close + 1)
            if body:
                at = body.end()
                return text[:at] + " %s;" % check + text[at:]
        raise WitnessProblem("no definition of %s" % entering["enterFunction"])
    if entering.get("enterLoopHead") != "true":
        raise WitnessProblem("the edge into the cycle head neither enters a loop head nor a function")
    return instrument_loop_head(text, line, None, check)


def instrument_loop_head(text, line, column, check):
    """The program with the expression `check` evaluated at each visit of the head of the loop whose keyword is at
    (line, column), or first on the line without a column: in a while or for loop's condition, at the start of a do
    loop's body. Inserted within lines, so every line keeps its number."""
    code = _code_mask(text)
    line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    if not 1 <= line <= len(line_starts):
        raise WitnessProblem("the loop head's line %d is not in the program" % line)
    start = line_starts[line - 1] + (column - 1 if column else 0)
    end = line_starts[line] - 1 if line < len(line_starts) else len(text)
    m = re.compile(r"\b(for|while|do)\b").search(code, start, end)
    if not m or (column and m.start() != start):
        raise WitnessProblem("no loop keyword at line %d%s" % (line, ", column %d" % column if column else ""))
    if m.group(1) == "do":
        body = re.compile(r"\s*\{").match(code, m.end())
        if not body:
            raise WitnessProblem("the do loop at line %d has no compound body" % line)
        return text[:body.end()] + " %s;" % check + text[body.end():]
    open_paren = re.compile(r"\s*\(").match(code, m.end())
    if not open_paren:
        raise WitnessProblem("no condition after the loop keyword at line %d" % line)
    open_at = open_paren.end() - 1
    close_at = _matching(code, open_at)
    if m.group(1) == "while":
        first, last = open_at + 1, close_at
    else:
        separators = [i for i in range(open_at + 1, close_at) if code[i] == ";" and
                      code.count("(", open_at + 1, i) == code.count(")", open_at + 1, i)]
        if len(separators) != 2:
            raise WitnessProblem("the for loop at line %d has no two clauses separated by ;" % line)
        first, last = separators[0] + 1, separators[1]
    condition = text[first:last] if text[first:last].strip() else "1"
    return text[:first] + " %s, (%s)" % (check, condition) + text[last:]


def _split_top_level(expression, operator):
    """The parts of an expression separated by `operator` (`||` or `&&`) outside brackets, each stripped of
    whitespace and of brackets around all of it."""
    code = _code_mask(expression)
    parts, depth, start, i = [], 0, 0, 0
    while i < len(code):
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        if depth == 0 and code.startswith(operator, i):
            parts.append(expression[start:i])
            start = i = i + len(operator)
            continue
        i += 1
    parts.append(expression[start:])
    return [_unbracketed(p) for p in parts]


def _unbracketed(text):
    text = text.strip()
    while text.startswith("(") and _matching(_code_mask(text), 0) == len(text) - 1:
        text = text[1:-1].strip()
    return text


def _comparison(conjunct):
    """A conjunct `A >= B` or `A > B` as (A, operator, B), the operator outside brackets."""
    code = _code_mask(conjunct)
    depth = 0
    for i, c in enumerate(code):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and c == ">" and code[i - 1:i] not in ("-", ">") and code[i + 1:i + 2] != ">":
            operator = ">=" if code[i + 1:i + 2] == "=" else ">"
            return _unbracketed(conjunct[:i]), operator, _unbracketed(conjunct[i + len(operator):])
    raise WitnessProblem("not a comparison of an earlier value with the current one: %s" % conjunct)


AT_ANY_PREV = re.compile(r"\\at\(\s*([A-Za-z_]\w*)\s*,\s*AnyPrev\s*\)")


def lexicographic_components(relation):
    """The components f1, ..., fk (current values), each with its lower bound L, of a transition invariant that states
    a lexicographic decrease as Atropos writes it: disjuncts j = 1..k, each `f1' >= f1 && ... && f(j-1)' >= f(j-1) && fj' > fj && fj' >= L`,
    where f' is f with every variable x read as \\at(x, AnyPrev) and L a constant. Such a relation is transitive
    and well-founded, so it holds between any two visits of the head once it holds between consecutive ones.
    Raises WitnessProblem for any other form."""
    components = []
    for j, disjunct in enumerate(_split_top_level(relation, "||")):
        conjuncts = [_comparison(c) for c in _split_top_level(disjunct, "&&")]
        if len(conjuncts) != j + 2:
            raise WitnessProblem("disjunct %d of the transition invariant is not a lexicographic step" % (j + 1))
        for i, (before, operator, now) in enumerate(conjuncts[:-1]):
            if AT_ANY_PREV.search(now) or AT_ANY_PREV.sub(lambda m: m.group(1), before) != now:
                raise WitnessProblem("%s does not compare a function's earlier value with its current one" % before)
            if operator != (">" if i == j else ">="):
                raise WitnessProblem("component %d is compared with %s in disjunct %d" % (i + 1, operator, j + 1))
            if i < j and components[i][0] != now:
                raise WitnessProblem("component %d differs between the disjuncts" % (i + 1))
        bounded, operator, lowest = conjuncts[-1]
        if bounded != conjuncts[j][0] or operator != ">=" or not re.fullmatch(r"-?\d+(LL|L)?", lowest):
            raise WitnessProblem("component %d has no constant lower bound in disjunct %d" % (j + 1, j + 1))
        components.append((conjuncts[j][2], lowest))
    return components


def _loop_entered(text, line, column, reset):
    """The program with the expression `reset` evaluated each time the loop whose keyword is at (line, column) is
    entered: a while loop becomes a for loop with it as its first clause, a for loop gets it before its first
    clause (inside the initializer of a declared variable). Within lines."""
    code = _code_mask(text)
    line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    at = line_starts[line - 1] + column - 1
    m = re.compile(r"(for|while|do)\b").match(code, at)
    if not m or m.group(1) == "do":
        raise WitnessProblem("a transition invariant is only checked at a for or while loop")
    open_at = re.compile(r"\s*\(").match(code, m.end()).end() - 1
    close_at = _matching(code, open_at)
    if m.group(1) == "while":
        return text[:at] + "for (%s;" % reset + text[open_at + 1:close_at] + "; )" + text[close_at + 1:]
    first = code.index(";", open_at)
    clause = text[open_at + 1:first]
    declaration = re.match(r"\s*[A-Za-z_][\w\s\*]*?[\s\*]\**[A-Za-z_]\w*\s*=(?!=)", clause)
    if not clause.strip():
        return text[:open_at + 1] + reset + text[first:]
    if not declaration:
        return text[:open_at + 1] + "%s, %s" % (reset, clause) + text[first:]
    value_at = open_at + 1 + declaration.end()
    value_code = code[value_at:first]
    depth, end = 0, len(value_code)
    for i, c in enumerate(value_code):
        depth += {"(": 1, ")": -1, "{": 1, "}": -1}.get(c, 0)
        if depth == 0 and c == ",":
            end = i
            break
    return (text[:value_at] + " (%s, %s)" % (reset, text[value_at:value_at + end]) + text[value_at + end:])


def invariants_asserted(text, invariants, transitions=()):
    """The program with reach_error() called where an invariant [(line, column, expression)] does not hold at its
    loop head, or where a transition invariant [(line, column, relation)] does not hold between a visit of its head
    and the one before in the same execution of the loop; the program's own reach_error and __VERIFIER_error renamed,
    so that only these calls are errors. A transition invariant must state a lexicographic decrease
    (lexicographic_components): each component's value is kept in a variable of its own at every visit (the largest
    long long when the loop is entered), and the next visit compares. Comparing values rather than keeping the
    variables spares the prover a relation between old and new variables under a flag."""
    code = _code_mask(text)
    for m in reversed(list(re.finditer(r"\b(reach_error|__VERIFIER_error)\b", code))):
        text = text[:m.start()] + "atropos_program_" + m.group(1) + text[m.end():]
    ghosts = []
    checks = [(line, column, 0, expression) for line, column, expression in invariants]
    checks += [(line, column, 1, relation) for line, column, relation in transitions]
    for line, column, kind, expression in sorted(checks, reverse=True):
        if kind == 0:
            text = instrument_loop_head(text, line, column, "((%s) ? 0 : (reach_error(), 0))" % expression)
            continue
        components, lowest = zip(*lexicographic_components(expression))
        kept = ["atropos_loop_%d_%d_f%d" % (line, column, i + 1) for i in range(len(components))]
        ghosts += ["static long long %s;" % k for k in kept]
        steps = []
        for j in range(len(components)):
            step = ["%s >= (%s)" % (kept[i], components[i]) for i in range(j)]
            step += ["%s > (%s)" % (kept[j], components[j]), "%s >= %s" % (kept[j], lowest[j])]
            steps.append("(" + " && ".join(step) + ")")
        record = ", ".join("%s = (%s)" % (k, f) for k, f in zip(kept, components))
        check = "((%s) ? 0 : (reach_error(), 0)), %s" % (" || ".join(steps), record)
        text = instrument_loop_head(text, line, column, check)
        text = _loop_entered(text, line, column, ", ".join("%s = 9223372036854775807LL" % k for k in kept))
    if ghosts:
        text = "void reach_error(void); " + " ".join(ghosts) + "\n" + text
    return text


def check_correctness(doc, program, prop, data_model, prover, execution):
    """Problems of a correctness witness: the form (schema, entry type, hash, specification), each invariant at a loop
    keyword, and, with a prover (an Atropos binary), the invariants re-proved: the program with reach_error() called
    wherever one does not hold must be TRUE for unreach-call."""
    problems = _schema_problems(doc)
    if problems:
        return problems
    with open(program, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with open(program, encoding="utf-8", errors="replace") as f:
        text = f.read()
    lines = text.split("\n")
    invariants, transitions = [], []
    for entry in doc:
        if entry["entry_type"] != "invariant_set":
            problems.append("an entry of type %s in a correctness witness" % entry["entry_type"])
            continue
        problems += _task_problems(entry["metadata"]["task"], digest, prop)
        for item in entry["content"]:
            inv = item["invariant"]
            loc = inv["location"]
            where = "%s at %d:%s" % (inv["type"], loc["line"], loc.get("column"))
            if loc["file_name"] not in entry["metadata"]["task"]["input_files"]:
                problems.append("%s: in %s, which is not an input file" % (where, loc["file_name"]))
                continue
            if inv["type"] not in ("loop_invariant", "loop_transition_invariant"):
                problems.append("%s: only loop invariants and loop transition invariants are checked" % where)
                continue
            transition = inv["type"] == "loop_transition_invariant"
            if transition and entry["metadata"]["format_version"] == "2.0":
                problems.append("%s: a loop transition invariant in a witness of format 2.0" % where)
                continue
            if inv["format"] != ("ext_c_expression" if transition else "c_expression"):
                problems.append("%s: in format %s" % (where, inv["format"]))
                continue
            column = loc.get("column")
            if loc["line"] > len(lines) or not column or not re.match(
                    r"(for|while|do)\b", _code_mask(lines[loc["line"] - 1])[column - 1:]):
                problems.append("%s: not at a for, while or do keyword" % where)
                continue
            if transition:
                try:
                    lexicographic_components(inv["value"])
                except WitnessProblem as e:
                    problems.append("%s: not a well-founded relation: %s" % (where, e))
                    continue
            (transitions if transition else invariants).append((loc["line"], column, inv["value"]))
    if problems or not execution or not prover or not (invariants or transitions):
        return problems
    try:
        asserted = invariants_asserted(text, invariants, transitions)
    except WitnessProblem as e:
        return ["the invariants cannot be inserted: %s" % e]
    with tempfile.TemporaryDirectory(prefix="witness-invariants-") as tmp:
        copy = os.path.join(tmp, os.path.basename(program))
        with open(copy, "w", encoding="utf-8") as f:
            f.write(asserted)
        run = subprocess.run([prover, "--property", "unreach-call", "--data-model", data_model, "--timeout",
                              str(REPROOF_TIMEOUT), copy], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True, errors="replace")
    first = (run.stdout.splitlines() or [""])[0]
    if first.strip() != "unreach-call: TRUE":
        detail = run.stdout.splitlines()[1].strip() if len(run.stdout.splitlines()) > 1 else ""
        problems.append("the invariants are not re-proved: %s %s" % (first.strip(), detail))
    return problems


def main(argv):
    prover = None
    args = []
    rest = iter(argv[1:])
    for a in rest:
        if a == "--prover":
            prover = next(rest, None)
        elif not a.startswith("--"):
            args.append(a)
    if len(args) != 3 or args[2] not in SPECIFICATIONS:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    problems = check(args[0], args[1], args[2], execution="--no-execution" not in argv, prover=prover)
    for p in problems:
        print("witness: " + p)
    if not problems:
        print("witness: confirmed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
