"""`python -m crystalclans simulate`: speed line and the per-pairing table of random-vs-random results."""
from __future__ import annotations

import re

from crystalclans.cli import main
from crystalclans.simulate import pairings


def test_simulate_reports_every_pairing(capsys):
    assert main(["simulate", "--games", "21", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"21 games, \d+ actions in [\d.]+ s: [\d.]+ games/s, [\d,]+ actions/s", out), out
    rows = [line.split() for line in out.splitlines() if re.match(r"\w+ v \w+ ", line)]
    assert [(r[0], r[2]) for r in rows] == sorted(pairings())
    for r in rows:
        assert r[3] == "1" and {r[4], r[5]} == {"0%", "100%"} and r[6] in ("0%", "100%")
        assert float(r[7]) > 0 and float(r[8]) > 0


def test_simulate_one_pairing(capsys):
    assert main(["simulate", "--games", "3", "--seed", "1", "--clans", "stone", "water"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("stone v water")]
    assert len(rows) == 1 and rows[0].split()[3] == "3"
