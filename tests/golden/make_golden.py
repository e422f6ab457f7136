"""Regenerate the golden games: GreedyBot self-play for 2, 3 and 4 players.

    python tests/golden/make_golden.py

Each record is replayed before it is written. After regenerating, check the games look
plausible and update the pinned scores in tests/rules/test_golden.py by hand.
"""

from __future__ import annotations

from pathlib import Path

from rules import load_edition, new_game
from rules.bots import GreedyBot, play_out
from rules.replay import dumps, make_record, replay, summary

HERE = Path(__file__).parent
GAMES = {  # file name: (players in join order, game seed)
    "greedy_2p.json": (["ann", "ben"], 2023),
    "greedy_3p.json": (["ann", "ben", "cem"], 1953),
    "greedy_4p.json": (["ann", "ben", "cem", "dan"], 7),
}


def main() -> None:
    edition = load_edition()
    for name, (players, seed) in GAMES.items():
        state = new_game(edition, players, seed)
        bots = {p: GreedyBot(seed * 10 + i) for i, p in enumerate(players)}
        final, log = play_out(state, bots)
        assert final.phase == "over", name
        record = make_record(edition, players, seed, log)
        assert replay(record) == final
        (HERE / name).write_text(dumps(record), encoding="utf-8")
        print(f"{name}: {len(log)} actions\n{summary(final)}")


if __name__ == "__main__":
    main()
