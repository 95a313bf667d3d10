"""A corpus record can say how its turn ended (`finish`) and what came with it (`tool_calls`):
the judge then reads the turn a live run had, not the text alone."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tether.messages import Message, Request
from tether.reliability import corpus, judge
from tether.wire.openai import FINISH

# Every finish reason a provider names (as the adapters map them, or the judge reads them raw).
KNOWN_FINISHES = (
    set(FINISH)
    | set(judge._FILTER_FINISHES)
    | set(judge._ERROR_FINISHES)
    | {"pause_turn", "refusal", "other", "eos_token"}
)


def _record(text: str, label: str = "failure", **extra: object) -> str:
    return json.dumps(
        {
            "label": label,
            "text": text,
            "source": "https://github.com/OoriData/OgbujiPT/issues/14",
            "group": "OoriData/OgbujiPT",
            "language": "en",
            "shape": "sentence",
            "how": "a test record",
            **extra,
        }
    )


def _verdict(sample: corpus.Sample) -> judge.Verdict | None:
    asked = sample.prompt or "Fix the failing test in tests/test_parse.py."
    return judge.judge(corpus.turn_of(sample), Request(messages=(Message.text("user", asked),)))


def test_every_record_s_finish_and_tool_calls_are_well_formed() -> None:
    """`finish` is a provider's finish reason as it named it; `tool_calls` a count."""
    folder = resources.files("tether.reliability.corpus")
    for entry in folder.iterdir():
        if not entry.name.endswith(".jsonl"):
            continue
        for n, line in enumerate(entry.read_text("utf-8").split("\n"), 1):
            if '"finish"' not in line and '"tool_calls"' not in line:
                continue  # (cheap: most records have neither)
            record = json.loads(line)
            where = f"{entry.name}:{n}"
            finish = record.get("finish")
            assert finish is None or (
                isinstance(finish, str) and finish.lower() in KNOWN_FINISHES
            ), f"{where}: finish {finish!r}"
            calls = record.get("tool_calls", 0)
            assert type(calls) is int and calls >= 0, f"{where}: tool_calls {calls!r}"


def test_a_text_holding_a_raw_line_separator_stays_one_record() -> None:
    """JSON lets U+2028, U+2029 and U+0085 stand raw inside a string: a record written that way
    (a code-conversion reply had one) is read whole, not cut into two broken lines."""
    text = "public class Main {\u2028}\u2029 // converted\u0085"
    batch = json.dumps(json.loads(_record(text)), ensure_ascii=False)
    assert "\u2028" in batch  # (raw, as a file written with ensure_ascii=False holds it)
    first, second = corpus.read_batch(batch + "\n" + _record("ok", label="answer"))
    assert (first.text, second.text) == (text, "ok")


def test_a_record_without_the_fields_is_judged_as_a_stop_without_tool_calls() -> None:
    (sample,) = corpus.read_batch(_record("The answer is 4."))
    assert (sample.finish, sample.tool_calls) == (None, 0)
    turn = corpus.turn_of(sample)
    assert (turn.finish_reason, turn.termination, turn.tool_calls) == ("stop", "stop", ())


def test_the_fields_are_read_and_mapped_as_the_adapters_map_them() -> None:
    (sample,) = corpus.read_batch(_record("Hi", finish="MAX_TOKENS", tool_calls=2))
    assert (sample.finish, sample.tool_calls) == ("MAX_TOKENS", 2)
    turn = corpus.turn_of(sample)
    assert (turn.finish_reason, turn.raw_finish_reason) == ("length", "MAX_TOKENS")
    assert len(turn.tool_calls) == 2


@pytest.mark.parametrize(
    "text",
    [
        # OoriData/OgbujiPT#14: completions cut at the default 16-token cap, finish "length"
        "Special tax filing rules when deemed to have been made can be found in",
        " The applicant company is The Marigold Trust dated 7/16/15,",
    ],
)
def test_a_generation_cut_at_the_token_limit_is_caught_by_its_finish(text: str) -> None:
    (cut,) = corpus.read_batch(_record(text, finish="length"))
    verdict = _verdict(cut)
    assert verdict is not None and verdict.kind == "truncated"
    (said_stop,) = corpus.read_batch(_record(text, finish="stop"))
    as_text = _verdict(said_stop)  # a stop says nothing of a cut: only the text can
    assert as_text is None or as_text.kind != "truncated"


def test_a_turn_with_tool_calls_is_not_read_as_a_final_text() -> None:
    """openai/codex#46153: the same announcement is a failure when the turn ends on it, and a
    step of the work when it came with the call it announces."""
    text = (
        "I will first read the project rules and the worktree skill, then execute the "
        "preflight and create the workspace."
    )
    prompt = "Create a new worktree workspace: risk_bugfix"
    (ended,) = corpus.read_batch(_record(text, prompt=prompt))
    assert _verdict(ended) is not None
    (stepped,) = corpus.read_batch(
        _record(text, label="answer", prompt=prompt, finish="tool_calls", tool_calls=1)
    )
    assert _verdict(stepped) is None
