#!/usr/bin/env python3
"""Checks that Z3 is reached only through the solver layer (src/smt).

Outside src/smt, no source file may include Z3's headers itself (components get Z3's terms from smt/term.h), make a
solver, optimizer or tactic of its own (smt::makeSolver and smt::boxOptimizer make them, with the limits of one
policy), set a resource limit, or catch Z3's exceptions (smt::attempt turns them into answers). Prints each place
that does, and exits 1 if there is one.

Usage: solver_layer.py [ROOT]   (ROOT: the folder of the components, src by default; its smt folder is exempt)
"""
import pathlib
import re
import sys

RULES = [
    (re.compile(r'#\s*include\s*<z3(\+\+)?\.h>'), "includes Z3's header: include smt/term.h"),
    (re.compile(r'\bz3::exception\b'), "handles Z3's exceptions: run the work through smt::attempt"),
    (re.compile(r'\bz3::(solver|optimize|fixedpoint)\s*(\(|\{)'), "makes a solver: use smt::makeSolver"),
    (re.compile(r'\bz3::(solver|optimize|fixedpoint)\s+\w+\s*(\((?!\s*\))|\{)'), "makes a solver: use smt::makeSolver"),
    (re.compile(r'\bz3::tactic\b|\.mk_solver\s*\('), "makes a solver from tactics: add a smt::Procedure"),
    (re.compile(r'"rlimit"|"timeout"'), "sets a solver limit: pass smt::Limits"),
]
SOURCES = {'.h', '.hpp', '.cpp', '.cc'}


def violations(root: pathlib.Path):
    for path in sorted(root.rglob('*')):
        if path.suffix not in SOURCES or not path.is_file():
            continue
        if path.relative_to(root).parts[0] == 'smt':
            continue
        for number, line in enumerate(path.read_text(errors='replace').splitlines(), 1):
            code = line.split('//', 1)[0]
            for pattern, what in RULES:
                if pattern.search(code):
                    yield f'{path.relative_to(root)}:{number}: {what}'


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'src')
    if not root.is_dir():
        print(f'solver_layer.py: {root} is not a folder', file=sys.stderr)
        return 2
    found = list(violations(root))
    for v in found:
        print(v)
    print(f'{len(found)} places reach Z3 outside src/smt')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
