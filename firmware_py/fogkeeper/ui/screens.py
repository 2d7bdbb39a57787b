"""Screen renderers: each takes a small frozen view and returns a ``Frame`` (image + text)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from fogkeeper.ui import draw as d
from fogkeeper.ui.draw import Frame
from fogkeeper.ui.icons import ICON_SIZE, Icon, draw_icon

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
    icon: Icon | None = None  # beside the big words: the second cue (a win, a loss, ...)


@dataclass(frozen=True)
class CountdownView:
    seconds_left: int
    fraction_left: float
    status: str
    hint: str
    invert: bool = False    # the whole screen inverted, steady: time is up
    paused: bool = False    # a pause sign beside the time: a paused glass never looks running
    expired: bool = False   # the words TIME UP in big type: never mistaken for the warning
    warning: bool = False   # a warning second's flash: the time's band inverted, not all


@dataclass(frozen=True)
class ClockView:
    """A game clock's screen: the running player's name and clock large, the others small."""

    name: str               # the running player's name (P1..P8 when none is set)
    left: int               # the seconds its clock shows, negative in overtime
    corner: str             # e.g. "round 3", "3x0:30 left", "delay 2"
    others: tuple[str, ...]  # "Bob 4:12", ... the next players in turn order
    hint: str
    paused: bool = False
    flashing: bool = False  # a warning second (the glass's flash)
    flag: bool = False      # the flag fell and the clock stopped: the word FLAG, big
    overtime: bool = False  # the flag fell and the clock counts on: inverted, -0:12


def mm_ss(seconds: int) -> str:
    if seconds < 0:
        return "-" + mm_ss(-seconds)
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
    room = d.WIDTH - 2 - (5 if item.value else 0)  # as ui.draw.row measures it
    return d.text_width(item.label + item.value, d.SMALL) > room


def _draw_long_choice(draw: d.ScreenDraw, view: MenuView) -> None:
    """The chosen item wrapped over two small lines (inverted), the next item's row under it."""
    item = view.items[view.cursor]
    text = f"{item.label}: {item.value}" if item.value else item.label
    top = d.TITLE_HEIGHT + 1
    block = 2 * d.LINE + 1
    draw.rectangle((0, top, d.WIDTH - 1, top + block - 1), fill=1)
    for i, line in enumerate(d.wrap(text, d.WIDTH - 6)[:2]):
        draw.put((3, top + i * d.LINE), d.fit(line, d.SMALL, d.WIDTH - 5), d.SMALL, 0)
    after = view.cursor + 1 if view.cursor + 1 < len(view.items) else view.cursor - 1
    if 0 <= after != view.cursor:
        other = view.items[after]
        if d.FOOTER_TOP - 1 - (top + block) >= d.ROW_HEIGHT:  # its value shown too
            d.row(draw, top + block, other.label, other.value)


MESSAGE_SIZE = 24  # a message's big word (a shorter type when it is long)


