#!/bin/sh
# Candidate k3 of the balance pass (docs/BALANCE.md): writes its changes into the card set, the same bytes
# every time. Merged into main in 9bb6088 (code 197a50b80dd3); run again there, it changes nothing. Run from
# the repository's root.
set -e
PYTHONPATH=py python tools/balance_change.py --reason "Blood 66% before the pass (older hard bot, 100 games); candidate k3, searched with the normal bot; the hard bot confirms it (docs/BALANCE.md)" \
    blood.bloodsworn_guard/defense=3 blood.cinder_thralls/attack=1 blood.kesh_bloodcaller/activation=3 blood.kesh_bloodcaller/attack=4 blood.kesh_bloodcaller/summon=5 blood.ulvar_redmaw/activation=3 blood.ulvar_redmaw/attack=7 blood.ulvar_redmaw/summon=7
PYTHONPATH=py python tools/balance_change.py --reason "Meteor 37% before the pass (older hard bot, 100 games); candidate k3, searched with the normal bot; the hard bot confirms it (docs/BALANCE.md)" \
    meteor.citadel_knights/attack=3 meteor.citadel_knights/summon=1 meteor.comet_lancers/defense=2 meteor.gravity_mages/attack=4 meteor.starglass_acolytes/defense=3 meteor.sybel_starreader/summon=3 meteor.titan_knights/summon=2
PYTHONPATH=py python tools/balance_change.py --reason "Skull 50% before the pass (older hard bot, 100 games); candidate k3, searched with the normal bot; the hard bot confirms it (docs/BALANCE.md)" \
    skull.blade_dancers/attack=2 skull.boneknife_cultists/attack=5 skull.hetha_barrow_queen/attack=5 skull.mordra_gravebinder/attack=5 skull.mordra_gravebinder/summon=5 skull.necromancers/summon=4 skull.ossuary_guards/summon=3
PYTHONPATH=py python tools/balance_change.py --reason "Stone 28% before the pass (older hard bot, 100 games); candidate k3, searched with the normal bot; the hard bot confirms it (docs/BALANCE.md)" \
    stone.ballista/attack=4 stone.egg_tosser/summon=3 stone.horgath/summon=3 stone.lithomancers/defense=3 stone.sentinels/attack=4 stone.sentinels/summon=2 stone.supply_golems/activation=2 stone.supply_golems/attack=3
PYTHONPATH=py python tools/balance_change.py --reason "Water 60% before the pass (older hard bot, 100 games); candidate k3, searched with the normal bot; the hard bot confirms it (docs/BALANCE.md)" \
    water.deep_listeners/defense=4 water.tide_runners/attack=4
