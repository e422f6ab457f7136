"""Does the edition play like Autobahn? Whole bot games at 2, 3 and 4 players (issues 15, 34).

    python bench/balance.py [--plain N] [--biased N] [--bot PLAYER] [--biased-bot PLAYER]
                            [--departments trade,...] [--edition FILE] [--jobs J] [--seed S]

For each player count it plays `--plain` games of the plain bot against itself, and, for each
department, `--biased` games in which one seat (rotating) is a variant preferring that
department's moves. It reports, per player count: deliveries per player per game, each
player's department measures at the end (what the floors are multiplied by) and the trucks
still loaded, each player's points by category and who has employees in each department,
how often each department is the winner's largest category, each biased
strategy's win rate against its fair share (1 / players), final money, actions per game,
border links built and the sections built per era, next to the targets, and ends each
player count with the targets it misses.

The targets (issue 34, item 3, restated from issue 15 on what the public sources support):
every department is a viable plan (a seat biased to it wins between 0.5 and 2 times its fair
share, Trade included); a Trade-biased seat reaches a median of at least 4 distinct countries
at 2 players; a median of at least 2 deliveries a player a game; a median final money of at
most 80 DM; every era lasts its supply (10/12/14 sections in the classic edition); no game
stalls. Issue 15's "each department is the winner's largest category in 10 % of games" is
dropped (no source reports which departments win); the report still shows the mix.
Everything is seeded: the same arguments give the same figures.

The player is a parameter: `--bot module:factory` names a callable `factory(seed, bias)` that
returns a `rules.bots.Bot`; `bias` is None for a plain player or a department name (a short
name from `PLAYERS`, such as `normal`, `strong` or `greedy`, says the same). A new player (the
planning player of issue 33) needs only such a factory. The
default is `bench.balance:ai_normal`, the `normal` level of ai/ without its clock limit
(`bench.balance:ai_strong` takes about ten times as long); a biased seat values its own
points in its department twice over (ai.evaluate.Weights.favour). `bench.balance:greedy` is
GreedyBot.

`--biased-bot` seats another player in the biased seat only (the others stay `--bot`), and
`--departments` limits the biased games to some departments: `--biased-bot level:NAME
--departments trade` measures a Trade-biased seat of the level NAME of ai/ (issue 33 item
5). A SPEC `level:NAME` is `ai.bot(NAME)` unclocked, its bias set through its evaluation
weights (`Weights.favour`, as `ai_normal`'s); a player without such weights needs a
factory of its own. Per player count the report gives the distinct countries each kind of
seat reached (plain seats, and the biased seat by department) and the biased seat's wins
with their 95 % interval.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
import statistics
import sys
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import LEVELS, Budget, PlanBot, PlanBudget, SearchBot, Weights
from ai.plan.weights import PLAN_WEIGHTS
from bench.match_kit import wilson
from rules import load_edition, new_game
from rules.bots import Bot, GreedyBot, _border_distance, play_out
from rules.model import Edition
from rules.offices import seats_held
from rules.registry import register_edition
from rules.scoring import department_multipliers, floor_sum, score_breakdown, winners
from rules.state import State
from rules.trucks import delivery_country, step_graph

NAMES = ("ann", "ben", "cem", "dan")
COUNTS = (2, 3, 4)
MAX_ACTIONS = 1500  # a game takes 150-350; beyond this every player only passes
Factory = Callable[[int, str | None], Bot]


# ----- the default bots -----

class BiasedGreedy(GreedyBot):
    """GreedyBot that also values one department's progress: its floors and its measure."""

    def __init__(self, seed: int, department: str) -> None:
        super().__init__(seed)
        self.department = department

    def value(self, state: State, edition: Edition, player: str) -> float:
        base = super().value(state, edition, player)
        p = state.players[player]
        dept = self.department
        measure = edition.department_measures[dept]
        if measure == "seats":
            progress = 1.5 * seats_held(state, player)
        elif measure == "countries":
            progress = 4.0 * len(p.delivered) + 1.5 * sum(t is not None for t in p.trucks)
        elif measure == "stations":
            progress = 2.0 * (edition.stations - p.stations_left)
        else:
            progress = 0.3 * p.money
        return base + 3.0 * floor_sum(state, edition, player, dept) + progress


