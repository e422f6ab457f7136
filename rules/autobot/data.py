"""The Autobot's edition data: the `[solo]` table of an edition file (SOLO.md §15).

An edition without `[solo]` (every archived one) has no solo mode: `Edition.solo` is None.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.edition_reader import Problem, Table

SOLO_BONUS_KINDS = ("", "develop", "promote", "road", "upgrade", "station", "employee",
                    "discard", "take_card", "advanced_card")
MAINS = ("build", "load", "station")
ENGINE_KINDS = ("money", "develop", "promote", "key", "card", "build", "capacity")


@dataclass(frozen=True)
class TaskCard:
    id: str
    order: int
    level: str  # "A" in the starting pile, "B" in the advanced reserve
    main: str  # "build", "load" or "station"
    bonus: str  # a solo bonus or ""


@dataclass(frozen=True)
class Level:
    number: int
    board: str
    truck_step: int
    human_truck_develop: int
    skip_develop: int
    era_promotions: tuple[int, ...]


@dataclass(frozen=True)
class SoloBoard:
    stations: tuple[str, ...]
    slots: tuple[str, ...]  # top row left to right, then the next row


@dataclass(frozen=True)
class SoloData:
    bot: str
    employees: int
    stations: int
    trucks: int
    black: str
    hub: str
    floor_cap_by_era: tuple[int, ...]
    truck_steps_by_era: tuple[int, ...]
    departments: tuple[str, ...]
    pharma_clockwise: tuple[str, ...]
    colour_deck: tuple[str, ...]
    wild_colours: tuple[str, ...]
    slots_per_row: int
    era3_era: int
    era3_colours: tuple[str, ...]
    era3_extra_build: bool
    tasks: dict[str, TaskCard]
    translation: dict[str, str]
    boards: dict[str, SoloBoard]
    levels: dict[int, Level]

    def level(self, number: int) -> Level:
        return self.levels[number]


def parse_solo_bonus(text: str) -> tuple[str, str]:
    """'develop 2' -> ('develop', '2'); 'promote trade' -> ('promote', 'trade')."""
    parts = text.split()
    kind = parts[0] if parts else ""
    if kind not in SOLO_BONUS_KINDS:
        raise ValueError(f"unknown solo bonus {text!r}; known: {', '.join(SOLO_BONUS_KINDS[1:])}")
    if kind == "develop" and (len(parts) != 2 or not parts[1].isdigit()):
        raise ValueError(f"solo bonus {text!r} needs a step count, e.g. 'develop 1'")
    if len(parts) > 2 or (len(parts) == 2 and kind not in ("develop", "promote")):
        raise ValueError(f"solo bonus {text!r} takes no argument")
    return kind, parts[1] if len(parts) == 2 else ""


def _bonus(value: str, key: str) -> str:
    if value:
        try:
            parse_solo_bonus(value)
        except ValueError as err:
            raise Problem(key, str(err)) from None
    return value


def _bonuses(table: Table, name: str) -> tuple[str, ...]:
    values = table.list_of(name, str)
    return tuple(_bonus(v, f"{table.key(name)}[{i}]") for i, v in enumerate(values))


def _ints(table: Table, name: str) -> tuple[int, ...]:
    return tuple(table.list_of(name, int))


def read_solo(solo: Table) -> SoloData:
    era3 = solo.table("era3_card")
    tasks: dict[str, TaskCard] = {}
    task_table = solo.table("tasks")
    for tid, t in task_table.entries():
        main = t.string("main")
        if main not in MAINS:
            raise Problem(t.key("main"), f"unknown task {main!r}; known: {', '.join(MAINS)}")
        level = t.string("level")
        if level not in ("A", "B"):
            raise Problem(t.key("level"), f"expected 'A' or 'B', got {level!r}")
        tasks[tid] = TaskCard(tid, t.integer("order", minimum=1), level, main,
                              _bonus(t.string("bonus"), t.key("bonus")))
        t.done()
    translation_table = solo.table("translation")
    translation = {k: translation_table.string(k) for k in ENGINE_KINDS}
    for k, kind in translation.items():  # a kind only: "develop" keeps the engine's amount
        if kind not in SOLO_BONUS_KINDS:
            raise Problem(translation_table.key(k), f"unknown solo bonus {kind!r}")
    boards: dict[str, SoloBoard] = {}
    board_table = solo.table("boards")
    for name, t in board_table.entries():
        boards[name] = SoloBoard(_bonuses(t, "stations"), _bonuses(t, "slots"))
        t.done()
    levels: dict[int, Level] = {}
    level_table = solo.table("levels")
    for number, t in level_table.entries():
        if not number.isdigit():
            raise Problem(level_table.key(number), "levels are numbered 1, 2, ...")
        board = t.string("board")
        if board not in boards:
            raise Problem(t.key("board"), f"unknown solo board {board!r}")
        levels[int(number)] = Level(int(number), board, t.integer("truck_step", minimum=0),
                                    t.integer("human_truck_develop", minimum=0),
                                    t.integer("skip_develop", minimum=0),
                                    _ints(t, "era_promotions"))
        t.done()
    data = SoloData(
        bot=solo.string("bot"), employees=solo.integer("employees", minimum=1),
        stations=solo.integer("stations", minimum=0), trucks=solo.integer("trucks", minimum=0),
        black=solo.string("black"), hub=solo.string("hub"),
        floor_cap_by_era=_ints(solo, "floor_cap_by_era"),
        truck_steps_by_era=_ints(solo, "truck_steps_by_era"),
        departments=tuple(solo.list_of("departments", str)),
        pharma_clockwise=tuple(solo.list_of("pharma_clockwise", str)),
        colour_deck=tuple(solo.list_of("colour_deck", str)),
        wild_colours=tuple(solo.list_of("wild_colours", str)),
        slots_per_row=solo.integer("slots_per_row", minimum=1),
        era3_era=era3.integer("era", minimum=1),
        era3_colours=tuple(era3.list_of("colours", str)),
        era3_extra_build=era3.flag("extra_build"),
        tasks=tasks, translation=translation, boards=boards, levels=levels,
    )
    for table in (era3, task_table, translation_table, board_table, level_table, solo):
        table.done()
    return data


def check_solo(data: SoloData, colours: tuple[str, ...], departments: tuple[str, ...],
               countries: tuple[str, ...], nodes: tuple[str, ...], eras: int) -> None:
    """References from `[solo]` into the rest of the edition."""
    for key, values in (("colour_deck", data.colour_deck), ("wild_colours", data.wild_colours),
                        ("era3_card.colours", data.era3_colours), ("black", (data.black,))):
        for value in values:
            if value not in colours:
                raise Problem(f"solo.{key}", f"unknown colour {value!r}")
    for dept in data.departments:
        if dept not in departments:
            raise Problem("solo.departments", f"unknown department {dept!r}")
    for code in data.pharma_clockwise:
        if code not in countries:
            raise Problem("solo.pharma_clockwise", f"unknown country {code!r}")
    if data.hub not in nodes:
        raise Problem("solo.hub", f"unknown node {data.hub!r}")
    for key, per_era in (("floor_cap_by_era", data.floor_cap_by_era),
                         ("truck_steps_by_era", data.truck_steps_by_era)):
        if len(per_era) != eras:
            raise Problem(f"solo.{key}", f"needs one value per era ({eras}), got {len(per_era)}")
    for level in data.levels.values():
        if len(level.era_promotions) != eras:
            raise Problem(f"solo.levels.{level.number}.era_promotions",
                          f"needs one value per era ({eras})")
    for name, board in data.boards.items():
        if len(board.stations) != data.stations:
            raise Problem(f"solo.boards.{name}.stations",
                          f"needs one bonus per station ({data.stations})")
        for bonus in (*board.stations, *board.slots):
            kind, arg = parse_solo_bonus(bonus)
            if kind == "promote" and arg and arg not in data.departments:
                raise Problem(f"solo.boards.{name}", f"unknown department {arg!r}")
    if sorted(data.levels) != list(range(1, len(data.levels) + 1)) or not data.levels:
        raise Problem("solo.levels", "levels must be numbered 1..n")
