"""A character's line that answers in its role, though it says sorry or "can't": it relays what
it was told ("今リバーシはするなと言われてます", "I've been told not to", `hearsay`), or it
refuses the listener an act of the story ("Sorry, traveler, I can't let you pass", "抱歉, 我没法
让你进去", `forbids_listener`). A service's notice cites no one and refuses to answer, never to
let the user do a thing; a bot that declines a game because its keeper said so, or a guard who
bars the gate, has answered. The words are data (`judge_signals.json`: `hearsay`,
`forbidding`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import shipped_terms
from tether.reliability.reply import Reply, Signal

HEARSAY = shipped_terms("hearsay")
FORBIDDING = shipped_terms("forbidding")


def hearsay(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The speaker relays what it was told: a reply in someone's voice, not a notice."""
    if not r.written:
        return ()
    m = HEARSAY.search(r.low[:2000])
    if m is None:
        return ()
    return (Signal("hearsay", -w["hearsay"], m.group(0)),)


def forbids_listener(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The speaker refuses to let the listener do something ("I can't let you pass"): a role's
    answer to what the user tried, not a service unable to reply."""
    if not r.written:
        return ()
    m = FORBIDDING.search(r.low[:2000])
    if m is None:
        return ()
    return (Signal("forbids_listener", -w["forbids_listener"], m.group(0)),)
