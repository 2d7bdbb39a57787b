"""Corps of Discovery screens the generic renderers cannot draw: the guess board and one circle."""

from __future__ import annotations

from dataclasses import dataclass

from fogkeeper.ui import draw as d
from fogkeeper.ui.draw import Frame

GRID_COLUMNS = 3
CELL_WIDTH = d.WIDTH // GRID_COLUMNS
CELL_HEIGHT = 14
TOKEN_SIZE = 20    # the token being keyed in, for the key holder's eyes
VERDICT_SIZE = 16  # a revealed circle's RIGHT or WRONG


@dataclass(frozen=True)
class CellView:
    """One circle of the Reference Board: its number, the token on it ("" when empty)."""

    slot: int
    token: str
    fixed: bool = False  # Water on its public circle: drawn boxed, it never moves


@dataclass(frozen=True)
class BoardView:
    title: str
    corner: str
    cells: tuple[CellView, ...]
    cursor: int  # slot number under the cursor
    hint: str
    carried: int | None = None  # slot whose token the table is moving, drawn blinking-free


@dataclass(frozen=True)
class CircleView:
    """One uncovered circle at the end: the guess, the true token and the verdict on it."""

    title: str
    slot: int
    guess: str
    answer: str
    right: bool
    progress: str
    hint: str


SHORT_NAMES = {"mushroom": "Mush", "flower": "Flowr"}  # the two names wider than a third


def short_name(token: str) -> str:
    """A token name short enough for a third of the screen."""
    return SHORT_NAMES.get(token, token.capitalize()) if token else "-"


def render_board(view: BoardView) -> Frame:
    """Nine circles in a 3x3 grid, numbered 1..9 left to right, top to bottom."""
    image, draw = d.blank()
    d.title_bar(draw, view.title, view.corner)
    for cell in view.cells:
        _cell(draw, cell, view)
    d.footer(draw, view.hint)
    return Frame(image, (f"{view.title} [{view.corner}]" if view.corner else view.title,
                         *_board_lines(view), view.hint))


def _cell(draw: d.ScreenDraw, cell: CellView, view: BoardView) -> None:
    column, line = (cell.slot - 1) % GRID_COLUMNS, (cell.slot - 1) // GRID_COLUMNS
    left, top = column * CELL_WIDTH, d.TITLE_HEIGHT + 1 + line * CELL_HEIGHT
    right, bottom = left + CELL_WIDTH - 2, top + CELL_HEIGHT - 2
    selected = cell.slot == view.cursor
    if selected:
        draw.rectangle((left, top, right, bottom), fill=1)
    elif cell.fixed:
        draw.rectangle((left, top, right, bottom), outline=1)
    if cell.slot == view.carried:  # a dotted frame marks the token in the hand
        ink_frame = 0 if selected else 1
        for x in range(left, right + 1, 2):
            draw.point([(x, top), (x, bottom)], fill=ink_frame)
        for y in range(top, bottom + 1, 2):
            draw.point([(left, y), (right, y)], fill=ink_frame)
    ink = 0 if selected else 1
    # the circle's number, then its token's name 2 px closer than a space: five letters fit
    draw.put((left + 2, top), str(cell.slot), d.SMALL, ink)
    name_left = left + 2 + d.text_width(str(cell.slot), d.SMALL) + 2
    draw.put((name_left, top), d.fit(short_name(cell.token), d.SMALL, right - name_left),
             d.SMALL, ink)


def _board_lines(view: BoardView) -> tuple[str, ...]:
    lines = []
    for start in range(0, len(view.cells), GRID_COLUMNS):
        parts = []
        for cell in view.cells[start:start + GRID_COLUMNS]:
            mark = ">" if cell.slot == view.cursor else " "
            extra = "#" if cell.fixed else ("^" if cell.slot == view.carried else "")
            parts.append(f"{mark}{cell.slot} {cell.token or '-'}{extra}")
        lines.append("  ".join(parts))
    return tuple(lines)


def render_key_slot(title: str, slot: int, token: str, hint: str) -> Frame:
    """Key entry: only the slot being entered and the token chosen for it.

    The token is drawn for the key holder's eyes but left out of the text lines, which the
    box also sends to the host link as screen events.
    """
    image, draw = d.blank()
    d.title_bar(draw, title, f"{slot}/9")
    d.centred(draw, d.TITLE_HEIGHT + 1, f"Circle {slot}", d.SMALL)
    d.centred(draw, d.TITLE_HEIGHT + 14, token.capitalize(), TOKEN_SIZE)
    d.footer(draw, hint)
    return Frame(image, (title, f"Circle {slot} of 9: token shown on the box only", hint))


def render_circle(view: CircleView) -> Frame:
    """The reveal of one circle, the verdict on it in large letters."""
    image, draw = d.blank()
    d.title_bar(draw, view.title, view.progress)
    said = "RIGHT" if view.right else "WRONG"
    said_line = f"Circle {view.slot}: {said}"
    d.centred(draw, d.TITLE_HEIGHT + 1, said_line, d.size_to_fit(said_line, d.WIDTH - 1,
                                                                (VERDICT_SIZE, d.BODY)))
    guess = f"guess {view.guess.capitalize() if view.guess else '-'}"
    answer = f"it is {view.answer.capitalize()}"
    d.centred(draw, d.TITLE_HEIGHT + 17, guess, d.SMALL)
    d.centred(draw, d.TITLE_HEIGHT + 29, answer, d.SMALL)
    d.footer(draw, view.hint)
    return Frame(image, (f"{view.title} [{view.progress}]", f"Circle {view.slot}: {said}",
                         guess, answer, view.hint))
