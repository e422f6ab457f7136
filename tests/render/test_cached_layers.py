"""What the cached background now carries (names, empty cities' 0) reads as if drawn on
every board: a name stays on top of every road that can reach it, and a city's value
never shows the background's 0 through it (bench/RESULTS.md: the render speed pass)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
from render import layout, map_layer
from rules import MapChanges, city_value, edition_of
from rules.state import State


def _bare(state: State) -> State:
    """Without what is drawn over names and discs on purpose (stations, tiles, trucks)."""
    players = {pid: replace(p, trucks=tuple(None for _ in p.trucks))
               for pid, p in state.players.items()}
    return replace(state, stations={}, section_tiles={}, country_tiles={},
                   players=state.players.__class__(players))


def _everything_built(state: State) -> State:
    edition = edition_of(state)
    return replace(_bare(state), built=frozenset(edition.sections),
                   upgraded=frozenset(edition.links))


def _opaque_pixels_match(im: Image.Image, sprite: Image.Image, at: tuple[int, int],
                         under: Image.Image | None = None,
                         discs: tuple[tuple[float, float, float], ...] = ()
                         ) -> tuple[int, int, int, int] | None:
    """Where `sprite` (over `under`, if given) is opaque, `im` shows exactly its colour;
    inside `discs` (x, y, r in image pixels: city discs, which a halo's edge may touch
    and which are drawn over it) excepted. Returns the box of the pixels that differ."""
    layer = sprite if under is None else Image.alpha_composite(under, sprite)
    box = (at[0], at[1], at[0] + layer.width, at[1] + layer.height)
    shown = im.crop(box)
    mask = layer.getchannel("A").point(lambda a: 255 if a == 255 else 0)
    draw = ImageDraw.Draw(mask)
    for cx, cy, cr in discs:
        x, y = cx - at[0], cy - at[1]
        draw.ellipse((x - cr, y - cr, x + cr, y + cr), fill=0)
    diff = ImageChops.difference(shown, layer.convert("RGB")).convert("L")
    diff = ImageChops.multiply(diff.point(lambda v: 255 if v else 0), mask)
    return diff.getbbox()


@pytest.mark.parametrize("view", ["full", "map"])
def test_every_name_stays_on_top_of_every_built_and_marked_road(start: State,
                                                                view: str) -> None:
    state = _everything_built(start)
    edition = edition_of(state)
    marks = MapChanges(built=state.built, upgraded=state.upgraded)
    im = render.draw(state, view, "en", changes=marks)
    ox, oy = layout.map_origin(view) or (0, 0)
    geo = layout.geometry(view)
    crossed = [c for c in map_layer._crossings(edition, geo) if c]
    assert len(crossed) > 20  # the probe covers names roads really reach
    discs = tuple((x + ox, y + oy, geo.city_r + 1) for x, y in
                  (layout.node_xy(edition, nid, geo) for nid in edition.nodes))
    # all names as one layer, in drawing order (one name's halo may lie on the next one)
    names = Image.new("RGBA", im.size, (0, 0, 0, 0))
    for sprite, (lx, ly) in map_layer._overlay(edition, geo):
        names.alpha_composite(sprite, (int(lx + ox + 0.5), int(ly + oy + 0.5)))
    assert _opaque_pixels_match(im, names, (0, 0), discs=discs) is None


@pytest.mark.parametrize("view", ["full", "map"])
def test_a_value_hides_the_backgrounds_0(game: list[State], view: str) -> None:
    state = _bare(game[-1])
    edition = edition_of(state)
    geo = layout.geometry(view)
    ox, oy = layout.map_origin(view) or (0, 0)
    im = render.draw(state, view, "en")
    shown = [nid for nid in edition.nodes if city_value(state, nid)]
    assert shown  # the game's end has cities of value
    for nid in shown:
        x, y = layout.node_xy(edition, nid, geo)
        on_net = any(map_layer.link_complete(state, lk) for lk in edition.links_at[nid])
        on_net = on_net and edition.nodes[nid].country is None
        value = map_layer.value_sprite(city_value(state, nid), on_net, geo)
        blank = map_layer._blank_sprite(edition.nodes[nid].country is not None, geo)
        at = (int(x + ox - value.width / 2 + 0.5), int(y + oy - value.height / 2 + 0.5))
        assert _opaque_pixels_match(im, value, at, under=blank) is None, nid


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize("at", [(5, 5), (-7, 3), (28, 25), (-20, -20), (40, 40)])
def test_the_fast_paste_draws_what_pillows_paste_draws(mode: str, at: tuple[int, int]) -> None:
    """sprites.paste goes through Pillow's core: same pixels, clipped at the edges alike."""
    from render import sprites

    sprite = Image.new("RGBA", (12, 9), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).ellipse((0, 0, 11, 8), fill=(200, 30, 60, 180))
    ImageDraw.Draw(sprite).rectangle((3, 3, 6, 5), fill=(10, 200, 90, 255))
    base = Image.new(mode, (32, 30), (120, 110, 100) if mode == "RGB" else (120, 110, 100, 90))
    ours, pillows = base.copy(), base.copy()
    sprites.paste(ours, sprite, *at)
    pillows.paste(sprite, at, sprite)
    assert ours.tobytes() == pillows.tobytes()


def _with_deliveries(state: State) -> State:
    """The first player has a token in every space of two countries, one bonus unclaimed."""
    from rules.state import DeliveryRowState

    edition = edition_of(state)
    first = state.order[0]
    codes = list(edition.countries)
    a, b = codes[0], codes[3]
    rows = dict(state.players[first].deliveries)
    rows[a] = DeliveryRowState(goods="unused", dm=True, pharma=True)
    rows[b] = DeliveryRowState(goods="used", dm=True, pharma=False)
    player = replace(state.players[first],
                     deliveries=state.players[first].deliveries.__class__(rows))
    players = dict(state.players)
    players[first] = player
    return replace(state, players=state.players.__class__(players))


@pytest.mark.parametrize("view", ["full", "players"])
def test_the_delivery_row_shows_the_tokens_over_its_cached_strip(start: State,
                                                                 view: str) -> None:
    from render import phone_board, player_board, style

    state = _with_deliveries(start)
    edition = edition_of(state)
    im = render.draw(state, view)
    o = layout.panel_origin(view)
    assert o is not None
    first = state.order[0]
    codes = list(edition.countries)
    filled = {codes[0]: (True, True, True), codes[3]: (True, True, False)}
    for seat, pid in enumerate(state.order):
        for i, code in enumerate(edition.countries):
            marks = filled.get(code, (False, False, False)) if pid == first else (False,) * 3
            for k, mark in enumerate(marks):
                if view == "full":
                    bx, by = player_board.board_origin(o, seat)
                    x = bx + 8 + i * player_board.DELIVERY_W + 4 + k * 17
                    y = by + player_board.ROW_DELIVERY + 28
                    probe = (int(x + 2), int(y + 2))  # clear of the bonus star
                else:
                    bx, by = phone_board.card_origin(o, seat)
                    x = bx + 10 + i * phone_board.DELIVERY_W + 5 + k * 29
                    y = by + phone_board.ROW_DELIVERY + 32
                    probe = (int(x + 3), int(y + 3))
                want = style.INK if mark else style.PAPER
                assert im.getpixel(probe) == want, (pid, code, k)
