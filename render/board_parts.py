"""What the desktop boards (player_board.py) and the phone cards (phone_board.py) draw alike.

The two differ in geometry only here: where the hand starts and how far its chips step, where
each slot's card spaces are (`slot_box`), the chip size and the empty spaces' frame width. The
texts both set (staff counts, a route card's cities) and a country's delivery marks are worked
out once here so the two views cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render import layout, style
from render.labels import label
from render.markers import card_chip, seat_of
from render.scores import PARTS, Ranked
from rules import Edition, Player, State, pending_decision

Point = layout.Point
Box = tuple[int, int, int, int]
SlotBox = Callable[[Edition, str, int], Box]


def mark_whose_move(draw: ImageDraw.ImageDraw, state: State, frame: Callable[[int], Box],
                    radius: int, width: int) -> None:
    """A thick frame in the player's colour around the board (`frame(seat)`) of the player
    the game waits for, if any: whose move it is."""
    decision = pending_decision(state)
    if decision is None or decision.player not in state.order:
        return
    seat = seat_of(state.order, decision.player)
    draw.rounded_rectangle(frame(state.order.index(decision.player)), radius=radius,
                           outline=style.PLAYER_COLOURS[seat], width=width)


def draw_hand_and_slots(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition,
                        player: Player, b: Point, *, hand: Point, step: int,
                        chip: tuple[int, int], slot_box: SlotBox, frame: int) -> None:
    """The hand as a row of chips from board-local `hand`, `step` px apart (the caller fits
    the step to its room), then every action slot's card spaces: a chip where a card lies,
    an empty frame `frame` px wide where one may still go (extra capacity included)."""
    bx, by = b
    chip_w, chip_h = chip
    x, y = bx + hand[0], by + hand[1]
    for card in player.hand:
        card_chip(draw, im, (int(x), int(y), int(x) + chip_w, int(y) + chip_h), edition, card)
        x += step
    for slot in edition.slots:
        cards = player.slots.get(slot, ())
        capacity = edition.slot_capacity[slot] + player.extra_capacity.get(slot, 0)
        for k in range(max(capacity, len(cards))):
            x0, y0, x1, y1 = slot_box(edition, slot, k)
            box = (int(bx + x0), int(by + y0), int(bx + x1), int(by + y1))
            if k < len(cards):
                card_chip(draw, im, box, edition, cards[k])
            else:
                draw.rectangle(box, outline=style.FRAME, width=frame)


def staff_line(player: Player, lang: str) -> str:
    """"Employees 5 · Lobby 2 · Stations 4": the staff a player has where (the lobby by the
    board's short name where its full one leaves no room: "HdA", not "Hall de
    l'Administration")."""
    return (f"{label('employees', lang)} {player.supply} · {label('staff_lobby', lang)} "
            f"{player.lobby} · {label('stations', lang)} {player.stations_left}")


def route_names(edition: Edition, player: Player) -> str:
    """The player's route card as its two cities ("Hamburg–München"), or its id if the
    edition does not know it; empty without a route card."""
    if not player.route:
        return ""
    route = edition.route_cards.get(player.route)
    if route is None:
        return player.route
    return f"{edition.nodes[route.a].name}–{edition.nodes[route.b].name}"


def delivery_marks(player: Player, code: str) -> tuple[str, bool, bool]:
    """A country's three delivery spaces, goods / DM / pharma: the goods space's token
    ("" none, "unused" with its bonus still to claim, else claimed), then DM and pharma."""
    got = player.deliveries.get(code)
    if got is None:
        return ("", False, False)
    return (got.goods, got.dm, got.pharma)


def score_parts(r: Ranked, lang: str) -> str:
    """"Lob 3 · Net 8 · Tra 4 · Ser 2 · Fin 5": a player's points, part by part."""
    return " · ".join(f"{label('short_' + part, lang)} {r.parts.get(part, 0)}"
                      for part in PARTS if part in r.parts)


def score_total(r: Ranked, lang: str, over: bool) -> str:
    """"22 pts", with the rank first once the game is over ("1. 22 pts")."""
    total = f"{r.total} {label('pts', lang)}"
    return f"{r.rank}. {total}" if over else total


def tie_break(r: Ranked, lang: str) -> str:
    """What separated this player from another with equal points; "" when none did."""
    if not r.decided_by:
        return ""
    return label(f"tie_break_{r.decided_by}", lang, count=r.key[r.decided_by])


def shares_rank(r: Ranked, ranks: list[Ranked]) -> bool:
    return sum(1 for q in ranks if q.rank == r.rank) > 1
