"""Round 15, the judge's speed: the request's counts kept for the request counted last
(`judge.counts_of`) give what counting it again gives, and the verdicts do not change."""

from __future__ import annotations

from tether.context.tokens import count_request
from tether.messages import Message, Request, ToolSpec, Turn, Usage
from tether.reliability import judge as judge_module
from tether.reliability.judge import counts_of, judge


def _request(words: int) -> Request:
    rules = " ".join(f"rule{i} keeps the change small." for i in range(words))
    tool = ToolSpec("read_file", "Read a file of the repository.", {"type": "object"})
    return Request(
        messages=(Message.text("system", rules), Message.text("user", "Fix the flaky test.")),
        tools=(tool,),
    )


def test_counts_of_is_count_request() -> None:
    small, large = _request(10), _request(2_000)
    for request in (small, large, small, small, large):
        assert counts_of(request) == count_request(request)


def test_counts_of_keeps_the_last_request_alone() -> None:
    first, second = _request(50), _request(60)
    counts_of(first)
    counts_of(second)
    kept = judge_module._last_counted
    assert kept is not None and kept[0] is second
    assert counts_of(first) == count_request(first)  # counted again, not taken from `second`


def test_an_equal_request_of_another_object_is_counted_on_its_own() -> None:
    a, b = _request(30), _request(30)
    assert counts_of(a) == counts_of(b) == count_request(b)


def test_judge_without_counts_reads_as_with_them() -> None:
    request = _request(3_000)
    counts = count_request(request)
    for prompt_tokens in (10, counts.total // 3, counts.total):
        usage = Usage(prompt_tokens=prompt_tokens, completion_tokens=40)
        turn = Turn(
            content="Fixed: the loader now runs once per key, and the suite passes.",
            usage=usage,
            finish_reason="stop",
            termination="stop",
        )
        twice = (judge(turn, request), judge(turn, request))
        given = judge(turn, request, counts=counts)
        assert twice[0] == twice[1] == given
