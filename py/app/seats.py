"""Seats: who plays each side of the table. One idea for every mode.

A seat is driven by a person at this screen ("human"), by the computer (a strength: "easy", "normal",
"hard") or by a remote peer over a link ("remote"). The table, the log, undo and saves are the same in every
mode; the seats only decide three things, all answered here as pure functions (no browser, no engine):

* whose view the screen shows (`perspective`): one person at the screen always sees her own side; two people
  share it and see whoever must decide, behind a pass-the-device screen; nobody (a computer demo) watches
  seat 0's side;
* whether this screen offers the current decision (`offers`): only to a person sitting here;
* whether a pass-the-device screen is needed (`needs_pass_screen`): only when two people share the screen.
"""
from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_, _

HUMAN = "human"
REMOTE = "remote"
LEVELS = ("easy", "normal", "hard")
CODES = (HUMAN, *LEVELS, REMOTE)
LEVEL_NAMES = {"easy": N_("Computer (easy)"), "normal": N_("Computer (normal)"), "hard": N_("Computer (hard)")}


@dataclass(frozen=True, slots=True)
class Seat:
    """One side of the table: its driver as a code from CODES."""

    code: str = HUMAN

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown seat {self.code!r}; seats are {', '.join(CODES)}")

    @property
    def local(self) -> bool:
        """A person at this screen."""
        return self.code == HUMAN

    @property
    def computer(self) -> bool:
        return self.code in LEVELS

    @property
    def remote(self) -> bool:
        return self.code == REMOTE

    @property
    def level(self) -> str:
        return self.code if self.computer else ""

    def label(self) -> str:
        return _(LEVEL_NAMES[self.code]) if self.code in LEVEL_NAMES else (
            _("Remote player") if self.remote else _("Person"))


def parse_seats(codes, n: int = 2) -> tuple[Seat, ...]:
    """`n` seats from their codes (e.g. a save's metadata); anything unknown or missing becomes a person."""
    ok = isinstance(codes, (list, tuple)) and len(codes) == n
    out = []
    for i in range(n):
        c = codes[i] if ok else HUMAN
        try:
            out.append(Seat(c if isinstance(c, str) else HUMAN))
        except ValueError:
            out.append(Seat(HUMAN))
    return tuple(out)


def local_seats(seats) -> list[int]:
    return [i for i, s in enumerate(seats) if s.local]


def needs_pass_screen(seats) -> bool:
    """Two people share this screen: hands are hidden between their decisions."""
    return len(local_seats(seats)) > 1


def offers(seats, decider: int | None) -> bool:
    """Does this screen offer the current decision? Only to a person sitting here."""
    return decider is not None and seats[decider].local


def perspective(seats, decider: int | None, shown: int | None, winner: int | None) -> int:
    """The seat whose view the screen shows.

    One person here: always hers (her hand always visible, the others' never). Two or more people: whoever
    must decide (the pass screen guards the switch), else the last one shown. Nobody here: seat 0's side."""
    here = local_seats(seats)
    if len(here) == 1:
        return here[0]
    if len(here) >= 2:
        if decider is not None and seats[decider].local:  # (with 3-4 seats the decider may be the computer)
            return decider
        if shown is not None:
            return shown
        return winner or 0
    return 0
