"""The turn card (view "card"): the phone map with the acting player's card below it.

Posted with each turn so a phone reads it without zooming: the map view's own sizes, and
the players view's card for the one player the game waits for (or, at the end, the
winner), so its smallest text (18 px) is no smaller than the map's names (17 px).
Measured in bench/RESULTS.md.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import layout, phone_board, style
from render.markers import Seats
from render.scores import ranked
from rules import Edition, State, edition_of, pending_decision

CARD_X = (layout.PHONE.map_w - phone_board.CARD_W) // 2 - phone_board.CARD_X


def _origin() -> layout.Point:
    """The panel origin that puts phone_board's first card just below the map."""
    return (CARD_X, layout.card_top() - phone_board.CARDS_Y + 4)


def draw_static(im: Image.Image, edition: Edition, lang: str) -> None:
    x0, y0 = 0, layout.card_top()
    ImageDraw.Draw(im).rectangle((x0, y0, im.width - 1, im.height - 1), fill=style.PANEL_BG)
    phone_board.draw_static(im, edition, 1, _origin(), lang)


def acting_player(state: State) -> str:
    """Whose card the turn card shows: the player the game waits for, else the winner."""
    decision = pending_decision(state)
    if decision is not None and decision.player in state.order:
        return decision.player
    return ranked(state, edition_of(state))[0].player


def draw_dynamic(im: Image.Image, state: State, edition: Edition, lang: str,
                 seats: Seats) -> None:
    phone_board.draw_cards(im, state, edition, _origin(), lang, seats, (acting_player(state),))
