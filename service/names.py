"""Who sits in a seat, by name: the one place a player id becomes what players read.

A human's name is the one they gave; a computer seat ("cpu2") is named in the reader's
language ("Computer 2 (stark)") whatever language the game was opened in, so the console,
Discord, the story, the log and the board never show a seat's id (issue 13).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import rules
from locales import translate

from .progress import edition_named, solo_level
from .seat_settings import computer_name, computer_seats

_COMPUTER = re.compile(r"cpu(\d+)")


class _Seated(Protocol):
    @property
    def players(self) -> tuple[Any, ...]: ...
    @property
    def settings(self) -> Mapping[str, Any]: ...


def seat_names(game: _Seated, lang: str | None = None) -> dict[str, str]:
    """Display names by player id; with `lang`, computer seats named in that language."""
    names = {p.user_id: p.display_name for p in game.players}
    if lang is None:  # the seats as stored (exports, records)
        return names
    solo = solo_level(game.settings)
    if solo is not None:  # the Autobot holds no seat: its id is the edition's
        # by the hash the game keeps: a table may play a group's own edition (service.editions)
        edition_hash = getattr(game, "edition_hash", None)
        bot = (rules.edition_by_hash(edition_hash) if isinstance(edition_hash, str)
               else edition_named(str(getattr(game, "edition", "classic")))).solo
        if bot is not None:
            names.setdefault(bot.bot, translate("story.autobot", lang, level=solo))
    for pid, level in computer_seats(game.settings).items():
        found = _COMPUTER.fullmatch(pid)
        if found is not None and pid in names:
            names[pid] = computer_name(int(found[1]), level, lang)
    return names


def seat_name(game: _Seated, player: str | None, lang: str | None = None) -> str:
    """One seat's name (`-` for nobody; an unknown id as it stands)."""
    if player is None:
        return "-"
    return seat_names(game, lang).get(player, player)


def start_words(game: _Seated, turn_order: Sequence[str],
                drafter: str) -> tuple[str, dict[str, Any]]:
    """The code of a game's start line and its parameters, by player id for the adapter
    to name: the seats in turn order from the start player (`first`), and who picks a
    route card first (`player`). The draft goes the other way round (RULES setup 7), so
    the player who drafts first plays last — saying only "X begins" misled. A solo game
    is the player against the Autobot, which drafts nothing and plays the first turn."""
    level = solo_level(game.settings)
    if level is not None:
        return "game.started_solo", {"player": drafter, "level": level}
    order = tuple(turn_order) or tuple(p.user_id for p in game.players)
    return "game.started", {"players": order, "first": order[0], "player": drafter}
