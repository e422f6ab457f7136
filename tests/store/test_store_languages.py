"""Each user's language as last seen (store/languages.py, migration 010), on both
backends: the latest wins, an unknown user has none, bad values are refused."""

from __future__ import annotations

import pytest

from store import GameStore, StoreValueError


async def test_the_latest_language_seen_wins(store: GameStore) -> None:
    assert await store.user_language("100000000000000001") is None
    await store.set_user_language("100000000000000001", "fr")
    await store.set_user_language("100000000000000002", "de")
    assert await store.user_language("100000000000000001") == "fr"
    await store.set_user_language("100000000000000001", "en")
    assert await store.user_language("100000000000000001") == "en"
    assert await store.user_language("100000000000000002") == "de"


@pytest.mark.parametrize(("user", "lang"), [("", "fr"), ("x" * 101, "fr"), ("1", ""),
                                            ("1", "x" * 11)])
async def test_bad_values_are_refused(store: GameStore, user: str, lang: str) -> None:
    with pytest.raises(StoreValueError):
        await store.set_user_language(user, lang)
    assert await store.user_language("1") is None
