"""Helpers for the service tests: a fixed clock, a fake renderer, recorded games."""

from __future__ import annotations

from functools import cache

import rules

PLAYERS = ("ann", "ben", "cem")
FOUR = ("ann", "ben", "cem", "dan")
SEED = 1


class FixedClock:
    """A clock the test moves by hand (unix seconds)."""

    def __init__(self, now: float = 1_750_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return f"PNG {view} {lang} {state.era}".encode()


@cache
def first_choice_game(seed: int = SEED) -> tuple[tuple[str, str], ...]:
    """A complete game: the first legal action every time. ((player, notation), ...)."""
    state = rules.new_game(rules.load_edition(), list(PLAYERS), seed)
    log = []
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rules.legal_actions(state, player)[0])
        state = rules.apply(state, player, action)
        log.append((player, action))
    return tuple(log)


@cache
def random_game(choice_seed: int, seed: int = SEED) -> tuple[tuple[str, str], ...]:
    """A complete game of seeded random legal choices."""
    import random

    rng = random.Random(choice_seed)
    state = rules.new_game(rules.load_edition(), list(PLAYERS), seed)
    log = []
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rng.choice(rules.legal_actions(state, player)))
        state = rules.apply(state, player, action)
        log.append((player, action))
    return tuple(log)


@cache
def long_game(seed: int = SEED) -> tuple[tuple[str, str], ...]:
    """A complete 4-player game (some 500 actions): the last legal action every time."""
    state = rules.new_game(rules.load_edition(), list(FOUR), seed)
    log = []
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rules.legal_actions(state, player)[-1])
        state = rules.apply(state, player, action)
        log.append((player, action))
    return tuple(log)


def record_of(log, seed: int = SEED, players: tuple[str, ...] = PLAYERS) -> dict:
    """A game record (as /export writes it) for a prefix of a game."""
    from service.records import make_record

    state = rules.new_game(rules.load_edition(), list(players), seed)
    for player, action in log:
        state = rules.apply(state, player, action)
    return make_record(edition="classic", edition_hash=state.edition_hash, seed=seed,
                       players=players, names={}, actions=log, final=state)


def find_cut(log, kind: str, *, not_player: str | None = None, seed: int = SEED) -> int | None:
    """The length of the first prefix of `log` whose last action is of `kind`:
    "free"   — the actor still holds the same turn and nothing was revealed;
    "reveal" — the actor still holds the same turn but something hidden was revealed;
    "passed" — after the draft, the action ended the actor's turn.
    """
    from service.progress import turn_owner

    state = rules.new_game(rules.load_edition(), list(PLAYERS), seed)
    for i, (player, action) in enumerate(log):
        after = rules.apply(state, player, action)
        same = turn_owner(state) == turn_owner(after) == ("turn", player)
        hit = {"free": same and after.reveals == state.reveals
                       and rules.current_player(after) == player,
               "reveal": same and after.reveals != state.reveals,
               "passed": state.turn is not None and turn_owner(state) != turn_owner(after)
                         and not rules.is_over(after)}[kind]
        if hit and player != not_player:
            return i + 1
        state = after
    return None
