"""The self-play runner (py/selfplay, issue 32): the same games whichever way they run (in one process, on
local cores, on a throwaway Dask cluster), no game lost or recorded twice when a worker dies, a stopped run
continues, results stream into the record, the report comes from the record alone, and `--cluster` without
the cluster extra says how to install it.

The cluster tests need the extra (`pip install -e '.[cluster]'`, which .ci/run installs); without it they
are skipped, saying so."""
from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest

import selfplay
from crystalclans.ai.tournament import GAME, run_jobs, schedule
from crystalclans.cli import main
from crystalclans.codeversion import code_version

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="spawns processes")
needs_cluster = pytest.mark.skipif(not selfplay.cluster_available(),
                                   reason="the cluster extra (Dask) is not installed: pip install -e '.[cluster]'")
SECONDS = ("think",)  # the only part of a record line that differs between runs: seconds of thought


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def same_games(path: Path) -> list[dict]:
    """The record's games sorted by game id (bots, clans, seed), without the seconds of thought."""
    return sorted(({k: v for k, v in x.items() if k not in SECONDS} for x in lines(path)),
                  key=lambda x: (x["bots"], x["clans"], x["seed"]))


WAYS = {"one process": ["--workers", "1"], "local cores": ["--workers", "2"],
        "local cluster": ["--cluster", "local", "--workers", "2"]}


@pytest.mark.parametrize("way", list(WAYS))
def test_the_same_8_game_tournament_gives_the_same_record_whichever_way_it_runs(way, tmp_path, capsys):
    if way == "local cluster" and not selfplay.cluster_available():
        pytest.skip("the cluster extra (Dask) is not installed: pip install -e '.[cluster]'")
    ref = tmp_path / "ref.jsonl"
    args = ["tournament", "--bots", "random,greedy", "--games", "8", "--seed", "11"]
    run_jobs(schedule("random", "greedy", 4, 11), 1, ref)  # the games as the runner plays them in this process
    record = tmp_path / "games.jsonl"
    assert main(args + WAYS[way] + ["--record", str(record)]) == 0
    out = capsys.readouterr()
    assert "8/8 games" in out.err and "games/s" in out.err and "left" in out.err  # progress
    got = same_games(record)
    assert len(got) == 8 and len({(tuple(x["bots"]), x["seed"]) for x in got}) == 8
    assert {x["code"] for x in got} == {code_version()}
    assert {x["python"] for x in got} == {selfplay.runner.interpreter()}  # which Python played (its times differ)
    assert got == same_games(ref)
    assert len({x["winner"] for x in got}) == 2 and len({x["moves"] for x in got}) > 4  # games, not copies


def killer(task):
    """Crystal Clans' game, but the worker playing seed SELFPLAY_KILL_SEED dies the first time (a marker file
    remembers it) without a word, as a lost machine would."""
    marker = Path(os.environ["SELFPLAY_KILL_MARKER"])
    if task[2] == int(os.environ["SELFPLAY_KILL_SEED"]) and not marker.exists():
        marker.write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    return GAME.play(task)


@pytest.mark.parametrize("cluster", [None, pytest.param("local", marks=needs_cluster)], ids=["local cores", "local cluster"])
def test_a_worker_killed_mid_run_loses_no_game_and_records_none_twice(cluster, tmp_path, monkeypatch, capsys):
    tasks = schedule("random", "greedy", 6, seed=30)  # 12 games, seeds 30..35
    marker = tmp_path / "killed"
    monkeypatch.setenv("SELFPLAY_KILL_MARKER", str(marker))
    monkeypatch.setenv("SELFPLAY_KILL_SEED", "33")
    ref = tmp_path / "ref.jsonl"
    run_jobs(tasks, 1, ref)
    record = tmp_path / "games.jsonl"
    got = selfplay.run(dataclasses.replace(GAME, play=killer), tasks, record=record, workers=2, cluster=cluster)
    assert marker.exists() and int(marker.read_text()) != os.getpid()  # a worker really died
    assert len(got) == 12 and len(lines(record)) == 12
    assert len({GAME.line_key(x) for x in lines(record)}) == 12
    assert same_games(record) == same_games(ref)
    if cluster is None:
        assert "a worker process died" in capsys.readouterr().err


