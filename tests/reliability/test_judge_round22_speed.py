"""Round 22, speed: the marks of a transcript's stand-in are looked for in fewer scans
(`transcript_signals._mark_test`): the marks that share a part only where it is, the marks
that are not ASCII only in a text that is not. It finds what a test of every mark finds."""

from __future__ import annotations

import pytest

from tether.reliability import transcript_signals as T


def _every_mark(low: str, marks: tuple[str, ...]) -> bool:
    return any(m in low for m in marks)


ANSWER = (
    "The upload retried the chunk from the wrong offset after a timeout; I read the offset "
    "back from the server before each retry, and the resume test passes 100 runs in a row."
)


@pytest.mark.parametrize("marks", [T._MARKS, T._CREDIT_MARKS])
def test_fast_mark_test_finds_what_every_mark_finds(marks: tuple[str, ...]) -> None:
    holds = T._mark_test(marks)
    texts = [ANSWER, "", "字幕 " + ANSWER, "tit for tat", "a gracious music-less title"]
    for mark in T._MARKS:
        for base in (ANSWER, "见字幕 " + ANSWER[:40], "x"):
            for at in (0, 7, len(base) // 2, len(base)):
                texts += [base[:at] + mark + base[at:], base[:at] + mark[:-1] + base[at:]]
    for text in texts:
        low = text.lower()
        assert holds(low) == _every_mark(low, marks), text


def test_may_fire_reads_credits_and_tokens() -> None:
    assert T.may_fire("Sous-titres réalisés para la communauté d'Amara.org")
    assert T.may_fire("[Musik]\n[Musik]")
    assert T.may_fire("字幕由 某某 提供")
    assert not T.may_fire(ANSWER)
    assert T.may_fire_long("Untertitelung des ZDF, 2020\n" + ANSWER * 4)
    assert not T.may_fire_long(ANSWER * 4)
    assert not T.may_fire_long("Thanks for watching!\n" + ANSWER * 4)  # (not a credit's mark)
