"""A table of three fake users playing through the loopback Discord, and the store's truth.

The test process never calls the bot's code: it sends interactions to the fake Discord,
waits on the fake's recorder (events, not timers), and reads the bot's SQLite file
read-only to check that every move was applied exactly once. Rules are used only as an
oracle for "did this decision end a turn", to know when a public turn message is due.
"""

from __future__ import annotations

import io
import random
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from botproc import BotProcess
from fake_discord import SEND_MESSAGE, FakeDiscord, SentInteraction, StoredMessage, User
from fake_discord.components import IS_COMPONENTS_V2, walk
from fake_discord.payloads import Channel
from PIL import Image

import rules
from render import layout
from rules import State
from service.progress import turn_owner

FOLLOWUP = "/webhooks/{application_id}/{token}"
EDIT_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
CARD_LIMIT = 500 * 1024  # issue 14: each image of a turn card
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ACK_LIMIT = 3.0
# Specialised commands by action kind (cogs/turns.py); "route" has only /act.
COMMAND_OF = {"build": "build", "extra": "build", "upgrade": "upgrade", "load": "load",
              "station": "station", "research": "research", "bonus": "bonus", "move": "move",
              "promote": "promote", "pick": "promote", "slot": "promote"}
NO_OPTION = ("takeback", "grant", "pass")
# render view "card" (bench/RESULTS.md): as wide as the map view, so a phone shows the
# map exactly as large as the map view, with the acting player's board below it
CARD_SIZE = layout.view_size("card")
MAP_W = layout.view_size("map")[0]


