"""Bot tournaments and the balance report.

A match between two bots is a pair of games on the same deal (clans, seed) with the seats exchanged, so
neither the deal nor the first seat favours one bot. Pairings rotate over mixed clans; games run through the
self-play runner (selfplay: in this process, on all local cores by default, or on a Dask cluster). Figures: win rate with a 95% Wilson interval, and the Elo difference it implies
(Elo = -400 log10(1/p - 1)).

Every recorded game names the code it was played with (codeversion.code_version): a report counts only the
games of one code (today's by default) and says how many others it left out, and a stopped run continues
only with games of its own code.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from selfplay import ANY, Game, Games, PairResult, elo, read_record, run, wilson
from selfplay.pairs import pair_results

from ..balancenotes import adjusted_values, balance_cards
from ..codeversion import OLDER, code_version
from ..simulate import CLANS, pairings
from . import OTHER_SEARCHES, PRESETS
from .match import MAX_DECISIONS, play

__all__ = ["ANY", "GAME", "MAX_DECISIONS", "OLDER", "Games", "PairResult", "balance", "balance_figures",
           "balance_markdown", "elo", "ladder_markdown", "ladder_pairs", "play", "recorded_balance", "run_jobs",
           "schedule", "sides", "tournament", "wilson"]


def _job(args: tuple) -> dict:
    return play(*args)


def _key(bots, clans, seed) -> tuple:
    return (tuple(bots), tuple(clans), int(seed))


def _task_key(job: tuple) -> tuple:
    return _key(*job[:3])


def _line_key(out: dict) -> tuple:
    return _key(out["bots"], out["clans"], out["seed"])


def _budgets(bots) -> list:
    """The presets the bots played with: a recorded game counts only while its bots are unchanged."""
    presets = {**OTHER_SEARCHES, **PRESETS}
    return [presets.get(b.partition("-")[0]) for b in bots]  # "normal-fit" plays with normal's budget


def _stamp(out: dict) -> dict:
    return {**out, "bots": list(out["bots"]), "clans": list(out["clans"]), "budgets": _budgets(out["bots"])}


def _counts(line: dict) -> bool:
    """A line of today's code counts while its bots' presets are today's. A line of another code, named or
    older, was played with that code's presets (its line says which): read for that code (--code, a report),
    it counts as recorded; today's code never counts it as its own."""
    if line.get("code", OLDER) != code_version():
        return True
    return line.get("budgets", _budgets(line["bots"])) == _budgets(line["bots"])


#: Crystal Clans for the self-play runner: a task is (bots, clans, seed[, budget])
GAME = Game(name="crystalclans", play=_job, task_key=_task_key, line_key=_line_key, code_version=code_version,
            stamp=_stamp, counts=_counts)


def _seat_share(line: dict, seat: int) -> float:
    """A seat's share of the win: 1, 0, or half of a game without a winner."""
    w = line["winner"]
    return 0.5 if w is None else float(w == seat)


def sides(line: dict) -> tuple:
    """For selfplay.report: each seat's bot, clan and share of the win, and the first seat."""
    return list(line["bots"]), list(line["clans"]), [_seat_share(line, 0), _seat_share(line, 1)], line.get("first")


def run_jobs(jobs: list[tuple], workers: int | None, record: Path | None = None, play_missing: bool = True,
             code: str | None = None, cluster: str | None = None, progress=None) -> Games:
    """Play the jobs (bots, clans, seed[, budget]) with the self-play runner: on `workers` processes (1: in
    this process), or on a Dask cluster (`cluster`: "local" or a scheduler's address). With `record` (a
    JSON-lines file), every finished game is appended as it ends and games already in the file are not played
    again, so a long run can be stopped and continued, or spread over several sessions; results come back in
    the jobs' order (without play_missing: only the recorded ones). A recorded game counts only if `code`
    played it (today's code by default; ANY: whatever code did, for reading an old record, and then nothing
    is played)."""
    return run(GAME, jobs, record=record, workers=workers, cluster=cluster, play_missing=play_missing, code=code,
               progress=progress)


def schedule(a: str, b: str, pairs_of_games: int, seed: int) -> list[tuple]:
    """Seat-swapped pairs of games over mixed clan pairings (no mirrors first, then mirrors)."""
    clan_pairs = pairings(mirrors=False) + [(c, c) for c in CLANS]
    jobs = []
    for i in range(pairs_of_games):
        clans = clan_pairs[i % len(clan_pairs)]
        s = seed + i
        jobs.append(((a, b), clans, s))
        jobs.append(((b, a), clans, s))
    return jobs


