"""Presentation helpers: status text. No game logic here — the numbers come from the
service's `GameView`; this only lays them out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cogs.context import names as names_of
from cogs.i18n import Safe, clean, t
from service import GameView, Table


def final_words(game: Table, scores: Mapping[str, int] | None, winners: Sequence[str],
                lang: str) -> dict[str, Safe]:
    """The `scores` and `winners` of a finished game's one-line summary: every seat by its
    name in `lang` (a computer's "Computer 1 (easy)", never its id), best first as the
    service ranks them; named, not mentioned — the end pings nobody."""
    names = names_of(game, lang)

    def name(pid: str) -> str:
        return clean(names.get(pid, pid), 40)

    return {"scores": Safe(", ".join(f"{name(p)} {s}" for p, s in (scores or {}).items())),
            "winners": Safe(", ".join(name(w) for w in winners))}


def status_lines(view: GameView, lang: str) -> list[str]:
    game = view.game
    names = names_of(game, lang)  # computer seats and the Autobot named in the language
    label = f"#{game.id}"
    if game.status == "lobby":
        seats = game.settings.get("seats", "?")
        seated = [names.get(p.user_id, p.display_name) for p in game.players]
        if len(game.players) >= int(seats if str(seats).isdigit() else 0):
            return [t("status.lobby_full", lang, game=label, players=seated),
                    t("discord.start_hint", lang)]
        return [t("status.lobby", lang, game=label, count=len(game.players), seats=seats,
                  players=seated), t("discord.join_hint", lang)]
    if game.status == "abandoned":
        return [t("status.abandoned", lang, game=label)]
    lines: list[str] = []
    if game.status == "finished":
        lines.append(t("status.over", lang, game=label,
                       **final_words(game, view.scores, view.winners, lang)))
    else:
        lines.append(t("status.turn", lang, game=label, move=game.action_count + 1,
                       era=view.era, player=names.get(view.next_player or "", "?"),
                       decision=t(f"decision.{view.decision}", lang)))
    for player in view.money or game.player_ids:  # every seat, the Autobot's too
        name = names.get(player, player)
        if player == view.autobot:  # it never has money (SOLO S-9): its points only
            lines.append("• " + t("status.autobot", lang, player=name,
                                   count=view.scores.get(player, 0)))
        else:
            lines.append("• " + t("status.player", lang, player=name,
                                   money=view.money.get(player, 0),
                                   count=view.scores.get(player, 0)))
    if view.undo is not None:  # a vote still waiting for answers
        lines.append(t("status.undo_pending", lang, asker=names.get(view.undo.asker, "?"),
                       count=view.undo.count,
                       waiting=[names.get(p, p) for p in view.undo.waiting]))
    return lines
