"""Presentation helpers: status text and the replay animation. No game logic here — the
numbers come from the service's `GameView`; this only lays them out."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from cogs.i18n import Safe, clean, t

MAX_FRAMES = 60  # a replay samples at most this many moments of the game
FRAME_WIDTH = 640  # frames are scaled down: a phone screen, and the upload limit


def status_lines(view: Any, lang: str) -> list[str]:
    game = view.game
    names = {p.user_id: p.display_name for p in game.players}
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
    for player in game.player_ids:
        lines.append("• " + t("status.player", lang, player=names.get(player, player),
                               money=view.money.get(player, 0),
                               points=view.scores.get(player, 0)))
    return lines


def frame_moves(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Which moments to draw: the start, the end, and evenly spaced moves between."""
    if count + 1 <= limit:
        return list(range(count + 1))
    step = count / (limit - 1)
    return sorted({round(i * step) for i in range(limit)} | {count})


def animate(pngs: Sequence[bytes], frame_ms: int = 600, last_ms: int = 3000) -> bytes:
    """PNG frames -> one looping GIF (runs in a worker thread: it is CPU work)."""
    from PIL import Image

    frames = []
    for png in pngs:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        if image.width > FRAME_WIDTH:
            height = round(image.height * FRAME_WIDTH / image.width)
            image = image.resize((FRAME_WIDTH, height))
        frames.append(image.convert("P", palette=Image.Palette.ADAPTIVE))
    out = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], loop=0,
                   duration=durations, optimize=True)
    return out.getvalue()
