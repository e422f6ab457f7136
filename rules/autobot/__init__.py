"""The Autobot: the official solo opponent (shared/SOLO.md), as rules of the engine.

It is a player of the state (`SoloData.bot`, "autobot"), the start player of every round,
with no hand, no money and no keys. Its whole turn is one logged action (`autobot ...`,
`rules.autobot.turn`), computed from the state alone: its decks' order lives in the seeded
state, so the same state always gives the same turn, and replay, undo and export work as for
any action. What it gains outside its turn (promotions at an era's end, development when a
human truck passes its stations) has no choice in it and resolves at once.

Kept free of imports: `rules.state` and `rules.model` import the data classes from here.
"""
