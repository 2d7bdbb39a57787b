"""FOGSITE screens: the team's status strip, big answers, the maze grid, the scrolling log."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from fogkeeper.ui import draw as d
from fogkeeper.ui.draw import Frame
from fogkeeper.ui.draw import wrap as wrap  # the FOGSITE flow wraps its texts with it
from fogkeeper.ui.icons import ICON_SIZE, Icon, draw_icon
from fogkeeper.ui.screens import MenuItem

CELL_PX = 10
ANSWER_SIZE = 16
LOG_ROWS = 4
LOG_PITCH = 10
TEAM_MENU_ROWS = 3
SIDE_ROWS = 4
GUARDIAN_MARK = "X"


@dataclass(frozen=True)
class TeamStatus:
    """What the table must always see: Time Limit tiles, arrows, Digging tokens, team time."""

    who: str
    tiles_left: int
    arrows: int | None
    digging: int
    clock: str = ""

    @property
    def short(self) -> str:
        arrows = "" if self.arrows is None else f" A{self.arrows}"
        clock = f" {self.clock}" if self.clock else ""
        return f"T{self.tiles_left}{arrows} D{self.digging}{clock}"

    @property
    def long(self) -> str:
        arrows = "" if self.arrows is None else f", arrows {self.arrows}"
        clock = f", team time {self.clock}" if self.clock else ""
        return f"{self.who}: tiles {self.tiles_left}{arrows}, digging {self.digging}{clock}"


@dataclass(frozen=True)
class GridView:
    """A small drawing of a maze: ``rows`` in the text format without spaces (``.#RGB``).

    ``marks`` put a letter on a cell (tokens); each of ``routes`` is a walk drawn as a line
    through cell centres, a dot where it began. Only ever built for the Guardian's eyes,
    the setup or the reveal.
    """

    rows: tuple[str, ...]
    side: tuple[str, ...]
    hint: str
    cursor: tuple[int, int] | None = None
    marks: tuple[tuple[int, int, str], ...] = ()
    routes: tuple[tuple[tuple[int, int], ...], ...] = ()


def _title(draw: d.ScreenDraw, status: TeamStatus) -> None:
    d.title_bar(draw, status.who, status.short)


def render_team_menu(status: TeamStatus, items: tuple[MenuItem, ...], cursor: int,
                     hint: str) -> Frame:
    """A menu under the status strip; it scrolls to keep the cursor row in sight."""
    image, draw = d.blank()
    _title(draw, status)
    first = min(max(0, cursor - 1), max(0, len(items) - TEAM_MENU_ROWS))
    for i, item in enumerate(items[first:first + TEAM_MENU_ROWS]):
        d.row(draw, d.TITLE_HEIGHT + 1 + i * d.ROW_HEIGHT, item.label, item.value,
              selected=first + i == cursor)
    d.footer(draw, hint)
    lines = [status.long]
    for i, item in enumerate(items):
        mark = ">" if i == cursor else " "
        lines.append(f"{mark} {item.label}" + (f": {item.value}" if item.value else ""))
    return Frame(image, (*lines, hint))


def render_team_answer(status: TeamStatus, big: tuple[str, ...], lines: tuple[str, ...],
                       hint: str, no: bool = False, icon: Icon | None = None) -> Frame:
    """An answer in large type (one line when it fits, else two), small lines under it; a
    "no" (``You can't move``) is drawn inverted, so it never reads as a "yes" at a glance,
    and an ``icon`` beside the words is the second cue (a wall, an open way, a win)."""
    frame = render_notice(status.who, big, lines, hint, corner=status.short, no=no, icon=icon)
    return Frame(frame.image, (status.long, *frame.lines[1:]))


def render_notice(title: str, big: tuple[str, ...], lines: tuple[str, ...], hint: str,
                  corner: str = "", no: bool = False, icon: Icon | None = None) -> Frame:
    """Large type under a plain title bar: for news with no numbers to show yet. An
    ``icon`` stands at the left of the large type when the words fit beside it on one line,
    or need two lines anyway; else (one line of large type, too wide for the icon beside)
    at the right under it, the small lines kept clear of it."""
    image, draw = d.blank()
    d.title_bar(draw, title, corner)
    said = " ".join(big)
    one_line = d.text_width(said, ANSWER_SIZE) <= d.WIDTH - 1
    beside = icon is not None and bool(big) and (
        not one_line or d.text_width(said, ANSWER_SIZE) <= d.WIDTH - 8 - ICON_SIZE)
    left = ICON_SIZE + 4 if beside else 0
    room = d.WIDTH - 2 - left
    shown = (said,) if d.text_width(said, ANSWER_SIZE) <= room else big[:2]
    y = d.TITLE_HEIGHT + 1
    band_top = y + 1
    for line in shown if big else ():
        text = d.fit(line, ANSWER_SIZE, room)
        x = 1 + left + (room - d.text_width(text, ANSWER_SIZE)) // 2
        draw.put((x, y), text, ANSWER_SIZE)
        y += ANSWER_SIZE
    if icon is not None and beside:
        icon_top = band_top + max(0, (y - band_top - ICON_SIZE) // 2)
        draw_icon(draw, icon, 4, icon_top)
        y = max(y, icon_top + ICON_SIZE)   # the band holds the icon whole
    if no and big:  # the band of large type turned black on white, a frame's width in
        band = (2, band_top, d.WIDTH - 3, y)
        image.paste(d.invert(image.crop(band)), band[:2])
        draw = d.ScreenDraw(image)
        y += 2
    drawn = lines
    if icon is not None and not beside:
        draw_icon(draw, icon, d.WIDTH - 2 - ICON_SIZE, y + 1)
        drawn = tuple(part for line in lines
                      for part in wrap(line, d.WIDTH - 8 - ICON_SIZE) or ("",))
    d.text_block(draw, drawn, y)
    d.footer(draw, hint)
    return Frame(image, (title, *((said,) if big else ()), *lines, hint))


def _draw_cell(draw: d.ScreenDraw, col: int, row: int, kind: str) -> None:
    x, y = 1 + col * CELL_PX, 1 + row * CELL_PX
    box = (x, y, x + CELL_PX - 2, y + CELL_PX - 2)
    if kind == "#":
        draw.rectangle(box, fill=1)
        return
    draw.rectangle(box, outline=1, fill=0)
    if kind in "RGB":
        _letter(draw, col, row, kind)


def _letter(draw: d.ScreenDraw, col: int, row: int, letter: str) -> None:
    """A cell's letter in the small type, no smaller than any other text: its 8 rows are
    taller than a room's 7 inside its frame, so the frame gives way but for its corners."""
    x, y = 1 + col * CELL_PX, 1 + row * CELL_PX
    draw.rectangle((x, y, x + CELL_PX - 2, y + CELL_PX - 2), fill=0)
    draw.point([(x, y), (x + CELL_PX - 2, y), (x, y + CELL_PX - 2),
                (x + CELL_PX - 2, y + CELL_PX - 2)], fill=1)
    ink = Image.new("1", (d.SMALL, d.SMALL), 0)
    d.put_text(ink, (0, 0), letter, d.SMALL)
    left, top, right, bottom = ink.getbbox() or (0, 0, 0, 0)  # a "g" centred by its own ink
    draw.put((x + (CELL_PX - 1 - (right - left)) // 2 - left,
              y + (CELL_PX - 1 - (bottom - top)) // 2 - top), letter, d.SMALL)


def _centre(cell: tuple[int, int]) -> tuple[int, int]:
    return (1 + cell[0] * CELL_PX + CELL_PX // 2 - 1, 1 + cell[1] * CELL_PX + CELL_PX // 2 - 1)


def _draw_route(draw: ImageDraw.ImageDraw, route: tuple[tuple[int, int], ...]) -> None:
    points = [_centre(cell) for cell in route]
    if len(points) > 1:
        draw.line(points, fill=1, width=1)
    for x, y in points[:1]:  # where the walk began: a filled dot
        draw.rectangle((x - 1, y - 1, x + 1, y + 1), fill=1)


def render_grid(view: GridView) -> Frame:
    """The maze drawn left, a side panel right (first line as its title), a hint below."""
    image, draw = d.blank()
    for row, kinds in enumerate(view.rows):
        for col, kind in enumerate(kinds):
            _draw_cell(draw, col, row, kind)
    for col, row, letter in view.marks:
        x, y = 1 + col * CELL_PX, 1 + row * CELL_PX
        draw.rectangle((x + 1, y + 1, x + CELL_PX - 3, y + CELL_PX - 3), fill=0)
        if letter == GUARDIAN_MARK:  # a solid disc reads better than a letter at this size
            draw.ellipse((x + 1, y + 1, x + CELL_PX - 3, y + CELL_PX - 3), fill=1)
        else:
            _letter(draw, col, row, letter)
    for route in view.routes:
        _draw_route(draw, route)
    if view.cursor is not None:
        col, row = view.cursor
        x, y = col * CELL_PX, row * CELL_PX
        image.paste(d.invert(image.crop((x, y, x + CELL_PX + 1, y + CELL_PX + 1))), (x, y))
        draw = d.ScreenDraw(image)
    left = 4 + len(view.rows) * CELL_PX
    room = d.WIDTH - left - 1
    side = view.side[:1] + tuple(part for line in view.side[1:] for part in (
        (line,) if d.text_width(line, d.SMALL) <= room else wrap(line, room)))
    for i, line in enumerate(side[:SIDE_ROWS]):
        text = d.fit(line, d.SMALL, room)
        if i == 0:
            draw.rectangle((left - 1, 0, d.WIDTH - 1, d.TITLE_HEIGHT - 1), fill=1)
        draw.put((left, i * d.LINE - 1), text, d.SMALL, 0 if i == 0 else 1)
    d.footer(draw, view.hint)
    return Frame(image, (*view.side, *view.rows, view.hint))


def render_log(title: str, lines: tuple[str, ...], first: int, hint: str) -> Frame:
    """A scrolling page of already-wrapped lines, its position in the corner."""
    first = max(0, min(first, len(lines) - LOG_ROWS))
    shown = lines[first:first + LOG_ROWS]
    corner = f"{first + 1}-{first + len(shown)}/{len(lines)}" if lines else "0/0"
    return render_page(title, shown, hint, corner)


def render_page(title: str, lines: tuple[str, ...], hint: str, corner: str = "") -> Frame:
    """Up to ``LOG_ROWS`` small lines, packed tighter than a message so four fit."""
    image, draw = d.blank()
    d.title_bar(draw, title, corner)
    shown = lines[:LOG_ROWS]
    for i, line in enumerate(shown):
        # from the title's last row: the fourth line's tails then end above the footer
        draw.put((2, d.TITLE_HEIGHT - 1 + i * LOG_PITCH), d.fit(line, d.SMALL, d.WIDTH - 3),
                 d.SMALL)
    d.footer(draw, hint)
    heading = f"{title} [{corner}]" if corner else title
    return Frame(image, (heading, *shown, hint))
