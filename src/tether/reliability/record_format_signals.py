"""A step asked for delimited records that answered in another form.

Graph extractors (LightRAG, GraphRAG) lay out the records they parse in the request itself, a
line whose fields a pipe-bracketed marker separates: `Format each entity as
("entity"<|><entity_name><|><entity_type><|><entity_description>)`,
`entity<|#|>entity_name<|#|>entity_type`. The parser splits the reply on that marker and on
nothing else: a reply without it (a markdown list of the entities, a JSON object, a summary of
the text, a question back, a program that would extract them) gave no record, whatever it
says. A reply that holds any pipe-bracketed marker is left to the other readings (records,
perhaps of the wrong text), and so is a single word (a step's "YES" / "NO" to "are entities
still missing?", asked in the same conversation).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tether.messages import Request
from tether.reliability.asked import instructions, last_user_text
from tether.reliability.once import last_asked
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal, asks_a_question
from tether.reliability.template_tokens import record_delimiters
from tether.reliability.text_shape import SPACE


@last_asked
def records_request(request: Request | None) -> bool:
    """Whether the request lays out delimited records for its reply (`record_delimiters` of
    its system messages or its last user message): a reply to it is read, not cleared unread
    (a markdown list in the records' place has no failure word). Not when its last user
    message asks a question: a user who pastes an extractor's prompt and asks why it fails is
    answered in prose."""
    assert request is not None  # (`last_asked` reads None as False)
    if asks_a_question(last_user_text(request)[:QUESTION_CHARS]):
        return False
    for m in instructions(request):
        text = m.text_content[:QUESTION_CHARS]
        if "<|" in text and record_delimiters(text):
            return True
    return False


def without_records(text: str) -> bool:
    """Whether a reply (stripped) holds no record marker at all and is more than one word."""
    return "<|" not in text and SPACE.search(text) is not None


def records_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply with no record marker where the request laid out delimited records: the
    parser that splits on the marker reads nothing."""
    if r.after_tools or not without_records(r.text) or not records_request(r.request):
        return ()
    return (Signal("records_missing", w["records_missing"], "no delimited record"),)
