"""Screen renderers: each takes a small frozen view and returns a ``Frame`` (image + text)."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from fogkeeper.ui import draw as d
from fogkeeper.ui.draw import Frame

MENU_ROWS = 3


@dataclass(frozen=True)
class MenuItem:
    label: str
    value: str = ""


@dataclass(frozen=True)
class MenuView:
    title: str
    items: tuple[MenuItem, ...]
    cursor: int
    hint: str
    corner: str = ""
    # the frame's lines carry only the window of rows the panel shows (the corner says where
    # it is, "12/300"): for a list that grows with what the box keeps, e.g. its past games
    lines_on_panel_only: bool = False


@dataclass(frozen=True)
class MessageView:
    title: str
    lines: tuple[str, ...]
    hint: str
    big: str = ""
    invert: bool = False


@dataclass(frozen=True)
class CountdownView:
    seconds_left: int
    fraction_left: float
    status: str
    hint: str
    invert: bool = False
    paused: bool = False    # a pause sign beside the time: a paused glass never looks running
    expired: bool = False   # the words TIME UP in big type: never mistaken for the warning


def mm_ss(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def render_menu(view: MenuView) -> Frame:
    image, draw = d.blank()
    scrolls = len(view.items) > MENU_ROWS
    corner = view.corner or (f"{view.cursor + 1}/{len(view.items)}" if scrolls else "")
    d.title_bar(draw, view.title, corner)
    first = min(max(0, view.cursor - 1), max(0, len(view.items) - MENU_ROWS))
    on_panel = range(first, min(len(view.items), first + MENU_ROWS))
    if view.items and _too_long(view.items[view.cursor]):
        _draw_long_choice(draw, view)
    else:
        for i, at in enumerate(on_panel):
            item = view.items[at]
            d.row(draw, d.TITLE_HEIGHT + 1 + i * d.ROW_HEIGHT, item.label, item.value,
                  selected=at == view.cursor)
    d.footer(draw, view.hint)
    lines = [view.title + (f" [{corner}]" if corner else "")]
    for i in on_panel if view.lines_on_panel_only else range(len(view.items)):
        item = view.items[i]
        mark = ">" if i == view.cursor else " "
        lines.append(f"{mark} {item.label}" + (f": {item.value}" if item.value else ""))
    lines.append(view.hint)
    return Frame(image, tuple(lines))


def _too_long(item: MenuItem) -> bool:
    """Whether a menu item cannot stand on one row even in the small type."""
    gap = 4 if item.value else 0
    return d.text_width(item.label + item.value, d.SMALL) > d.WIDTH - 6 - gap


def _draw_long_choice(draw: ImageDraw.ImageDraw, view: MenuView) -> None:
    """The chosen item wrapped over two small lines (inverted), the next item under it."""
    item = view.items[view.cursor]
    text = f"{item.label}: {item.value}" if item.value else item.label
    top = d.TITLE_HEIGHT + 1
    block = 2 * (d.SMALL + 1) + 1
    draw.rectangle((0, top, d.WIDTH - 1, top + block - 1), fill=1)
    for i, line in enumerate(d.wrap(text, d.WIDTH - 6)[:2]):
        draw.text((3, top + 1 + i * (d.SMALL + 1)), d.fit(line, d.SMALL, d.WIDTH - 6),
                  font=d.font(d.SMALL), fill=0)
    after = view.cursor + 1 if view.cursor + 1 < len(view.items) else view.cursor - 1
    if 0 <= after != view.cursor:
        other = view.items[after]
        room = d.FOOTER_TOP - 1 - (top + block)
        if room >= d.SMALL:
            size = d.size_to_fit(other.label, d.WIDTH - 6, (d.SMALL, d.TINY))
            label = other.label if not _too_long(other) else d.wrap(other.label)[0]
            draw.text((3, top + block + 1), label, font=d.font(size), fill=1)


def render_message(view: MessageView) -> Frame:
    image, draw = d.blank()
    d.title_bar(draw, view.title)
    y = d.TITLE_HEIGHT + 1
    if view.big:
        d.centred(draw, y, view.big, 24, stroke=1)
        y += 28
    d.text_block(draw, view.lines, y)
    d.footer(draw, view.hint)
    if view.invert:
        image = d.invert(image)
    body = ((view.big,) if view.big else ()) + view.lines
    return Frame(image, (view.title, *body, view.hint))


EXPIRED_SIZE = 24  # TIME UP in the widest type that fits the screen with its stroke


def render_countdown(view: CountdownView) -> Frame:
    """The hourglass: status line, big minutes:seconds, a shrinking bar, a hint.

    Each state reads from across the table by its shape, not by a small word: running is
    the time alone; paused adds a pause sign (two bars) beside it; the last seconds flash
    the whole screen with the time still on it; time up is the words TIME UP, big, on a
    steady inverted screen."""
    image, draw = d.blank()
    draw.text((1, 0), d.fit(view.status, d.SMALL, d.WIDTH - 2), font=d.font(d.SMALL), fill=1)
    big = "TIME UP" if view.expired else mm_ss(view.seconds_left)
    if view.expired:
        d.centred(draw, 13, big, EXPIRED_SIZE, stroke=1)
    else:
        d.centred(draw, 9, big, d.BIG, stroke=1)
    if view.paused:
        for left in (3, 11):  # the pause sign, clear of the widest time (10:00)
            draw.rectangle((left, 14, left + 4, 39), fill=1)
    d.bar(draw, 46, 6, view.fraction_left)
    d.footer(draw, view.hint)
    if view.invert:
        image = d.invert(image)
    return Frame(image, (view.status, big, view.hint))


def render_digits(title: str, digits: tuple[int | None, ...], cursor: int, hint: str) -> Frame:
    """PIN entry: only the digit being set is drawn (underlined); the text lines mask all."""
    image, draw = d.blank()
    d.title_bar(draw, title)
    cell = min(22, (d.WIDTH - 4) // len(digits))  # 4 digits roomy, 8 still fit
    left = (d.WIDTH - cell * len(digits)) // 2
    masked = []
    for i, digit in enumerate(digits):
        if i == cursor:
            text = "-" if digit is None else str(digit)
        else:
            text = "_" if digit is None else "*"
        masked.append("_" if digit is None else "*")
        x = left + i * cell + (cell - d.text_width(text, 24)) // 2
        draw.text((x, 16), text, font=d.font(24), fill=1)
        if i == cursor:
            draw.rectangle((left + i * cell + 2, 46, left + (i + 1) * cell - 3, 48), fill=1)
    d.footer(draw, hint)
    return Frame(image, (title, " ".join(masked), hint), private=True)
