"""When a side-only reading may stop: the answer signals read one by one in a fixed order,
the costly failure signals counted at their most until read, until the score stays below the
bar whatever is left unread. Every unread signal only lowers the score (answer signals weigh
toward "answer" alone), so stopping there never changes a verdict; it saves reading most
signals of most answers. The order and the bounded signals are the registry's (`signals.py`)."""

from __future__ import annotations

from collections.abc import Mapping

from tether.reliability.evidence_weighing import evidence
from tether.reliability.reply import Reply, Signal, SignalFn

# The signals' weights have three decimals, the learned one's rounded to them: a sum this far
# below a bound stays below it whatever the rounding.
ROUNDING = 0.001

# A bounded signal: the name it weighs toward failure with, and the name it weighs toward
# answer with ("" when it never does).
Bounds = Mapping[SignalFn, tuple[str, str]]


def most(w: Mapping[str, float], bounded: Bounds, fn: SignalFn) -> float:
    """The most a bounded signal can weigh toward failure with these weights."""
    toward, against = bounded[fn]
    return max(0.0, w[toward], -w[against] if against else 0.0)


def settled_early(
    r: Reply,
    w: Mapping[str, float],
    read: dict[SignalFn, tuple[Signal, ...]],
    bar: float,
    toward_failure: float,
    bounded: Bounds,
    order: tuple[SignalFn, ...],
) -> tuple[Signal, ...] | None:
    """The signals of a side-only reading settled below `bar`, the `bounded` signals counted at
    their most until read, the rest read in `order`; None when even all of them do not settle
    it (then every signal but the learned one is in `read`). Every signal unread only lowers
    the score, and the learned one lifts it by `toward_failure` at most."""
    unread = sum(most(w, bounded, fn) for fn in bounded)
    first = tuple(s for found in read.values() for s in found)
    if evidence(first) + unread + toward_failure < bar:
        return first
    bound = bar - toward_failure - ROUNDING
    score = sum(s.weight for s in first)
    for fn in order:
        found = read[fn] = tuple(fn(r, w))
        if found:  # (most read nothing: no generator for them)
            score += sum(s.weight for s in found)
        if fn in bounded:
            unread -= most(w, bounded, fn)
        if score + unread < bound:
            return tuple(s for found in read.values() for s in found)
    return None