def test_the_command_without_the_cluster_extra_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    assert not selfplay.cluster_available()
    record = tmp_path / "games.jsonl"
    for args in (["tournament", "--bots", "random,greedy", "--games", "2", "--record", str(record)],
                 ["balance", "--bot", "random", "--games", "1", "--record", str(record), "--out",
                  str(tmp_path / "b.md")],
                 ["simulate", "--games", "2"]):
        assert main(args + ["--cluster", "local"]) == 3
        err = capsys.readouterr().err
        assert "pip install -e '.[cluster]'" in err and "Dask" in err
    assert not record.exists() and not (tmp_path / "b.md").exists()  # nothing was played
    with pytest.raises(selfplay.ClusterUnavailable, match=r"pip install -e '\.\[cluster\]'"):
        selfplay.run(GAME, schedule("random", "greedy", 1, 1), cluster="tcp://nowhere:8786")


def test_games_stream_into_the_record_as_they_end_and_a_stopped_run_continues(tmp_path):
    tasks = schedule("random", "greedy", 5, seed=3)
    record = tmp_path / "games.jsonl"
    seen = []
    selfplay.run(GAME, tasks[:4], record=record, workers=1, every=0,
                 progress=lambda line: seen.append((line, len(lines(record)))))
    assert [n for _, n in seen] == [1, 2, 3, 4]  # each game was in the file when its progress line came
    assert seen[-1][0].startswith("4/4 games,") and "games/s" in seen[-1][0] and "left" in seen[-1][0]
    seen.clear()
    with record.open("a") as fh:
        fh.write('{"bots": ["random", "gr')  # a run stopped while writing a line
    got = selfplay.run(GAME, tasks, record=record, workers=2, every=0, progress=lambda line: seen.append(line))
    assert len(got) == 10 and len(seen) == 6 and seen[-1].startswith("6/6 games")  # only the missing six
    assert len({GAME.line_key(x) for x in got}) == 10
    keys = [GAME.line_key(json.loads(x)) for x in record.read_text().splitlines() if x.endswith("}")]
    assert len(keys) == 10 == len(set(keys))


def test_reading_a_record_never_writes_to_it(tmp_path):
    """A report may read the record of a live run: a last line not yet ended is left as it is (the run's own
    write ends it); only a run that appends closes a line cut short."""
    record = tmp_path / "games.jsonl"
    selfplay.run(GAME, schedule("random", "greedy", 1, seed=3), record=record, workers=1)
    with record.open("a") as fh:
        fh.write('{"bots": ["random", "gr')
    before = record.read_bytes()
    done, _ = selfplay.read_record(record, GAME)
    assert len(done) == 2 and record.read_bytes() == before
    assert len(selfplay.run(GAME, schedule("random", "greedy", 1, seed=3), record=record, code=selfplay.ANY)) == 2
    assert record.read_bytes() == before  # a report plays nothing and writes nothing


_calls = []


def two_faced_version():
    """A code version that changes after its first answer: the driver's differs from the worker's."""
    _calls.append(1)
    return "aaaaaaaaaaaa" if len(_calls) == 1 else "bbbbbbbbbbbb"


def test_a_game_played_by_other_code_than_the_driver_s_is_refused(tmp_path):
    _calls.clear()
    record = tmp_path / "games.jsonl"
    with pytest.raises(RuntimeError, match="install the same checkout on every worker"):
        selfplay.run(dataclasses.replace(GAME, code_version=two_faced_version), schedule("random", "greedy", 1, 1),
                     record=record, workers=1)
    assert not record.exists()


