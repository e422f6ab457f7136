"""Every action named by what is on the board, in the player's language (issue 13).

`rules` stays language-free: its notation (`build k3.1 with black`) is the machine form,
kept for logs, exports, tests and experts. This package turns a notation into the words a
player finds on the board ("Bauen: Hamburg–Bremen, 2. von 3 · Rot — Karte Schwarz"), from
the edition and, where the notation alone cannot say it (where a truck starts), the state.
Discord, the console, the log and the turn story all name actions through here.
"""

from service.labels.actions import action_label, fit, truck_route
from service.labels.choices import (
    Labelled,
    choice_label,
    grouped,
    in_display_order,
    labelled,
    legal_lines,
    matches,
    ranked,
)
from service.labels.errors import error_text, named_actions, named_params
from service.labels.places import (
    card_name,
    city,
    colour_name,
    country_name,
    country_words,
    depot_name,
    goods_name,
    link_name,
    lock_name,
    route_ends,
    section_name,
    slot_name,
    staff_place,
)
from service.labels.settings import settings_text

__all__ = [
    "Labelled",
    "action_label",
    "card_name",
    "choice_label",
    "city",
    "colour_name",
    "country_name",
    "country_words",
    "depot_name",
    "error_text",
    "fit",
    "goods_name",
    "grouped",
    "in_display_order",
    "labelled",
    "legal_lines",
    "link_name",
    "lock_name",
    "matches",
    "named_actions",
    "named_params",
    "ranked",
    "route_ends",
    "section_name",
    "settings_text",
    "slot_name",
    "staff_place",
    "truck_route",
]
