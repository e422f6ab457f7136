"""Hostile values are stored and read back verbatim, or refused cleanly without a change."""

from __future__ import annotations

import pytest

from store import Game, GameEdit, GameStore, ReminderSettings, StoreValueError

HOSTILE = [
    "",
    "x" * 2_000_000,  # 2 MB
    "nul\x00in\x00the\x00middle\x00",
    "\x00",
    "'); DROP TABLE actions; --",
    '" OR 1=1 --',
    "Robert'); DELETE FROM games WHERE ('1'='1",
    "%s %d {0} ${x} \\x00 \\n",
    "Grüße, Françoise! ß ẞ œ Œ",
    "🚚🛣️👨‍👩‍👧‍👦 \u200b\u200d\ufeff",  # emoji with ZWJ, zero-width, BOM
    "\u202eevil RTL override\u202c",
    "e\u0301\u0301\u0301 (combining)",
    "line\r\nbreaks\ttabs\x1b[31m ansi \x07",
    "\U0010ffff max code point",
]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v[:12]))
async def test_hostile_text_round_trips(store: GameStore, value: str) -> None:
    game = await store.create_game(
        host_id=value,
        edition=value,
        edition_hash=value,
        seed=-(2**63),
        language=value,
        settings={value: value},
        host_name=value,
    )
    game = await store.add_player(game.id, value + "2", value, language=value)
    game = await store.start_game(
        game.id, expected_version=game.version, snapshot_json=value, current_player=value
    )
    result = await store.append_action(
        game.id,
        expected_version=game.version,
        player_id=value,
        notation=value,
        snapshot_json=value,
        next_player=value,
        interaction_id=value,
    )
    [action] = await store.read_log(game.id)
    assert action == result.action
    assert (action.player_id, action.notation, action.interaction_id) == (value, value, value)
    snapshot = await store.read_snapshot(game.id)
    assert snapshot is not None and snapshot.state_json == value
    again = await store.get_game(game.id)
    assert (again.host_id, again.edition, again.edition_hash, again.language) == (value,) * 4
    assert again.settings == {value: value} and again.seed == -(2**63)
    assert [p.display_name for p in again.players] == [value, value]
    assert again.current_player == value
    assert [g.id for g in await store.games_of_player(value)] == [game.id]
    assert await store.interaction_processed(value)
    saved = await store.set_reminder_settings(ReminderSettings(user_id=value, time_zone=value))
    assert (saved.user_id, saved.time_zone) == (value, value)
    assert (await store.integrity_check()).ok


@pytest.mark.parametrize(
    "bad", ["lone \ud800 surrogate", "\udfff"], ids=["high-surrogate", "low-surrogate"]
)
async def test_unencodable_text_is_refused_without_a_change(
    store: GameStore, game: Game, bad: str
) -> None:
    with pytest.raises(StoreValueError):
        await store.append_action(
            game.id,
            expected_version=game.version,
            player_id="ann",
            notation=bad,
            snapshot_json="{}",
            next_player="ann",
            interaction_id="before-the-bad-value",
        )
    assert await store.read_log(game.id) == []
    assert (await store.get_game(game.id)).version == game.version
    assert not await store.interaction_processed("before-the-bad-value")
    with pytest.raises(StoreValueError):
        await store.edit_game(game.id, lambda g: GameEdit(settings={"k": bad}))


async def test_out_of_range_numbers_are_refused(store: GameStore) -> None:
    with pytest.raises(StoreValueError):
        await store.create_game(host_id="a", edition="c", edition_hash="h", seed=2**64)
    with pytest.raises(StoreValueError):
        await store.set_reminder_settings(ReminderSettings("a", delay_s=-1))
    with pytest.raises(StoreValueError):
        await store.set_reminder_settings(ReminderSettings("a", quiet_start=60))
    assert await store.games_of_player("a") == []
