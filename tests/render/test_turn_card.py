"""The turn card (view "card") reads on a phone: at the map view's width, with nothing in
the acting player's card set smaller than the map's city names, and small enough to post."""

from __future__ import annotations

import io

from PIL import Image
from text_probe import drawn_text_sizes

import render
from render import layout, turn_card
from render.markers import seats_of
from rules import edition_of, pending_decision
from rules.state import State

PHONE_W = 412  # a phone's CSS width, where Discord shows an image edge to edge


def _card_texts(state: State) -> list[tuple[str, int]]:
    """Every string the card part draws (static and dynamic), with its size."""
    edition = edition_of(state)
    im = Image.new("RGB", layout.view_size("card", len(state.order)))
    with drawn_text_sizes() as sized:
        turn_card.draw_static(im, edition, "fr")
        turn_card.draw_dynamic(im, state, edition, "fr", seats_of(state.order))
    return sized


def test_the_card_is_as_wide_as_the_map_view_and_shows_the_acting_player(
        game: list[State]) -> None:
    state = game[len(game) // 2]
    im = Image.open(io.BytesIO(render.board(state, "card", "fr")))
    assert im.width == layout.view_size("map")[0]
    decision = pending_decision(state)
    assert decision is not None
    assert turn_card.acting_player(state) == decision.player
    texts = [t for t, _s in _card_texts(state)]
    assert f"{state.players[decision.player].money} DM" in texts


def test_nothing_on_the_card_is_smaller_than_the_maps_names(game: list[State]) -> None:
    state = game[len(game) // 2]
    seats = seats_of(state.order)
    initials = {seats.letter(p) for p in state.order}
    # digits and names; a marker's initials and a goods token's letter are symbols, drawn
    # inside their coloured shape, and the goods are also named in full beside each truck
    sized = [(t, s) for t, s in _card_texts(state)
             if t.strip() and t not in initials and not (len(t) == 1 and not t.isdigit())]
    assert sized
    smallest = min(s for _t, s in sized)
    # the same image width, so the same scale at 412 px: 17 px names read as 8.8 px there
    assert smallest >= layout.PHONE.label_size
    assert smallest * PHONE_W / layout.view_size("card")[0] >= 8.5


def test_every_card_image_stays_under_500_kb(game: list[State]) -> None:
    for state in [*game[::max(1, len(game) // 6)], game[-1]]:
        assert len(render.board(state, "card", "de")) < 500 * 1024


def test_the_final_card_shows_the_winner(game: list[State]) -> None:
    from render.scores import ranked

    final = game[-1]
    assert turn_card.acting_player(final) == ranked(final, edition_of(final))[0].player
