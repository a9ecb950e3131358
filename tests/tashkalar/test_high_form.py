"""The High Form: dealing the tasks (simple ones, the category rule, the next task), each task's condition
(met and not met, from positions), claiming one at the end of a turn, points from tasks and legends, and the
end at 9 points."""
from __future__ import annotations

from collections import Counter

import pytest

import tashkalar as tk
from tashkalar.content import TASK_BY_ID, TASKS
from tashkalar.scoring import task_met

from .conftest import options, position


def hf(**pos) -> tk.Game:
    return position(mode="high_form", tasks_up=[], **pos)


def met(task: str, **pos) -> bool:
    return task_met(hf(**pos), 0, TASK_BY_ID[task])


def line(squares: str, p: str) -> dict:
    return {s: p for s in squares.split()}


@pytest.mark.parametrize("seed", range(40))
def test_dealing_three_simple_tasks_not_all_alike_then_the_next(seed):
    g = tk.new_game(mode="high_form", decks=("sylvan", "southern"), seed=seed)
    up = [TASKS[t] for t in g.tasks_up]
    assert len(up) == 3 and all(t.level == "simple" for t in up)
    assert len({t.category for t in up}) >= 2
    cats = Counter(TASKS[t].category for t in g.tasks_up + [g.task_next])
    assert max(cats.values()) <= 2
    assert sorted(g.tasks_deck + g.tasks_up + [g.task_next]) == list(range(24))


KILLS = [
    ("task/destruction", [3, 0, 0], True), ("task/destruction", [2, 0, 0], False),
    ("task/devastation", [4, 0, 0], True), ("task/devastation", [3, 0, 0], False),
    ("task/heroic-destruction", [2, 1, 0], True), ("task/heroic-destruction", [3, 0, 0], False),
    ("task/heroic-devastation", [2, 1, 1], True), ("task/heroic-devastation", [3, 1, 0], False),
    ("task/end-of-legends", [0, 0, 1], True), ("task/end-of-legends", [0, 2, 0], True),
    ("task/end-of-legends", [5, 1, 0], False),
]


@pytest.mark.parametrize("task,enemy,expected", KILLS)
def test_destruction_tasks_count_enemy_pieces_destroyed_this_turn(task, enemy, expected):
    assert met(task, killed=[[0, 0, 0], enemy]) is expected
    assert not met(task, killed=[enemy, [0, 0, 0]])  # the player's own pieces never count


def test_coloured_square_tasks():
    # red: c8 d2 e5 h6; green: a5 c3 f8 g3 i4
    assert met("task/red-conquest", board=line("c8 d2", "0h") | {"e5": "0c"})
    assert not met("task/red-conquest", board={"c8": "0h", "d2": "0c", "e5": "0c"})
    assert met("task/green-conquest", board=line("a5 c3", "0h") | {"f8": "0c"})
    assert not met("task/green-conquest", board=line("a5 c3", "0h"))
    assert met("task/color-conquest", board=line("a5 c3 e5", "0h") | line("f8 h6", "0c"))
    assert not met("task/color-conquest", board=line("a5 c3 e5", "0h") | line("f8", "0c"))
    assert met("task/red-legends", board={"c8": "0l", "d2": "0h"})
    assert not met("task/red-legends", board={"c8": "0h", "d2": "0h"})
    assert met("task/green-legends", board={"a5": "0l", "i4": "0h"})
    assert not met("task/green-legends", board={"a5": "0l", "b5": "0h"})
    assert met("task/rainbow-dominance", board={"e5": "0h", "a5": "0l", "c8": "1c"})
    assert not met("task/rainbow-dominance", board={"e5": "0h", "a5": "0l", "c3": "1h"})
    assert not met("task/rainbow-dominance", board={"e5": "0h"})  # 0 against 0 on green is not more


SUMMONS = [
    ("task/red-summoning", [["e5", 0], ["b2", 1]], True), ("task/red-summoning", [["e5", 0]], False),
    ("task/red-summoning", [["b3", 0], ["b2", 1]], False),
    ("task/green-summoning", [["a5", 0], ["b2", 0]], True), ("task/green-summoning", [["e5", 0], ["b2", 0]], False),
    ("task/colored-summoning", [["a5", 0], ["e5", 1]], True), ("task/colored-summoning", [["e5", 0], ["e5", 1]], True),
    ("task/colored-summoning", [["a5", 0], ["b2", 0]], False),
    ("task/legendary-summoning", [["b2", 2], ["b3", 0]], True),
    ("task/legendary-summoning", [["b2", 1], ["b3", 0]], False),
]


@pytest.mark.parametrize("task,summons,expected", SUMMONS)
def test_summoning_tasks_look_at_this_turns_summons(task, summons, expected):
    assert met(task, summons=summons) is expected


