"""A refused action's parameters named as on the board (issue 13).

The rules raise with ids (`section_wrong_colour section=k2.2`), the language-free machine
form. Before an error leaves the service, each parameter that names a place, a card or a
decision becomes a `Named` (or a `Phrase`): still the id as a string, but written by the
same label functions as the actions when the message is translated, so a German player
reads "Der Straßenabschnitt Hamburg–Bremen, 2. von 2 ist Schwarz", not "k2.2".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from locales import Named, Phrase, translate
from rules import State, edition_of, pending_decision
from rules.model import Edition
from service.labels.actions import action_label
from service.labels.places import (
    DASH,
    card_colours,
    city,
    depot_city,
    depot_name,
    lock_name,
    route_ends,
    section_name,
    staff_place,
)

Namer = Callable[[Edition, str, str], str]


def _where(edition: Edition, place: str, lang: str) -> str:
    """Where a truck stands or steps: a depot by its city, a section by its link."""
    depot = edition.depots.get(place)
    if depot is not None:
        return depot_name(edition, place, lang)
    return section_name(edition, place, lang)


def _route(edition: Edition, card: str, lang: str) -> str:
    return route_ends(edition, card)


def _city(edition: Edition, node: str, lang: str) -> str:
    return city(edition, node)


def _section(edition: Edition, section: str, lang: str) -> str:
    # the sentence says the colour itself where it matters ("... is black, not red")
    return section_name(edition, section, lang, colour=False)


def _link(edition: Edition, link: str, lang: str) -> str:
    found = edition.links.get(link)
    if found is None:
        return link
    return f"{city(edition, found.a)}{DASH}{city(edition, found.b)}"


# What each parameter names, whatever the code; `source`/`target` depend on the code.
PLACES: dict[str, Namer] = {
    "section": _section, "link": _link, "depot": depot_city, "node": _city,
    "city": _city, "card": card_colours, "lock": lock_name, "requires": lock_name,
    "route": _route, "position": _where, "origin": _where, "tile": _section,
}
BY_CODE: dict[str, dict[str, Namer]] = {
    "promotion_illegal": {"source": staff_place, "target": staff_place},
    "bad_step": {"target": _where},
}


# Sentences whose colour describes a feminine French noun (la section, la liaison,
# l'autoroute): "noire", not "noir". The card colours are those forms (la carte noire).
FEMININE = frozenset({"section_wrong_colour", "link_wrong_colour", "colour_closed",
                      "truck_wrong_start"})


def _feminine(colours: str, lang: str) -> str:
    return "/".join(translate(f"word.card_colour.{c}", lang) for c in colours.split("/"))


def named_params(code: str, params: Mapping[str, Any], state: State,
                 player: str | None = None) -> dict[str, Any]:
    """`params` with every id of the board named, and the decisions and actions an error
    speaks of ('expected', 'kind') in words instead of grammar and notation."""
    edition = edition_of(state)
    namers = {**PLACES, **BY_CODE.get(code, {})}
    out: dict[str, Any] = {}
    for key, value in params.items():
        namer = namers.get(key)
        if namer is not None and isinstance(value, str) and not isinstance(value, Named):
            out[key] = Named(value, partial(namer, edition, value))
        else:
            out[key] = value
    if code in FEMININE:
        for key in ("actual", "colour"):
            value = params.get(key)
            if isinstance(value, str) and not isinstance(value, Named):
                out[key] = Named(value, partial(_feminine, value))
    decision = pending_decision(state)
    if code in ("wrong_decision", "pass_not_allowed") and decision is not None:
        out["expected"] = Phrase(f"decision.{decision.kind}")
    if code == "wrong_decision" and isinstance(params.get("kind"), str):
        given = params["kind"]
        out["kind"] = Named(given, partial(_action, edition, given, state, player))
    if code == "autobot_turn_differs":
        for key in ("expected", "given"):
            if isinstance(params.get(key), str):
                words = "autobot " + params[key]
                out[key] = Named(params[key], partial(_action, edition, words, state, None))
    return out


def _action(edition: Edition, notation: str, state: State | None, player: str | None,
            lang: str) -> str:
    return action_label(notation, edition, lang, state, player)


def named_actions(notations: Iterable[str], state: State, player: str) -> tuple[Named, ...]:
    """Legal actions to suggest, each the notation as a string and its label in words."""
    edition = edition_of(state)
    return tuple(Named(n, partial(_action, edition, n, state, player)) for n in notations)


def error_text(code: str, params: Mapping[str, Any], state: State, lang: str,
               player: str | None = None) -> str:
    """A rule error's message in `lang`, its places named (tests, the console's checks)."""
    return translate(code, lang, **named_params(code, params, state, player))
