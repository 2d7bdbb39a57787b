"""The layers depend downwards only: rules on nothing, drivers never on the flow."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "firmware_py" / "fogkeeper"
LEAVES = {"fogkeeper", "fogkeeper.errors", "fogkeeper.events", "fogkeeper.grown",
          "fogkeeper.paths", "fogkeeper.schema", "fogkeeper.secret"}
# layer -> the fogkeeper packages it may import (besides itself and the leaves)
ALLOWED = {
    "rules": set(),
    "data": {"fogkeeper.rules"},
    "drivers": {"fogkeeper.config"},
    "link": {"fogkeeper.drivers"},
    "ui": set(),
    "flow": {"fogkeeper.config", "fogkeeper.ui", "fogkeeper.link", "fogkeeper.drivers",
             "fogkeeper.rules", "fogkeeper.data"},
}


def imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def layer_files(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def violations(layer: str) -> list[str]:
    bad = []
    for path in layer_files(layer):
        for line, name in imports(path):
            top = name.split(".")[0]
            where = f"{path.relative_to(PACKAGE)}:{line} imports {name}"
            if top == "fogkeeper":
                inside = name == f"fogkeeper.{layer}" or name.startswith(f"fogkeeper.{layer}.")
                allowed = any(name == a or name.startswith(a + ".") for a in ALLOWED[layer])
                if not (inside or allowed or name in LEAVES):
                    bad.append(where)
            elif layer == "rules" and top not in sys.stdlib_module_names:
                bad.append(where + " (third-party)")
            elif layer == "rules" and top in {"time", "os", "io", "socket", "threading",
                                               "pathlib", "subprocess", "datetime"}:
                bad.append(where + " (clock or I/O)")
    return bad


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_is_below_it(layer: str) -> None:
    assert layer_files(layer), f"no modules found in {layer}"
    assert violations(layer) == []


def test_the_check_catches_upward_and_impure_imports(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "drivers").mkdir()
    (tmp_path / "drivers" / "bad.py").write_text("from fogkeeper.flow.app import App\n")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "bad.py").write_text("import gpiozero\nimport time\n"
                                               "from fogkeeper.ui import draw\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert violations("drivers") == ["drivers/bad.py:1 imports fogkeeper.flow.app"]
    assert violations("rules") == ["rules/bad.py:1 imports gpiozero (third-party)",
                                   "rules/bad.py:2 imports time (clock or I/O)",
                                   "rules/bad.py:3 imports fogkeeper.ui"]
