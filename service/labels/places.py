"""The board's things by their names: cities, sections, links, depots, cards, locks.

Every word comes from the catalogue (`locales`, keys `word.*` and `place.*`); city names
come from the edition, the same on the map in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from locales import country_forms, ordinal, translate
from rules.model import Edition

F = TypeVar("F", bound=Callable[..., str])
_MEMO: dict[tuple[object, ...], str] = {}
_MEMO_MAX = 50_000


def _memo(fn: F) -> F:
    """A name depends only on the edition (pinned by its hash), the id and the language:
    remembered, so labelling a long legal list stays within autocomplete's budget."""
    @wraps(fn)
    def named(edition: Edition, *args: object, **kw: object) -> str:
        key = (fn.__name__, edition.hash, *args, *sorted(kw.items()))
        found = _MEMO.get(key)
        if found is None:
            if len(_MEMO) >= _MEMO_MAX:
                _MEMO.clear()
            found = _MEMO[key] = fn(edition, *args, **kw)
        return found

    return named  # type: ignore[return-value]

DASH = "–"  # between a link's two cities, as on the map's legend


def city(edition: Edition, node: str) -> str:
    found = edition.nodes.get(node)
    return found.name if found is not None else node


def route_ends(edition: Edition, card: str) -> str:
    """A route card by its two cities ("Lübeck – Karlsruhe"); an unknown card by its id."""
    route = edition.route_cards.get(card)
    if route is None:
        return card
    return f"{city(edition, route.a)} – {city(edition, route.b)}"


def colour_name(colour: str, lang: str) -> str:
    return translate(f"word.colour.{colour}", lang)


def goods_name(goods: str, lang: str) -> str:
    return translate(f"word.goods.{goods}", lang)


def country_name(edition: Edition, country: str, lang: str) -> str:
    return translate(f"word.country.{country}", lang)


def country_words(country: str, lang: str) -> dict[str, str]:
    """The parameters a message about a country takes: its name, and the name after "to"
    and "of" with the article and case the language needs ("in die Schweiz", "aux
    Pays-Bas", "to the Netherlands")."""
    return {"country": translate(f"word.country.{country}", lang),
            **country_forms(country, lang)}


def department_name(department: str, lang: str) -> str:
    return translate(f"word.department.{department}", lang)


def slot_name(slot: str, lang: str) -> str:
    return translate(f"word.slot.{slot}", lang)


def _ends(edition: Edition, link_id: str) -> str:
    link = edition.links[link_id]
    return f"{city(edition, link.a)}{DASH}{city(edition, link.b)}"


@_memo
def link_name(edition: Edition, link_id: str, lang: str) -> str:
    """'Hamburg–Bremen · Rot': a link by its two cities and its colour."""
    if link_id not in edition.links:
        return link_id
    return translate("place.link", lang, ends=_ends(edition, link_id),
                     colour=colour_name(edition.links[link_id].colour, lang))


@_memo
def section_name(edition: Edition, section: str, lang: str, *, colour: bool = True) -> str:
    """'Hamburg–Bremen, 2nd of 3 · red': a section by its link's cities and its place."""
    found = edition.sections.get(section)
    if found is None:
        return section
    link, n = found
    ends = _ends(edition, link.id)
    where = (ends if link.sections == 1
             else translate("place.section_of", lang, ends=ends, nth=ordinal(n, lang),
                               count=str(link.sections)))
    if not colour:
        return where
    return translate("place.coloured", lang, what=where, colour=colour_name(link.colour, lang))


@_memo
def depot_name(edition: Edition, depot_id: str, lang: str) -> str:
    depot = edition.depots.get(depot_id)
    if depot is None:
        return depot_id
    return translate("place.depot", lang, city=city(edition, depot.node),
                     colour=colour_name(depot.colour, lang))


@_memo
def card_colours(edition: Edition, card_id: str, lang: str) -> str:
    """A card's colours alone ('Orange/Lila', 'orange/violette'), for sentences that say
    "the card" themselves."""
    card = edition.cards.get(card_id)
    if card is None:
        return card_id
    # French colours agree with "carte" (carte noire); English and German need no form
    return ("/".join(translate(f"word.card_colour.{c}", lang) for c in card.colours)
            if not card.wild else translate("word.wild", lang))


@_memo
def depot_city(edition: Edition, depot_id: str, lang: str) -> str:
    """A depot by its city, with its colour only where the city has two ('Kassel')."""
    depot = edition.depots.get(depot_id)
    if depot is None:
        return depot_id
    shared = sum(1 for d in edition.depots.values() if d.node == depot.node) > 1
    name = city(edition, depot.node)
    return f"{name} ({colour_name(depot.colour, lang)})" if shared else name


@_memo
def card_name(edition: Edition, card_id: str, lang: str, chosen: str | None = None) -> str:
    """A card by its colours ('Karte Orange/Lila, als Lila'), and its extra build."""
    card = edition.cards.get(card_id)
    if card is None:
        return card_id
    text = translate("place.card", lang, colours=card_colours(edition, card_id, lang))
    if chosen is not None and (card.wild or len(card.colours) > 1):
        text = translate("place.card_as", lang, card=text, colour=colour_name(chosen, lang))
    if card.extra_build:
        text = translate("place.card_extra", lang, card=text)
    return text


@_memo
def lock_name(edition: Edition, lock_id: str, lang: str) -> str:
    """Research by department and floor ('Handel, Etage 2'), or the capacity lock."""
    lock = edition.locks.get(lock_id)
    if lock is None:
        return lock_id
    if lock.department is None or lock.floor is None:
        return translate(f"word.lock.{lock.effect or 'capacity'}", lang)
    return floor_name(lock.department, lock.floor, lang)


def floor_name(department: str, floor: int, lang: str) -> str:
    return translate("place.floor", lang, department=department_name(department, lang),
                     floor=floor)


@_memo
def staff_place(edition: Edition, place: str, lang: str) -> str:
    """Where an employee stands: an office seat, the lobby, or a department floor."""
    if place.startswith("seat:"):
        return translate("place.office", lang, colour=colour_name(place[5:], lang))
    if place == "lobby":
        return translate("word.lobby", lang)
    department, floor = place.rstrip("0123456789"), place[len(place.rstrip("0123456789")):]
    if department in edition.departments and floor:
        return floor_name(department, int(floor), lang)
    return place
