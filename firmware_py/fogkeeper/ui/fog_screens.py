"""The FOG's own screens: the turn (active colour in large type) and the small form."""

from __future__ import annotations

from dataclasses import dataclass

from fogkeeper.ui import draw as d
from fogkeeper.ui.draw import Frame

NAME_SIZE = 18
FORM_ROWS = 2


@dataclass(frozen=True)
class TurnView:
    """One colour's (or nation's) turn."""

    title: str          # round and event, e.g. "R3 Luck (A29)"
    corner: str         # "FOG 7"
    name: str           # the active colour, shown large
    mp_line: str        # "MP 5/7" and "double turn"
    glass_line: str     # hourglass time or the event's effect
    hint: str
    invert: bool = False    # the hourglass ran out: the whole screen, steady
    warning: bool = False   # a warning second: the MP and hourglass lines' band flashes


# the MP and hourglass lines, under the colour's name, above the footer's line
WARNING_BAND = (0, 29, d.WIDTH, 52)


@dataclass(frozen=True)
class FormView:
    """A few fields changed with left/right, and one line of answer under them."""

    title: str
    fields: tuple[tuple[str, str], ...]
    cursor: int
    note: str
    hint: str
    corner: str = ""


@dataclass(frozen=True)
class BoardValueView:
    """One value of the owner's board walk-through: what it is, the value, whose word it is."""

    title: str          # "Board S"
    corner: str         # "12/74"
    label: str          # "Row D: RP each"
    value: str          # "-6", shown large between change marks
    status: str         # "assumed: check it"
    hint: str


def render_board_value(view: BoardValueView) -> Frame:
    image, draw = d.blank()
    d.title_bar(draw, view.title, view.corner)
    size = d.size_to_fit(view.label, d.WIDTH - 4, (d.BODY, d.SMALL, d.TINY))
    draw.text((2, d.TITLE_HEIGHT), d.fit(view.label, size, d.WIDTH - 4),
              font=d.font(size), fill=1)
    d.centred(draw, d.TITLE_HEIGHT + 11, f"<  {view.value}  >", NAME_SIZE)
    size = d.size_to_fit(view.status, d.WIDTH - 4, (d.SMALL, d.TINY))
    draw.text((2, 39 + d.SMALL - size), d.fit(view.status, size, d.WIDTH - 4),
              font=d.font(size), fill=1)
    d.footer(draw, view.hint)
    return Frame(image, (f"{view.title} [{view.corner}]", view.label, view.value, view.status,
                         view.hint))


def render_turn(view: TurnView) -> Frame:
    image, draw = d.blank()
    d.title_bar(draw, view.title, view.corner)
    d.centred(draw, d.TITLE_HEIGHT, view.name.upper(), NAME_SIZE, stroke=1)
    draw.text((2, 29), d.fit(view.mp_line, d.BODY, d.WIDTH - 4), font=d.font(d.BODY), fill=1)
    draw.text((2, 40), d.fit(view.glass_line, d.SMALL, d.WIDTH - 4), font=d.font(d.SMALL),
              fill=1)
    d.footer(draw, view.hint)
    if view.warning:  # never the whole screen: that is time up's
        image.paste(d.invert(image.crop(WARNING_BAND)), WARNING_BAND[:2])
    if view.invert:
        image = d.invert(image)
    title = view.title + (f" [{view.corner}]" if view.corner else "")
    return Frame(image, (title, view.name.upper(), view.mp_line, view.glass_line, view.hint))


def render_form(view: FormView) -> Frame:
    image, draw = d.blank()
    scrolls = len(view.fields) > FORM_ROWS
    corner = view.corner or (f"{view.cursor + 1}/{len(view.fields)}" if scrolls else "")
    d.title_bar(draw, view.title, corner)
    first = min(max(0, view.cursor - 1), max(0, len(view.fields) - FORM_ROWS))
    for i, (label, value) in enumerate(view.fields[first:first + FORM_ROWS]):
        d.row(draw, d.TITLE_HEIGHT + 1 + i * d.ROW_HEIGHT, label, f"<{value}>",
              selected=first + i == view.cursor)
    size = d.size_to_fit(view.note, d.WIDTH - 4, (d.SMALL, d.TINY))
    draw.text((2, d.TITLE_HEIGHT + 2 + FORM_ROWS * d.ROW_HEIGHT + d.SMALL - size),
              d.fit(view.note, size, d.WIDTH - 4), font=d.font(size), fill=1)
    d.footer(draw, view.hint)
    lines = [view.title + (f" [{corner}]" if corner else "")]
    lines += [f"{'>' if i == view.cursor else ' '} {label}: {value}"
              for i, (label, value) in enumerate(view.fields)]
    return Frame(image, (*lines, view.note, view.hint))
