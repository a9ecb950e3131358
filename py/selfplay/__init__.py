"""Self-play for every game: one runner for the tournament, balance and simulate commands of each game.

A game is a pure function of its task (bots, setup, seed, budget), so a run is a list of independent tasks.
`run` plays them in this process, on all local cores (the default) or on a Dask cluster (`cluster="local"`
starts a throwaway one, any other value is the address of a running scheduler), streams each finished game
into a JSON-lines record, skips the games the record already holds (a stopped run continues; a game is never
recorded twice, also when a worker dies and its tasks run again) and reports progress. `report` makes the
tables (win rates with intervals, Elo, per faction, per seat) from a record alone.

This package knows no game: each game describes itself with a `Game` (selfplay.runner), whose functions are
module-level, so a cluster worker imports them by name from the same installed code.
"""
from __future__ import annotations

from .runner import (ANY, INSTALL_HINT, OLDER, ClusterUnavailable, Game, Games, Progress, cluster_available,
                     read_record, require_cluster, run)
from .stats import PairResult, elo, ratings, wilson

__all__ = ["ANY", "INSTALL_HINT", "OLDER", "ClusterUnavailable", "Game", "Games", "PairResult", "Progress",
           "cluster_available", "elo", "ratings", "read_record", "require_cluster", "run", "wilson"]
