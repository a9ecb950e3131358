"""Wildlands rules engine (in progress): the content data and its line of sight so far."""
