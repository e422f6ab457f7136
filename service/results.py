"""What the service returns: plain frozen dataclasses the adapters format."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from rules import State
from service.labels import Labelled
from store import Event, Game, GameStatus


@dataclass(frozen=True, slots=True)
class Seat:
    """A seated player, as the service tells it."""

    game_id: int
    user_id: str
    seat: int  # index in the rules' player list, 0-based
    display_name: str
    language: str | None  # None: the game's language
    joined_at: float


@dataclass(frozen=True, slots=True)
class Table:
    """A game as the service returns it: its place, seats, status, version and settings,
    without its state (`GameService.view` / `state_at` give that). The same attribute
    names as the store's row, so adapters read either; adapters import it from `service`
    and never need `store`."""

    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_id: str
    edition: str
    edition_hash: str
    seed: int
    language: str
    status: GameStatus
    version: int  # concurrency token: pass it back as expected_version
    action_count: int  # the last sequence number in the log
    current_player: str | None  # whose decision is pending
    settings: Mapping[str, Any]
    created_at: float
    updated_at: float
    players: tuple[Seat, ...] = ()
    board_channel_id: int | None = None  # the latest board post, which reminders link to
    board_message_id: int | None = None
    turn_version: int | None = None  # the version whose turn post is due
    board_version: int | None = None  # the version the latest post shows

    @classmethod
    def of(cls, game: Game) -> Table:
        values = {f.name: getattr(game, f.name) for f in fields(cls) if f.name != "players"}
        seats = tuple(Seat(p.game_id, p.user_id, p.seat, p.display_name, p.language,
                           p.joined_at) for p in game.players)
        return cls(**values, players=seats)

    @property
    def owes_turn_post(self) -> bool:
        return self.turn_version is not None and self.turn_version > (
            -1 if self.board_version is None else self.board_version)

    @property
    def player_ids(self) -> tuple[str, ...]:
        """User ids in seat order: the `players` list for `rules.new_game`."""
        return tuple(p.user_id for p in sorted(self.players, key=lambda p: p.seat))


def tables(games: Iterable[Game]) -> list[Table]:
    return [Table.of(g) for g in games]


@dataclass(frozen=True, slots=True)
class Change:
    """One thing that changed, as a catalogue code and its parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ActResult:
    game_id: int
    version: int  # the game's version after the action: pass it back to act again
    move: int  # the action's number in the log
    player: str
    notation: str  # canonical notation of what was applied
    changes: tuple[Change, ...]
    turn_passed: bool
    next_player: str | None  # whose decision is pending now; None when the game is over
    decision: str | None  # its kind: route, bonus, main, move, promote, pick, slot, key, extra
    board: bytes | None  # the board PNG, when the turn passed or the game ended
    over: bool = False
    scores: Mapping[str, int] | None = None
    winners: tuple[str, ...] = ()
    state: State | None = field(default=None, repr=False, compare=False)
    autobot: tuple[str, ...] = ()  # the Autobot's turns applied right after this action
    # the game before this action: what its label and story are told against (where a
    # truck started); None in results not made by `act`
    before: State | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class StartResult:
    game: Table
    first_player: str
    decision: str
    board: bytes | None  # None when it could not be drawn: the owed turn post brings it
    state: State = field(repr=False, compare=False)
    # Every seat in the order turns go round, from the start player; the route cards are
    # drafted the other way round (RULES setup 7), so `first_player` picks last of them.
    turn_order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingUndo:
    """An undo request still open: who asked, how many actions, who has not agreed yet."""

    request: Event = field(repr=False)
    asker: str
    count: int
    waiting: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameView:
    """A game and, once started, its current state, for /status and listings."""

    game: Table
    state: State | None = field(repr=False, compare=False)
    next_player: str | None
    decision: str | None
    era: int | None
    scores: Mapping[str, int]
    money: Mapping[str, int]  # every seat in seat order, the Autobot's included
    winners: tuple[str, ...] = ()
    autobot: str | None = None  # the Autobot's seat in a solo game: it never has money
    undo: PendingUndo | None = None  # an undo request the table still votes on


@dataclass(frozen=True, slots=True)
class UndoResult:
    game_id: int
    version: int
    by: str
    removed: tuple[str, ...]  # the notations taken back, oldest first
    forced: bool
    next_player: str | None
    decision: str | None
    board: bytes | None
    players: tuple[str, ...] = ()  # who played each action taken back (same order)


@dataclass(frozen=True, slots=True)
class VoteResult:
    """A vote on an undo request that did not (yet) decide it."""

    game_id: int
    request: int
    voter: str
    accepted: bool
    waiting: tuple[str, ...]  # players who still have to answer


class Legal(NamedTuple):
    """A player's legal actions and the game version the list belongs to: a prompt built
    from it carries that version, so a press acts on exactly this list (or is refused as
    stale), with no second read of the game in between."""

    player: str
    actions: list[str]
    version: int


class LabelledLegal(NamedTuple):
    """The same list as choices named by the board in one language (issue 13): one per
    label (`service.labels.labelled`), each with its place in the legal list."""

    player: str
    items: tuple[Labelled, ...]
    version: int

    @property
    def actions(self) -> list[str]:
        return [i.notation for i in self.items]

    @property
    def labels(self) -> list[str]:
        return [i.label for i in self.items]


@dataclass(frozen=True, slots=True)
class AbandonResult:
    """What `/game abandon` or an answer to an abandon vote did.

    `ended`: the game is abandoned now. Otherwise a vote is open (`request`, the event id)
    or was just refused (`refused`); `yes` includes whoever asked.
    """

    game: Table
    by: str
    ended: bool
    request: int | None = None
    opened: bool = False  # this call opened the vote
    refused: bool = False  # the vote can no longer pass; it is closed
    needed: int = 0  # yes votes (the asker's included) that end the game
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()  # players who have not answered yet
    announce: bool = True  # False: a concurrent answer ended the game and says so


@dataclass(frozen=True, slots=True)
class TurnPost:
    """The public turn message of a game as it is now, for a post that was owed and not
    made (`GameService.turn_post`); the fields an adapter's turn text reads from an
    `ActResult`, with the latest action of the log standing for the move."""

    game: Table
    version: int  # the version it shows: record the post with it
    player: str | None  # who made the latest action; None before the first
    notation: str | None
    changes: tuple[Change, ...]
    next_player: str | None
    decision: str | None
    board: bytes
    over: bool = False
    scores: Mapping[str, int] | None = None
    winners: tuple[str, ...] = ()

    story: tuple[str, ...] = ()  # the turn told, in the post's language (service.story)
    turn_order: tuple[str, ...] = ()  # as StartResult's: what a lost start post names


@dataclass(frozen=True, slots=True)
class WebBoard:
    """A game's web page at one move (service.web_pages): the parts, drawn, in one
    language. Nothing here is hidden information: no seed, no state, no future."""

    game_id: int
    title: str
    status: GameStatus
    version: int  # the game's version it was drawn at
    move: int  # the move shown; 0 = the deal
    moves: int  # the moves in the log
    lang: str
    names: tuple[str, ...] = ()  # the seats' display names, in seat order
    over: bool = False
    story: tuple[str, ...] = ()  # the turn up to `move`, told
    map_svg: str = ""
    label_size: int = 0  # a city name's font size in the map's units (the page's zoom)
    header_html: str = ""
    shared_html: str = ""
    scores_html: str = ""
    players_html: str = ""
