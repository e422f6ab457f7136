"""Finding a game's edition by the hash it recorded (RULES §13): a correction to the shipped
file never changes the rules of a game already running."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rules import (
    RuleError,
    State,
    apply,
    current_player,
    legal_actions,
    load_edition,
    money,
    new_game,
    registry,
)
from rules.edition import CLASSIC_PATH
from rules.registry import edition_by_hash


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty in-memory registry, and `tmp_path` as one more archive folder."""
    monkeypatch.setattr(registry, "_EDITIONS", {})
    monkeypatch.setattr(registry, "SEARCH_DIRS", (*registry.SEARCH_DIRS, tmp_path))
    return tmp_path


def test_a_game_of_a_superseded_edition_loads_with_its_own_numbers(
        fresh_registry: Path) -> None:
    old_text = CLASSIC_PATH.read_text(encoding="utf-8").replace(
        "starting_money = 10", "starting_money = 12")
    archived = fresh_registry / "classic-old.toml"
    archived.write_text(old_text, encoding="utf-8")
    old = load_edition(archived)
    saved = new_game(old, ["ann", "ben"], seed=5).to_json()
    registry._EDITIONS.clear()  # a new process: only the files know the old edition

    state = State.from_json(saved)
    assert edition_by_hash(state.edition_hash).hash == old.hash != load_edition().hash
    assert money(state, "ann") == 12
    assert legal_actions(state, state.order[-1])  # the draft goes on under its rules


def test_the_shipped_edition_is_found_by_its_hash(fresh_registry: Path) -> None:
    assert edition_by_hash(load_edition().hash).name == "classic"


def test_an_unknown_hash_is_refused_with_a_code(fresh_registry: Path) -> None:
    with pytest.raises(RuleError) as info:
        edition_by_hash("0" * 64)
    assert info.value.code == "unknown_edition"
    assert info.value.params == {"edition": "0" * 12}


def test_every_archived_edition_is_valid_and_named_by_its_hash() -> None:
    for path in (registry.EDITIONS_DIR / "archive").glob("*.toml"):
        edition = load_edition(path)
        assert path.stem.endswith(edition.hash[:12]), path.name


ARCHIVE = registry.EDITIONS_DIR / "archive"


def test_the_archived_classic_plays_exactly_like_the_current_one() -> None:
    # The first archived file predates `routes.revealed_extra` and `development_track.icon`;
    # read with their legacy meaning it must deal and play the same game as the file that
    # followed it (then "the current one", archived since in its turn).
    old = load_edition(ARCHIVE / "classic-fcbe37e414f8.toml")
    new = load_edition(ARCHIVE / "classic-d562ae7392c6.toml")
    a = new_game(old, ["ann", "ben", "cem"], seed=9)
    b = new_game(new, ["ann", "ben", "cem"], seed=9)
    for _ in range(150):
        assert dataclasses.replace(a, edition_hash=new.hash) == b
        if a.phase == "over":
            break
        player = current_player(a)
        choice = legal_actions(a, player)[len(a.built) % len(legal_actions(a, player))]
        assert choice in legal_actions(b, player)
        a, b = apply(a, player, choice), apply(b, player, choice)


def test_an_archived_classic_without_solo_data_has_no_solo_mode() -> None:
    old = load_edition(registry.EDITIONS_DIR / "archive" / "classic-d562ae7392c6.toml")
    assert old.solo is None and load_edition().solo is not None
    with pytest.raises(RuleError) as info:
        new_game(old, ["ann"], seed=1, solo_level=1)
    assert info.value.code == "solo_unavailable"
