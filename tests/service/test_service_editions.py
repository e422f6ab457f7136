"""A game keeps the edition it was created with (RULES §13), even after classic.toml is
corrected: the service deals and replays it with that file, found by its hash."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from service_testutil import FixedClock, fake_png

import rules
from locales import translate
from rules import registry
from rules.edition import CLASSIC_PATH
from service import CONSOLE, GameService, GameStore
from service.editions import EditionBroken, Editions, UnknownEditionName


async def test_a_game_of_an_archived_edition_is_dealt_and_replayed_with_it(
        service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archived = tmp_path / "classic-old.toml"
    archived.write_text(CLASSIC_PATH.read_text(encoding="utf-8").replace(
        "starting_money = 10", "starting_money = 14"), encoding="utf-8")
    old = rules.load_edition(archived)
    monkeypatch.setattr(registry, "_EDITIONS", {})
    monkeypatch.setattr(registry, "SEARCH_DIRS", (*registry.SEARCH_DIRS, tmp_path))
    # A game row written while that file was the shipped classic edition.
    game = await service.store.create_game(
        host_id="ann", host_name="Ann", edition="classic", edition_hash=old.hash, seed=4,
        guild_id=CONSOLE.guild_id, channel_id=CONSOLE.channel_id, settings={"seats": 2})
    await service.join(game.id, "ben", "Ben")
    await service.start(game.id, "ann")
    player, actions, _ = await service.legal(game.id)
    await service.act(game.id, player, actions[0])
    service._states.clear()  # force a replay of the log from the dealt game
    state = await service.state_at(game.id)
    assert state.edition_hash == old.hash != rules.load_edition().hash
    assert {rules.money(state, p) for p in state.order} == {14}
    assert (await service.export(game.id))["edition_hash"] == old.hash


# ----- a group's own edition (issue 34 item 5; service.editions, docs/editions.md) -----

def offered(tmp_path: Path, text: str, name: str = "ours") -> tuple[Editions, Path]:
    """A server offering `<name>.toml` (in `tmp_path/offered`), pinning into `tmp_path/pinned`."""
    folder = tmp_path / "offered"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return Editions(folder, pinned=tmp_path / "pinned"), folder / f"{name}.toml"


OURS = CLASSIC_PATH.read_text(encoding="utf-8").replace(
    'name = "classic"', 'name = "ours"').replace("starting_money = 10", "starting_money = 12")


def test_the_classic_is_the_default_and_a_name_not_offered_is_refused(tmp_path: Path) -> None:
    editions, _ = offered(tmp_path, OURS)
    assert editions.named(None) == editions.named("classic") == rules.load_edition()
    assert editions.names() == ["classic", "ours"]
    for wrong in ("theirs", "../ours", "Ours", "", 7):
        with pytest.raises(UnknownEditionName) as err:
            editions.named(wrong)
        assert err.value.params["known"] == "classic, ours"
    with pytest.raises(UnknownEditionName):
        Editions().named("ours")  # a server without the setting offers the classic only


def test_a_group_edition_is_pinned_by_its_hash_and_a_later_correction_is_a_new_pin(
        tmp_path: Path) -> None:
    editions, source = offered(tmp_path, OURS)
    first = editions.named("ours")
    assert first.name == "ours" and first.starting_money == 12
    pinned = tmp_path / "pinned" / f"ours-{first.hash[:12]}.toml"
    assert pinned.read_text(encoding="utf-8") == OURS
    assert first.hash == hashlib.sha256(pinned.read_bytes()).hexdigest()
    source.write_text(OURS.replace("starting_money = 12", "starting_money = 13"),
                      encoding="utf-8")
    second = editions.named("ours")
    assert second.starting_money == 13 and second.hash != first.hash
    assert pinned.read_text(encoding="utf-8") == OURS  # the first games' file untouched
    assert sorted(p.name for p in (tmp_path / "pinned").iterdir()) == sorted(
        [pinned.name, f"ours-{second.hash[:12]}.toml"])


def test_a_broken_group_edition_is_refused_and_nothing_is_pinned(tmp_path: Path) -> None:
    editions, _ = offered(tmp_path, OURS.replace("finance_divisor = 20", "finance_divisor = 0"))
    with pytest.raises(EditionBroken) as err:
        editions.named("ours")
    assert err.value.params == {"edition": "ours"}
    assert list((tmp_path / "pinned").glob("*.toml")) == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_refusals_are_worded_in_each_language(lang: str) -> None:
    unknown = translate("editions.unknown", lang, edition="theirs", known="classic, ours")
    broken = translate("editions.broken", lang, edition="ours")
    assert "theirs" in unknown and "classic, ours" in unknown and "ours" in broken
    assert "editions." not in unknown + broken  # a sentence, not the code


async def test_a_table_plays_a_group_edition_and_keeps_it_when_the_file_changes(
        store: GameStore, clock: FixedClock, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    editions, source = offered(tmp_path, OURS)
    # every process finds a pinned edition by its hash (rules.registry.TABLES_DIR)
    monkeypatch.setattr(registry, "_EDITIONS", {})
    monkeypatch.setattr(registry, "SEARCH_DIRS", [*registry.SEARCH_DIRS, tmp_path / "pinned"])
    service = GameService(store, clock=clock, renderer=fake_png, editions=editions)
    try:
        game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, seed=3,
                                         edition="ours")
        assert (game.edition, game.edition_hash) == ("ours", editions.named("ours").hash)
        await service.join(game.id, "ben", "Ben")
        await service.start(game.id, "ann")
        source.write_text(OURS.replace("starting_money = 12", "starting_money = 15"),
                          encoding="utf-8")  # the group corrects its file again
        monkeypatch.setattr(registry, "_EDITIONS", {})  # as after a restart
        service._states.clear()
        state = await service.state_at(game.id)
        assert state.edition_hash == game.edition_hash
        assert {rules.money(state, p) for p in state.order} == {12}
        with pytest.raises(UnknownEditionName):
            await service.create_game(CONSOLE, "cem", "Cem", seats=2, edition="theirs")
    finally:
        service.close()
