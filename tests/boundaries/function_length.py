#!/usr/bin/env python3
"""Checks that no function of the sources is longer than a limit, the interpreter's dispatch loop excepted.

A long body is where a wrong TRUE hides (issue 44): each phase of a long computation is a function with a name and
a comment on what it establishes. Lengths are counted from the line of a function's name to its closing brace;
lambdas and local classes count towards the function around them. Prints each function over the limit, longest
first, and exits 1 if there is one.

Usage: function_length.py [ROOT] [LIMIT]   (ROOT: src by default; LIMIT: 150 lines by default)
"""
import pathlib
import re
import sys

# The interpreter's dispatch loop is one switch over the opcodes, whose cases the compiler keeps in one frame.
EXEMPT = {'Execution::loop'}
SOURCES = {'.h', '.hpp', '.cpp', '.cc'}
CONTROL = {'if', 'for', 'while', 'switch', 'catch', 'return', 'sizeof', 'alignof', 'decltype'}


def without_comments_and_literals(text):
    """The text with comments, string and character literals blanked (line breaks kept), so that braces count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            end = text.find('\n', i)
            i = n if end < 0 else end
        elif text.startswith('/*', i):
            end = text.find('*/', i + 2)
            end = n if end < 0 else end + 2
            out.append('\n' * text.count('\n', i, end))
            i = end
        elif c == 'R' and text.startswith('R"', i):
            delimiter = text[i + 2:text.find('(', i)]
            end = text.find(')' + delimiter + '"', i)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append('""' + '\n' * text.count('\n', i, end))
            i = end
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def function_name(head):
    """The name of the function whose body the brace after `head` opens and where the name begins in `head`, or None
    when the brace opens something else."""
    stripped = head.rstrip()
    # Qualifiers and a trailing return type between the parameters and the body.
    stripped = re.sub(r'(\)\s*)((const|noexcept|override|final|mutable|&|&&)\s*|->\s*[\w:<>,\s\*&]+)*$', r'\1', stripped)
    if not stripped.endswith(')') or re.search(r'(^|[^\w])(namespace|class|struct|union|enum)\s', stripped):
        return None
    depth, k = 0, len(stripped) - 1
    while k >= 0:  # back to the parenthesis that opens the parameters
        depth += {')': 1, '(': -1}.get(stripped[k], 0)
        if depth == 0:
            break
        k -= 1
    # A constructor's member initializers (`) : a_(x), b_(y)`) follow its parameters: its name is before them.
    initializers = re.search(r'\)\s*:(?!:)', stripped[:k])
    if initializers:
        return function_name(stripped[:initializers.start() + 1])
    match = re.search(r'([\w:~]+|operator\s*\S+)\s*$', stripped[:k])
    if not match or match.group(1) in CONTROL or '=' in stripped[:match.start()].split('\n')[-1]:
        return None
    return match.group(1), match.start()


def functions(path):
    """(name, first line, last line) of each function body in the file, outermost ones only."""
    text = without_comments_and_literals(path.read_text(errors='replace'))
    found, stack = [], []  # stack: for each open brace, whether it opens a function body (and where it began)
    statement_start = 0
    for i, c in enumerate(text):
        if c == '{':
            inside_function = any(kind for kind, _, _ in stack)
            named = None if inside_function else function_name(text[statement_start:i])
            begin = text.count('\n', 0, statement_start + named[1]) + 1 if named else 0
            stack.append((named is not None, named[0] if named else None, begin))
            statement_start = i + 1
        elif c == '}':
            if stack:
                opened_function, name, begin = stack.pop()
                if opened_function:
                    found.append((name, begin, text.count('\n', 0, i) + 1))
            statement_start = i + 1
        elif c == ';':
            statement_start = i + 1
    return found


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'src')
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    long_ones = []
    for path in sorted(root.rglob('*')):
        if path.suffix not in SOURCES or not path.is_file():
            continue
        for name, first, last in functions(path):
            if last - first + 1 > limit and name not in EXEMPT:
                long_ones.append((last - first + 1, f'{path}:{first}', name))
    for length, where, name in sorted(long_ones, reverse=True):
        print(f'{where}: {name} has {length} lines (at most {limit})')
    print(f'{len(long_ones)} functions over {limit} lines in {root}')
    return 1 if long_ones else 0


if __name__ == '__main__':
    sys.exit(main())
