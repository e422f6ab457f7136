"""One label per action, for every kind the rules list (RULES §5–§10, SOLO.md §4.2)."""

from __future__ import annotations

from locales import translate
from rules import Action, RuleError, parse_action
from rules.actions import (
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
)
from rules.model import Edition, parse_bonus
from rules.state import State
from rules.trucks import delivery_country
from service.kinds import KIND
from service.labels.places import (
    card_name,
    city,
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

ELLIPSIS = "…"


def fit(text: str, limit: int) -> str:
    """`text` cut to `limit` characters (Discord's 100 for names, 80 for buttons)."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + ELLIPSIS


def _play(edition: Edition, action: Play, lang: str) -> str:
    card = card_name(edition, action.card, lang, action.colour)
    target = action.target
    if action.slot == "build" or action.slot == "station":
        where = section_name(edition, target, lang)
    elif action.slot == "upgrade":
        where = link_name(edition, target, lang)
    elif action.slot == "load":
        key = "label.load_what" if action.truck is None else "label.load_again"
        where = translate(key, lang, goods=goods_name(action.goods or "", lang),
                          depot=depot_name(edition, target, lang), truck=action.truck)
    else:
        where = lock_name(edition, target, lang)
    return translate(KIND[action.slot].label, lang, where=where, card=card)


def _node_between(edition: Edition, here: str, there: str) -> str | None:
    """The city a truck passes stepping from `here` (section or depot) onto `there`."""
    depot = edition.depots.get(here)
    if depot is not None:
        return depot.node
    a, b = edition.sections.get(here), edition.sections.get(there)
    if a is None or b is None or a[0].id == b[0].id:
        return None
    link, n = a
    end = link.a if n == 1 else link.b
    other = {b[0].a, b[0].b}
    if end in other:
        return end
    common = {link.a, link.b} & other
    return next(iter(common), None)


def _where_truck(edition: Edition, position: str, lang: str) -> str:
    depot = edition.depots.get(position)
    if depot is not None:
        return city(edition, depot.node)
    return section_name(edition, position, lang, colour=False)


def truck_route(edition: Edition, action: Move, lang: str, state: State | None = None,
                player: str | None = None) -> tuple[str, str, str | None]:
    """(the places a move passes and ends at, 'A → B → C'; the goods it carries, or '';
    the country it delivers to, by its id, or None)."""
    start: str | None = None
    goods = ""
    if state is not None and player is not None and player in state.players:
        trucks = state.players[player].trucks
        truck = trucks[action.truck - 1] if 0 < action.truck <= len(trucks) else None
        if truck is not None:
            start, goods = truck.position, truck.goods
    stops: list[str] = []
    here = start
    for step in action.path:
        node = _node_between(edition, here, step) if here is not None else None
        # a city passed twice in a row (out along a section and back) is said once
        if node is not None and (not stops or stops[-1] != city(edition, node)):
            stops.append(city(edition, node))
        here = step
    end = action.path[-1] if action.path else start
    if end is not None:
        stops.append(_where_truck(edition, end, lang))
    country = delivery_country(edition, end) if action.deliver and end is not None else None
    return " → ".join(stops) or "-", goods, country


def _move(edition: Edition, action: Move, lang: str, state: State | None,
          player: str | None) -> str:
    route, goods, country = truck_route(edition, action, lang, state, player)
    head = (translate("label.truck_goods", lang, truck=action.truck,
                      goods=goods_name(goods, lang))
            if goods else translate("label.truck", lang, truck=action.truck))
    text = translate(KIND["move"].label, lang, truck=head, route=route)
    if action.deliver:
        words = (country_words(country, lang) if country is not None
                 else dict.fromkeys(("country", "country_to", "country_of"), "?"))
        text = translate("label.deliver", lang, move=text, **words)
    return text


def _autobot(edition: Edition, words: tuple[str, ...], lang: str) -> str:
    """The Autobot's turn: its colour, then what it built, upgraded, loaded or skipped."""
    if not words:
        return translate("label.autobot_skip", lang, colour="-")
    colour = translate(f"word.colour.{words[0]}", lang)
    rest = [w for w in words[1:] if not w.endswith("-")]
    done: list[str] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        if word in ("build", "station") and i + 1 < len(rest):
            done.append(translate(f"label.autobot_{word}", lang,
                                  where=section_name(edition, rest[i + 1], lang)))
            i += 2
        elif word == "upgrade" and i + 1 < len(rest):
            done.append(translate("label.autobot_upgrade", lang,
                                  where=link_name(edition, rest[i + 1], lang)))
            i += 2
        elif word == "load" and i + 3 < len(rest):
            depot, goods, country = rest[i + 1], rest[i + 2], rest[i + 3]
            done.append(translate("label.autobot_load", lang, goods=goods_name(goods, lang),
                                  depot=depot_name(edition, depot, lang),
                                  **country_words(country, lang)))
            i += 4
        elif word == "extra":
            i += 1
        else:  # a task card's number ("1a") or "skip": said by the log, not the label
            i += 1
    if not done:
        return translate("label.autobot_skip", lang, colour=colour)
    return translate(KIND["autobot"].label, lang, colour=colour,
                     what=translate("word.separator", lang).join(done))


def _bonus(edition: Edition, country: str, lang: str, state: State | None,
           player: str | None) -> str:
    """'Delivery bonus: Denmark — a promotion': what the bonus gives is said before it is
    picked (issue 31, item 13); it is the row's of the player's own delivery board."""
    named = country_name(edition, country, lang)
    if (state is None or player is None or player not in state.players
            or country not in edition.countries):
        return translate(KIND["bonus"].label, lang, country=named)
    row = edition.delivery_row(state.players[player].board, country)
    kind, amount = parse_bonus(row.bonus)
    return translate("label.bonus_what", lang, country=named,
                     what=translate(f"story.tile_what.{kind}", lang, n=amount))


def action_label(action: Action | str, edition: Edition, lang: str,
                 state: State | None = None, player: str | None = None) -> str:
    """The action in the player's words. `state` and `player` let a truck move say where
    it starts and what it carries; without them (an old log line) it still names the path.
    Never raises: an action that no longer parses is shown as its notation."""
    try:
        action = parse_action(action)
    except RuleError:
        return str(action)
    match action:
        case Play():
            return _play(edition, action, lang)
        case Key(lock=lock):
            return translate(KIND["key"].label, lang, where=lock_name(edition, lock, lang))
        case Move():
            return _move(edition, action, lang, state, player)
        case Promote(source=source, target=target):
            return translate(KIND["promote"].label, lang, source=staff_place(edition, source, lang),
                             target=staff_place(edition, target, lang))
        case Route(card=card):
            return translate(KIND["route"].label, lang, ends=route_ends(edition, card))
        case Pick(card=card):
            return translate(KIND["pick"].label, lang, card=card_name(edition, card, lang))
        case Bonus(country=country):
            return _bonus(edition, country, lang, state, player)
        case Extra(section=section):
            return translate(KIND["extra"].label, lang, where=section_name(edition, section, lang))
        case Slot(slot=slot):
            return translate(KIND["slot"].label, lang, slot=slot_name(slot, lang))
        case AutobotTurn(words=words):
            return _autobot(edition, words, lang)
        case Simple(word=word):
            return translate(KIND[word].label, lang) if word in KIND else word
    return str(action)