def greedy(seed: int, bias: str | None) -> Bot:
    return GreedyBot(seed) if bias is None else BiasedGreedy(seed, bias)


def _road_distance(state: State, edition: Edition) -> dict[str, int]:
    """Steps to a delivery section over built sections only (depots included)."""
    graph = step_graph(edition)
    dist = {sid: 0 for sid in edition.sections
            if sid in state.built and delivery_country(edition, sid)}
    todo = deque(dist)
    reverse: dict[str, list[str]] = {}
    for origin, targets in graph.items():
        for target in targets:
            if target in state.built:
                reverse.setdefault(target, []).append(origin)
    while todo:
        here = todo.popleft()
        for origin in reverse.get(here, ()):
            if origin not in dist and (origin in state.built or origin in edition.depots):
                dist[origin] = dist[here] + 1
                todo.append(origin)
    return dist


class RoadGreedy(BiasedGreedy):
    """A what-if, not the project's player: GreedyBot whose trucks count their distance to a
    border over the built road, so that building a border link for a waiting truck pays."""

    def __init__(self, seed: int, department: str | None) -> None:
        super().__init__(seed, department or "")

    def value(self, state: State, edition: Edition, player: str) -> float:
        value = (BiasedGreedy.value(self, state, edition, player) if self.department
                 else GreedyBot.value(self, state, edition, player))
        p = state.players[player]
        near, road = _border_distance(edition), _road_distance(state, edition)
        for t in p.trucks:
            if t is not None:  # replace GreedyBot's map distance by the road distance
                value += 0.4 * near.get(t.position, 6) - 0.4 * min(road.get(t.position, 8), 8)
        return value


def road(seed: int, bias: str | None) -> Bot:
    return RoadGreedy(seed, bias)


# The AI (ai/): the project's computer player, without its clock limit so that the bench
# stays seeded. A biased seat values its own points in one department FAVOUR times over.
FAVOUR = 2.0
AI_NORMAL = dataclasses.replace(LEVELS["normal"], seconds=None)


def _ai(budget: Budget | PlanBudget, seed: int, bias: str | None, name: str,
        base: Weights = PLAN_WEIGHTS) -> Bot:
    """The level's player (since issue 33 the planner, ai.plan) with its shipped weights,
    biased on request."""
    weights = base if bias is None else dataclasses.replace(base, favour=bias,
                                                            favour_weight=FAVOUR)
    if isinstance(budget, PlanBudget):
        return PlanBot(budget, seed=seed, weights=weights, name=name)
    return SearchBot(budget, seed=seed, weights=weights, name=name)


def ai_normal(seed: int, bias: str | None) -> Bot:
    """The `normal` level, every action looked at, the best six played to the turn's end."""
    return _ai(AI_NORMAL, seed, bias, "normal")


AI_STRONG = dataclasses.replace(LEVELS["strong"], seconds=None)


def ai_strong(seed: int, bias: str | None) -> Bot:
    """The `strong` level (replies in two worlds), unclocked: about ten times `normal`'s
    time, so run it on fewer games (`--plain 8 --biased 2`)."""
    return _ai(AI_STRONG, seed, bias, "strong")


# A what-if, not the project's player (second round, issue 15): the AI with a loaded truck
# worth half of what it was. Since the third round a loaded truck is worth its delivery's gain
# times its chance of arriving (`Weights.truck` at one step, 0.8); this probe sets that
# chance to 0.5 (the second round's figures for it: bench/RESULTS.md).
DELIVERER = dataclasses.replace(PLAN_WEIGHTS, truck=0.5)


def ai_deliverer(seed: int, bias: str | None) -> Bot:
    return _ai(AI_NORMAL, seed, bias, "deliverer", DELIVERER)