def ladder_pairs(bots: list[str]) -> list[tuple[str, str]]:
    """The pairs of a ladder: each step (a bot against the next one up), then the baseline (the second bot,
    greedy in the levels' ladder) against every bot above the next step."""
    steps = list(zip(bots, bots[1:]))
    return steps + [(bots[1], b) for b in bots[3:]] if len(bots) > 3 else steps


def tournament(bots: list[str], games: int, seed: int = 1, workers: int | None = None,
               progress=None, record: Path | None = None, play_missing: bool = True,
               code: str | None = None, cluster: str | None = None, status=None,
               pairs: list[tuple[str, str]] | None = None) -> list[PairResult]:
    """Every pair of `bots` (or the given `pairs`) plays `games` games (rounded up to seat-swapped pairs),
    all pairs in one run of the runner, taking the pairs in turn so that a stopped run has played each about
    as often; without play_missing, the figures of the games `record` holds so far (of `code`: see
    run_jobs). progress: called with each pair's line; status: with the runner's progress lines."""
    pairs = pairs or [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    jobs = {p: schedule(*p, (games + 1) // 2, seed) for p in pairs}
    every = [j for k in range(0, len(jobs[pairs[0]]), 2) for p in pairs for j in jobs[p][k:k + 2]]
    played = {_line_key(x): x for x in run_jobs(every, workers or os.cpu_count() or 1, record, play_missing, code,
                                                  cluster, status)}
    other = read_record(record, GAME, code or code_version())[1]
    return pair_results(pairs, jobs, played, other, _task_key, _seat_share, progress)


def ladder_markdown(bots: list[str], results: list[PairResult], command: str, code: str, planned: int = 0) -> str:
    """The ladder's table: for every pair (lower, higher) the higher bot's win rate with its 95% interval and
    Elo, and each bot's Elo over the baseline (bots[1]) summed along the steps."""
    by_pair = {(r.a, r.b): r for r in results}
    rating = {bots[1]: 0.0}
    for a, b in zip(bots[1:], bots[2:]):
        r = by_pair.get((a, b))
        if r is None or not r.games or a not in rating:
            break
        rating[b] = rating[a] - elo(r.a_wins / r.games)  # (elo keeps p off 0 and 1)
    lines = ["| pair (lower v higher) | games | the higher bot wins | 95% interval | its Elo over the lower | "
             "ms per decision (lower / higher) |", "|---|---:|---:|---|---|---|"]
    for r in results:
        if not r.games:
            lines.append(f"| {r.a} v {r.b} | 0 | – | – | – | – |")
            continue
        p = 1 - r.a_wins / r.games
        lo, hi = wilson(r.games - r.a_wins, r.games)
        ms = [1000 * t / d if d else 0.0 for t, d in zip(r.think, r.decisions)]
        lines.append(f"| {r.a} v {r.b} | {r.games} | {p:.1%} | {lo:.1%} – {hi:.1%} | "
                     f"{_elo_text(p)} [{_elo_text(lo)}, {_elo_text(hi)}] | {ms[0]:.0f} / {ms[1]:.0f} |")
    chain = ", ".join(f"{b} {v:+.0f}" for b, v in rating.items())
    done = sum(r.games for r in results)
    head = ["# Ladder: " + ", ".join(bots), "",
            (f"**A run in progress: {done} of {planned * len(results)} games** (the pairs are played in turn, so each "
             "has about as many so far). " if planned and done < planned * len(results) else "")
            + "Intervals are 95% Wilson intervals; Elo = 400 log10(p / (1 - p)).", ""]
    pythons = sum((Counter(r.python) for r in results), Counter())
    played_by = ", ".join(f"{k} {v}" for k, v in sorted(pythons.items()))
    timing = ("The ms per decision are the thinking times as the games were played, on a shared machine"
              + (f" (games played by {played_by}; the same code plays the same games in either, PyPy thinks"
                 " faster)" if len(pythons) > 1 else "")
              + ": docs/COMPUTER.md measures the decision times.")
    return "\n".join([*head, f"Generated by `{command}`; games of code `{code}`.", "", *lines, "",
                      f"Elo over {bots[1]} along the steps: {chain}.", "", timing, ""])


def _elo_text(p: float) -> str:
    return "+inf" if p >= 1 else "-inf" if p <= 0 else f"{elo(p) + 0.0:+.0f}"


def balance(bot: str, games_per_pairing: int, seed: int = 1, workers: int | None = None,
            record: Path | None = None, play_missing: bool = True, code: str | None = None,
            cluster: str | None = None, status=None) -> dict:
    """`bot` against itself over all 21 clan pairings: per clan win rates (mirrors left out) and how often
    the first player wins. The games go round the pairings, so a run stopped early (`record`) has played
    every pairing about as often; without play_missing, the figures of the games recorded so far."""
    jobs = [((bot, bot), clans, seed + i) for i in range(games_per_pairing) for clans in pairings()]
    code = code or code_version()
    outs = run_jobs(jobs, workers or os.cpu_count() or 1, record, play_missing, code, cluster, status)
    return {**balance_figures(outs), "bot": bot, "planned": len(jobs), "per_pairing": games_per_pairing,
            "seed": seed, "code": code, "older": outs.older}


def balance_figures(outs) -> dict:
    """The figures of a balance report from its games' record lines: per clan [wins, games] (mirrors left
    out), per pairing, the first player's, the mean game length, how many were carried over from which code
    and how many a search played (tools/carry_games.py)."""
    clan = {c: [0.0, 0] for c in CLANS}
    carried = Counter()
    searched = Counter()
    pair = {}
    first = [0.0, 0]
    moves = 0
    games = 0
    players = set()
    for out in outs:
        games += 1
        if out.get("carried"):
            carried[out["carried"]] += 1
        if out.get("searched"):
            searched[out["searched"]] += 1
        for b, budget in zip(out["bots"], out.get("budgets", _budgets(out["bots"]))):
            players.add(f"{b} ({preset_words(budget)})" if budget else b)
        w = out["winner"]
        c0, c1 = out["clans"]
        moves += out["moves"]
        first[0] += 0.5 if w is None else float(w == out["first"])
        first[1] += 1
        k = pair.setdefault((c0, c1), [0.0, 0])
        k[0] += 0.5 if w is None else float(w == 0)
        k[1] += 1
        if c0 != c1:
            for seat, c in ((0, c0), (1, c1)):
                clan[c][0] += 0.5 if w is None else float(w == seat)
                clan[c][1] += 1
    return {"games": games, "clans": clan, "pairs": pair, "first": first, "mean_moves": moves / max(1, games),
            "players": ", ".join(sorted(players)), "carried": dict(carried), "searched": dict(searched)}


def recorded_balance(record: Path, code: str) -> dict:
    """The balance figures of every game of `code` in a balance run's record (for the report's "before"),
    with the bots that played them."""
    lines = list(read_record(record, GAME, code)[0].values())
    figures = balance_figures(lines)
    codes = sorted({x.get("code", OLDER) for x in lines})
    return {**figures, "code": ", ".join(codes), "record": str(record)}


def preset_words(budget: dict | None) -> str:
    """A bot's preset in words: "rollout, samples 24, horizon 3"."""
    if not budget:
        return ""
    return ", ".join(str(v) if k == "search" else f"{k} {v}" for k, v in budget.items())


def _rate(w: float, n: int) -> str:
    if not n:
        return "–"
    lo, hi = wilson(w, n)
    return f"{w / n:.1%} [{lo:.1%}, {hi:.1%}]"


def _before_after(before: dict, after: dict) -> list[str]:
    lines = [
        "## Before and after",
        "",
        f"Before: {before['games']} games of `{before['players']}` against itself, code `{before['code']}` "
        f"(`{before['record']}`). After: the games above. Win rates with their 95% intervals.",
        "",
        "| clan | before | after | change |",
        "|---|---:|---:|---:|",
    ]
    for c in sorted(after["clans"], key=lambda c: -_share(after["clans"][c])):
        lines.append(_before_after_row(c, before["clans"].get(c, [0, 0]), after["clans"][c]))
    lines += [_before_after_row("the first player", before["first"], after["first"]), ""]
    spread = [f"{100 * min(map(_share, r['clans'].values())):.0f}-{100 * max(map(_share, r['clans'].values())):.0f}%"
              for r in (before, after)]
    lines += [f"The clans' win rates spread over {spread[0]} before and {spread[1]} after.", ""]
    return lines


def _before_after_row(name: str, b, a) -> str:
    change = f"{100 * (_share(a) - _share(b)):+.1f} points" if a[1] and b[1] else "–"
    return f"| {name} | {_rate(*b)} | {_rate(*a)} | {change} |"


def _share(wn) -> float:
    return wn[0] / wn[1] if wn[1] else 0.0


def _adjusted_section(adjusted: list, card_set: dict) -> list[str]:
    """The values the balance pass changed, by clan, with the reason each carries in the card set."""
    names = {c["id"]: c["name"]["en"]["value"] for c in balance_cards(card_set)}
    lines = ["## Values adjusted for balance", "",
             f"{len(adjusted)} value{'s' * (len(adjusted) != 1)}, all of our design (tagged `design`; a value a "
             "source gives never changes). "
             "Each keeps its old value and its reason in its note; the card details say \"adjusted for balance\".",
             ""]
    by_clan: dict[str, list] = {}
    for a in adjusted:
        by_clan.setdefault("crystals" if a.unit.startswith("crystal.") else a.unit.split(".")[0], []).append(a)
    for clan, items in by_clan.items():
        reasons = list(dict.fromkeys(a.reason for a in items))
        changes = ", ".join(f"{names.get(a.unit, a.unit)} {a.field} {a.was} → {a.now}" for a in items)
        lines.append(f"- **{clan}**: {changes}. Why: {'; '.join(reasons)}")
    return [*lines, ""]


def _origin_words(carried: dict | None, searched: dict | None = None) -> str:
    words = ""
    if carried:
        parts = [f"{n} of them {'was' if n == 1 else 'were'} carried over from code `{c}`"
                 for c, n in sorted(carried.items())]
        words += " " + "; ".join(parts) + \
            " (pairings whose cards that code played alike: the same games, move for move; tools/carry_games.py)."
    if searched:
        parts = [f"{n} {'was' if n == 1 else 'were'} played by the search for candidate {c}"
                 for c, n in sorted(searched.items())]
        words += " Of all, " + "; ".join(parts) + \
            " (tools/balance_search.py: a search game is the game this run plays with its code, clans and seed)."
    return words


def balance_markdown(r: dict, command: str, seconds: float, before: dict | None = None,
                     card_set: dict | None = None) -> str:
    """The balance report: per clan win rates, the first player's, every pairing; with `before` (the
    figures of an earlier run, recorded_balance) a before-and-after table; with `card_set` (the JSON of the
    card set the games were played with) the values it adjusted for balance."""
    adjusted = adjusted_values(card_set) if card_set is not None else None
    lines = [
        "# Balance report",
        "",
        f"Generated by `{command}` ({r['games']} games"
        + (f", **a run in progress: {r['games']} of the {r['planned']} planned**" if r["games"] < r.get("planned", 0)
           else "") + "). "
        f"Bot: **{r.get('players') or r['bot']}** against itself, {r['per_pairing']} games planned for each of the "
        "21 clan pairings (seat 0 plays the first clan; the first player is drawn at random each game).",
        "",
        (f"Every game of the record, whatever code played it ({r['games']} games)." if r.get("code") == ANY else
         "**An older run**: games recorded before records named the code that played them (`older`); today's "
         "code may play them differently." if r.get("code") == OLDER else
         f"Games played by code `{r.get('code')}` only"
         + (f"; **{r['older']} games of other code in the record were not counted**." if r.get("older") else
            " (the record holds no game of other code).")
         + _origin_words(r.get("carried"), r.get("searched"))),
        "",
        "Intervals are 95% Wilson intervals; with this many games they are wide, so read the table as where "
        "to look, not as a verdict."
        + ("" if adjusted is None else " No card value was adjusted for balance." if not adjusted else
           f" The card set holds {len(adjusted)} value{'s' * (len(adjusted) != 1)} adjusted for balance "
           "(listed below)."),
        "",
        "The bot's skill shapes these numbers: a weak bot measures which clan is easy to play well, a strong "
        "one comes closer to which clan is strong. Compare reports made with the same bot only.",
        "",
        "## Win rate per clan (mirror matches left out)",
        "",
        "| clan | games | win rate | 95% interval |",
        "|---|---:|---:|---|",
    ]
    for c, (w, n) in sorted(r["clans"].items(), key=lambda kv: -_share(kv[1])):
        lo, hi = wilson(w, n)
        lines.append(f"| {c} | {n} | {w / n:.1%} | {lo:.1%} – {hi:.1%} |" if n else f"| {c} | 0 | – | – |")
    fw, fn = r["first"]
    lo, hi = wilson(fw, fn)
    lines += [
        "",
        "## First-player advantage",
        "",
        f"The player who takes the first turn won {fw / fn if fn else 0:.1%} of {fn} games "
        f"(95% interval {lo:.1%} – {hi:.1%}).",
        "",
    ]
    if before is not None:
        lines += _before_after(before, r)
    if adjusted:
        lines += _adjusted_section(adjusted, card_set)
    lines += [
        "## Every pairing (seat 0's clan first)",
        "",
        "| pairing | games | first clan wins |",
        "|---|---:|---:|",
    ]
    for (c0, c1), (w, n) in sorted(r["pairs"].items()):
        lines.append(f"| {c0} v {c1} | {n} | {w / n:.0%} |")
    lines += ["", f"Mean game length: {r['mean_moves']:.0f} decisions.", ""]
    return "\n".join(lines)
