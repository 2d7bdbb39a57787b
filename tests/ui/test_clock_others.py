"""The game clock's line of the other players never cuts a time: names give way first,
then the players furthest from their turn, counted."""

from __future__ import annotations

from fogkeeper.ui import draw as d
from fogkeeper.ui.screens import _others_line

FITS = d.WIDTH - 1


def test_long_names_are_shortened_alike_and_every_time_stays() -> None:
    others = ("Cyrano 5:00", "Dee 5:00", "Alice 4:50")
    line = _others_line(others, FITS)
    assert "…" not in line and d.text_width(line, d.SMALL) <= FITS
    assert line.split()[0].startswith("Cy") and "Cyrano" not in line
    assert line.index("5:00") < line.index("4:50")   # in turn order


def test_too_many_players_show_the_next_ones_and_how_many_more() -> None:
    others = tuple(f"Player{n} {n}:0{n}" for n in range(2, 9))   # 8 players: 7 others
    line = _others_line(others, FITS)
    assert "…" not in line and d.text_width(line, d.SMALL) <= FITS
    shown = line.rsplit(" +", 1)
    assert len(shown) == 2 and shown[0].startswith("P 2:02")  # the next player first
    times = [word for word in shown[0].split() if ":" in word]
    assert times == [f"{n}:0{n}" for n in range(2, 2 + len(times))]
    assert int(shown[1]) == 7 - len(times)


def test_names_that_fit_are_kept_whole() -> None:
    assert _others_line(("Bob 5:00",), FITS) == "Bob 5:00"
    assert _others_line(("Bob 5:00", "Dee 4:10"), FITS) == "Bob 5:00  Dee 4:10"
