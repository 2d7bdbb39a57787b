"""No class in ``flow/`` grows past about 40 methods: a flow is composed of parts, each
holding one part of its game (FOGSITE's ``FogsiteFlow`` over ``Setup``, ``TeamTurn``...).

The allow-list only shrinks: a class on it must still be over the bound (take it off once
it is split), and may not grow past what it holds now."""

from __future__ import annotations

import ast
from pathlib import Path

import fogkeeper

FLOW = Path(fogkeeper.__file__).parent / "flow"
MOST_METHODS = 40
# class -> the methods it may keep until it is split (never more)
ALLOWED: dict[str, int] = {}


def _method_counts() -> dict[str, tuple[int, str]]:
    counts = {}
    for path in sorted(FLOW.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body
                           if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                counts[node.name] = (len(methods), str(path.relative_to(FLOW)))
    return counts


def test_no_flow_class_is_over_the_bound() -> None:
    over = {name: (n, where) for name, (n, where) in _method_counts().items()
            if n > ALLOWED.get(name, MOST_METHODS)}
    assert not over, f"split these into parts (methods, file): {over}"


def test_the_allow_list_only_shrinks() -> None:
    counts = _method_counts()
    for name, most in ALLOWED.items():
        assert name in counts, f"{name} is gone: take it off ALLOWED"
        n = counts[name][0]
        assert n > MOST_METHODS, f"{name} has {n} methods now: take it off ALLOWED"
        assert n == most, f"{name} has {n} methods: set ALLOWED[{name!r}] = {n}"
