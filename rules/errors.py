"""Rule errors: a stable code plus parameters, never a sentence meant for players.

The adapters (console, Discord) translate `code` with `params` into the player's language
through the catalogues in `locales/`; `str()` gives an English fallback for logs and tests.
"""

from __future__ import annotations

from locales.coded import CodedError


class RuleError(CodedError):
    """Base of every error the rules raise for a refused action."""

    code = "rule_error"
    template = "That is not allowed."

    def english(self) -> str:
        template = ENGLISH.get(self.code, self.template)
        try:
            return template.format(**self.params)
        except (KeyError, IndexError, ValueError):
            return f"{self.code} {self.params}"


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


# English fallbacks; the locale catalogues carry the same codes in en/de/fr.
ENGLISH: dict[str, str] = {
    "autobot_turn_differs": "The Autobot's turn is '{expected}', not '{given}'.",
    "solo_unavailable": "The edition {edition} has no solo mode.",
    "solo_level": "There is no solo level {level}; choose {low} to {high}.",
    "solo_players": "A solo game is one player against the Autobot, not: {players}.",
    "game_over": "The game is over.",
    "not_your_turn": "It is {current}'s decision, not {player}'s.",
    "unknown_action": "'{text}' is not an action.",
    "unknown_player": "{player} is not playing in this game.",
    "wrong_decision": "Now {player} must decide: {expected}, not {kind}.",
    "unknown_edition": "This game was started with an edition this bot does not have ({edition}).",
    "player_count": "{count} players cannot play; this edition is for {low} to {high}.",
    "player_ids": "Every player needs a distinct name: {players}.",
    "card_not_in_hand": "You do not hold the card {card}.",
    "colour_needed": "Card {card} has several colours: say which, e.g. {card}:{first}.",
    "link_wrong_colour": "Link {link} is {actual}, not {colour}.",
    "depot_wrong_colour": "Depot {depot} is {actual}, not {colour}.",
    "unknown_action_form": "'{text}' is not a well-formed action.",
    "wrong_colour": "Card {card} cannot be played as {colour}; its colours: {colours}.",
    "colour_closed": "The {colour} autobahn is closed until era {era}.",
    "slot_full": "Your {slot} slot is full ({capacity} cards); take back first.",
    "cannot_pay": "That costs {cost} DM; you have {money} DM.",
    "unknown_section": "There is no section {section}.",
    "unknown_link": "There is no link {link}.",
    "section_built": "Section {section} is already built.",
    "section_wrong_colour": "Section {section} is {actual}, not {colour}.",
    "not_connected": "Section {section} does not touch the built network.",
    "supply_empty": "No road sections are left in era {era}.",
    "no_employee": ("You have no employee in supply and only {lobby} in the lobby "
                    "({needed} needed)."),
    "link_incomplete": "Link {link} is not complete ({built} of {sections} sections built).",
    "link_upgraded": "Link {link} is already upgraded.",
    "unknown_depot": "There is no depot {depot}.",
    "depot_closed": "Depot {depot} opens in era {era}.",
    "depot_off_network": "Depot {depot} at {node} is not on the network yet.",
    "goods_not_offered": "Depot {depot} offers {offered}, not {goods}.",
    "goods_exhausted": "No {goods} are left in the supply.",
    "pharma_closed": "Pharmaceuticals can be loaded from era {era}.",
    "no_free_truck": "Both your trucks are on the map.",
    "no_station_space": "Section {section} has no service-station space.",
    "section_not_built": "Section {section} is not built.",
    "station_taken": "Section {section} already has a station.",
    "no_stations_left": "You have no service stations left.",
    "unknown_lock": "There is no lock {lock}.",
    "lock_open": "Lock {lock} is already open.",
    "lock_requires": "Lock {lock} needs {requires} first.",
    "no_keys_left": "You have no keys left.",
    "nothing_to_take_back": "You have no played cards to take back.",
    "grant_used": "You already took the government grant in era {era}.",
    "grant_no_employee": "The grant needs an employee in your supply.",
    "pass_not_allowed": "You cannot pass now: {expected}.",
    "bonus_unavailable": "You have no unused bonus for {country}.",
    "promotion_illegal": "You cannot promote from {source} to {target}.",
    "card_not_in_display": "Card {card} is not in the display.",
    "unknown_slot": "There is no action slot {slot}.",
    "unknown_route": "Route card {route} is not on offer.",
    "truck_not_on_map": "Your truck {truck} is not on the map.",
    "truck_moved": "Truck {truck} has already moved this turn.",
    "truck_wrong_start": "Truck {truck} must start on {colour}: it stands on {position}.",
    "no_card_played": "You may move a truck only after playing a card.",
    "bad_step": "Truck {truck} cannot move from {origin} to {target}.",
    "too_far": "That is {steps} steps; this truck may move {range}.",
    "empty_move": "Truck {truck} would go nowhere: name the sections it drives, or deliver.",
    "cannot_deliver": "Truck {truck} cannot deliver from {position}.",
    "country_closed": "{country} accepts deliveries from era {era}.",
}
