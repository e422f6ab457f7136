"""What a table reads on Discord when a game is opened, filled and started, and when it
ends (issue 31, items 1, 6 and 7): a solo game is against the Autobot, not "for 1
players", a lobby the computers filled invites nobody, the start says who drafts first
and who plays first, and the end names every seat, best first."""

from __future__ import annotations

import pytest

from cogs.present import final_words
from service.results import Table as GameTable
from store import Game, Player
from tests.cogs.conftest import ANN, BEN, Table


def _posted(table: Table) -> str:
    return table.posts()[-1].content


async def test_a_solo_lobby_is_against_the_autobot(table: Table) -> None:
    await table.slash(ANN, "game new", level=5, thread=False, locale="de")
    said = _posted(table)
    assert "Solopartie" in said and "Stufe 5" in said and "1 Spieler" not in said
    assert "beitreten" not in said  # nobody else can take a seat
    assert "/partie starten" in said and "Solopartie" in table.reply_text()


async def test_a_lobby_the_computers_filled_invites_nobody(table: Table) -> None:
    await table.slash(ANN, "game new", players=3, bots=2, thread=False, locale="fr")
    said = _posted(table)
    assert "rejoindre" not in said and "Toutes les places sont prises" in said
    await table.slash(ANN, "status", locale="fr")
    assert "au complet" in table.reply_text() and "Ordinateur 1" in table.reply_text()


async def test_an_open_lobby_still_invites(table: Table) -> None:
    await table.slash(ANN, "game new", players=3, thread=False)
    assert "Take a seat with /game join" in _posted(table)
    await table.slash(ANN, "status")
    assert "waits for players (1 of 3)" in table.reply_text()


async def test_the_start_says_who_drafts_first_and_who_plays_first(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)
    await table.slash(ANN, "game start")
    started = next(p.content for p in table.posts() if "Turn order" in p.content)
    game = await table.game()
    state = await table.service.state_at(game.id)
    first, drafter = state.order[0], state.order[-1]  # the draft goes the other way round
    names = {str(ANN[0]): "ann", str(BEN[0]): "ben"}
    assert f"<@{drafter}> picks first" in started
    assert f"then {names[first]} plays the first turn" in started
    assert "begins" not in started


def _finished(players: list[tuple[str, str]], settings: dict[str, object]) -> GameTable:
    seats = tuple(Player(1, pid, i, name, None, 0.0) for i, (pid, name) in enumerate(players))
    return GameTable.of(Game(1, 1, 1, None, players[0][0], "classic", "h", 1, "de", "finished",
                             9, 9, None, settings, 0.0, 0.0, seats))


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_end_names_computers_and_ranks_the_scores(lang: str) -> None:
    """"Winner: cpu1" / "Sieger: cpu1" / "Vainqueur : cpu1" named a seat by its id."""
    game = _finished([("100000000000000001", "Ann"), ("cpu1", "Computer 1")],
                     {"computer": {"cpu1": "strong"}})
    words = final_words(game, {"cpu1": 54, "100000000000000001": 32}, ("cpu1",), lang)
    computer = {"en": "Computer 1 (strong)", "de": "Computer 1 (stark)",
                "fr": "Ordinateur 1 (fort)"}[lang]
    assert words["winners"] == computer and "cpu1" not in words["scores"]
    assert words["scores"] == f"{computer} 54, Ann 32"
