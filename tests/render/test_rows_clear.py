"""Panel rows that ran into each other in German and French (issue 14, seen on the boards):
the lobby's title under its markers, the trucks' route note under truck 1."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

import render
from render import layout, panels, player_board
from render.fonts import font
from render.labels import LANGS, label
from render.sprites import text_width
from rules.state import State

PANELS = pytest.mark.parametrize("geo", [panels.DESKTOP, panels.PHONE],
                                 ids=["desktop", "phone"])


@PANELS
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lobby_markers_follow_its_title_and_stay_in_the_panel(
        geo: panels.PanelGeom, lang: str, players: int) -> None:
    title, size, first, step = panels.lobby_row(lang, players, geo)
    assert size >= round(geo.lobby_text * panels.LOBBY_LEAST)
    # the glossary's word, whole, in every case here (on two lines where needed)
    assert title.replace("\n", " ") == label("lobby", lang)
    lines = title.split("\n")
    assert len(lines) * size + 2 * (len(lines) - 1) <= geo.lobby_h
    marker_left = first - geo.lobby_marker / 2
    assert geo.admin_x + max(text_width(t, size, True) for t in lines) + 4 <= marker_left
    last = first + (players - 1) * step
    count = geo.lobby_marker * 13 // 20 + text_width("×9", geo.lobby_count, True)
    assert last + count <= layout.PANEL_W - 6  # inside the panel's frame
    # a marker's count ends before the next marker begins
    assert count + 5 <= step - geo.lobby_marker / 2


def test_the_lobby_title_keeps_its_size_where_it_fits() -> None:
    assert panels.lobby_row("en", 4, panels.PHONE)[1] == panels.PHONE.lobby_text
    assert panels.lobby_row("de", 4, panels.DESKTOP)[1] == panels.DESKTOP.lobby_text
    assert panels.lobby_row("fr", 4, panels.PHONE)[1] < panels.PHONE.lobby_text


def test_the_route_note_and_the_truck_lines_do_not_touch() -> None:
    note = font(12).getbbox("Route: Flensburg–Frankfurt ÄÖÜgjpq", anchor="lm")
    line = font(13, True).getbbox("1: Bielefeld–Hannover ÄÖÜgjpq", anchor="lm")
    assert player_board.NOTE_Y + note[3] <= player_board.truck_row_y(1) + line[1]
    assert player_board.truck_row_y(1) + max(line[3], 7) <= (
        player_board.truck_row_y(2) + min(line[1], -7))
    # the goods token (14 px) of the last truck inside the frame (_board_frame)
    assert player_board.truck_row_y(2) + 7 <= player_board.BOARD_H - 6


@pytest.mark.parametrize("view", ["full", "players"])  # the views with the administration
@pytest.mark.parametrize("lang", LANGS)
def test_two_digit_lobby_counts_end_before_the_next_marker(
        start: State, view: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"×10" ran into the next player's marker on the phone at 4 players, late in a
    game: a count the row has no room for is set smaller."""
    players = {pid: replace(p, lobby=10 + i) for i, (pid, p) in
               enumerate(start.players.items())}
    state = replace(start, players=type(start.players)(players))
    drawn: list[tuple[str, float, float, float]] = []  # (what, left, right, y)
    real_marker, real_text = panels.player_marker, panels.draw_text

    def marker(draw, im, at, size, seats, pid):  # type: ignore[no-untyped-def]
        drawn.append(("marker", at[0] - size / 2, at[0] + size / 2, at[1]))
        return real_marker(draw, im, at, size, seats, pid)

    def text(im, at, value, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(value).startswith("×"):
            drawn.append(("count", at[0], at[0] + text_width(value, size, True), at[1]))
        return real_text(im, at, value, size, *args, **kwargs)

    monkeypatch.setattr(panels, "player_marker", marker)
    monkeypatch.setattr(panels, "draw_text", text)
    render.board(state, view, lang)
    # each count is drawn right after its player's marker, in seat order
    pairs = [(drawn[i - 1], d) for i, d in enumerate(drawn) if d[0] == "count"]
    assert len(pairs) == len(state.order)
    assert all(m[0] == "marker" and m[3] == c[3] for m, c in pairs)
    for (_, count), (following, _) in pairwise(pairs):
        assert count[2] + 3 <= following[1]  # its right edge, the next marker's left
