"""Panel rows that ran into each other in German and French (issue 14, seen on the boards):
the lobby's title under its markers, the trucks' route note under truck 1."""

from __future__ import annotations

import pytest

from render import layout, panels, player_board
from render.fonts import font
from render.labels import LANGS, label
from render.sprites import text_width

PANELS = pytest.mark.parametrize("geo", [panels.DESKTOP, panels.PHONE],
                                 ids=["desktop", "phone"])


@PANELS
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lobby_markers_follow_its_title_and_stay_in_the_panel(
        geo: panels.PanelGeom, lang: str, players: int) -> None:
    title, first, step = panels.lobby_row(lang, players, geo)
    assert title in (label("lobby", lang), label("lobby_short", lang))
    marker_left = first - geo.lobby_marker / 2
    assert geo.admin_x + text_width(title, geo.lobby_text, True) + 4 <= marker_left
    last = first + (players - 1) * step
    count_right = last + geo.lobby_marker * 13 // 20 + text_width("×9", geo.lobby_count, True)
    assert count_right <= layout.PANEL_W
    assert step >= geo.lobby_marker * 13 // 20 + text_width("×9", geo.lobby_count, True)


def test_the_full_lobby_title_is_kept_where_it_fits() -> None:
    assert panels.lobby_row("en", 4, panels.DESKTOP)[0] == label("lobby", "en")
    assert panels.lobby_row("de", 4, panels.DESKTOP)[0] == label("lobby", "de")
    assert panels.lobby_row("fr", 4, panels.PHONE)[0] == label("lobby_short", "fr")


def test_the_route_note_and_the_truck_lines_do_not_touch() -> None:
    note = font(12).getbbox("Route: Flensburg–Frankfurt ÄÖÜgjpq", anchor="lm")
    line = font(13, True).getbbox("1: Bielefeld–Hannover ÄÖÜgjpq", anchor="lm")
    assert player_board.NOTE_Y + note[3] <= player_board.truck_row_y(1) + line[1]
    assert player_board.truck_row_y(1) + max(line[3], 7) <= (
        player_board.truck_row_y(2) + min(line[1], -7))
    # the goods token (14 px) of the last truck inside the frame (_board_frame)
    assert player_board.truck_row_y(2) + 7 <= player_board.BOARD_H - 6
