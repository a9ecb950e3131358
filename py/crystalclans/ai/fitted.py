"""Weights of the evaluation fitted to self-play outcomes (evaluate.evaluate_fitted), one per
evaluate.FEATURES, written by tools/fit_eval.py: a logistic regression of who won on the features of positions
from bot games, from the side to move's view. Plain numbers so the browser needs no numpy."""
WEIGHTS = (
    +0.47149,  # crystals
    +0.07551,  # crystals_sq
    +0.01618,  # one_to_win
    +0.39080,  # zones_held
    +0.25237,  # two_zones
    +0.02956,  # units_crystal
    +0.03186,  # stats_crystal
    -0.02867,  # units_home
    +0.09350,  # stats_home
    -0.02678,  # units_other
    +0.04601,  # stats_other
    -0.28874,  # home_threat
    +0.15741,  # contested_lead
    +0.12575,  # hand
    +0.05447,  # draw
    -0.06100,  # draw_empty
    +0.09492,  # initiative
)
