#!/bin/sh
# Candidate k7 of the balance pass (docs/BALANCE.md): k6 (candidates/k3.sh to k6.sh, already in the card set),
# Blood's Bloodsworn Guard back at 4 defense and Kesh Bloodcaller back at activation 2, their values before the
# pass (a value put back loses its balance note, so the reason stands here and in docs/BALANCE.md: Blood 38.9%
# over k6's 1,507 hard games; on the same 240 seeds of its five non-mirror pairings Blood won 51.7% with them
# against 41.2% on k6, hard bot, candidate k7a), and Meteor's Gravity Mages at 3 attack.
# Writes the same bytes every time; run from the repository's root. With --blood-only it stops after Blood's
# values: the card set of commit 7279a2d, whose code played k7a's search games (tools/carry_games.py --before).
set -e
PYTHONPATH=py python tools/balance_change.py --reason "Blood 38.9% over k6's 1,507 hard games; back as before the pass" \
    blood.bloodsworn_guard/defense=4 blood.kesh_bloodcaller/activation=2
if [ "$1" = "--blood-only" ]; then exit 0; fi
PYTHONPATH=py python tools/balance_change.py --reason "Meteor 57.2% over k6's 1,507 hard games, the highest; with Gravity Mages at 3 attack Meteor won 50.0% on the same 120 seeds of its five pairings, 63.3% on k6 (hard bot, candidate k7b, with k7a's Blood values); candidate k7; the hard bot confirms it (docs/BALANCE.md)" \
    meteor.gravity_mages/attack=3
