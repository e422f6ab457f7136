"""render.board: PNGs that decode, the right size per view and language, layers proven
by pixel probes at the coordinates the layout module exposes."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

import render
from render import layout, map_layer, panels, style
from render.labels import LANGS, label
from render.sprites import text_width
from rules import city_value, edition_of, load_edition
from rules.state import State, Truck


def decode(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.convert("RGB")


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 6) -> bool:
    """Equal up to the fixed palette's rounding (Pillow's nearest-colour lookup is coarse)."""
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def colours_in(im: Image.Image, box: tuple[float, float, float, float]) -> set[tuple[int, ...]]:
    crop = im.crop(tuple(round(v) for v in box))
    return {c for _n, c in crop.getcolors(1 << 16)}


def map_pixel(im: Image.Image, point: layout.Point, view: str = "full") -> tuple[int, ...]:
    ox, oy = layout.map_origin(view) or (0, 0)
    return im.getpixel((round(point[0] + ox), round(point[1] + oy)))


@pytest.mark.parametrize("view", layout.VIEWS)
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_board_decodes_with_the_views_size(start: State, view: str, lang: str) -> None:
    data = render.board(start, view=view, lang=lang)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= 500 * 1024
    assert decode(data).size == layout.view_size(view, len(start.order))


def test_languages_draw_different_labels(start: State) -> None:
    en, de = render.board(start, "players", "en"), render.board(start, "players", "de")
    assert en != de


def test_unknown_view_is_refused(start: State) -> None:
    with pytest.raises(ValueError, match="unknown view"):
        render.board(start, view="sideways")


def _free_section(state: State, colour: str) -> str:
    edition = edition_of(state)
    return next(sid for sid, (link, _n) in edition.sections.items()
                if link.colour == colour and sid not in state.built
                and sid not in state.section_tiles)


def _probe_point(state: State, sid: str, across: float) -> layout.Point:
    """A point on the section, a quarter of the way along, `across` px off the centre line."""
    g = layout.sections(edition_of(state))[sid]
    x = g.start[0] + (g.end[0] - g.start[0]) * 0.3 + g.normal[0] * across
    y = g.start[1] + (g.end[1] - g.start[1]) * 0.3 + g.normal[1] * across
    return (x, y)


def test_a_built_section_carries_its_colour(start: State) -> None:
    sid = _free_section(start, "red")
    point = _probe_point(start, sid, 0)
    before = decode(render.board(start))
    after = decode(render.board(replace(start, built=start.built | {sid})))
    assert map_pixel(before, point) != style.ROAD["red"]
    assert map_pixel(after, point) == style.ROAD["red"]


def test_an_upgraded_link_is_wider(start: State) -> None:
    edition = edition_of(start)
    link = next(lk for lk in edition.links.values()
                if all(s in start.built for s in lk.section_ids()) and lk.colour == "black")
    sid = link.section_ids()[0]
    # between the single carriageway's edge and the dual's: only the upgraded one covers it
    off = (layout.ROAD_W / 2 + layout.DUAL_W / 2) / 2 + 1
    point = _probe_point(start, sid, off)
    single = decode(render.board(start))
    dual = decode(render.board(replace(start, upgraded=start.upgraded | {link.id})))
    assert map_pixel(single, point) != style.ROAD["black"]
    assert map_pixel(dual, point) == style.ROAD["black"]


def test_a_city_value_is_drawn_and_changes(start: State) -> None:
    """Completing Flensburg–Hamburg (k2) raises Flensburg from 0 to 2: its disc changes."""
    edition = edition_of(start)
    done = replace(start, built=start.built | set(edition.links["k2"].section_ids()))
    assert (city_value(start, "flensburg"), city_value(done, "flensburg")) == (0, 2)
    geo = layout.geometry("map")
    x, y = layout.node_xy(edition, "flensburg", geo)
    r = geo.city_r - 3
    box = (round(x - r), round(y - r + layout.HEADER_H), round(x + r),
           round(y + r + layout.HEADER_H))
    a, b = decode(render.board(start, "map")).crop(box), decode(render.board(done, "map")).crop(box)
    assert a.tobytes() != b.tobytes()
    assert style.INK in {c for _n, c in b.getcolors(1024)}  # the digit is drawn in ink


def test_a_truck_appears_where_the_state_puts_it(start: State) -> None:
    edition = edition_of(start)
    ann = start.players["ann"]
    moved = start.with_player(replace(ann, trucks=(Truck("k3.1", "chemicals"), None)))
    x, y = map_layer.truck_xy(edition, "k3.1")
    y += layout.HEADER_H
    box = (x - 15, y - 9, x + 15, y + 9)  # the truck's plate, centred where the layout says
    assert style.GOODS["chemicals"] in colours_in(decode(render.board(moved)), box)
    assert style.GOODS["chemicals"] not in colours_in(decode(render.board(start)), box)


def test_the_east_is_hatched_until_era_3(start: State) -> None:
    edition = load_edition()
    leipzig = layout.node_xy(edition, "leipzig", layout.geometry("map"))
    box = (round(leipzig[0]) + 20, round(leipzig[1]) + 20 + layout.HEADER_H,
           round(leipzig[0]) + 40, round(leipzig[1]) + 40 + layout.HEADER_H)
    closed = decode(render.board(start, "map")).crop(box)
    opened = decode(render.board(replace(start, era=3), "map")).crop(box)
    assert style.EAST_HATCH in {c for _n, c in closed.getcolors(1024)}
    assert style.EAST_HATCH not in {c for _n, c in opened.getcolors(1024)}


def test_board_is_pure(start: State) -> None:
    assert render.board(start) == render.board(start)


PHONE_W = 400  # how wide Discord shows a picture in a phone's chat


def test_map_view_values_read_on_a_phone() -> None:
    """A city value's digits, as drawn (the ink of the cached sprite), stay at least 8 px
    tall when the map view is shown 400 px wide (the desktop map's were 5 px), two-digit
    values included; the discs, roads and names grow with them."""
    geo = layout.geometry("map")
    scale = PHONE_W / layout.view_size("map")[0]
    for value in (0, 8, 12):
        digits = map_layer.value_sprite(value, False, geo).getchannel("A").getbbox()
        assert digits is not None and (digits[3] - digits[1]) * scale >= 8, value
    desktop = map_layer.value_sprite(8, False, layout.DESKTOP).getchannel("A").getbbox()
    assert desktop is not None and (desktop[3] - desktop[1]) * scale <= 6  # what it was
    assert 2 * geo.city_r * scale >= 16
    assert geo.road_w * scale >= 5 and geo.label_size * scale >= 8


def test_map_view_is_portrait_and_full_view_keeps_the_desktop_map() -> None:
    w, h = layout.view_size("map")
    assert h > 1.5 * w
    assert layout.geometry("full") is layout.DESKTOP


def test_trucks_are_described_by_city_names(start: State) -> None:
    """A truck on a section reads as its link's two cities, at a depot as the depot's city;
    the players view draws that text, not the section id."""
    from render import player_board

    edition = edition_of(start)
    link = edition.links["k3"]
    assert player_board.place_name(edition, "k3.1") == (
        f"{edition.nodes[link.a].name}–{edition.nodes[link.b].name}")
    depot = next(iter(edition.depots.values()))
    assert player_board.place_name(edition, depot.id, "de") == (
        f"Depot {edition.nodes[depot.node].name}")
    ann = start.players["ann"]
    moved = start.with_player(replace(ann, trucks=(Truck("k3.1", "chemicals"), None)))
    assert render.board(moved, "players") != render.board(start, "players")


def test_players_view_sets_nothing_too_small_for_a_phone() -> None:
    """Shown ~400 px wide, the player cards' least text (row titles, slot names, the
    development track's numbers) is still 9 px; the desktop boards' was 5-6 px."""
    from render import phone_board

    scale = PHONE_W / layout.view_size("players")[0]
    assert phone_board.SMALL * scale >= 9
    assert phone_board.BIG * scale >= 14
    assert phone_board.CHIP_H * scale >= 20  # a card in hand or on a slot


def test_players_view_sets_the_shared_boards_large_enough_for_a_phone(start: State) -> None:
    """Atop the players view the offices, administration and card display were set 10-15 px
    (5-7 px on a phone); their least text is now 18 px, and nothing runs into the next."""
    from render import legend

    geo = panels.PHONE
    scale = PHONE_W / layout.view_size("players")[0]
    sizes = (geo.title, geo.colour_text, geo.lobby_text, geo.dept_text, geo.floor_text,
             geo.lobby_count, geo.floor_count, geo.display_text, geo.goods_text)
    assert min(sizes) * scale >= 9
    assert min(geo.seat_marker, geo.floor_marker, geo.chip, geo.goods_token) * scale >= 12
    edition = edition_of(start)
    seats = max(edition.seats(4, c) for c in edition.colours)
    assert panels.seat_box(len(edition.colours) - 1, seats - 1, geo)[2] < geo.admin_x
    last_dept = panels.floor_box(edition, edition.departments[-1], 1, geo)
    assert last_dept[2] <= layout.PANEL_W - 4
    assert last_dept[3] < legend.PANEL_Y
    goods_right = max(
        text_width(label("display", lang), geo.display_text, True) + 10
        + len(edition.goods) * geo.goods_step for lang in LANGS)
    cards_right = max(
        text_width(label("display", lang), geo.display_text, True) + 10
        + edition.display_size * (geo.chip + 5) for lang in LANGS)
    assert geo.display_x + max(goods_right, cards_right) < legend.PANEL_X
    bottom = max(geo.display_y + geo.goods_row + geo.chip,
                 legend.PANEL_Y + legend.panel_height(edition))
    assert bottom <= layout.PLAYERS_TOP


@pytest.mark.parametrize("view", ["full", "players"])
def test_office_seats_show_their_players_in_both_views(start: State, view: str) -> None:
    edition = edition_of(start)
    geo = panels.DESKTOP if view == "full" else panels.PHONE
    ox, oy = layout.panel_origin(view) or (0, 0)
    im = decode(render.board(start, view))
    row = edition.colours.index("black")
    filled = panels.seat_box(row, 0, geo)
    empty = panels.seat_box(row, len(start.offices["black"]), geo)
    seat = (ox + filled[0], oy + filled[1], ox + filled[2], oy + filled[3])
    assert set(style.PLAYER_COLOURS) & colours_in(im, seat)
    centre = (ox + (empty[0] + empty[2]) // 2, oy + (empty[1] + empty[3]) // 2)
    assert close(im.getpixel(centre), style.EMPTY_SEAT)


def test_players_view_grows_with_the_table(start: State) -> None:
    sizes = [layout.view_size("players", n) for n in (2, 3, 4)]
    assert sizes[0][1] < sizes[1][1] < sizes[2][1]
    assert decode(render.board(start, "players")).size == sizes[1]


@pytest.mark.parametrize("view", layout.VIEWS)
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_players_staff_line_fits_with_two_digit_counts(start: State, view: str, lang: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """"Employés 9 · Hall de l’Administration 10 · Station…" lost its stations in French
    late in a 4-player game: the staff line reads in full in every language."""
    import render.phone_board
    import render.player_board
    from render.board_parts import staff_line

    players = dict(start.players)
    for pid in start.order:
        players[pid] = replace(players[pid], supply=12, lobby=12, money=88)
    state = replace(start, players=type(start.players)(players))
    wanted = {staff_line(p, lang) for p in state.players.values()}
    cut: list[str] = []
    for module in (render.player_board, render.phone_board):
        real = module.fit

        def recording(value: str, *args: object, _real=real, **kwargs: object) -> str:
            fitted = _real(value, *args, **kwargs)
            if value in wanted and fitted != value:
                cut.append(fitted)
            return fitted

        monkeypatch.setattr(module, "fit", recording)
    # names as long as a table's usual ones ("Dieter", "Chloé"), money in two digits
    names = dict(zip(state.order, ("Dieter", "Chloé", "Bruno", "Anne"), strict=False))
    render.board(state, view, lang, names)
    assert not cut, cut
