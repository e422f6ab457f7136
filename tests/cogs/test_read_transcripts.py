"""A whole game on the loopback Discord read as its players read it (issue 31): a German
table and a French one, every command answered in the reader's language, every post,
button and menu label checked by `tests.reading` for seat ids, engine codes, English words
and plural errors."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.harness import walk
from tests.reading import bad_lines


def shown(table: Table, start: int) -> list[str]:
    """Every line the bot sent since `start`: texts, and the labels of buttons, menus and
    their options."""
    lines: list[str] = []
    for sent in table.recorder.sent[start:]:
        lines += sent.content.splitlines()
        for item in walk(sent.components):
            lines += [str(item[k]) for k in ("label", "placeholder") if item.get(k)]
            lines += [str(o.get("label", "")) for o in item.get("options", [])]
    return lines


@pytest.mark.parametrize("lang", ["de", "fr"])
async def test_a_whole_discord_game_reads_in_one_language(table: Table, lang: str) -> None:
    start = len(table.recorder.sent)
    await table.new_game(ANN, BEN, language=lang)
    for i in range(600):
        game = await table.game()
        if game.status == "finished":
            break
        player = await table.current()
        if i % 9 == 0:
            for command in ("status", "log"):
                await table.slash(player, command, locale=lang)
        await table.slash(player, "act", action=(await table.legal())[0],
                          locale=lang)
    assert (await table.game()).status == "finished"
    await table.slash(ANN, "status", locale=lang)
    lines = [line for line in shown(table, start) if line.strip()]
    assert len(lines) > 300
    # the players are "ann" and "ben": no English word, and inside "Hannover" as a name
    assert bad_lines(lines, lang) == []
