"""Rule errors: a stable code plus parameters, never a sentence meant for players.

The adapters (console, Discord) translate `code` with `params` into the player's language
through the catalogue in `locales/`; `str()` gives the catalogue's English, for logs and
tests.
"""

from __future__ import annotations

from locales.coded import CodedError, english


class RuleError(CodedError):
    """Base of every error the rules raise for a refused action."""

    code = "rule_error"

    def english(self) -> str:
        # a log line must still say which parameter the raise forgot
        return english(self.code, self.params, strict=True)


class GameOverError(RuleError):
    code = "game_over"


class NotYourDecisionError(RuleError):
    """Another player's decision is pending (or, in a game over, nobody's)."""

    code = "not_your_turn"


class UnknownActionError(RuleError):
    """The text is not an action of the notation."""

    code = "unknown_action"


class IllegalActionError(RuleError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal"


# Every code the rules raise. The texts, English included, are in the one catalogue
# (locales/*.json): rules stay language-free and carry only codes and parameters.
CODES: frozenset[str] = frozenset({
    "autobot_turn_differs",
    "solo_unavailable",
    "solo_level",
    "solo_players",
    "game_over",
    "not_your_turn",
    "unknown_action",
    "unknown_player",
    "wrong_decision",
    "unknown_edition",
    "player_count",
    "player_ids",
    "card_not_in_hand",
    "colour_needed",
    "link_wrong_colour",
    "depot_wrong_colour",
    "unknown_action_form",
    "wrong_colour",
    "colour_closed",
    "slot_full",
    "cannot_pay",
    "unknown_section",
    "unknown_link",
    "section_built",
    "section_wrong_colour",
    "not_connected",
    "supply_empty",
    "no_employee",
    "link_incomplete",
    "link_upgraded",
    "unknown_depot",
    "depot_closed",
    "depot_off_network",
    "goods_not_offered",
    "goods_exhausted",
    "pharma_closed",
    "no_free_truck",
    "reload_which_truck",
    "free_truck_first",
    "reload_not_stuck",
    "no_station_space",
    "section_not_built",
    "station_taken",
    "no_stations_left",
    "unknown_lock",
    "lock_open",
    "lock_requires",
    "no_keys_left",
    "nothing_to_take_back",
    "grant_used",
    "grant_no_employee",
    "pass_not_allowed",
    "bonus_unavailable",
    "promotion_illegal",
    "card_not_in_display",
    "unknown_slot",
    "unknown_route",
    "truck_not_on_map",
    "truck_moved",
    "truck_wrong_start",
    "no_card_played",
    "bad_step",
    "too_far",
    "empty_move",
    "cannot_deliver",
    "country_closed",
})