def test_pattern_tasks():
    assert met("task/central-dominance", board=line("d4 e4 f4", "0c") | line("d5 e5", "0h"))
    assert not met("task/central-dominance", board=line("d4 e4 f4 d5", "0c") | line("e5", "0h"))
    assert met("task/center-cross", board=line("e5 d5 f5 e4 e6", "0c"))
    assert met("task/center-cross", board=line("e5 d4 f4 d6 f6", "0c"))
    assert not met("task/center-cross", board=line("e5 d5 f5 e4 f6", "0c"))
    assert met("task/line-dominance", board=line("a5 b5 c5 d5 e5 f5", "0c"))
    assert met("task/line-dominance", board=line("e1 e2 e3 e4 e6 e7 e8", "0c") | {"e9": "1c"})
    assert not met("task/line-dominance", board=line("a5 b5 c5 d5 e5 f5 g5", "0c") | line("h5 i5", "1c"))
    assert not met("task/line-dominance", board=line("b2 c2 d2 e2 f2 g2 h2", "0c"))  # row 2 misses the centre
    diag = line("b2 c3 e5 h8", "0c") | {"d4": "0h"} | line("h2 g3 c7", "0c") | {"f4": "0h"}
    assert met("task/diagonals", board=diag)
    assert not met("task/diagonals", board=diag | {"f4": "0c"})


def test_chain_tasks_join_opposite_sides_or_corners_with_diagonal_links():
    assert met("task/side-chain", board=line("e1 e2 e3 e4 e5 e6 e7 e8 e9", "0c"))
    assert met("task/side-chain", board=line("e1 f2 e3 f4 e5 f6 e7 f8 e9", "0c"))
    assert met("task/side-chain", board=line("a5 b5 c5 d5 e5 f5 g5 h5 i5", "0c"))
    assert not met("task/side-chain", board=line("e1 e2 e3 e4 e5 e6 e7 e8", "0c"))
    assert not met("task/side-chain", board=line("e1 e2 e3 e4 e5 e6 e7 e8", "0c") | {"e9": "1c"})
    assert met("task/corner-chain", board=line("b2 c3 d4 e5 f6 g7 h8", "0c"))
    assert met("task/corner-chain", board=line("g1 f2 e3 d4 c5 b6 a7", "0c"))
    assert not met("task/corner-chain", board=line("c3 d4 e5 f6 g7 h8", "0c"))


def test_enemy_tasks():
    ring = line("d4 e4 f4 d5 f5 d6", "0c")
    assert met("task/imprisonment", board=ring | {"e5": "1c"})
    assert not met("task/imprisonment", board=ring | {"e5": "1c", "d6": "1c"})
    assert met("task/envelopment", board=ring | {"e6": "0c", "e5": "1h"})
    assert not met("task/envelopment", board=ring | {"e5": "1h"})
    walled = line("d4 e4 f4 d5 f5 d6 e6 f6", "0c")
    assert met("task/isolation", board=walled | {"e5": "1c", "e7": "1c"})
    open_e6 = line("d4 e4 f4 d5 f5 d6 f6", "0c")
    assert not met("task/isolation", board=open_e6 | {"e5": "1c", "e7": "1c"})  # e6 open: it reaches e7
    assert not met("task/isolation", board=walled | {"e5": "1c", "i5": "1c"})  # no enemy piece near it


def test_claim_one_task_at_the_end_of_the_turn_and_the_next_takes_its_place():
    g = position(mode="high_form", tasks_up=["task/destruction", "task/red-conquest", "task/center-cross"],
                 task_next="task/diagonals", tasks_deck=["task/imprisonment", "task/isolation"],
                 killed=[[0, 0, 0], [3, 0, 0]], board=line("e5 d5 f5 e4 e6", "0c"), actions_left=0)
    assert g.decision.kind == "task" and options(g) == ["claim task/destruction", "claim task/center-cross", "skip"]
    g.apply("claim task/center-cross")
    ids = [TASKS[t].id for t in g.tasks_up]
    assert ids == ["task/destruction", "task/red-conquest", "task/diagonals"]
    assert TASKS[g.task_next].id == "task/imprisonment"
    assert g.claimed[0] == [TASK_BY_ID["task/center-cross"]] and g.scores == [2, 0] and g.active == 1


def test_high_form_points_are_tasks_plus_own_legends_and_nine_end_it():
    g = position(mode="high_form", tasks_up=["task/destruction"], claimed=[["task/side-chain", "task/corner-chain"], []],
                 board={"a5": "0l", "b5": "0l", "i5": "1l"}, actions_left=0, turn=4)
    assert g.scores == [8, 1] and g.end_triggered is False
    g = position(mode="high_form", tasks_up=["task/destruction"],
                 claimed=[["task/side-chain", "task/corner-chain", "task/color-conquest"], []],
                 board={"i5": "1l"}, actions_left=0, turn=4)
    assert g.scores == [9, 1] and g.end_triggered and g.final_left == 2
