"""What the votes of a game (an undo, an abandon, a seat handed to a computer) share: requests and
answers are events, a voter's latest answer counts, and the asker does not answer their
own request (asking was their yes).

    request = await ask(repo, game, "undo", user, {"count": 2, "version": 7})
    events = await answer(repo, game, "undo", request.id, other, True, askers={user})
    answers(events, "undo", {request.id})  -> {"ben": True}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal

from store import Event

from .errors import OwnRequest
from .repository import GameRepository
from .results import Table

Kind = Literal["undo", "abandon", "replace"]


async def ask(repo: GameRepository, game: Table, kind: Kind, user_id: str,
              detail: Mapping[str, Any]) -> Event:
    """Record `user_id`'s request for a vote of `kind`."""
    with repo.translated(game.id):
        return await repo.store.record_event(game.id, f"{kind}_request", user_id=user_id,
                                             detail=detail)


async def answer(repo: GameRepository, game: Table, kind: Kind, request_id: int, user_id: str,
                 accept: bool, *, askers: Collection[str | None]) -> list[Event]:
    """Record `user_id`'s answer to request `request_id`; the game's events after it.
    Raises OwnRequest for one of the `askers`."""
    if user_id in askers:
        raise OwnRequest()
    with repo.translated(game.id):
        await repo.store.record_event(game.id, f"{kind}_vote", user_id=user_id,
                                      detail={"request": request_id, "accept": accept})
        return await repo.store.list_events(game.id)


def is_answer(event: Event, kind: Kind, request_ids: Collection[int]) -> bool:
    return event.kind == f"{kind}_vote" and event.detail.get("request") in request_ids


def answers(events: Sequence[Event], kind: Kind, request_ids: Collection[int]) -> dict[str, bool]:
    """Each voter's latest answer to any of `request_ids`."""
    return {str(e.user_id): bool(e.detail.get("accept")) for e in events
            if is_answer(e, kind, request_ids)}
