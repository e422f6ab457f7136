"""Deadlines and auto-pass in the console with a fake clock (issue 35): `/status` shows the
deadline, an expired turn is played and told before the next command, once; auto-pass
plays only the away player's turns and stops when taken back or when the era ends."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_testutil import FixedClock

import rules
from console import Console
from locales import translate
from service import GameService
from service.deadlines import marked

HOUR = 3600.0


async def own_turn(table: Console, service: GameService, game_id: int, player: str) -> None:
    """`player` plays one whole turn themselves at the table (no pass: a round of passes
    ends an era), then the table settles what follows."""
    while True:
        actions = (await service.legal(game_id, player)).actions
        action = next((a for a in actions if a != "pass"), actions[0])
        result = await service.act(game_id, player, action)
        if result.turn_passed:
            break
    await table.handle("/status")


def console(service: GameService, tmp_path: Path, lang: str = "en") -> tuple[Console,
                                                                              list[str]]:
    lines: list[str] = []
    return Console(service, lang=lang, boards=tmp_path / "boards", out=lines.append), lines


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
async def test_an_expired_turn_is_played_before_the_next_command(
        service: GameService, clock: FixedClock, tmp_path: Path, lang: str) -> None:
    table, lines = console(service, tmp_path, lang)
    await table.handle("/game new players:2 names:ann,ben seed:4 deadline:12")
    assert not [line for line in lines if line.startswith("!")], lines
    game_id = table.require_game()
    owner = await service.deciding(game_id)
    lines.clear()
    await table.handle("/status")
    shown = translate("pace.hours", lang, count=12)
    assert any(shown in line and owner in line for line in lines), lines
    lines.clear()
    clock.now += 12 * HOUR + 1
    await table.handle("/status")
    told = translate("pace.deadline.computer", lang, player=owner,
                     level=translate("computer.level.normal", lang))
    assert lines[0] == told
    assert await service.deciding(game_id) != owner
    log = await service.store.read_log(game_id)
    assert log and all(marked(r) == "deadline" for r in log)
    lines.clear()
    await table.handle("/status")  # nothing more is due: nothing more is played
    assert told not in lines
    assert len(await service.store.read_log(game_id)) == len(log)


async def test_autopass_plays_only_the_away_players_turns_until_taken_back(
        service: GameService, clock: FixedClock, tmp_path: Path) -> None:
    table, lines = console(service, tmp_path)
    await table.handle("/game new players:2 names:ann,ben seed:4")
    game_id = table.require_game()
    first = await service.deciding(game_id)
    other = "ben" if first == "ann" else "ann"
    await table.handle(f"as {first} /game autopass until:back")
    assert not [line for line in lines if line.startswith("!")], lines
    # their turn was played at once, with no deadline and no time passing
    assert await service.deciding(game_id) == other
    for _ in range(3):  # the other plays their own turns; the away one's are played
        await own_turn(table, service, game_id, other)
        assert await service.deciding(game_id) == other
    log = await service.store.read_log(game_id)
    assert {r.player_id for r in log if marked(r) == "autopass"} == {first}
    assert not [r for r in log if r.player_id == other and marked(r)]
    await table.handle(f"as {first} /game autopass until:off")
    await own_turn(table, service, game_id, other)
    assert await service.deciding(game_id) == first  # back: the table waits for them
    before = len(await service.store.read_log(game_id))
    await table.handle("/status")
    assert len(await service.store.read_log(game_id)) == before
    lines.clear()
    await table.handle(f"as {first} /game autopass until:off")
    assert lines == ["! " + translate("pace.autopass.not_set", "en", player=first)]


async def test_autopass_until_the_end_of_the_era(service: GameService, tmp_path: Path) -> None:
    """Both players away, one until the era ends: the game plays itself to the next era,
    then waits for the one whose auto-pass ended with it."""
    table, _ = console(service, tmp_path)
    await table.handle("/game new players:2 names:ann,ben seed:4")
    game_id = table.require_game()
    await service.update_settings(game_id, "ann", {"deadline_action": "pass"})
    first = await service.deciding(game_id)
    other = "ben" if first == "ann" else "ann"
    await table.handle(f"as {other} /game autopass until:back")
    await table.handle(f"as {first} /game autopass until:era")
    state = await service.state_at(game_id)
    assert rules.era(state) == 2
    assert await service.deciding(game_id) == first
    game = await service.game(game_id)
    assert first not in game.settings["away"] and other in game.settings["away"]


async def test_a_table_may_forbid_autopass(service: GameService, tmp_path: Path) -> None:
    table, lines = console(service, tmp_path, "de")
    await table.handle("/game new players:2 names:ann,ben seed:4")
    lines.clear()
    await table.handle("/game settings deadline:800")  # refused in words, nothing changed
    assert lines[0].startswith("! ") and "720" in lines[0]
    await table.handle("/game settings autopass:off deadline:48 deadline_action:pass")
    said = lines[-1]
    for key, value in (("autopass", "word.off"), ("deadline_action", "pace.setting.action.pass")):
        assert translate(f"setting.{key}", "de") in said and translate(value, "de") in said
    assert translate("pace.hours", "de", count=48) in said
    lines.clear()
    await table.handle("as ann /game autopass until:era")
    assert lines == ["! " + translate("pace.autopass.off", "de")]
