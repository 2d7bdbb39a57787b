"""Checks that a game's triggers are declared once (its ``Go`` enum): shared by the games'
trigger tests."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from enum import StrEnum


def undeclared(rows: Iterable[Mapping[str, object]], go: type[StrEnum]) -> list[object]:
    """Triggers that are not members (a plain string equal to one escapes mypy all the same)."""
    return [row["trigger"] for row in rows if type(row["trigger"]) is not go]


def unused(rows: Iterable[Mapping[str, object]], go: type[StrEnum]) -> list[StrEnum]:
    used = {row["trigger"] for row in rows}
    return [member for member in go if member not in used]


def spelt_triggers(source: str, names: tuple[str, ...] = ("trigger", "fire")) -> list[int]:
    """Lines that fire a trigger given as a string literal or an f-string."""
    def spelt(node: ast.expr) -> bool:
        if isinstance(node, ast.IfExp):
            return spelt(node.body) or spelt(node.orelse)
        return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant)
                                                   and isinstance(node.value, str))
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in names and any(spelt(arg) for arg in node.args)]
