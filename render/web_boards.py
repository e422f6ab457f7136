"""The boards beside the web map as HTML: the header line, the shared boards, one board per
player and the score by department.

The texts are the PNG boards' own (render.board_parts, render.labels, render.scores), so
the page says what the posted picture says; card chips and markers are small SVGs drawn
by render.svg_pieces in render.style's colours. Every name a player chose is escaped.
No `style=""` attribute anywhere: the page's content security policy forbids it, so
layout is the page's stylesheet's (classes only).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from render import style
from render.board_parts import (
    delivery_marks,
    route_names,
    score_parts,
    score_total,
    shares_rank,
    staff_line,
    tie_break,
)
from render.labels import colon, goods_letter, label
from render.markers import Seats, seats_of
from render.player_board import lock_label, place_name, solo_line
from render.scores import PARTS, ranked
from render.svg_pieces import goods, hexc, marker
from rules import Edition, Player, State, edition_of, pending_decision


def marker_svg(seats: Seats, pid: str, size: int = 20) -> str:
    """A player's marker as a small inline SVG (the map's marker, same shape and colour)."""
    shape = marker(seats.seat(pid), size / 2, size / 2, size * 0.72, seats.letter(pid))
    return (f'<svg class="mk" viewBox="0 0 {size} {size}" width="{size}" height="{size}"'
            f' aria-hidden="true">{shape}</svg>')


def chip_svg(edition: Edition, card_id: str) -> str:
    """A card as the PNG's chip: its colour bands, '*' for wild, '+' for an extra build."""
    card = edition.cards.get(card_id)
    colours = card.colours if card is not None else ("?",)
    extra = card.extra_build if card is not None else False
    w, h = 18, 26
    bands = list(style.ROAD.values()) if colours == ("*",) else [style.road(c) for c in colours]
    bw = w / len(bands)
    parts = [f'<rect x="{i * bw:.2f}" y="0" width="{bw:.2f}" height="{h}" fill="{hexc(c)}"/>'
             for i, c in enumerate(bands)]
    if colours == ("*",):
        parts.append(f'<text x="9" y="14" font-size="14" font-weight="bold" text-anchor="middle"'
                     f' dominant-baseline="central" fill="{hexc(style.INK)}">*</text>')
    if extra:
        parts.append(f'<rect x="9" y="1" width="8" height="8" fill="{hexc(style.PAPER)}"/>'
                     f'<text x="13" y="5" font-size="9" font-weight="bold" text-anchor="middle"'
                     f' dominant-baseline="central" fill="{hexc(style.INK)}">+</text>')
    parts.append(f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" fill="none"'
                 f' stroke="{hexc(style.INK)}"/>')
    name = "/".join(colours) + (" +" if extra else "")
    return (f'<svg class="chip" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img"'
            f' aria-label="{escape(name)}">{"".join(parts)}</svg>')


def _goods_svg(kind: str, lang: str, size: int = 16) -> str:
    return (f'<svg class="gd" viewBox="0 0 {size} {size}" width="{size}" height="{size}"'
            f' role="img" aria-label="{escape(label("goods_" + kind, lang))}">'
            f'{goods(size / 2, size / 2, size - 2, kind, goods_letter(kind, lang))}</svg>')


def header_html(state: State, lang: str, names: Mapping[str, str] | None = None) -> str:
    """Era, supply and turn, then who must decide what, or the final ranking
    (panels.draw_header's words)."""
    edition = edition_of(state)
    seats = seats_of(state.order, names)
    parts = [f'<span class="era">{escape(label("era", lang))} {state.era}</span>',
             f'<span>{escape(label("supply", lang))} {state.era_supply}/'
             f'{edition.era(state.era).supply}</span>']
    if state.turn is not None and state.phase != "over":
        parts.append(f'<span>{escape(label("turn", lang))} {state.turn.number}</span>')
    decision = pending_decision(state)
    if decision is None:
        places = "  ".join(f"{r.rank}. {seats.name(r.player)} {r.total}"
                           for r in ranked(state, edition))
        parts.append(f'<strong class="deciding">{escape(label("game_over", lang))}'
                     f'{escape(colon(lang))}{escape(places)}</strong>')
    else:
        what = f"{seats.name(decision.player)}{colon(lang)}{label('decide_' + decision.kind, lang)}"
        if state.phase == "final":
            what += f" ({label('final_round', lang)})"
        parts.append(f'<strong class="deciding">{marker_svg(seats, decision.player)}'
                     f'{escape(what)}</strong>')
    return " ".join(parts)


