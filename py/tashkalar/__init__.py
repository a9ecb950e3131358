"""Tash-Kalar rules engine (under construction): the content (content.py, data/), the arena's geometry
(board.py) and the pattern matcher (patterns.py)."""
