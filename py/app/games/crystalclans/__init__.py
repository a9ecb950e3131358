"""Crystal Clans at the table: its spec (game.py, which imports the engine), its start screen's part
(start.py, which imports none), its board and panels, rules, guided game, story and words."""
