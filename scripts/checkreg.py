"""The list of checks (checkers/Checks.def) and what must agree with it.

Checks.def is the one list of checks: CMake builds each check's folder from
it, the lit suites run each check's corpus folder from it, and the index of
docs/checks/ is written from it. `verify()` says where the tree disagrees;
`render_index()` is the index as it must read. Used by scripts/new-check and
tests/checks/check-registry.
"""
import os
import re

# KHARDEN_CHECK("name", Class, ByDefault|OptIn, "summary " "continued")
_ENTRY = re.compile(
    r'^KHARDEN_CHECK\(\s*"([^"]+)",\s*(\w+),\s*(ByDefault|OptIn),\s*'
    r'((?:"(?:[^"\\]|\\.)*"\s*)+)\)',
    re.M)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')

DEF = os.path.join('checkers', 'Checks.def')
INDEX = os.path.join('docs', 'checks', 'README.md')
# Corpus folders of shared inputs, which lit does not run
# (tests/lit/lit.cfg.py's excludes).
SHARED_INPUTS = ('include', 'examples', 'schemes')


def read_checks(root):
    """[(name, class, summary, opt_in)] in Checks.def's order."""
    with open(os.path.join(root, DEF)) as f:
        text = f.read()
    return [(m.group(1), m.group(2),
             ''.join(_STRING.findall(m.group(4))).replace('\\"', '"'),
             m.group(3) == 'OptIn')
            for m in _ENTRY.finditer(text)]


def render_index(checks):
    lines = ['# Checks', '',
             'Written by `scripts/new-check` from `checkers/Checks.def`, the one list',
             'of checks; `tests/checks/check-registry` fails when they disagree.', '',
             '| check | what it finds |', '| --- | --- |']
    lines += ['| [`%s`](%s.md)%s | %s |'
              % (n, n, ' (opt-in)' if opt_in else '', s)
              for n, _, s, opt_in in checks]
    return '\n'.join(lines) + '\n'


def _dirs(path):
    return sorted(d for d in os.listdir(path)
                  if os.path.isdir(os.path.join(path, d)))


def verify(root, tool_suites):
    """Every disagreement between Checks.def, checkers/, docs/checks/ and
    corpus/ (whose folders are checks, tool_suites, the tool's own lit
    suites, or shared inputs), one sentence each; empty when they agree."""
    checks = read_checks(root)
    names = [n for n, _, _, _ in checks]
    problems = []
    if len(set(names)) != len(names):
        problems.append('%s: a check is listed twice' % DEF)
    for name, cls, _, _ in checks:
        folder = os.path.join('checkers', name)
        if not os.path.isfile(os.path.join(root, folder, cls + '.cpp')):
            problems.append('%s: no %s.cpp for check %s' % (folder, cls, name))
        doc = os.path.join('docs', 'checks', name + '.md')
        if not os.path.isfile(os.path.join(root, doc)):
            problems.append('%s: missing: check %s has no doc page' % (doc, name))
        corpus = os.path.join(root, 'corpus', name)
        if not os.path.isdir(corpus) or not any(
                f.endswith('.c') for f in os.listdir(corpus)):
            problems.append('corpus/%s: no test case for check %s' % (name, name))
    for d in _dirs(os.path.join(root, 'checkers')):
        if d not in names and d != 'data':
            problems.append('checkers/%s: not a check in %s' % (d, DEF))
    for f in sorted(os.listdir(os.path.join(root, 'docs', 'checks'))):
        if f.endswith('.md') and f != 'README.md' and f[:-3] not in names:
            problems.append('docs/checks/%s: not a check in %s' % (f, DEF))
    for d in _dirs(os.path.join(root, 'corpus')):
        if d not in names and d not in tuple(tool_suites) + SHARED_INPUTS:
            problems.append('corpus/%s: not a check in %s, nor a tool suite'
                            % (d, DEF))
    index = os.path.join(root, INDEX)
    if not os.path.isfile(index) or open(index).read() != render_index(checks):
        problems.append('%s: does not list the checks of %s (run '
                        'scripts/new-check --index)' % (INDEX, DEF))
    return problems
