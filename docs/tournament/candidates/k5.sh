#!/bin/sh
# Candidate k5 of the balance pass (docs/BALANCE.md): k4 (candidates/k3.sh and k4.sh, already in the card set),
# Flower's Pollen Fairies at 2 attack, and Water's Tide Runners back at 3 attack, their value before the pass
# (a value put back loses its balance note). Writes the same bytes every time; run from the repository's root.
set -e
PYTHONPATH=py python tools/balance_change.py --reason "Flower 39.2% over the first 1,002 hard games of k4 (240 of them Flower's); with Pollen Fairies at 2 attack Flower won 47.5% on the same 120 seeds of its five pairings, 40.8% on k4 (hard bot, candidate k5a); candidate k5; the hard bot confirms it (docs/BALANCE.md)" \
    flower.pollen_fairies/attack=2
PYTHONPATH=py python tools/balance_change.py --reason "Water 58.4% over the first 1,002 hard games of k4; back as before the pass" \
    water.tide_runners/attack=3