# A what-if (eighth round, issue 15): the AI counting the construction budgets still to come
# as money at full share, so that the Finance measure it projects is nearer the one it will
# end with (the last era's budget is most of a 2-player player's final money). It won no
# more than `normal`; since the ninth round `normal` counts them at half share
# (bench/RESULTS.md, "Eighth round", "Ninth round").
BUDGETS = dataclasses.replace(PLAN_WEIGHTS, budget=1.0)


def ai_budgets(seed: int, bias: str | None) -> Bot:
    return _ai(AI_NORMAL, seed, bias, "budgets", BUDGETS)


# ----- one game -----

@dataclass(frozen=True)
class Job:
    players: int
    seed: int
    bias: str | None  # the department of the biased seat, None for a plain game
    biased_seat: int
    bot: str  # module:factory, or level:NAME
    edition: str  # file, "" for the shipped classic
    biased_bot: str = ""  # the biased seat's player when not `bot`


@dataclass
class Game:
    players: int
    bias: str | None
    actions: int
    deliveries: dict[str, int]
    money: dict[str, int]
    winners: list[str]
    biased: str | None
    top: str  # the winner's largest category (the first winner's, ties in edition order)
    borders: list[str]  # border links complete at the end
    sections: int  # sections built in the eras (the pre-built ones not counted)
    stalled: bool  # not over after MAX_ACTIONS: nobody could pay for the era's last sections
    seconds: float  # CPU time of the game
    # each player's department measures at the end (seats, countries, stations, DM / 20)
    measures: dict[str, dict[str, int]]
    loaded: int  # trucks still loaded at the end, all players together
    # each player's points by category (the lobby and each department) and employees on
    # each department's floors: a measure counts only for a player with floors there
    points: dict[str, dict[str, int]]
    staff: dict[str, dict[str, int]]
    # distinct countries each player delivered to (the Trade measure), since issue 33
    countries: dict[str, int] = dataclasses.field(default_factory=dict)


def ai_level(level: str) -> Factory:
    """A factory for the level `level` of ai/ (`ai.bot`), unclocked so the bench stays
    seeded, and biased through its evaluation weights as `ai_normal` is."""
    import ai

    def make(seed: int, bias: str | None) -> Bot:
        try:
            bot = ai.bot(level, seed=seed, seconds=None)
        except TypeError:  # a level without a clock setting
            bot = ai.bot(level, seed=seed)
        if bias is not None:
            weights = getattr(bot, "weights", None)
            if not isinstance(weights, Weights):
                raise SystemExit(f"balance: level {level!r} has no evaluation weights to "
                                 "bias; pass --biased-bot module:factory")
            bot.weights = dataclasses.replace(  # type: ignore[attr-defined]
                weights, favour=bias, favour_weight=FAVOUR)
        return bot

    return make


# Short names for `--bot`; any other `module:factory` works as well.
PLAYERS = {"normal": "bench.balance:ai_normal", "strong": "bench.balance:ai_strong",
           "greedy": "bench.balance:greedy", "road": "bench.balance:road"}


def _factory(spec: str) -> Factory:
    module, _, name = PLAYERS.get(spec, spec).partition(":")
    if module == "level":
        return ai_level(name)
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


@functools.cache
def _edition(path: str) -> Edition:
    # Once per process: a file edition loaded afresh for every game also rebuilt the
    # engine's per-edition caches each time (an `--edition` run took 2.2 times as long).
    return register_edition(load_edition(path or None))


def border_links(edition: Edition) -> list[str]:
    """Links with a foreign trading city at one end."""
    return [lid for lid, link in edition.links.items()
            if edition.nodes[link.a].country or edition.nodes[link.b].country]


