"""Legal actions as numbered, labelled choices: what autocomplete, buttons, menus and the
console's `/legal` show, and how what a player types finds one.

Matching folds case and accents and accepts German transliterations (München, Munchen,
Muenchen), so a player may type a city, a goods name or a colour in their language, or the
notation itself.
"""

from __future__ import annotations

import contextlib
import functools
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from locales import translate
from rules import Action, Move, RuleError, State, parse_action, stations_passed
from rules.model import Edition
from service.kinds import KIND, kind_of, order_of
from service.labels.actions import action_label


class Labelled(NamedTuple):
    # the action's place in the legal list (`/act 12`, a button's value); the field hides
    # tuple.index, which nothing here calls
    index: int  # type: ignore[assignment]
    notation: str
    label: str
    kind: str
    haystack: str  # what typed words are matched against


@functools.lru_cache(maxsize=8192)  # a table's labels come back decision after decision
def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.lower().replace("ß", "ss"))
    return "".join(c for c in plain if not unicodedata.combining(c))


@functools.lru_cache(maxsize=8192)
def _fold_de(text: str) -> str:
    low = text.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        low = low.replace(a, b)
    return _fold(low)


def labelled(actions: Iterable[Action | str], edition: Edition, lang: str,
             state: State | None = None, player: str | None = None,
             names: Mapping[str, str] | None = None) -> list[Labelled]:
    """The actions as choices, one per outcome: actions that do the same (a basic card and
    an improved card of the same colour; a truck's detours that end where its direct path
    does and pay the same stations) are offered once, by the shortest notation, with its
    place in the legal list (`index`). A truck's moves come in the order of their labels.

    `names` (player id -> display name) lets a move name whose stations it pays; without
    them it says "other players", and two moves paying different players keep a choice
    each under one label."""
    chosen: dict[tuple[str, object], Labelled] = {}
    for index, action in enumerate(actions):
        notation = str(action)
        if isinstance(action, str):
            with contextlib.suppress(RuleError):  # else shown as its notation
                action = parse_action(action)  # once, for the label and the kind
        label, outcome = _choice_label(action, edition, lang, state, player, names)
        kept = chosen.get((label, outcome))
        if kept is None or len(notation) < len(kept.notation):
            hay = " ".join((notation, _fold(label), _fold_de(label)))
            chosen[(label, outcome)] = Labelled(index, notation, label, kind_of(action), hay)
    out = sorted(chosen.values(), key=lambda item: item.index)
    # A truck's moves by what they say (truck, route, destination), not in the order its
    # paths were walked: the same destination's choices stand together.
    moves = iter(sorted((i for i in out if i.kind == "move"), key=lambda i: i.label))
    return [next(moves) if item.kind == "move" else item for item in out]


def choice_label(action: Action | str, edition: Edition, lang: str, state: State,
                 player: str, names: Mapping[str, str]) -> str:
    """The action as /legal and the buttons name it, fees at stations included: a hint
    names its suggestion the same way, so the two can be compared (issue 31, item 13)."""
    return _choice_label(action, edition, lang, state, player, names)[0]


def _choice_label(action: Action | str, edition: Edition, lang: str, state: State | None,
                  player: str | None,
                  names: Mapping[str, str] | None) -> tuple[str, object]:
    """(`action_label`, and for a truck's move what it pays at the stations on its way,
    which two paths to the same place may not (RULES §8); what else tells the outcome
    apart: the stations' payments, which the label says only with `names`)."""
    if isinstance(action, str):  # notation that does not parse: shown as it stands
        return action_label(action, edition, lang, state, player), None
    label = action_label(action, edition, lang, state, player)
    if (not isinstance(action, Move) or not action.path or state is None or player is None
            or player not in state.players):
        return label, None
    passed = stations_passed(state, player, action)
    if passed.mine:
        label = translate("label.move_mine", lang, move=label, dm=passed.mine)
    if passed.paid and names is not None:
        for owner, dm in passed.paid:
            label = translate("label.move_paid", lang, move=label, dm=dm,
                              player=names.get(owner, "?"))
    elif passed.paid:
        label = translate("label.move_others", lang, move=label, dm=passed.others)
    if passed.autobot == 1:
        label = translate("label.move_autobot", lang, move=label)
    elif passed.autobot:
        label = translate("label.move_autobots", lang, move=label, count=passed.autobot)
    return label, passed.paid


def matches(typed: str, item: Labelled) -> bool:
    """Every typed word is in the label or the notation (case and accents folded)."""
    return all(w in item.haystack for w in _fold(typed).split())


def ranked(items: Sequence[Labelled], typed: str, kinds: Sequence[str] = (),
           limit: int = 25) -> list[Labelled]:
    """The items matching `typed` (and of one of `kinds`, if given), those whose label or
    notation starts with it first, then by kind as a player meets them (`KIND_ORDER`)."""
    start = _fold(typed).strip()
    found = [i for i in items if (not kinds or i.kind in kinds) and matches(typed, i)]

    def key(item: Labelled) -> tuple[bool, int, int]:
        begins = item.notation.startswith(start) or _fold(item.label).startswith(start)
        return (not begins, order_of(item.kind), item.index)

    return sorted(found, key=key)[:limit]


def grouped(items: Sequence[Labelled]) -> list[tuple[str, list[Labelled]]]:
    """The items by kind, kinds in the order a player meets them, each in legal order."""
    groups: dict[str, list[Labelled]] = {}
    for item in items:
        groups.setdefault(item.kind, []).append(item)
    return sorted(groups.items(), key=lambda kv: order_of(kv[0]))


def in_display_order(items: Sequence[Labelled]) -> list[Labelled]:
    """The items as the console lists them, grouped by kind: number N of `/legal` is
    item N-1 of this list, so the numbers run 1, 2, 3... down the screen."""
    return [item for _, found in grouped(items) for item in found]


def legal_lines(player: str, items: Sequence[Labelled], lang: str) -> list[str]:
    """The console's `/legal`: a head line, then each kind and its numbered labels,
    numbered down the screen (`in_display_order`), which `/act 12` plays by."""
    from locales import translate

    groups = grouped(items)
    if not groups:  # not their decision now ("ann kann: -." said nothing)
        return [translate("console.legal_none", lang, player=player)]
    kinds = ", ".join(f"{_group(kind, lang)} ({len(found)})" for kind, found in groups)
    lines = [translate("console.legal", lang, player=player, actions=kinds or "-")]
    number = 0
    for kind, found in groups:
        lines.append(translate("console.legal_group", lang, group=_group(kind, lang)))
        for i in found:
            number += 1
            lines.append(translate("console.legal_item", lang, number=number, label=i.label))
    return lines


def _group(kind: str, lang: str) -> str:
    """The heading of a kind's choices (`label.group.*`); an unknown kind by its word."""
    found = KIND.get(kind)
    return translate(found.group, lang) if found is not None else kind
