"""Weights of Wildlands' evaluation fitted to self-play outcomes (evaluate.evaluate_fitted), one per
evaluate.FEATURES, written by tools/fit_wildlands_eval.py: a logistic regression of who won on the features
of positions from greedy self-play, from the decider's view. Plain numbers so the browser needs no numpy."""
WEIGHTS = (
    +1.52833,  # points
    +0.09720,  # points_sq
    +0.14483,  # one_to_win
    -0.61629,  # figures
    -0.08829,  # health
    -0.28529,  # last_hit
    +0.57787,  # shards_near
    +0.55261,  # shards_left
    +0.17574,  # ranged
    +0.72170,  # melee_here
    +0.17979,  # melee_near
    -0.00953,  # cover
    +0.17278,  # cards
    +0.06340,  # specials
    +0.30668,  # unrevealed
)