def play(job: Job) -> Game:
    started = time.process_time()
    edition = _edition(job.edition)
    make = _factory(job.bot)
    make_biased = _factory(job.biased_bot) if job.biased_bot else make
    ids = list(NAMES[:job.players])
    biased = ids[job.biased_seat] if job.bias else None
    bots = {p: (make_biased(job.seed * 10 + i, job.bias) if p == biased
                else make(job.seed * 10 + i, None))
            for i, p in enumerate(ids)}
    final, log = play_out(new_game(edition, ids, job.seed), bots, max_actions=MAX_ACTIONS)
    best = winners(final, edition)
    parts = score_breakdown(final, edition, best[0])
    top = max(edition.departments, key=lambda d: parts[d])
    deliveries = Counter(p for p, text in log if text.endswith(" deliver"))
    return Game(
        players=job.players, bias=job.bias, actions=len(log),
        deliveries={p: deliveries[p] for p in ids},
        money={p: final.players[p].money for p in ids}, winners=best, biased=biased,
        top=top,
        borders=[lid for lid in border_links(edition)
                 if all(s in final.built for s in edition.links[lid].section_ids())],
        sections=len(final.built) - sum(link.sections for link in edition.links.values()
                                        if link.prebuilt),
        stalled=final.phase != "over", seconds=time.process_time() - started,
        measures={p: department_multipliers(final, edition, p) for p in ids},
        loaded=sum(t is not None for p in ids for t in final.players[p].trucks),
        points={p: score_breakdown(final, edition, p) for p in ids},
        staff={p: {d: sum(final.players[p].floors[d]) for d in edition.departments}
               for p in ids},
        countries={p: len(final.players[p].delivered) for p in ids})


# ----- the report -----

def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


# The restated targets (issue 34, item 3). A biased seat's win share must lie within these
# multiples of its fair share (1 / players).
WIN_SHARE = (0.5, 2.0)
TRADE_COUNTRIES = 4  # a Trade-biased seat's median distinct countries ...
TRADE_COUNTRIES_AT = 2  # ... at this many players
DELIVERIES = 2.0  # median deliveries a player a game, at least
MONEY = 80.0  # median final money, at most


def win_shares(biased: list[Game], departments: tuple[str, ...]) -> dict[str, float]:
    """Each department's biased seat: the share of its games it won (a shared win counts
    1 / winners)."""
    shares = {}
    for dept in departments:
        mine = [g for g in biased if g.bias == dept]
        if mine:
            won = sum(1 / len(g.winners) for g in mine if g.biased in g.winners)
            shares[dept] = won / len(mine)
    return shares


def misses(games: list[Game], edition: Edition, players: int) -> list[str]:
    """The restated targets this player count misses, each with its figure; [] when all hold."""
    plain = [g for g in games if g.players == players and g.bias is None]
    biased = [g for g in games if g.players == players and g.bias is not None]
    both = plain + biased
    out = []
    fair = 1 / players
    low, high = WIN_SHARE[0] * fair, WIN_SHARE[1] * fair
    for dept, share in win_shares(biased, edition.departments).items():
        if not low <= share <= high:
            out.append(f"{dept}-biased seat wins {share:.2f} (within {low:.2f}–{high:.2f})")
    if players == TRADE_COUNTRIES_AT:
        reached = trade_countries(biased, edition)
        if reached is not None and reached < TRADE_COUNTRIES:
            out.append(f"trade-biased seat reaches a median of {reached:.1f} countries "
                       f"(at least {TRADE_COUNTRIES})")
    per_player = [float(n) for g in plain for n in g.deliveries.values()]
    if per_player and _median(per_player) < DELIVERIES:
        out.append(f"median deliveries {_median(per_player):.1f} (at least {DELIVERIES:.0f})")
    money = [float(m) for g in both for m in g.money.values()]
    if money and _median(money) > MONEY:
        out.append(f"median final money {_median(money):.0f} DM (at most {MONEY:.0f})")
    supply = sum(e.supply for e in edition.eras)
    short = sum(g.sections < supply for g in both)
    if short:
        out.append(f"{short} games with an era ended before its supply was built")
    stalled = sum(g.stalled for g in both)
    if stalled:
        out.append(f"{stalled} games stalled")
    return out


