"""The board tells what the last turn changed and where everybody stands.

Pixel probes for the change markings (rules.changes.map_changes drawn in style.CHANGE),
text probes for the points per department, the total, the rank and the tie-break.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image
from text_probe import drawn_text

import render
from render import layout, map_layer, placement, style
from render.labels import label
from render.markers import seats_of
from render.scores import ranked
from render.sprites import text_width
from rules import edition_of, scores
from rules.changes import MapChanges, map_changes
from rules.scoring import score_breakdown
from rules.state import State, Truck


def _image(state: State, view: str = "full", changes: MapChanges | None = None) -> Image.Image:
    im = Image.open(io.BytesIO(render.board(state, view, changes=changes)))
    im.load()
    return im.convert("RGB")


def _changed_pixels(im: Image.Image, box: tuple[float, float, float, float]) -> int:
    x0, y0, x1, y1 = (round(v) for v in box)
    crop = im.crop((x0, y0 + layout.HEADER_H, x1, y1 + layout.HEADER_H))
    return sum(n for n, c in crop.getcolors(1 << 16) or [] if c == style.CHANGE)


def _section_box(state: State, sid: str, geo: layout.Geometry) -> tuple[float, ...]:
    g = layout.sections(edition_of(state), geo)[sid]
    pad = geo.dual_w
    return (min(g.start[0], g.end[0]) - pad, min(g.start[1], g.end[1]) - pad,
            max(g.start[0], g.end[0]) + pad, max(g.start[1], g.end[1]) + pad)


def _free(state: State, colour: str) -> str:
    edition = edition_of(state)
    return next(sid for sid, (link, _n) in edition.sections.items()
                if link.colour == colour and sid not in state.built)


def test_map_changes_are_what_the_later_state_added(start: State) -> None:
    sid = _free(start, "red")
    ann = start.players["ann"]
    after = replace(start.with_player(replace(ann, trucks=(Truck("k3.1", "chemicals"), None))),
                    built=start.built | {sid}, stations=start.stations.set(sid, "ann"))
    changes = map_changes(start, after)
    assert changes.built == {sid} and changes.stations == {sid}
    assert [(m.player, m.truck, m.end) for m in changes.trucks] == [("ann", 1, "k3.1")]
    assert not map_changes(after, after)


def test_a_section_the_turn_built_is_marked_and_an_older_one_is_not(start: State) -> None:
    sid = _free(start, "red")
    after = replace(start, built=start.built | {sid})
    box = _section_box(start, sid, layout.DESKTOP)
    assert _changed_pixels(_image(after), box) == 0
    marked = _image(after, changes=map_changes(start, after))
    assert _changed_pixels(marked, box) > 20
    phone = _image(after, "map", map_changes(start, after))
    assert _changed_pixels(phone, _section_box(start, sid, layout.PHONE)) > 20


def test_an_upgrade_a_station_and_a_truck_move_are_marked(start: State) -> None:
    edition = edition_of(start)
    link = next(lk for lk in edition.links.values()
                if all(s in start.built for s in lk.section_ids()))
    sid = link.section_ids()[0]
    ann = start.players["ann"]
    moved = start.with_player(replace(ann, trucks=(Truck("k3.1", "chemicals"), None)))
    later = moved.with_player(replace(ann, trucks=(Truck("k3.2", "chemicals"), None)))
    after = replace(later, upgraded=later.upgraded | {link.id},
                    stations=later.stations.set(sid, "ann"))
    marked = _image(after, changes=map_changes(moved, after))
    plain = _image(after)
    assert _changed_pixels(marked, _section_box(start, sid, layout.DESKTOP)) > 20
    station = placement.station_box(edition, sid, layout.DESKTOP)
    ring = (station[0] - 4, station[1] - 4, station[2] + 4, station[3] + 4)
    assert _changed_pixels(marked, ring) > 0
    x, y = map_layer.truck_xy(edition, "k3.2", 0)
    plate = (x - 22, y - 14, x + 22, y + 14)
    assert _changed_pixels(marked, plate) > 0
    assert _changed_pixels(plain, plate) == 0


def _ann_drawn(state: State, view: str) -> list[str]:
    with drawn_text() as texts:
        render.board(state, view, "en")
    return texts


def test_each_player_board_shows_points_per_department_and_total(game: list[State]) -> None:
    state = game[len(game) // 2]
    edition = edition_of(state)
    for view in ("full", "players"):
        texts = _ann_drawn(state, view)
        for pid, total in scores(state).items():
            assert f"{total} {label('pts')}" in texts
            parts = score_breakdown(state, edition, pid)
            line = " · ".join(f"{label('short_' + p)} {parts[p]}" for p in
                              ("lobby", "network", "trade", "service", "finance"))
            assert any(line in t for t in texts), (view, line)


def test_the_final_board_ranks_the_players(game: list[State]) -> None:
    final = game[-1]
    texts = _ann_drawn(final, "full")
    header = next(t for t in texts if t.startswith(label("game_over")))
    order = [r.player for r in ranked(final, edition_of(final))]
    pts = scores(final)
    assert sorted(pts.values(), reverse=True) == [pts[p] for p in order]
    positions = [header.index(f"{r.rank}. {r.player} {r.total}")
                 for r in ranked(final, edition_of(final))]
    assert positions == sorted(positions)
    for r in ranked(final, edition_of(final)):
        assert f"{r.rank}. {r.total} {label('pts')}" in texts


def test_equal_points_show_the_tie_break(game: list[State]) -> None:
    """Ann and Ben with no money, lobby or floors but one employee of Ann's on the finance
    floor 1 (worth 0 without money): equal points, and Ann ahead on employees."""
    final = game[-1]
    players = {}
    for pid in ("ann", "ben"):
        p = final.players[pid]
        floors = {d: tuple(0 for _ in c) for d, c in p.floors.items()}
        if pid == "ann":
            floors["finance"] = (1, *floors["finance"][1:])
        players[pid] = replace(p, money=0, lobby=0, floors=p.floors.__class__(floors))
    state = final
    for p in players.values():
        state = state.with_player(p)
    ranks = {r.player: r for r in ranked(state, edition_of(state))}
    assert ranks["ann"].total == ranks["ben"].total
    assert ranks["ann"].rank < ranks["ben"].rank
    assert ranks["ann"].decided_by == 1
    texts = _ann_drawn(state, "players")
    assert label("tie_break_1", count=1) in texts


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_phone_views_final_header_stays_readable(game: list[State], lang: str) -> None:
    """At 800 px the whole ranking was set at 14 px (7 px on a phone), then only the places
    that fit at 18 px (issue 31, item 10: the third was dropped); now every place, on one
    line at 18 px or more where it fits, else on two lines at 17 px."""
    from render import panels

    final = game[-1]
    edition = edition_of(final)
    names = {p: f"{p.title()} Longname-{p}" for p in final.order}
    seats = seats_of(final.order, names)
    lines, size = panels._final_line(final, edition, lang, seats, 800 - 140)
    assert size >= 17 and len(lines) <= 2
    for line in lines:
        assert text_width(line, size, True) <= 800 - 140
    said = "  ".join(lines)
    assert all(f"{r.rank}. {names[r.player]} {r.total}" in said for r in ranked(final, edition))
    wide, size = panels._final_line(final, edition, lang, seats, 1400)
    assert len(wide) == 1 and size >= 18
    assert all(f"{r.rank}. {names[r.player]} {r.total}" in wide[0]
               for r in ranked(final, edition))
    # four names as long as Discord allows: every place is there, a name cut if need be
    longest = {p: ("W" * 32) for p in final.order}
    lines, size = panels._final_line(final, edition, lang, seats_of(final.order, longest),
                                     800 - 140)
    said = "  ".join(lines)
    assert all(f"{r.rank}. " in said and f" {r.total}" in said for r in ranked(final, edition))
    assert all(text_width(line, size, True) <= 800 - 140 for line in lines)
