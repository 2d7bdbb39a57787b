"""The docs' command tables, made from the command rows: ``python -m fogkeeper.app.doc_tables``
writes them into the docs; a test keeps the docs equal to what this makes.

A table sits between ``<!-- commands:NAME -->`` and ``<!-- /commands -->`` in its page, so
the prose around it stays hand-written; The FOG's checklist keys (made from their
declaration in ``flow/fog/setup.py``) between ``<!-- checklist:fog -->`` and
``<!-- /checklist -->``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from fogkeeper.link.catalogue import markdown_table

# page (under docs/) -> the tables in it, by name
PAGES = {"host-link.md": ("box",), "fog-link.md": ("fog",), "fogsite-link.md": ("fogsite",),
         "corps.md": ("corps",)}
_BLOCK = re.compile(r"(<!-- commands:(\w+) -->\n)(.*?)(<!-- /commands -->)", re.S)
_CHECKLIST = re.compile(r"(<!-- checklist:fog -->\n)(.*?)(<!-- /checklist -->)", re.S)


def table(name: str) -> str:
    """The Markdown table of ``name``: ``box`` (the box's own commands) or a game's."""
    if name == "box":
        from fogkeeper.app.commands import BOX_COMMANDS

        return markdown_table(BOX_COMMANDS)
    if name == "fog":
        from fogkeeper.flow.fog.link import COMMANDS as fog
        return markdown_table(fog.commands, "fog.")
    if name == "fogsite":
        from fogkeeper.flow.fogsite.link import COMMANDS as fogsite
        return markdown_table(fogsite.commands, "fogsite.")
    if name == "corps":
        from fogkeeper.flow.corps.link import COMMANDS as corps
        return markdown_table(corps.commands, "corps.")
    raise KeyError(name)


def filled(text: str) -> str:
    """``text`` with every marked table made anew from the rows."""
    from fogkeeper.flow.fog.setup import docs_table

    text = _BLOCK.sub(lambda m: m.group(1) + table(m.group(2)) + m.group(4), text)
    return _CHECKLIST.sub(lambda m: m.group(1) + docs_table() + m.group(3), text)


def main(docs: Path) -> int:
    for page in PAGES:
        path = docs / page
        text = path.read_text(encoding="utf-8")
        new = filled(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs")))