def trade_countries(biased: list[Game], edition: Edition) -> float | None:
    """The median distinct countries a Trade-biased seat delivered to; None without one."""
    trade = next((d for d in edition.departments
                  if edition.department_measures[d] == "countries"), None)
    reached = [float(g.measures[g.biased][trade]) for g in biased
               if trade is not None and g.bias == trade and g.biased is not None]
    return _median(reached) if reached else None


def report(games: list[Game], edition: Edition, players: int) -> list[str]:
    plain = [g for g in games if g.players == players and g.bias is None]
    biased = [g for g in games if g.players == players and g.bias is not None]
    both = plain + biased
    out = [f"### {players} players: {len(plain)} plain games, {len(biased)} with a biased seat"]
    stalled = sum(g.stalled for g in both)
    if stalled:
        out.append(f"- STALLED: {stalled} games not over after {MAX_ACTIONS} actions "
                   "(counted as they stood)")
    per_player = [float(n) for g in plain for n in g.deliveries.values()]
    out.append(f"- deliveries per player per game: median {_median(per_player):.1f}, "
               f"mean {statistics.fmean(per_player or [0.0]):.2f}, games without any "
               f"{sum(1 for g in plain if not sum(g.deliveries.values()))}  (target: median ≥ 2)")
    # Why the mix is what it is: a department's points are its floors times its measure.
    ends = [m for g in plain for m in g.measures.values()]
    medians = ", ".join(f"{d} {_median([float(m[d]) for m in ends]):.1f}"
                        for d in edition.departments)
    loaded = sum(g.loaded for g in plain) / max(1, len(per_player))
    out.append(f"- each player's measures at the end (what floors multiply), median: {medians}; "
               f"trucks still loaded at the end: {loaded:.2f} a player")
    # A measure is worth nothing to a player with no floors there (tenth round: players
    # reached three or four countries and none of them promoted into Trade).
    points = [g.points[p] for g in plain for p in g.points]
    staff = [g.staff[p] for g in plain for p in g.staff]
    if points:
        mean_points = ", ".join(f"{c} {statistics.fmean(pts[c] for pts in points):.1f}"
                                for c in ("lobby", *edition.departments))
        staffed = ", ".join(f"{d} {100 * sum(1 for s in staff if s[d]) / len(staff):.0f} %"
                            for d in edition.departments)
        out.append(f"- points a player, mean: {mean_points}; players with an employee on a "
                   f"department's floors: {staffed}")
    for label, pool in (("plain games", plain), ("all games", both)):
        if not pool:  # `--plain 0`: biased games only
            continue
        tops = Counter(g.top for g in pool)
        # No target since issue 34 (no source reports which departments win): shown only.
        out.append(f"- winner's largest category, {label}: " + ", ".join(
            f"{d} {100 * tops[d] / len(pool):.0f} %" for d in edition.departments)
            + "  (no target)")
    fair = 1 / players
    rates, reached = [], []
    for dept in edition.departments:
        mine = [g for g in biased if g.bias == dept]
        if not mine:
            continue
        won = sum(1 / len(g.winners) for g in mine if g.biased in g.winners)
        lo, hi = wilson(won, len(mine))
        rates.append(f"{dept} {won / len(mine):.2f} ({won:g} of {len(mine)}, "
                     f"{lo:.2f}-{hi:.2f})")
        seat = [float(g.countries[g.biased]) for g in mine if g.biased in g.countries]
        if seat:
            reached.append(f"{dept}-biased seat median {_median(seat):g} "
                           f"(mean {statistics.fmean(seat):.2f})")
    plain_countries = [float(n) for g in plain for n in g.countries.values()]
    if plain_countries:
        reached.insert(0, f"plain seats median {_median(plain_countries):g} "
                          f"(mean {statistics.fmean(plain_countries):.2f})")
    if reached:
        out.append("- distinct countries reached per player: " + ", ".join(reached)
                   + f"  (target: a Trade-biased seat, median ≥ {TRADE_COUNTRIES} at "
                   f"{TRADE_COUNTRIES_AT} players)")
    out.append(f"- biased seat's win rate (fair share {fair:.2f}, target "
               f"{WIN_SHARE[0] * fair:.2f}–{WIN_SHARE[1] * fair:.2f}; wins and 95 % interval): "
               + ", ".join(rates))
    money = [float(m) for g in both for m in g.money.values()]
    out.append(f"- final money: median {_median(money):.0f} DM, min {min(money):.0f}, "
               f"max {max(money):.0f}  (target: median ≤ 80)")
    actions = [float(g.actions) for g in both]
    out.append(f"- actions per game: median {_median(actions):.0f}, "
               f"min {min(actions):.0f}, max {max(actions):.0f}")
    supply = sum(e.supply for e in edition.eras)
    short = sum(g.sections < supply for g in both)
    out.append(f"- sections built in the eras: {sorted({g.sections for g in both})} "
               f"(the supplies sum to {supply}); games where a round of passes ended an era "
               f"before its supply was built: {short} of {len(both)}  (target: eras last "
               "their supplies)")
    built = Counter(lid for g in both for lid in g.borders)
    out.append("- border links built (share of games): " + ", ".join(
        f"{lid} {100 * built[lid] / len(both):.0f} %" for lid in border_links(edition)))
    missed = misses(games, edition, players)
    out.append("- **targets missed: " + "; ".join(missed) + "**" if missed
               else "- every target holds")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    # 120 games by default: 80 s on a quiet 2-core machine since the engine's
    # speed-up of 2026-12-06 (1.4 s of CPU a game). With 60 a biased cell held 3 games, and
    # one game moved its share by a third: the ninth round's 60-game run missed ten target
    # cells where 240 games missed three. `--plain 32 --biased 12` halves the noise again;
    # bench/RESULTS.md says which was run.
    parser.add_argument("--plain", type=int, default=16, help="plain games per player count")
    parser.add_argument("--biased", type=int, default=6,
                        help="games per department and player count with one biased seat")
    parser.add_argument("--bot", default="bench.balance:ai_normal",
                        help="the player: module:factory, level:NAME, or one of "
                        + ", ".join(PLAYERS))
    parser.add_argument("--biased-bot", default="", help="the biased seat's player")
    parser.add_argument("--departments", default="",
                        help="biased games for these departments only (default: all)")
    parser.add_argument("--edition", default="", help="an edition file (default: classic)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    edition = _edition(args.edition)
    wanted = [d for d in args.departments.split(",") if d] or list(edition.departments)
    unknown = [d for d in wanted if d not in edition.departments]
    if unknown:
        raise SystemExit(f"balance: unknown department {unknown}; "
                         f"known: {', '.join(edition.departments)}")
    for spec in filter(None, (args.bot, args.biased_bot)):
        _factory(spec)(0, None)  # refuse an unknown player before playing
    jobs = []
    for players in COUNTS:
        for k in range(args.plain):
            jobs.append(Job(players, args.seed * 1000 + k, None, 0, args.bot, args.edition))
        for d, dept in enumerate(edition.departments):
            if dept not in wanted:
                continue
            for k in range(args.biased):
                seed = args.seed * 1000 + 500 + 50 * d + k
                jobs.append(Job(players, seed, dept, k % players, args.bot, args.edition,
                                args.biased_bot))
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(play, jobs, chunksize=4))
    elapsed = time.perf_counter() - started
    biased_by = f", biased seat {args.biased_bot}" if args.biased_bot else ""
    print(f"## Balance: {edition.name} {edition.hash[:12]}, bot {args.bot}{biased_by}, "
          f"seed {args.seed}")
    cpu = sum(g.seconds for g in games)
    print(f"{len(games)} games in {elapsed:.0f} s with {args.jobs} processes; "
          f"{cpu:.0f} s of CPU, {cpu / len(games):.2f} s a game")
    print(f"- sections per era: {', '.join(str(e.supply) for e in edition.eras)} "
          "(the supplies; an era ends when its supply is built, or after a round in which "
          "every player passed)")
    for players in COUNTS:
        print()
        print("\n".join(report(games, edition, players)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
