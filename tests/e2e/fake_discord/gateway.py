"""The gateway half: a websocket that speaks Discord's gateway v10 the way discord.py expects.

discord.py 2.7 asks for `compress=zstd-stream` when `zstandard` (or Python 3.14's
`compression.zstd`) is importable, else `compress=zlib-stream`; the codec here answers in
whichever the client asked for, as binary frames (one shared stream per connection, each
message flushed), and in plain text when no `compress` parameter is given.

Sessions outlive connections: a session keeps every dispatch it sequenced, so a RESUME on a
new connection replays exactly those after the client's `seq`, then RESUMED. Sequencing and
sending happen under one per-session lock, so a dispatch racing a resume is sent once.

Shards: an IDENTIFY with `shard: [id, count]` gets READY and GUILD_CREATE for the guilds of
that shard only (`(guild_id >> 22) % count == id`, as Discord splits them), and each later
event of a guild goes only to the newest session of the guild's shard (events without a
guild, DMs, to shard 0). A shard whose process died keeps its session: its events wait in
its log, as on Discord, and are lost to a new IDENTIFY (the interaction fails).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .payloads import guild_create_payload, user_payload
from .recorder import GatewayFrame, Recorder
from .world import World

try:  # the same preference order as discord.utils
    import zstandard as _zstandard
except ImportError:  # pragma: no cover - depends on the environment
    _zstandard = None
try:
    from compression import zstd as _stdzstd  # type: ignore[import-not-found]
except ImportError:
    _stdzstd = None

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11
GUILDS_INTENT, GUILD_MEMBERS_INTENT = 1 << 0, 1 << 1


class Codec:
    """Encodes outgoing payloads for one connection's `compress` parameter."""

    def __init__(self, compress: str | None) -> None:
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd: Any = None
        if compress == "zstd-stream":
            if _zstandard is not None:
                self._zstd = _zstandard.ZstdCompressor().compressobj()
            elif _stdzstd is not None:
                self._zstd = _stdzstd.ZstdCompressor()
            else:
                raise RuntimeError("client asked for zstd-stream but no zstd module is here")
        elif compress not in (None, "zlib-stream"):
            raise ValueError(f"unknown compress={compress!r}")

    def encode(self, payload: dict[str, Any]) -> str | bytes:
        text = json.dumps(payload, separators=(",", ":"))
        if self._zlib is not None:
            # discord.py buffers until a frame ends with the Z_SYNC_FLUSH marker 00 00 ff ff.
            return self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
        if self._zstd is not None:
            data = text.encode()
            if _zstandard is not None:
                flush = _zstandard.COMPRESSOBJ_FLUSH_BLOCK
                return self._zstd.compress(data) + self._zstd.flush(flush)
            return self._zstd.compress(data, mode=_stdzstd.ZstdCompressor.FLUSH_BLOCK)
        return text


@dataclass
class Connection:
    number: int
    path: str  # /gateway for a fresh connect, /resume when the client used resume_gateway_url
    query: dict[str, str]
    ws: web.WebSocketResponse
    codec: Codec
    recorder: Recorder
    session: Session | None = None
    closed: bool = False

    async def send(self, payload: dict[str, Any]) -> None:
        if self.closed or self.ws.closed:
            return
        data = self.codec.encode(payload)
        try:
            if isinstance(data, bytes):
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(data)
        except (ConnectionError, RuntimeError):
            self.closed = True
            return
        frame = GatewayFrame(
            "send", self.number, payload["op"], payload.get("t"), payload.get("s"), payload["d"]
        )
        await self.recorder.add_frame(frame)


