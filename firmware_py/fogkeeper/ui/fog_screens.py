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

    title: str          # the round's event, e.g. "Luck (A29)"
    corner: str         # "FOG 7"
    name: str           # the active colour, shown large
    mp_line: str        # "MP 5/7" and "double turn"
    glass_line: str     # hourglass time or the event's effect
    hint: str
    invert: bool = False    # the hourglass ran out: the whole screen, steady
    warning: bool = False   # a warning second: the MP and hourglass lines' band flashes
    round_label: str = ""  # "R3": drawn at the end of the MP line, the event keeps the title


# the MP and hourglass lines, under the colour's name, above the footer's line
WARNING_BAND = (0, 27, d.WIDTH, 52)


@dataclass(frozen=True)
class FormView:
    """A few fields changed with left/right, and one line of answer under them; a
    ``reminder`` (the rule still to follow) takes a field row's place under the answer."""

    title: str
    fields: tuple[tuple[str, str], ...]
    cursor: int
    note: str
    hint: str
    corner: str = ""
    reminder: str = ""


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
    size = d.size_to_fit(view.label, d.WIDTH - 2, (d.BODY, d.SMALL))
    draw.put((2, d.TITLE_HEIGHT - (1 if size == d.BODY else 0)),
             d.fit(view.label, size, d.WIDTH - 2), size)
    d.centred(draw, d.TITLE_HEIGHT + 11, f"<  {view.value}  >", NAME_SIZE)
    draw.put((2, 40), d.fit(view.status, d.SMALL, d.WIDTH - 2), d.SMALL)
    d.footer(draw, view.hint)
    return Frame(image, (f"{view.title} [{view.corner}]", view.label, view.value, view.status,
                         view.hint))


def render_turn(view: TurnView) -> Frame:
    image, draw = d.blank()
    d.title_bar(draw, view.title, view.corner)
    d.centred(draw, d.TITLE_HEIGHT, view.name.upper(),
              d.size_to_fit(view.name.upper(), d.WIDTH - 1, (NAME_SIZE, 16)))
    round_w = d.text_width(view.round_label, d.BODY) + 4 if view.round_label else 0
    draw.put((2, 27), d.fit(view.mp_line, d.BODY, d.WIDTH - 2 - round_w), d.BODY)
    if view.round_label:
        draw.put((d.WIDTH - 1 - d.text_width(view.round_label, d.BODY), 27), view.round_label,
                 d.BODY)
    draw.put((2, 40), d.fit(view.glass_line, d.SMALL, d.WIDTH - 2), d.SMALL)
    d.footer(draw, view.hint)
    if view.warning:  # never the whole screen: that is time up's
        image.paste(d.invert(image.crop(WARNING_BAND)), WARNING_BAND[:2])
    if view.invert:
        image = d.invert(image)
    title = (f"{view.round_label} " if view.round_label else "") + view.title + (
        f" [{view.corner}]" if view.corner else "")
    return Frame(image, (title, view.name.upper(), view.mp_line, view.glass_line, view.hint))


def render_form(view: FormView) -> Frame:
    """The fields as rows, a note under them. A note longer than a line (a cost's reason),
    or a note with a rule to remember (a cost's reminder), takes two lines, the room of a
    second row: only the field being set is shown then, its place in the corner."""
    image, draw = d.blank()
    # a line break in the note (between a price's reasons) is kept where it fits
    note = tuple(line for part in view.note.split("\n") for line in d.wrap(part, d.WIDTH - 2))
    said = view.note.replace("\n", "; ")
    if view.reminder:   # the rule to remember takes the second line: the note keeps one
        rows = FORM_ROWS - 1
        shown: tuple[str, ...] = (said, view.reminder)
    else:
        rows = FORM_ROWS if len(note) <= 1 else FORM_ROWS - 1
        shown = (*note[:1], " ".join(note[1:])) if len(note) > 1 else (said,)
    scrolls = len(view.fields) > rows
    corner = view.corner or (f"{view.cursor + 1}/{len(view.fields)}" if scrolls else "")
    d.title_bar(draw, view.title, corner)
    first = min(max(0, view.cursor - rows + 1), max(0, len(view.fields) - rows))
    for i, (label, value) in enumerate(view.fields[first:first + rows]):
        d.row(draw, d.TITLE_HEIGHT + 1 + i * d.ROW_HEIGHT, label, f"<{value}>",
              selected=first + i == view.cursor)
    for i, line in enumerate(shown):
        draw.put((2, d.TITLE_HEIGHT + 1 + rows * d.ROW_HEIGHT + i * d.LINE),
                 d.fit(line, d.SMALL, d.WIDTH - 2), d.SMALL)
    d.footer(draw, view.hint)
    lines = [view.title + (f" [{corner}]" if corner else "")]
    lines += [f"{'>' if i == view.cursor else ' '} {label}: {value}"
              for i, (label, value) in enumerate(view.fields)]
    return Frame(image, (*lines, said, *([view.reminder] if view.reminder else []), view.hint))
