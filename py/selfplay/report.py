"""A report from a record alone (at any time, also while a run is adding to it): win rates with 95% Wilson
intervals, Elo (each pair's difference and ratings fitted over every pair), and tables per faction (clan,
deck) and per seat.

The report knows no game: `sides(line)` tells it, for one recorded game, each seat's bot, faction and share
of the win (1 a win, 0.5 each of a two-way tie or draw, 0 a loss), and which seat took the first turn.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

from .stats import elo, ratings, wilson

Sides = Callable[[dict], "tuple[list[str], list[str], list[float], int | None]"]


def _rate(w: float, n: int) -> str:
    if not n:
        return "| 0 | – | – |"
    lo, hi = wilson(w, n)
    return f"| {n} | {w / n:.1%} | {lo:.1%} – {hi:.1%} |"


def report(lines: Iterable[dict], sides: Sides, *, title: str, faction: str = "faction", source: str = "",
           code: str | None = None, other: int = 0) -> str:
    """The markdown report of `lines` (record lines of one code, or any; `other`: lines left out)."""
    lines = list(lines)
    pair: dict[tuple[str, str], list] = {}      # (a, b) with a < b -> [a's wins, games]
    fac: dict[str, list] = {}                   # faction -> [wins, games], mirror sides left out
    fac_pair: dict[tuple[str, str], list] = {}  # (seat 0's faction, seat 1's) -> [seat 0's wins, games]
    seat: dict[int, list] = {}
    first = [0.0, 0]
    bot_fac: dict[tuple[str, str], list] = {}
    codes = Counter(x.get("code", "older") for x in lines)
    for x in lines:
        bots, facs, share, first_seat = sides(x)
        n = len(bots)
        for i in range(n):
            s = seat.setdefault(i, [0.0, 0])
            s[0] += share[i]
            s[1] += 1
            if facs.count(facs[i]) == 1:
                f = fac.setdefault(facs[i], [0.0, 0])
                f[0] += share[i]
                f[1] += 1
                bf = bot_fac.setdefault((bots[i], facs[i]), [0.0, 0])
                bf[0] += share[i]
                bf[1] += 1
        if first_seat is not None:
            first[0] += share[first_seat]
            first[1] += 1
        if n == 2:
            fp = fac_pair.setdefault((facs[0], facs[1]), [0.0, 0])
            fp[0] += share[0]
            fp[1] += 1
            if bots[0] != bots[1]:
                a, b = sorted(bots)
                p = pair.setdefault((a, b), [0.0, 0])
                p[0] += share[bots.index(a)]
                p[1] += 1
    out = [f"# {title}", ""]
    if source:
        out += [f"From `{source}`: {len(lines)} games"
                + (f" of code `{code}`" if code else "")
                + (f"; {other} recorded games of other code not counted" if other else "") + ".", ""]
    if len(codes) > 1:
        out += ["Codes counted: " + ", ".join(f"`{c}` {n}" for c, n in codes.most_common()), ""]
    out += ["Intervals are 95% Wilson intervals; a draw or shared win counts half.", ""]
    if pair:
        out += ["## Bots against each other (seat-swapped games)", "",
                "| pair | games | first named wins | 95% interval | Elo difference [interval] |", "|---|---:|---:|---|---|"]
        for (a, b), (w, n) in sorted(pair.items()):
            lo, hi = wilson(w, n)
            out.append(f"| {a} v {b} {_rate(w, n)} {elo(w / n):+.0f} [{elo(lo):+.0f}, {elo(hi):+.0f}] |")
        fitted = ratings({k: (w, n) for k, (w, n) in pair.items()})
        out += ["", "Elo ratings fitted over every pair (mean 0): "
                + ", ".join(f"{b} {r:+.0f}" for b, r in sorted(fitted.items(), key=lambda kv: -kv[1])), ""]
    if fac:
        out += [f"## Win rate per {faction} (mirror sides left out)", "",
                f"| {faction} | games | win rate | 95% interval |", "|---|---:|---:|---|"]
        for f, (w, n) in sorted(fac.items(), key=lambda kv: -(kv[1][0] / kv[1][1] if kv[1][1] else 0)):
            out.append(f"| {f} {_rate(w, n)}")
        if len({b for b, _ in bot_fac}) > 1:
            out += ["", f"## Win rate per bot and {faction}", "",
                    f"| bot | {faction} | games | win rate | 95% interval |", "|---|---|---:|---:|---|"]
            for (b, f), (w, n) in sorted(bot_fac.items()):
                out.append(f"| {b} | {f} {_rate(w, n)}")
        out.append("")
    out += ["## Per seat", "", "| seat | games | win rate | 95% interval |", "|---|---:|---:|---|"]
    for i, (w, n) in sorted(seat.items()):
        out.append(f"| {i} {_rate(w, n)}")
    if first[1]:
        out.append(f"| first player {_rate(*first)}")
    if fac_pair:
        out += ["", f"## Every {faction} pairing (seat 0's first)", "",
                "| pairing | games | seat 0 wins | 95% interval |", "|---|---:|---:|---|"]
        for (a, b), (w, n) in sorted(fac_pair.items()):
            out.append(f"| {a} v {b} {_rate(w, n)}")
    out.append("")
    return "\n".join(out)
