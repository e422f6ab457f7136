"""SHARD_COUNT and SHARD_IDS (service/sharding.py): read once into `Settings.shards`,
bad values refused at start with a sentence that says what to fix."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from service.settings import Settings
from service.sharding import Shards, ShardSettingError, parse_shards, shard_of

ROOT = Path(__file__).resolve().parents[2]


def load(**env: str) -> Settings:
    return Settings.load(env=env, dotenv=None)


def test_unset_means_one_process_with_every_shard() -> None:
    shards = load().shards
    assert shards == Shards(None, None)
    assert shards.all_shards and shards.owns(123 << 22)


@pytest.mark.parametrize(("ids", "expected"), [
    ("0,1", (0, 1)), ("4-7", (4, 5, 6, 7)), ("0-2, 6", (0, 1, 2, 6)), (" 3 ", (3,)),
    ("7,0", (7, 0)),
])
def test_ids_and_ranges_are_read_in_order(ids: str, expected: tuple[int, ...]) -> None:
    assert load(SHARD_COUNT="8", SHARD_IDS=ids).shards == Shards(8, expected)


def test_a_count_alone_means_all_of_that_count_here() -> None:
    shards = load(SHARD_COUNT="4").shards
    assert shards == Shards(4, None) and shards.all_shards


@pytest.mark.parametrize(("count", "ids", "says"), [
    ("0", "", "SHARD_COUNT must be a whole number"),
    ("-1", "", "SHARD_COUNT must be a whole number"),
    ("two", "", "SHARD_COUNT must be a whole number"),
    ("100000", "", "SHARD_COUNT must be a whole number"),
    ("", "0,1", "SHARD_IDS needs SHARD_COUNT"),
    ("2", "0,2", "shard numbers run from 0 to 1"),
    ("4", "0,,1", "SHARD_IDS is a list"),
    ("4", "a-b", "SHARD_IDS is a list"),
    ("4", "3-1", "runs backwards"),
    ("4", "0-2,1", "names a shard twice"),
])
def test_bad_values_are_refused_with_what_to_fix(count: str, ids: str, says: str) -> None:
    with pytest.raises(ShardSettingError, match=says):
        parse_shards(count, ids)


def test_a_process_owns_the_guilds_of_its_shards_by_discords_formula() -> None:
    shards = Shards(2, (1,))
    assert shard_of(5 << 22, 2) == 1 and shards.owns(5 << 22)
    assert shard_of(4 << 22, 2) == 0 and not shards.owns(4 << 22)
    assert not shards.all_shards and Shards(2, (1, 0)).all_shards


def test_lease_ttl_is_a_setting() -> None:
    assert load().lease_ttl_s == 60.0
    assert load(LEASE_TTL_S="5").lease_ttl_s == 5.0
    assert load(LEASE_TTL_S="soon").lease_ttl_s == 60.0


def test_bot_py_stops_with_the_sentence_not_a_traceback(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "SHARD_COUNT": "2", "SHARD_IDS": "0,5",
           "DISCORD_TOKEN": "x" * 30, "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "SHARD_IDS '5': shard numbers run from 0 to 1" in done.stderr
    assert "Traceback" not in done.stderr