def render_message(view: MessageView) -> Frame:
    image, draw = d.blank()
    d.title_bar(draw, view.title)
    y = d.TITLE_HEIGHT + 1
    if view.big and view.icon is not None:  # the icon at the left, the words beside it
        draw_icon(draw, view.icon, 3, y + 4)
        left = ICON_SIZE + 5
        size = d.size_to_fit(view.big, d.WIDTH - 2 - left, (MESSAGE_SIZE, 20, 16))
        text = d.fit(view.big, size, d.WIDTH - 2 - left)
        x = left + (d.WIDTH - left - d.text_width(text, size)) // 2
        draw.put((x, y + (MESSAGE_SIZE - size) // 2), text, size)
        y += MESSAGE_SIZE
    elif view.big:
        size = d.size_to_fit(view.big, d.WIDTH - 1, (MESSAGE_SIZE, 20, 16))
        d.centred(draw, y, view.big, size)
        y += size
    drawn = view.lines
    if view.icon is not None and not view.big:
        # the icon at the bottom right of the text; the lines beside it kept clear of it
        icon_top = d.FOOTER_TOP - 3 - ICON_SIZE
        draw_icon(draw, view.icon, d.WIDTH - 2 - ICON_SIZE, icon_top)
        whole = [part for line in view.lines for part in d.wrap(line) or ("",)]
        drawn = ()
        for part in whole:
            top = y + len(drawn) * d.LINE
            beside = top + d.LINE > icon_top
            drawn += d.wrap(part, d.WIDTH - 8 - ICON_SIZE) if beside and part else (part,)
    d.text_block(draw, drawn, y)
    d.footer(draw, view.hint)
    if view.invert:
        image = d.invert(image)
    body = ((view.big,) if view.big else ()) + view.lines
    return Frame(image, (view.title, *body, view.hint))


def render_countdown(view: CountdownView) -> Frame:
    """The hourglass: status line, big minutes:seconds, a shrinking bar, a hint.

    Each state reads from across the table by its shape, not by a small word: running is
    the time alone; paused adds a pause sign (two bars) beside it; the last seconds flash
    the band of the time (white, the time black in it), the status line, bar and hint
    left as they are; time up is the words TIME UP, big, beside an empty hourglass, on a
    steady inverted screen.

    A running glass draws this every second: all but its time and the bar's fill comes
    drawn from ``_countdown_chrome``, and those two are pasted in (no drawing context)."""
    image = _countdown_chrome(view.status, view.hint, not view.expired).copy()
    big = "TIME UP" if view.expired else mm_ss(view.seconds_left)
    if view.warning:
        image.paste(1, GLASS_BAND)
    # TIME UP stands higher than the time: the empty hourglass goes under it, where the
    # bar (empty by then) was
    _big_clock(image, big, 2 if view.expired else 9, paused=view.paused,
               ink=0 if view.warning else 1)
    if view.expired:
        draw_icon(ImageDraw.Draw(image), Icon.TIME_UP, (d.WIDTH - ICON_SIZE) // 2, 35)
    else:
        fill = d.bar_fill(GLASS_BAR_TOP, GLASS_BAR_ROWS, view.fraction_left)
        if fill is not None:
            image.paste(1, fill)
    if view.invert:
        image = d.invert(image)
    return Frame(image, (view.status, big, view.hint))


GLASS_BAR_TOP, GLASS_BAR_ROWS = 46, 6  # the glass's bar: its outline's first row, its rows


@lru_cache(maxsize=16)
def _countdown_chrome(status: str, hint: str, bar: bool) -> Image.Image:
    """The glass's status line, hint and (``bar``) the bar's empty outline, drawn once for
    as long as they read the same: a running glass draws only its time and its bar's fill
    every second. Read only: it is copied."""
    image = _countdown_base(hint, bar).copy()
    d.put_text(image, (1, -1), d.fit(status, d.SMALL, d.WIDTH - 1), d.SMALL)
    return image


@lru_cache(maxsize=8)
def _countdown_base(hint: str, bar: bool) -> Image.Image:
    """The chrome without its status line: the status changes every turn (whose turn, the
    round), the hint and the bar seldom. Read only: it is copied."""
    image, draw = d.blank()
    d.footer(draw, hint)
    if bar:
        d.bar(draw, GLASS_BAR_TOP, GLASS_BAR_ROWS, 0.0)
    return image


# the rows of the big time, clear of the status line's descenders and of the bar (the
# game clock's: of the other players' line). A warning second lights the band and draws the
# time dark in it, the rest of the screen plain (a warning never looks like time up, which
# inverts it all)
GLASS_BAND = (0, 13, d.WIDTH, 45)
CLOCK_BAND = (0, 13, d.WIDTH, 40)


# a time is drawn in this size of the pixel font at twice its size (capitals 26 px, as
# tall as the room between the status line and the bar holds: the largest type the box has)
CLOCK_FACE = 20
CLOCK_SCALE = 2


def _big_clock(image: Image.Image, text: str, top: int, *, paused: bool = False,
               ink: int = 1) -> None:
    """The clock's time in the big type, its capitals in rows ``top`` + 6 to + 32 (the
    pixel font's 20 px face doubled, each pixel drawn as a square of four), with the pause
    sign beside it as tall; a word (TIME UP, FLAG) in the 32 px face, capitals ``top`` + 9
    to + 28. The glass and the game clock draw their time alike."""
    # a time as its minutes (with the colon) and its seconds, each part's mask made once
    parts = [_clock_part(part) for part in (text[:-2], text[-2:]) if part] if any(
        c.isdigit() for c in text) else []
    width = sum(part.width for part in parts)
    if parts and width <= d.WIDTH - 2 * PAUSE_ROOM:
        # the characters' doubled masks side by side: the pixel font is monospaced without
        # overhang, so this is the time drawn whole (tests/ui/test_clock_face.py), and a
        # clock that shows a new time every second pastes two masks it has made before
        first, end = d.cap_rows(CLOCK_FACE)
        left, row = (d.WIDTH - width) // 2, top + 19 - (first + end)
        for part in parts:
            image.paste(ink, (left, row), mask=part)
            left += part.width
    else:
        size = d.size_to_fit(text, d.WIDTH - 1, (d.BIG, 28, 24))
        first, end = d.cap_rows(size)
        d.centred(d.ScreenDraw(image), top + 19 - (first + end) // 2, text, size, ink)
    if paused:
        # the pause sign, as tall as the digits and clear of the widest time (10:00)
        for left in (2, 10):
            image.paste(ink, (left, top + 6, left + 6, top + 32))


PAUSE_ROOM = 18   # the pause sign's columns at the left (and as many kept at the right)


@lru_cache(maxsize=256)
def _clock_part(text: str) -> Image.Image:
    """A few characters of the clock's face ("12:", "05"), their doubled masks side by side:
    a clock's seconds are 60 parts, its minutes at most a few hundred. Read only: it is
    pasted through."""
    glyphs = [_clock_glyph(c) for c in text]
    part = Image.new("1", (sum(g.width for g in glyphs), glyphs[0].height if glyphs else 0), 0)
    left = 0
    for glyph in glyphs:
        part.paste(glyph, (left, 0))
        left += glyph.width
    return part


@lru_cache(maxsize=32)
def _clock_glyph(char: str) -> Image.Image:
    """One character of the clock's face, doubled (each pixel a square of four)."""
    _, end = d.cap_rows(CLOCK_FACE)
    face = Image.new("1", (d.text_width(char, CLOCK_FACE), end), 0)
    ImageDraw.Draw(face).text((0, 0), char, font=d.font(CLOCK_FACE), fill=1)
    return face.resize((face.width * CLOCK_SCALE, face.height * CLOCK_SCALE),
                       Image.Resampling.NEAREST)


def _others_line(others: tuple[str, ...], width: int) -> str:
    """The other players' clocks on one line, the next to play first ("Bob 5:00  Cyrano
    4:10"): when they do not fit, the names are shortened alike (never the times), to their
    first letters at the least; then only the next players are shown, with how many more
    ("+2"). No time is ever cut."""
    parts = [other.rpartition(" ") for other in others]   # (name, " ", time)

    def line(letters: int, gap: str, shown: int) -> str:
        words = gap.join(f"{name[:letters]} {time}" if name else time
                         for name, _, time in parts[:shown])
        return words + (f" +{len(parts) - shown}" if shown < len(parts) else "")

    longest = max((len(name) for name, _, _ in parts), default=0)
    for letters in range(longest, 0, -1):
        for gap in ("  ", " "):
            if d.text_width(candidate := line(letters, gap, len(parts)), d.SMALL) <= width:
                return candidate
    for shown in range(len(parts) - 1, 0, -1):
        if d.text_width(candidate := line(1, " ", shown), d.SMALL) <= width:
            return candidate
    return d.fit(line(1, " ", 1), d.SMALL, width)


def render_clock(view: ClockView) -> Frame:
    """A game clock (a bank mode): the running player's name large at the top, its clock
    big, the other players' clocks in a small line under it, a hint.

    The flag reads from across the table: with the clock stopped, the word FLAG big on a
    steady inverted screen; counting on, the overtime (-0:12) on a steady inverted screen
    under FLAG and the name. A warning second flashes, as the glass does."""
    image, draw = d.blank()
    name = ("FLAG " if view.flag or view.overtime else "") + view.name
    corner_width = d.text_width(view.corner, d.SMALL) if view.corner else 0
    room = d.WIDTH - 4 - (corner_width + 4 if corner_width else 0)
    size = d.size_to_fit(name, room, (d.BODY, d.SMALL))
    # rows: the name's ink 1-12, the time's 16-35, the others' 41-51, the footer's line 52
    draw.put((1, -1), d.fit(name, size, room), size)
    if view.corner:
        draw.put((d.WIDTH - corner_width, 0), view.corner, d.SMALL)
    big = "FLAG" if view.flag else mm_ss(view.left)
    warning = view.flashing and not (view.flag or view.overtime)
    if warning:
        image.paste(1, CLOCK_BAND)
    _big_clock(image, big, 7, paused=view.paused, ink=0 if warning else 1)
    others = "  ".join(view.others)
    if others:
        draw.put((1, 40), _others_line(view.others, d.WIDTH - 1), d.SMALL)
    d.footer(draw, view.hint)
    if view.flag or view.overtime:
        image = d.invert(image)
    return Frame(image, (name + (f"  {view.corner}" if view.corner else ""), big, others,
                         view.hint))


PIN_SIZE = 24


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
        x = left + i * cell + (cell + 1 - d.text_width(text, PIN_SIZE)) // 2
        draw.text((x, 21), text, font=d.font(PIN_SIZE), fill=1)  # ink rows 25-39
        if i == cursor:
            draw.rectangle((left + i * cell + 2, 46, left + (i + 1) * cell - 3, 48), fill=1)
    d.footer(draw, hint)
    return Frame(image, (title, " ".join(masked), hint), private=True)