def shared_html(state: State, lang: str, names: Mapping[str, str] | None = None) -> str:
    """The construction offices, the administration (lobby and floors), the card display
    and the goods supply."""
    edition = edition_of(state)
    seats = seats_of(state.order, names)
    out = [f'<h3>{escape(label("offices", lang))}</h3><ul class="offices">']
    for colour in edition.colours:
        held = "".join(marker_svg(seats, pid) for pid in state.offices.get(colour, ()))
        out.append(f'<li><span class="swatch road-{escape(colour)}"></span>{held}</li>')
    out.append(f'</ul><h3>{escape(label("administration", lang))}</h3><table class="admin">')
    lobby = "".join(f'{marker_svg(seats, pid)}×{state.players[pid].lobby} '
                    for pid in state.order if state.players[pid].lobby)
    out.append(f'<tr><th>{escape(label("lobby", lang))}</th>'
               f'<td colspan="{edition.floors}">{lobby}</td></tr>')
    for dept in edition.departments:
        cells = []
        for floor in range(1, edition.floors + 1):
            here = "".join(f'{marker_svg(seats, pid)}{n} ' for pid in state.order
                           if (n := state.players[pid].floors[dept][floor - 1]))
            cells.append(f"<td>{here}</td>")
        out.append(f'<tr><th>{escape(label(dept, lang))}</th>{"".join(cells)}</tr>')
    out.append("</table>")
    display = "".join(chip_svg(edition, card) for card in state.display)
    supply = " ".join(f'{_goods_svg(kind, lang)}{state.goods.get(kind, 0)}'
                      for kind in edition.goods)
    out.append(f'<p class="display"><b>{escape(label("display", lang))}</b> {display}</p>'
               f'<p class="supply">{supply}</p>')
    return "".join(out)


