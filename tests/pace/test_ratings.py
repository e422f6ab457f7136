"""Ratings and history per server (issue 35, item 4): after a scripted series of games the
ratings are the library's figures computed by hand here, game by game, with openskill's
Plackett-Luce model; computers are left out, ties share a rank, abandoned and imported
games rate nobody, and a game with one person changes no rating."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

import rules
from service import CONSOLE, GameService, Place
from service.history import NoSuchPlayer
from service.ratings import Outcome, Standing, places, rate_all

OTHER_SERVER = Place(77, 5)


def scripted(players: list[str], seed: int, choices: int) -> tuple[list[tuple[str, str]],
                                                                     rules.State]:
    """A whole game of seeded random legal choices: its log and its final state."""
    rng = random.Random(choices)
    state = rules.new_game(rules.load_edition(), players, seed)
    log = []
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rng.choice(rules.legal_actions(state, player)))
        state = rules.apply(state, player, action)
        log.append((player, action))
    return log, state


async def play(service: GameService, place: Place, players: list[str], seed: int,
               choices: int) -> rules.State:
    log, final = scripted(players, seed, choices)
    game = await service.create_game(place, players[0], players[0].title(),
                                     seats=len(players), seed=seed,
                                     players=[(p, p.title()) for p in players[1:]])
    await service.start(game.id, players[0])
    for player, notation in log:
        await service.act(game.id, player, notation)
    assert (await service.game(game.id)).status == "finished"
    return final


def hand_ranks(state: rules.State, humans: list[str]) -> list[int]:
    """The humans' places, from the rules' ranking key (1 = first; equal keys share)."""
    edition = rules.edition_of(state)
    keys = {p: rules.ranking_key(state, edition, p) for p in state.order}
    return [1 + sum(keys[q] > keys[p] for q in state.order) for p in humans]


async def test_ratings_after_a_series_equal_openskill_by_hand(service: GameService) -> None:
    series = [(["ann", "ben", "cem"], 1, 1), (["ben", "cem", "ann"], 2, 5),
              (["cem", "ann"], 3, 9), (["ann", "ben", "cem", "dan"], 4, 2)]
    finals = [await play(service, CONSOLE, players, seed, choices)
              for players, seed, choices in series]
    # a game abandoned half way, and one on another server: neither moves these ratings
    log, _ = scripted(["ann", "ben"], 5, 3)
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, seed=5,
                                     players=[("ben", "Ben")])
    await service.start(game.id, "ann")
    for player, notation in log[:40]:
        await service.act(game.id, player, notation)
    await service.abandon(game.id, "ann")
    await play(service, OTHER_SERVER, ["ann", "ben"], 6, 4)

    model = PlackettLuce()
    expected = {p: model.rating() for p in ("ann", "ben", "cem", "dan")}
    for (players, _seed, _c), final in zip(series, finals, strict=True):
        rated = model.rate([[expected[p]] for p in players], ranks=hand_ranks(final, players))
        for p, (after,) in zip(players, rated, strict=True):
            expected[p] = after
    for player in ("ann", "ben", "cem", "dan"):
        stats = await service.player_stats(CONSOLE, player)
        assert stats.rating.mu == pytest.approx(expected[player].mu, abs=1e-9), player
        assert stats.rating.sigma == pytest.approx(expected[player].sigma, abs=1e-9), player
        plays = [f for (ps, _s, _c), f in zip(series, finals, strict=True) if player in ps]
        assert stats.games == stats.rating.games == len(plays)
        assert stats.wins == sum(player in rules.winners(f) for f in plays)
    board = await service.server_stats(CONSOLE)
    assert board.games == 4 and board.players == 4
    ordinals = [leader.rating.mu - 3 * leader.rating.sigma for leader in board.leaders]
    assert ordinals == sorted(ordinals, reverse=True)
    assert {leader.player for leader in board.leaders} == {"ann", "ben", "cem", "dan"}
    # the other server knows only its own game
    elsewhere = await service.player_stats(OTHER_SERVER, "ann")
    assert elsewhere.games == 1 and elsewhere.rating.games == 1


async def test_head_to_head_median_and_favourite(service: GameService) -> None:
    finals = [await play(service, CONSOLE, ["ann", "ben", "cem"], 1, 1),
              await play(service, CONSOLE, ["ann", "ben"], 2, 7)]
    stats = await service.player_stats(CONSOLE, "Ann", versus="ben")  # a name finds the id
    assert stats.player == "ann"
    face = stats.versus
    assert face is not None and face.games == 2
    ahead = behind = 0
    for final in finals:
        ann, ben = hand_ranks(final, ["ann", "ben"])
        ahead += ann < ben
        behind += ann > ben
    assert (face.ahead, face.behind, face.level) == (ahead, behind, 2 - ahead - behind)
    points = sorted(rules.scores(f)["ann"] for f in finals)
    assert stats.median_points == sum(points) / 2
    parts: dict[str, int] = {}
    for final in finals:
        for dept, value in rules.score_breakdown(final, rules.edition_of(final), "ann").items():
            if dept != "lobby":
                parts[dept] = parts.get(dept, 0) + value
    if max(parts.values()) > 0:
        assert stats.favourite == max(sorted(parts), key=lambda d: parts[d])
    with pytest.raises(NoSuchPlayer):
        await service.player_stats(CONSOLE, "zed")


def test_ties_share_a_rank_and_computers_are_left_out() -> None:
    """Equal ranking keys give equal places; the computer between the humans is not
    rated and does not change their order; a game with one person rates nobody; a
    computer-only game counts nowhere."""
    assert places({"a": (5, 1, 1), "b": (5, 1, 1), "c": (3, 0, 0)}) == {"a": 1, "b": 1, "c": 3}
    tie = Outcome(1, 10.0, (Standing("a", 5, 1, True, {}), Standing("cpu1", 5, 1, False, {}),
                            Standing("b", 5, 1, True, {}), Standing("c", 3, 4, True, {})), True)
    solo = Outcome(2, 20.0, (Standing("a", 9, 1, True, {}), Standing("cpu1", 2, 2, False, {})),
                   True)
    robots = Outcome(3, 30.0, (Standing("cpu1", 9, 1, False, {}),
                               Standing("cpu2", 2, 2, False, {})), True)
    imported = Outcome(4, 40.0, (Standing("a", 9, 1, True, {}), Standing("b", 2, 2, True, {})),
                       False)
    found = rate_all([imported, robots, solo, tie])
    model = PlackettLuce()
    a, b, c = model.rate([[model.rating()], [model.rating()], [model.rating()]],
                         ranks=[1, 1, 4])
    assert found["a"].mu == pytest.approx(a[0].mu) and found["b"].mu == pytest.approx(b[0].mu)
    assert found["a"].mu == pytest.approx(found["b"].mu)
    assert found["c"].sigma == pytest.approx(c[0].sigma)
    assert "cpu1" not in found and "cpu2" not in found
    assert found["a"].games == 1  # the solo game and the imported one rated nobody
    assert not robots.counts
