"""What a full reading's signals add up to: the failure evidence among them, and the two
signals that weigh what the others found (`introduced`: a writer's lead-in takes evidence back;
`asked_about`: the question names the same failure). Kept apart from the registry so the sum's
rules are read in one place."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tether.reliability.answer_signals import introduced
from tether.reliability.question_signals import LEXICAL, NOTICE_MARKS, STRUCTURAL, asked_about
from tether.reliability.reply import Reply, Signal


def evidence(found: Iterable[Signal]) -> float:
    """The failure evidence among `found`: its positive weights, summed to three decimals."""
    return round(sum(s.weight for s in found if s.weight > 0), 3)


# (evidence read in the whole reply's shape, its opening or its end: `introduced` takes none
# of it back)
WHOLE_SHAPE = frozenset(
    (
        "stub_code",
        "code_comments_only",
        "chat_for_commit",
        "asks_text_at_end",
        "unfinished_judgment",
        "records_missing",
        "docs_need_no_update",
        "records_as_code",
        "records_elided",
        "example_records",
        "type_named_records",
        "code_cut_open",
        "reasoning_unfinished",
        "answer_block_empty",
    )
)


def weighing(r: Reply, w: Mapping[str, float], found: tuple[Signal, ...]) -> list[Signal]:
    """The two signals that weigh what the others found (a full reading only)."""
    # (evidence read in the whole reply's shape, not in a part shown after a lead-in: no
    # sentence of the writer's introduces a skeleton's unwritten body, nor a judge's rationale
    # that breaks off before its verdict, nor a markdown list where records were laid out)
    unshaped_evidence = sum(s.weight for s in found if s.weight > 0 and s.name not in WHOLE_SHAPE)
    weighed = list(introduced(r, w, unshaped_evidence))
    lexical = sum(s.weight for s in found if s.name.startswith(LEXICAL))
    structural = sum(s.weight for s in found if s.name in STRUCTURAL)
    # (a notice's own marks, and no answer signal that reads a writer: `voiceless_notice`)
    marked = not any(s.weight < 0 for s in (*found, *weighed)) and any(
        s.name in NOTICE_MARKS for s in found
    )
    return [*weighed, *asked_about(r, w, lexical, structural, marked)]
