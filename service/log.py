"""The game log as lines a player reads, in their language.

Each line says the move number, the action as a sentence and the exact notation (the
notation is what `/act` accepts, so a line can be copied back into a command).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from locales import translate
from rules import (
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
    RuleError,
    Simple,
    Slot,
    parse_action,
)
from store import ActionRecord


def _autobot_task(words: tuple[str, ...], lang: str) -> str:
    """What the Autobot did with its task: `build r2.1`, `load d_green pharmaceuticals nl`."""
    verb, args = words[0], words[1:]
    if verb == "load" and len(args) == 3:
        return translate("log.autobot_load", lang, target=args[0], goods=args[1],
                         country=args[2])
    if verb in ("build", "upgrade", "station") and len(args) == 1:
        return translate(f"log.autobot_{verb}", lang, target=args[0])
    return " ".join(words)


def autobot_sentence(words: tuple[str, ...], lang: str) -> str:
    """The Autobot's turn in words, from its notation (rules.autobot.turn)."""
    colour, rest = words[0], list(words[1:])
    tried = [w.removesuffix("-") for w in rest if w.endswith("-")]
    rest = [w for w in rest if not w.endswith("-")]
    queued = (translate("log.autobot_queued", lang, tasks=", ".join(t.upper() for t in tried))
              if tried else "")
    if rest == ["skip"]:
        return translate("log.autobot_skip", lang, colour=colour, queued=queued)
    extra = rest.index("extra") if "extra" in rest else len(rest)
    text = translate("log.autobot", lang, colour=colour, queued=queued, task=rest[0].upper(),
                     what=_autobot_task(tuple(rest[1:extra]), lang))
    if extra < len(rest):
        text += translate("log.autobot_extra", lang,
                          what=_autobot_task(tuple(rest[extra + 1:]), lang))
    return text


def _sentence(action: Action, player: str, lang: str) -> str:
    match action:
        case AutobotTurn(words=words):
            return autobot_sentence(words, lang)
        case Play(slot=slot, target=target, goods=goods):
            assert isinstance(action, Play)
            return translate(f"log.{slot}", lang, player=player, target=target,
                             card=action.card_text(), goods=goods or "")
        case Key(lock=lock):
            return translate("log.key", lang, player=player, target=lock)
        case Move(truck=truck, path=path, deliver=deliver):
            code = "log.move_deliver" if deliver else "log.move"
            return translate(code, lang, player=player, truck=truck, path=" ".join(path) or "-")
        case Promote(source=source, target=target):
            return translate("log.promote", lang, player=player, source=source, target=target)
        case Route(card=card) | Pick(card=card):
            return translate(f"log.{action.kind}", lang, player=player, card=card)
        case Bonus(country=country):
            return translate("log.bonus", lang, player=player, country=country)
        case Extra(section=section):
            return translate("log.extra", lang, player=player, target=section)
        case Slot(slot=slot):
            return translate("log.slot", lang, player=player, slot=slot)
        case Simple(word=word):
            return translate(f"log.{word}", lang, player=player)
    return f"{player}: {action}"


def line(move: int, player: str, notation: str, lang: str = "en") -> str:
    try:
        text = _sentence(parse_action(notation), player, lang)
    except RuleError:  # a log written by an older notation: show it as it stands
        text = f"{player}: {notation}"
    return translate("log.line", lang, move=move, text=f"{text}  [{notation}]")


def log_lines(actions: Sequence[ActionRecord], names: Mapping[str, str] | None = None,
              lang: str = "en") -> list[str]:
    """One line per logged action, oldest first; `names` maps player ids to display names."""
    if not actions:
        return [translate("log.empty", lang)]
    names = names or {}
    return [line(a.seq, names.get(a.player_id, a.player_id), a.notation, lang) for a in actions]
