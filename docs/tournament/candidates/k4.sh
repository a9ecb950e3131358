#!/bin/sh
# Candidate k4 of the balance pass (docs/BALANCE.md): k3 (candidates/k3.sh, already in the card set), and every
# crystal cost of our design one higher. Writes the same bytes every time; run from the repository's root.
set -e
PYTHONPATH=py python tools/balance_change.py --reason "the first player 42.3% -> 48.8% under the normal bot (300 games each, the same seeds, k3 against k3 with these costs: candidates k3n and cplus1; on k3 the hard bot gave her 43.9% over 544 games); candidate k4; the hard bot confirms it (docs/BALANCE.md)" \
    crystal.brannocs_warhorn/cost=8 crystal.dusk_mirror/cost=6 crystal.ember_crown/cost=6 crystal.ilsas_lantern/cost=5 crystal.keeper_of_souls/cost=6 crystal.mygards_shield/cost=9 crystal.sorens_bounty/cost=4 crystal.sunken_hourglass/cost=7 crystal.tidestone/cost=7 crystal.veylas_veil/cost=5
