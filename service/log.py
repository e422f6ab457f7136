"""The game log as lines a player reads, in their language.

Each line says the move number and the action as a sentence; whoever asks for it also gets
the exact notation in brackets (what `/act` accepts, so a line can be copied back into a
command). It is engine words, so a reader who did not ask never sees it (issue 31, item 3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from babel.lists import format_list

from locales import translate
from rules import (
    Action,
    AutobotTurn,
    Bonus,
    Edition,
    Extra,
    Key,
    Move,
    Pick,
    Play,
    Promote,
    Route,
    RuleError,
    Simple,
    Slot,
    load_edition,
    parse_action,
)
from service import labels as L
from service.kinds import KIND
from store import ActionRecord


def _autobot_task(words: tuple[str, ...], lang: str, ed: Edition) -> str:
    """What the Autobot did with its task: `build r2.1`, `load d_green pharmaceuticals nl`."""
    verb, args = words[0], words[1:]
    if verb == "load" and len(args) == 3:
        return translate("log.autobot_load", lang, target=L.depot_name(ed, args[0], lang),
                         goods=L.goods_name(args[1], lang), **L.country_words(args[2], lang))
    if verb in ("build", "station") and len(args) == 1:
        return translate(f"log.autobot_{verb}", lang, target=L.section_name(ed, args[0], lang))
    if verb == "upgrade" and len(args) == 1:
        return translate("log.autobot_upgrade", lang, target=L.link_name(ed, args[0], lang))
    return " ".join(words)


def autobot_sentence(words: tuple[str, ...], lang: str, ed: Edition | None = None) -> str:
    """The Autobot's turn in words, from its notation (rules.autobot.turn)."""
    ed = ed or load_edition()
    colour, rest = L.colour_name(words[0], lang), list(words[1:])
    tried = [w.removesuffix("-") for w in rest if w.endswith("-")]
    rest = [w for w in rest if not w.endswith("-")]
    # the task cards it draws but cannot carry out go to its queue, in the order drawn
    queued = (translate("log.autobot_queued", lang, count=len(tried),
                        tasks=format_list([t.upper() for t in tried], locale=lang))
              if tried else "")
    if rest == ["skip"]:
        return translate("log.autobot_skip", lang, colour=colour, queued=queued)
    extra = rest.index("extra") if "extra" in rest else len(rest)
    text = translate(KIND["autobot"].log, lang, colour=colour, queued=queued, task=rest[0].upper(),
                     what=_autobot_task(tuple(rest[1:extra]), lang, ed))
    if extra < len(rest):
        text += translate("log.autobot_extra", lang,
                          what=_autobot_task(tuple(rest[extra + 1:]), lang, ed))
    return text


def _target(action: Play, lang: str, ed: Edition) -> str:
    if action.slot in ("build", "station"):
        return L.section_name(ed, action.target, lang)
    if action.slot == "upgrade":
        return L.link_name(ed, action.target, lang)
    if action.slot == "load":
        return L.depot_name(ed, action.target, lang)
    return L.lock_name(ed, action.target, lang)


def _sentence(action: Action, player: str, lang: str, ed: Edition) -> str:
    # the things named as on the board (service.labels), the notation follows in brackets
    match action:
        case AutobotTurn(words=words):
            return autobot_sentence(words, lang, ed)
        case Play(slot=slot, goods=goods):
            assert isinstance(action, Play)
            key = KIND[slot].log if action.truck is None else "log.load_again"
            return translate(key, lang, player=player, truck=action.truck,
                             target=_target(action, lang, ed),
                             card=L.card_name(ed, action.card, lang, action.colour),
                             goods=L.goods_name(goods, lang) if goods else "")
        case Key(lock=lock):
            return translate(KIND["key"].log, lang, player=player,
                             target=L.lock_name(ed, lock, lang))
        case Move(truck=truck, deliver=deliver):
            assert isinstance(action, Move)
            if not action.path:  # one step beyond the trading city, from where it stands
                return translate("log.deliver_here", lang, player=player, truck=truck)
            route, _, _ = L.truck_route(ed, action, lang)
            code = "log.move_deliver" if deliver else KIND["move"].log
            return translate(code, lang, player=player, truck=truck, path=route)
        case Promote(source=source, target=target):
            return translate(KIND["promote"].log, lang, player=player,
                             source=L.staff_place(ed, source, lang),
                             target=L.staff_place(ed, target, lang))
        case Route(card=card):
            drawn = ed.route_cards.get(card)
            named = (f"{L.city(ed, drawn.a)} – {L.city(ed, drawn.b)}" if drawn else card)
            return translate(KIND["route"].log, lang, player=player, card=named)
        case Pick(card=card):
            return translate(KIND["pick"].log, lang, player=player,
                             card=L.card_name(ed, card, lang))
        case Bonus(country=country):
            return translate(KIND["bonus"].log, lang, player=player,
                             **L.country_words(country, lang))
        case Extra(section=section):
            return translate(KIND["extra"].log, lang, player=player,
                             target=L.section_name(ed, section, lang))
        case Slot(slot=slot):
            return translate(KIND["slot"].log, lang, player=player, slot=L.slot_name(slot, lang))
        case Simple(word=word):
            return translate(KIND[word].log, lang, player=player)
    return f"{player}: {action}"


def line(move: int, player: str, notation: str, lang: str = "en",
         edition: Edition | None = None, *, with_notation: bool = False) -> str:
    try:
        text = _sentence(parse_action(notation), player, lang, edition or load_edition())
    except RuleError:  # a log written by an older notation: show it as it stands
        text, with_notation = f"{player}: {notation}", False
    if with_notation:
        text = f"{text}  [{notation}]"
    return translate("log.line", lang, move=move, text=text)


def log_lines(actions: Sequence[ActionRecord], names: Mapping[str, str] | None = None,
              lang: str = "en", edition: Edition | None = None, *,
              with_notation: bool = False) -> list[str]:
    """One line per logged action, oldest first; `names` maps player ids to display names;
    `with_notation`: each line ends with the action's notation in brackets."""
    if not actions:
        return [translate("log.empty", lang)]
    names = names or {}
    return [line(a.seq, names.get(a.player_id, a.player_id), a.notation, lang, edition,
                 with_notation=with_notation)
            for a in actions]
