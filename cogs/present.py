"""Presentation helpers: status text. No game logic here — the numbers come from the
service's `GameView`; this only lays them out."""

from __future__ import annotations

from cogs.context import names as names_of
from cogs.i18n import Safe, clean, t
from service import GameView


def status_lines(view: GameView, lang: str) -> list[str]:
    game = view.game
    names = names_of(game, lang)  # computer seats and the Autobot named in the language
    label = f"#{game.id}"
    if game.status == "lobby":
        seats = game.settings.get("seats", "?")
        return [t("status.lobby", lang, game=label, count=len(game.players), seats=seats,
                  players=[p.display_name for p in game.players])]
    if game.status == "abandoned":
        return [t("status.abandoned", lang, game=label)]
    lines: list[str] = []
    if game.status == "finished":
        scores = Safe(", ".join(f"{clean(names.get(p, p), 40)} {s}"
                                for p, s in view.scores.items()))
        lines.append(t("status.over", lang, game=label, scores=scores,
                       winners=list(view.winners)))
    else:
        lines.append(t("status.turn", lang, game=label, move=game.action_count + 1,
                       era=view.era, player=names.get(view.next_player or "", "?"),
                       decision=t(f"decision.{view.decision}", lang)))
    for player in view.money or game.player_ids:  # every seat, the Autobot's too
        name = names.get(player, player)
        if player == view.autobot:  # it never has money (SOLO S-9): its points only
            lines.append("• " + t("status.autobot", lang, player=name,
                                   points=view.scores.get(player, 0)))
        else:
            lines.append("• " + t("status.player", lang, player=name,
                                   money=view.money.get(player, 0),
                                   points=view.scores.get(player, 0)))
    return lines