class StoreView:
    """Read-only queries on the bot's database (WAL: reading never blocks the bot)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _query(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)
        try:
            con.row_factory = sqlite3.Row
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def game(self, game_id: int) -> sqlite3.Row:
        return self._query("SELECT * FROM games WHERE id = ?", game_id)[0]

    def games(self) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM games ORDER BY id")

    def actions(self, game_id: int) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM actions WHERE game_id = ? ORDER BY seq", game_id)

    def state(self, game_id: int) -> State:
        (row,) = self._query("SELECT state_json FROM snapshots WHERE game_id = ?", game_id)
        return State.from_json(row["state_json"])

    def reminders(self, game_id: int) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM reminders WHERE game_id = ? ORDER BY id", game_id)


class PostgresView(StoreView):
    """The same read-only queries on a PostgreSQL database (AUTOBAHN_DB=postgresql://…),
    through psycopg's synchronous API; rows are read by column name as sqlite3.Row is."""

    def __init__(self, url: str) -> None:
        self.url = url

    def _query(self, sql: str, *args: Any) -> list[Any]:
        import psycopg  # type: ignore[import-not-found]
        from psycopg.rows import dict_row  # type: ignore[import-not-found]

        with psycopg.connect(self.url, row_factory=dict_row) as con:
            return list(con.execute(sql.replace("?", "%s"), args).fetchall())


def store_view(db: Path | str) -> StoreView:
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresView(text)
    return StoreView(Path(text))


@dataclass
class Decision:
    """One decision made through Discord, and what it cost."""

    user: User
    path: str  # "act", "command", "button" or "select"
    notation: str
    turn_passed: bool
    seconds: float  # from dispatch to the reply (and, when the turn passed, the board post)


@dataclass
class Table:
    fd: FakeDiscord
    bot: BotProcess
    game_id: int = 0
    place: Channel | None = None  # the game's thread (or channel)
    home: Channel | None = None  # where games are opened (default: the world's channel)
    sent: list[SentInteraction] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    board_latencies: list[float] = field(default_factory=list)  # dispatch -> board posted

    def __post_init__(self) -> None:
        self.store = store_view(self.bot.db)
        world = self.fd.world
        self.users = [world.user_named(n) for n in ("ann", "ben", "cem")]
        self.by_id = {str(u.id): u for u in self.users}

    # -- interactions ---------------------------------------------------------------------

    async def slash(self, user: User, name: str, options: dict[str, Any] | None = None,
                    *, locale: str | None = None) -> SentInteraction:
        sent = await self.fd.send_slash(user, name, options, locale=locale, channel=self.place)
        self.sent.append(sent)
        return sent

    async def done(self, sent: SentInteraction, timeout: float = 15.0) -> dict[str, Any]:
        """The interaction's answer: its first followup, or an immediate message callback."""
        token = sent.record.token

        def answered(_: object) -> dict[str, Any] | None:
            for r in self.fd.recorder.find("POST", FOLLOWUP):
                if token in r.path and r.status == 200:
                    return dict(r.json or {})
            for body in sent.record.callbacks:
                if body.get("type") in (4, 7):
                    return dict(body.get("data") or {})
            return None

        reply = await self.fd.wait_for(answered, timeout)
        assert sent.ack_seconds is not None and sent.ack_seconds < ACK_LIMIT, sent.ack_seconds
        return reply

    async def run(self, user: User, name: str, options: dict[str, Any] | None = None,
                  *, locale: str | None = None) -> dict[str, Any]:
        return await self.done(await self.slash(user, name, options, locale=locale))

    async def choices(self, user: User, command: str, typed: str = "") -> list[dict[str, Any]]:
        sent = await self.fd.send_autocomplete(user, command, {"action": typed}, "action",
                                               channel=self.place)
        self.sent.append(sent)
        body = await sent.wait_ack(10)
        assert body["type"] == 8 and sent.ack_seconds is not None
        assert sent.ack_seconds < ACK_LIMIT
        return list(body["data"]["choices"])

    # -- the game -------------------------------------------------------------------------

    async def open_game(self, *, name: str = "e2e", thread: bool = True) -> int:
        """ann opens a 3-seat game, ben and cem join, ann starts it; returns its id."""
        ann, ben, cem = self.users
        self.place = self.home
        before = set(self.fd.world.channels)
        await self.run(ann, "game new", {"players": 3, "name": name, "thread": thread},
                       locale="de")
        new = [c for cid, c in self.fd.world.channels.items() if cid not in before]
        self.place = new[0] if new else (self.home or self.fd.world.channel)
        (row,) = [g for g in self.store.games() if g["status"] == "lobby"
                  and (g["thread_id"] or g["channel_id"]) == self.place.id]
        self.game_id = int(row["id"])
        await self.run(ben, "game join", locale="fr")
        await self.run(cem, "game join")
        await self.run(ann, "game start", locale="de")
        await self.wait_turn_messages(1)
        return self.game_id

    async def open_solo_game(self, level: int, *, name: str = "solo") -> int:
        """ann opens a solo game against the Autobot at `level` and starts it."""
        ann = self.users[0]
        self.place = None
        before = set(self.fd.world.channels)
        await self.run(ann, "game new", {"level": level, "name": name, "thread": True},
                       locale="de")
        new = [c for cid, c in self.fd.world.channels.items() if cid not in before]
        self.place = new[0] if new else self.fd.world.channel
        (row,) = [g for g in self.store.games() if g["status"] == "lobby"
                  and (g["thread_id"] or g["channel_id"]) == self.place.id]
        self.game_id = int(row["id"])
        await self.run(ann, "game start", locale="de")
        await self.wait_turn_messages(1)
        return self.game_id

    def game(self) -> sqlite3.Row:
        return self.store.game(self.game_id)

    def current(self) -> User:
        return self.by_id[self.game()["current_player"]]

    def turn_messages(self) -> list[StoredMessage]:
        """The public turn messages: the bot's posts in the game's place with a board."""
        assert self.place is not None
        return [m for m in self.fd.world.channel_messages(self.place)
                if m.files and m.payload.get("webhook_id") is None]

    async def wait_turn_messages(self, count: int, timeout: float = 15.0) -> StoredMessage:
        found = await self.fd.wait_for(
            lambda _: (ms := self.turn_messages()) and len(ms) >= count and ms, timeout)
        return found[count - 1]

    def edits_of(self, message: StoredMessage) -> list[Any]:
        """The bot's accepted edits of `message` (PATCH of the channel message)."""
        mid = message.payload["id"]
        return [r for r in self.fd.recorder.find("PATCH", EDIT_MESSAGE)
                if r.path.endswith(f"/messages/{mid}") and r.status == 200]

    def check_card(self, message: StoredMessage) -> None:
        """A turn card: one V2 message whose container shows the turn told and the board
        it uploaded, the phone-readable image under 500 KB."""
        payload = message.payload
        assert payload["flags"] & IS_COMPONENTS_V2 and not payload["content"], payload
        (container,) = payload["components"]
        assert container["type"] == 17 and message.text
        (attachment,) = payload["attachments"]
        galleries = [c for c in container["components"] if c["type"] == 12]
        assert [i["media"]["attachment_id"] for g in galleries for i in g["items"]] == [
            attachment["id"]]
        (board,) = message.files
        assert len(board.data) < CARD_LIMIT, len(board.data)
        with Image.open(io.BytesIO(board.data)) as image:
            assert image.size == CARD_SIZE and image.width == MAP_W, image.size  # not desktop

    def check_board(self, message: StoredMessage, limit: int) -> None:
        (board,) = message.files
        assert board.data.startswith(PNG_MAGIC) and len(board.data) < limit
        with Image.open(io.BytesIO(board.data)) as image:
            image.verify()  # a truncated or corrupt PNG raises here
            assert image.format == "PNG"

    async def decide(self, rng: random.Random, *, weights: tuple[float, float, float]
                     = (0.7, 0.15, 0.15)) -> Decision:
        """The player whose decision is pending makes one, by /act (autocomplete), a
        specialised command, or a component of the latest turn message."""
        game = self.game()
        user = self.by_id[game["current_player"]]
        before = self.store.state(self.game_id)
        messages = len(self.turn_messages())
        path = rng.choices(("act", "command", "button"), weights)[0]
        pressed = self._component(game, rng) if path == "button" else None
        if pressed is not None:
            path, custom_id, values, message = pressed
            sent = await self.fd.press_button(user, custom_id, message, values=values)
            self.sent.append(sent)
            notation = custom_id
        else:
            options = await self.choices(user, "act")
            assert options, f"no legal action offered to {user.username}"
            notation = str(rng.choice(options)["value"])
            sent = await self._send_action(user, notation, specialised=path == "command")
            path = "command" if path == "command" else "act"
        await self.done(sent)
        after_game = self.game()
        # In a solo game the Autobot's turns follow the human's action in the log.
        autobot = [a for a in self.store.actions(self.game_id)[game["action_count"] + 1:]
                   if a["player_id"] == "autobot"]
        assert after_game["action_count"] == game["action_count"] + 1 + len(autobot), (
            f"{path} {notation!r}: log {game['action_count']} -> {after_game['action_count']}")
        after = self.store.state(self.game_id)
        passed = turn_owner(before) != turn_owner(after) or rules.is_over(after)
        if passed:
            posted = await self.wait_turn_messages(messages + 1)
            self.check_board(posted, int(sent.record.payload["attachment_size_limit"]))
            arrived = self._post_time(posted)
            self.board_latencies.append(arrived - sent.record.created_at)
        seconds = time.monotonic() - sent.record.created_at
        decision = Decision(user, path, notation, passed, seconds)
        self.decisions.append(decision)
        return decision

    async def _send_action(self, user: User, notation: str, *,
                           specialised: bool) -> SentInteraction:
        kind = notation.split(" ", 1)[0]
        if specialised and kind in NO_OPTION:
            return await self.slash(user, kind)
        if specialised and kind in COMMAND_OF:
            command = COMMAND_OF[kind]
            offered = [c["value"] for c in await self.choices(user, command, notation)]
            assert notation in offered, f"/{command} does not offer {notation!r}: {offered}"
            return await self.slash(user, command, {"action": notation})
        return await self.slash(user, "act", {"action": notation})

    def _component(self, game: sqlite3.Row,
                   rng: random.Random) -> tuple[str, str, list[str] | None, StoredMessage] | None:
        """A button or menu choice of the latest turn message, if it is for this version."""
        messages = self.turn_messages()
        if not messages:
            return None
        latest = messages[-1]
        found: list[tuple[str, str, list[str] | None]] = []
        for item in walk(latest.payload.get("components") or []):
            custom_id = str(item.get("custom_id", ""))
            parts = custom_id.split(":")
            if len(parts) < 4 or parts[1] not in ("act", "pick"):
                continue
            if int(parts[3]) != game["version"]:
                continue
            if item["type"] == 2:
                found.append(("button", custom_id, None))
            else:
                values = [str(o["value"]) for o in item.get("options", [])]
                found.append(("select", custom_id, [rng.choice(values)]))
        if not found:
            return None
        path, custom_id, values = rng.choice(found)
        return path, custom_id, values, latest

    def _post_time(self, message: StoredMessage) -> float:
        """When the request that created `message` reached the fake."""
        mid = message.payload["id"]
        for r in reversed(self.fd.recorder.find(*SEND_MESSAGE.split(" ", 1))):
            if isinstance(r.response, dict) and r.response.get("id") == mid:
                return r.time
        raise AssertionError(f"no recorded send for message {mid}")

    async def play_until_turn_passes(self, rng: random.Random, **kwargs: Any) -> Decision:
        while not (decision := await self.decide(rng, **kwargs)).turn_passed:
            pass
        return decision

    async def turn_ender(self, user: User) -> str | None:
        """A notation offered to `user` now that ends their turn (the rules as oracle)."""
        state = self.store.state(self.game_id)
        for choice in await self.choices(user, "act"):
            notation = str(choice["value"])
            if notation.startswith("#"):
                continue
            after = rules.apply(state, str(user.id), notation)
            if turn_owner(after) != turn_owner(state):
                return notation
        return None

    def reminders_for(self, user: User) -> list[StoredMessage]:
        """The bot's text posts in the game's place that mention `user` without a board."""
        assert self.place is not None
        return [m for m in self.fd.world.channel_messages(self.place)
                if not m.files and m.payload.get("webhook_id") is None
                and f"<@{user.id}>" in m.payload.get("content", "")]

    # -- checks ---------------------------------------------------------------------------

    def log_notations(self) -> list[str]:
        return [f"{a['player_id']}:{a['notation']}" for a in self.store.actions(self.game_id)]

    def assert_log_dense(self) -> None:
        """Sequence numbers 1..n with no gap or double: nothing lost, nothing twice."""
        actions = self.store.actions(self.game_id)
        assert [a["seq"] for a in actions] == list(range(1, len(actions) + 1))
        assert self.game()["action_count"] == len(actions)
        ids = [a["interaction_id"] for a in actions if a["interaction_id"]]
        assert len(ids) == len(set(ids)), "one interaction applied twice"