@dataclass
class Session:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None
    ready_sent: bool = False  # READY and the GUILD_CREATEs have gone out
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Gateway:
    def __init__(self, world: World, recorder: Recorder, heartbeat_interval_ms: int) -> None:
        self.world = world
        self.recorder = recorder
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""  # ws://127.0.0.1:PORT/gateway, set once the server is bound
        self.sessions: dict[str, Session] = {}
        self.session: Session | None = None  # the newest identified session
        self.shard_sessions: dict[int, Session] = {}  # the newest session of each shard id
        self.connections: list[Connection] = []
        self.accepting = asyncio.Event()
        self.accepting.set()
        self.errors: list[str] = []  # the client spoke a protocol the fake cannot

    @property
    def resume_url(self) -> str:
        # A different path than `url`, so tests can tell the client used resume_gateway_url.
        return self.url.rsplit("/", 1)[0] + "/resume"

    # the websocket ---------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, compress=False)
        await ws.prepare(request)
        query = dict(request.query)
        # Hold new connections here while a test wants events to pile up unseen.
        await self.accepting.wait()
        try:
            codec = Codec(query.get("compress"))
        except (ValueError, RuntimeError) as exc:
            self.errors.append(f"gateway connect {dict(query)}: {exc}")
            await ws.close(code=4000, message=str(exc).encode()[:120])
            return ws
        conn = Connection(len(self.connections) + 1, request.path, query, ws, codec, self.recorder)
        self.connections.append(conn)
        if query.get("v") != "10" or query.get("encoding", "json") != "json":
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                await self.recorder.add_frame(
                    GatewayFrame(
                        "recv", conn.number, payload.get("op"), None, None, payload.get("d")
                    )
                )
                if not await self._on_payload(conn, payload):
                    break
        finally:
            conn.closed = True
            session = conn.session
            if session is not None:
                async with session.lock:
                    if session.connection is conn:
                        session.connection = None
        return ws

    async def _on_payload(self, conn: Connection, payload: dict[str, Any]) -> bool:
        op, d = payload.get("op"), payload.get("d")
        if conn.session is None and op not in (HEARTBEAT, IDENTIFY, RESUME):
            await conn.ws.close(code=4003, message=b"Not authenticated")
            return False
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK, "d": None})
        elif op == IDENTIFY:
            if conn.session is not None:
                await conn.ws.close(code=4005, message=b"Already authenticated")
                return False
            if d.get("token") != self.world.token:
                await conn.ws.close(code=4004, message=b"Authentication failed")
                return False
            await self._identify(conn, d)
        elif op == RESUME:
            await self._resume(conn, d)
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(d)
        elif op in (PRESENCE, VOICE_STATE):
            pass
        else:
            await conn.ws.close(code=4001, message=b"Unknown opcode")
            return False
        return True

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> None:
        world = self.world
        session = Session(secrets.token_hex(16), int(d.get("intents", 0)), d.get("shard"))
        self.sessions[session.id] = session
        self.session = session
        conn.session = session
        if session.shard is not None:
            self.shard_sessions[int(session.shard[0])] = session
        guilds = [g for g in world.guilds.values() if self._shard_owns(session, g.id)]
        me = {**user_payload(world.bot), "verified": True, "mfa_enabled": False}
        ready: dict[str, Any] = {
            "v": 10,
            "user": me,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_url,
            "application": {"id": str(world.application_id), "flags": 1 << 19},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        async with session.lock:
            session.connection = conn
            await self._sequence(session, "READY", ready)
            if session.intents & GUILDS_INTENT:
                only_bot = None if session.intents & GUILD_MEMBERS_INTENT else [world.bot.id]
                for guild in guilds:
                    data = guild_create_payload(guild, world.channels, world.users, only_bot)
                    await self._sequence(session, "GUILD_CREATE", data)
            session.ready_sent = True
        await self.recorder.touch()  # wake wait_connected() now, not at the next frame

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> None:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None or d.get("token") != self.world.token:
            # d=false: not resumable, the client must IDENTIFY anew.
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        conn.session = session
        seq = int(d.get("seq") or 0)
        async with session.lock:
            session.connection = conn
            for frame in session.log:
                if frame["s"] > seq:
                    await conn.send(frame)
            session.seq += 1  # RESUMED is sequenced but never replayed
            await conn.send({"op": DISPATCH, "t": "RESUMED", "s": session.seq, "d": {}})

    async def _members_chunk(self, d: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(d.get("guild_id", 0)))
        if guild is None:
            return
        full = guild_create_payload(guild, self.world.channels, self.world.users)
        chunk = {
            "guild_id": str(guild.id),
            "members": full["members"],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # sending ---------------------------------------------------------------------------------

    async def _sequence(self, session: Session, event: str, data: dict[str, Any]) -> int:
        """Number, log and (if connected) send one dispatch; caller holds session.lock."""
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.log.append(frame)
        if session.connection is not None:
            await session.connection.send(frame)
        return session.seq

    @staticmethod
    def _shard_owns(session: Session, guild_id: int | None) -> bool:
        if session.shard is None:
            return True
        shard_id, count = (int(x) for x in session.shard)
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    def _route(self, data: dict[str, Any]) -> Session | None:
        """The session a guild's event goes to: the newest one of its shard."""
        if not self.shard_sessions:
            return self.session
        guild = data.get("guild_id")
        guild_id = int(guild) if guild else None
        for session in self.shard_sessions.values():
            if self._shard_owns(session, guild_id):
                return session
        return None

    async def dispatch(self, event: str, data: dict[str, Any], intent: int | None = None) -> int:
        """Send an event to the session of its guild's shard (the current session when
        the client is not sharded); while it is disconnected the event waits in its log
        for the RESUME. Returns the sequence number, 0 if the intent filtered it or no
        session connects that shard."""
        session = self._route(data)
        if session is None:
            return 0
        if intent is not None and not session.intents & intent:
            return 0
        async with session.lock:
            return await self._sequence(session, event, data)

    async def reconnect(self) -> None:
        """Op 7: the client closes and reconnects to resume_gateway_url with a RESUME."""
        conn = self._live()
        if conn is not None:
            await conn.send({"op": RECONNECT, "d": None})

    async def close(self, code: int = 4000) -> None:
        """Close the live socket; 4000 (unknown error) and most 4xxx codes are resumable."""
        conn = self._live()
        if conn is not None:
            await conn.ws.close(code=code, message=b"fake discord closed the connection")

    async def invalidate(self, resumable: bool = False) -> None:
        conn = self._live()
        if conn is not None:
            if not resumable and conn.session is not None:
                self.sessions.pop(conn.session.id, None)
            await conn.send({"op": INVALID_SESSION, "d": resumable})

    def _live(self) -> Connection | None:
        session = self.session
        return None if session is None else session.connection

    async def shutdown(self) -> None:
        self.accepting.set()
        for conn in self.connections:
            if not conn.ws.closed:
                await conn.ws.close(code=1001, message=b"fake discord stopped")