def scores_html(state: State, lang: str, names: Mapping[str, str] | None = None) -> str:
    """Points per department and in all, best first; the rank and tie-break at the end."""
    edition = edition_of(state)
    seats = seats_of(state.order, names)
    over = state.phase == "over"
    ranks = ranked(state, edition)
    # the boards' short names ("Lob", "Rés"), the full one on hover: five departments
    # and the total fit a phone's width in every language
    head = "".join(f'<th scope="col"><abbr title="{escape(label(part, lang))}">'
                   f'{escape(label("short_" + part, lang))}</abbr></th>' for part in PARTS)
    out = [f'<table class="scores"><thead><tr><th></th>{head}'
           f'<th scope="col">{escape(label("pts", lang))}</th></tr></thead><tbody>']
    for r in ranks:
        cells = "".join(f"<td>{r.parts.get(part, 0)}</td>" for part in PARTS)
        note = ""
        if over:
            note = tie_break(r, lang) or (label("tie_shared", lang) if shares_rank(r, ranks)
                                          else "")
            note = f' <small>{escape(note)}</small>' if note else ""
        rank = f"{r.rank}. " if over else ""
        out.append(f'<tr><th scope="row">{marker_svg(seats, r.player)}{rank}'
                   f'{escape(seats.name(r.player))}{note}</th>{cells}<td><b>{r.total}</b></td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def players_html(state: State, lang: str, names: Mapping[str, str] | None = None) -> str:
    """One board per player, in seat order; the one the game waits for is marked."""
    edition = edition_of(state)
    seats = seats_of(state.order, names)
    decision = pending_decision(state)
    waiting = decision.player if decision is not None else None
    score = {r.player: r for r in ranked(state, edition)}
    over = state.phase == "over"
    return "".join(_player(state, edition, state.players[pid], seats, lang,
                           score_total(score[pid], lang, over),
                           score_parts(score[pid], lang), pid == waiting)
                   for pid in state.order)


def _player(state: State, edition: Edition, player: Player, seats: Seats, lang: str,
            total: str, parts: str, waiting: bool) -> str:
    seat = seats.seat(player.id)
    mark = " waiting" if waiting else ""
    out = [f'<section class="player seat-{seat}{mark}"><h3>{marker_svg(seats, player.id, 24)}'
           f'<span class="name">{escape(seats.name(player.id))}</span>'
           f' <span class="money">{player.money} DM</span>'
           f' <span class="total">{escape(total)}</span></h3>'
           f'<p class="parts">{escape(parts)}</p>'
           f'<p class="staff">{escape(staff_line(player, lang))}</p>']
    if state.solo is not None and player.id == state.order[0] and state.phase != "over":
        out.append(f'<p class="note">{escape(solo_line(state, lang))}</p>')
    elif player.route and state.phase != "over":
        done = " " + "✓" * len(player.route_rewards) if player.route_rewards else ""
        out.append(f'<p class="note">{escape(label("route", lang))}{escape(colon(lang))}'
                   f'{escape(route_names(edition, player))}{done}</p>')
    if player.pending_promotions:
        out.append(f'<p class="owed">{player.pending_promotions} '
                   f'{escape(label("promotions_owed", lang))}</p>')
    hand = "".join(chip_svg(edition, card) for card in player.hand)
    out.append(f'<p class="hand"><b>{escape(label("hand", lang))}</b> {hand}</p><ul class="slots">')
    for slot in edition.slots:
        cards = player.slots.get(slot, ())
        room = edition.slot_capacity[slot] + player.extra_capacity.get(slot, 0)
        played = "".join(chip_svg(edition, card) for card in cards)
        empty = '<span class="space"></span>' * max(0, room - len(cards))
        out.append(f'<li><small>{escape(label("slot_" + slot, lang))}</small>{played}{empty}</li>')
    keys = "".join(f'<span class="key{" open" if lock in player.keys else ""}">'
                   f'{escape(lock_label(edition, lock, lang))}</span>' for lock in edition.locks)
    out.append(f'</ul><p class="keys"><b>{escape(label("keys", lang))}</b> {keys}'
               f' <b>{escape(label("development", lang))}</b> {player.development}</p>')
    out.append('<ul class="deliveries">')
    for code in edition.countries:
        row = edition.delivery_row(player.board, code)
        marks = "".join(f'<span class="dl{" got" if m else ""}'
                        f'{" unused" if m == "unused" else ""}"></span>'
                        for m in delivery_marks(player, code))
        out.append(f'<li><b>{escape(code.upper())}</b> {row.dm} '
                   f'{_goods_svg(row.goods, lang, 14)}{marks}</li>')
    out.append(f'</ul><p class="trucks"><b>{escape(label("trucks", lang))}</b></p>'
               '<ol class="trucks">')
    for truck in player.trucks:
        if truck is None:
            out.append(f'<li class="off">{escape(label("off_map", lang))}</li>')
        else:
            out.append(f'<li>{_goods_svg(truck.goods, lang, 14)} '
                       f'{escape(place_name(edition, truck.position, lang))}</li>')
    out.append("</ol></section>")
    return "".join(out)


def road_css() -> str:
    """The stylesheet's colour classes from render.style: one source for what colour a
    road, a player or the change mark is, on the picture and on the page."""
    rules = [f".road-{name}{{background:{hexc(rgb)}}}" for name, rgb in style.ROAD.items()]
    rules += [f".seat-{i}{{border-color:{hexc(rgb)}}}"
              for i, rgb in enumerate(style.PLAYER_COLOURS)]
    rules.append(f":root{{--ink:{hexc(style.INK)};--paper:{hexc(style.PAPER)};"
                 f"--panel:{hexc(style.PANEL_BG)};--frame:{hexc(style.FRAME)};"
                 f"--change:{hexc(style.CHANGE)};--header:{hexc(style.HEADER_BG)};"
                 f"--header-ink:{hexc(style.HEADER_INK)};--highlight:{hexc(style.HIGHLIGHT)};"
                 f"--muted:{hexc(style.MUTED)};--abroad:{hexc(style.ABROAD)}}}")
    return "\n".join(rules) + "\n"
