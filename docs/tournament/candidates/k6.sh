#!/bin/sh
# Candidate k6 of the balance pass (docs/BALANCE.md): k5 (candidates/k3.sh, k4.sh and k5.sh, already in the card
# set) and Blood's Cinder Thralls back at 2 attack, their value before the pass (a value put back loses its
# balance note, so the reason stands here and in docs/BALANCE.md: Blood 39.6% over k5's 847 hard games; on the same
# 120 seeds of its five non-mirror pairings Blood won 45.0% with it against 36.7% on k5, hard bot, candidate k6a).
# Writes the same bytes every time; run from the repository's root.
set -e
PYTHONPATH=py python tools/balance_change.py --reason "Blood 39.6% over k5's 847 hard games; back as before the pass" \
    blood.cinder_thralls/attack=2