def test_the_report_comes_from_the_record_alone(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    today = code_version()
    games = []
    for i in range(10):  # greedy wins 7 of 10 against random; blood (seat 0) against skull
        g_seat = i % 2
        winner = g_seat if i < 7 else 1 - g_seat
        bots = ["greedy", "random"] if g_seat == 0 else ["random", "greedy"]
        games.append({"bots": bots, "clans": ["blood", "skull"], "seed": i, "winner": winner, "first": 0,
                      "moves": 100, "code": today})
    games.append({**games[0], "seed": 99, "code": "0123456789ab"})  # another code's: left out and counted
    record.write_text("".join(json.dumps(x) + "\n" for x in games))
    out = tmp_path / "report.md"
    assert main(["report", "--record", str(record), "--out", str(out)]) == 0
    text = out.read_text()
    assert "10 games of code" in text and "1 recorded games of other code not counted" in text
    assert "| greedy v random | 10 | 70.0% | 39.7% – 89.2% | +147 [-73, +367] |" in text
    seat0 = sum(x["winner"] == 0 for x in games[:10])
    assert f"| 0 | 10 | {seat0 / 10:.1%} |" in text and f"| first player | 10 | {seat0 / 10:.1%} |" in text
    assert f"| blood | 10 | {seat0 / 10:.1%} |" in text and f"| skull | 10 | {1 - seat0 / 10:.1%} |" in text
    assert "| greedy | blood | 5 |" in text
    assert main(["report", "--record", str(record), "--code", "any"]) == 0
    assert "11 games" in capsys.readouterr().out


def test_fitted_elo_ratings_agree_with_the_pairwise_difference():
    r = selfplay.ratings({("a", "b"): (750, 1000)})
    assert abs((r["a"] - r["b"]) - selfplay.elo(750.5 / 1001)) < 1 and abs(r["a"] + r["b"]) < 1e-6
    r = selfplay.ratings({("a", "b"): (600, 1000), ("b", "c"): (600, 1000), ("a", "c"): (690, 1000)})
    assert r["a"] > r["b"] > r["c"] and 60 < r["a"] - r["b"] < 80


def test_tash_kalar_runs_on_the_same_runner_with_the_same_records_and_report(tmp_path, monkeypatch, capsys):
    from tashkalar.__main__ import main as tk_main
    from tashkalar.ai.codeversion import code_version as tk_code

    args = ["tournament", "--bots", "random,greedy", "--games", "2", "--seed", "5", "--mode", "duel"]
    ways = {"one process": ["--workers", "1"], "local cores": ["--workers", "2"]}
    if selfplay.cluster_available():
        ways["local cluster"] = ["--cluster", "local", "--workers", "2"]
    records = {}
    for way, extra in ways.items():
        records[way] = tmp_path / f"{way}.jsonl"
        assert tk_main(args + extra + ["--record", str(records[way])]) == 0
        assert "2/2 games" in capsys.readouterr().err
    got = {way: sorted(({k: v for k, v in x.items() if k not in SECONDS} for x in lines(r)),
                       key=lambda x: (x["bots"], x["decks"], x["seed"])) for way, r in records.items()}
    ref = got["one process"]
    assert len(ref) == 2 and {x["code"] for x in ref} == {tk_code()}
    assert all(g == ref for g in got.values()), [w for w, g in got.items() if g != ref]
    assert tk_main(["report", "--record", str(records["one process"])]) == 0
    text = capsys.readouterr().out
    assert "2 games of code" in text and "| greedy v random | 2 |" in text and "Win rate per deck" in text
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert tk_main(args + ["--cluster", "local"]) == 3
    assert "pip install -e '.[cluster]'" in capsys.readouterr().err


def test_simulate_gives_the_same_table_in_one_process_and_on_local_cores(capsys):
    def table(extra):
        assert main(["simulate", "--games", "21", "--seed", "8"] + extra) == 0
        out = capsys.readouterr().out
        return [line for line in out.splitlines() if re.match(r"\w+ v \w+ ", line)], out

    one, out1 = table([])
    two, out2 = table(["--workers", "2"])
    assert len(one) == 21 and one == two
    assert "(in one process)" in out1 and "(on 2 local processes)" in out2


def test_replay_record_plays_recorded_games_again_and_finds_a_changed_one(tmp_path, capsys):
    """tools/replay_record.py (the check that another Python or machine plays today's code as recorded):
    a fresh record replays the same; a line whose winner was changed is found."""
    from ..conftest import tool

    replay = tool("replay_record")
    record = tmp_path / "games.jsonl"
    run_jobs(schedule("random", "greedy", 2, 3), 1, record)
    assert replay.main([str(record), "--games", "4"]) == 0
    assert capsys.readouterr().out.count(": same,") == 4
    first, *rest = record.read_text().splitlines()
    changed = json.loads(first)
    changed["winner"] = 1 - changed["winner"]
    record.write_text("\n".join([json.dumps(changed), *rest]) + "\n")
    assert replay.main([str(record), "--games", "4"]) == 1
    assert capsys.readouterr().out.count("DIFFERS") == 1
