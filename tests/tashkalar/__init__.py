"""Tests of the Tash-Kalar engine (py/tashkalar): rules, tasks, every card effect, flares, views and saves,
random games with invariants, fuzzing, and the data package against ../shared/tashkalar."""
