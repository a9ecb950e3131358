"""What every game engine of ours shares and no game owns (DESIGN.md section 8): today the checks of
untrusted Python data (`untrusted`); the rest of the shared core (actions, decisions, errors, frames, the
PRNG, the save envelope) moves here from the first engine's package in later steps. Knows no game and
imports no engine."""
