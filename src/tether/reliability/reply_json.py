"""A reply's text read as JSON, parsed once a reply: an error object (`Reply.structure`), a
wire envelope (`envelope_signals`), a status envelope (`status_fields_signals`), a chat message
printed whole (`degenerate_signals`) and data a prompt asked for (`answer_signals.json_data`)
all read the same parse, whichever asks first (each parse of a JSON reply cost as much as
the reading of a few signals)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import orjson

from tether.reliability.once import kept

if TYPE_CHECKING:
    from tether.reliability.reply import Reply


class _NotJson:
    """What a text that is no JSON parses to (JSON's own `null` is None)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NOT_JSON"


NOT_JSON: Final = _NotJson()


def parsed(text: str) -> object:
    """`text` parsed as JSON, or `NOT_JSON`."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return NOT_JSON


@kept
def reply_json(r: Reply) -> object:
    """The reply's text (stripped) parsed as JSON, or `NOT_JSON`: parsed on the first ask of a
    signal whose own test says it may be JSON, and kept for the others."""
    return parsed(r.text.strip())


def json_of(r: Reply, text: str) -> object:
    """`text`, the reply's stripped text or a part of it, parsed as JSON (or `NOT_JSON`): the
    whole text's parse is the reply's, kept (`reply_json`)."""
    return reply_json(r) if text == r.text.strip() else parsed(text)
