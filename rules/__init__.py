"""The rules of Autobahn: pure, deterministic, no I/O (DESIGN §2).

    edition = load_edition()
    state = new_game(edition, players=["ann", "ben", "cem"], seed=7)
    actions = legal_actions(state, "ann")
    state = apply(state, "ann", "route hamburg-muenchen")

    solo = new_game(edition, players=["ann"], seed=7, solo_level=5)  # against the Autobot
    # When the Autobot ("autobot") decides, its one legal action is its whole turn:
    (turn,) = legal_actions(solo, "autobot")
    solo = apply(solo, "autobot", turn)

`apply` is the checked specification. A search takes the fast path of `rules.search`:
a `SearchContext` it owns (the caches) and `apply_listed` for an action it was listed, or
an OpenSpiel-style `Position` (`legal_actions`, `apply_action`, `clone`):

    context = SearchContext()
    state = context.apply_listed(state, "ann", context.legal_actions(state, "ann")[0])
"""

# The action kinds are public: the service words a log with them (service/log.py).
from rules.actions import (
    Action,
    AutobotTurn,
    Bonus,
    Extra,
    Key,
    Move,
    Pick,
    Play,
    Promote,
    Route,
    Simple,
    Slot,
    parse_action,
)
from rules.changes import MapChanges, TruckMove, map_changes
from rules.edition import EditionError, load_edition
from rules.effects import budget_paid, construction_budget
from rules.errors import (
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    RuleError,
    UnknownActionError,
)
from rules.flow import Decision, apply, legal_actions, pending_decision
from rules.model import Edition, parse_bonus
from rules.network import link_complete
from rules.queries import (
    autobot_seat,
    city_value,
    current_player,
    edition_of,
    employees,
    era,
    is_over,
    link_status,
    money,
    office_seats,
    price,
    scores,
    stations_passed,
    trucks,
    winners,
)
from rules.registry import edition_by_hash, register_edition
from rules.roads import delivery_countries, step_graph
from rules.scoring import ranking_key, score_breakdown
from rules.search import Position, SearchContext
from rules.setup import new_game
from rules.state import Player, State

__all__ = [
    "Action",
    "AutobotTurn",
    "Bonus",
    "Decision",
    "Edition",
    "EditionError",
    "Extra",
    "GameOverError",
    "IllegalActionError",
    "Key",
    "MapChanges",
    "Move",
    "NotYourDecisionError",
    "Pick",
    "Play",
    "Player",
    "Position",
    "Promote",
    "Route",
    "RuleError",
    "SearchContext",
    "Simple",
    "Slot",
    "State",
    "TruckMove",
    "UnknownActionError",
    "apply",
    "autobot_seat",
    "budget_paid",
    "city_value",
    "construction_budget",
    "current_player",
    "delivery_countries",
    "edition_by_hash",
    "edition_of",
    "employees",
    "era",
    "is_over",
    "legal_actions",
    "link_complete",
    "link_status",
    "load_edition",
    "map_changes",
    "money",
    "new_game",
    "office_seats",
    "parse_action",
    "parse_bonus",
    "pending_decision",
    "price",
    "ranking_key",
    "register_edition",
    "score_breakdown",
    "scores",
    "stations_passed",
    "step_graph",
    "trucks",
    "winners",
]
