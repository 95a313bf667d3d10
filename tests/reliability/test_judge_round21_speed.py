"""The fast paths of round 21 find what the slow ones they stand before find.

`cause_and_fix` searches its whole pattern only when a fix is labelled at a line's start past
the text's first character (`_FIX_LINE`): without one, the reading of a fix filed after what it
fixes (`\\S[\\s\\S]{0,600}?` then the label, tried at every character) cannot match, and the
pattern without it finds the same match. These tests compare the two on texts made to catch
where they could differ.
"""

from __future__ import annotations

import random

import pytest

from tether.reliability import troubleshooting_signals as troubleshooting
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.reply import Reply


def _fast(low: str) -> tuple[tuple[int, int], str] | None:
    labelled = troubleshooting._FIX_LINE.search(low, 1) is not None
    pattern = (
        troubleshooting._CAUSE_AND_FIX if labelled else troubleshooting._CAUSE_AND_FIX_UNLABELLED
    )
    m = pattern.search(low)
    return None if m is None else (m.span(), m.group(0))


def _slow(low: str) -> tuple[tuple[int, int], str] | None:
    m = troubleshooting._CAUSE_AND_FIX.search(low)
    return None if m is None else (m.span(), m.group(0))


MADE_UP = [
    "fix: restart the worker",  # a label at the text's start: nothing before it
    "the cache broke.\nfix: restart the worker",
    "the cache broke.\n  **fix:** restart the worker",
    "the cache broke.\n> solution: pin the version",
    "cause: the token expired. solution: sign in again",
    "reason: too many calls\n\nworkaround: wait a minute",
    "problem: the build hangs\nsolution: clear the cache",
    "possible causes\nthe disk is full\nsolution\nfree some space",
    "error: timeout solution: retry error: 401 fix: new key",
    "原因\uff1a密钥过期\n解决方法\uff1a重新登录",
    "we fixed the bug in the parser; the fix ships tomorrow.",
    "i will fix it later: the prefix is wrong",
    "the prefix: fix\nsuffix: fixes",
    "a" * 700 + "\nfix: wait",
    " \n\nfix: wait",
]


@pytest.mark.parametrize("low", MADE_UP)
def test_cause_and_fix_fast_path_finds_what_the_pattern_finds(low: str) -> None:
    assert _fast(low) == _slow(low)


def test_cause_and_fix_fast_path_on_shuffled_pieces() -> None:
    pieces = [
        "fix", "fix:", "solution:", "**fix:**", "cause:", "reason:", "problem:", "error:",
        "\n", "\n", " ", " ", "the cache", "failed", "retry", "> ", "# ", "原因\uff1a", "解决\uff1a",
        "possible causes\n", "solution\n", "workaround:", "a" * 300,
    ]  # fmt: skip
    rng = random.Random(21)
    for _ in range(3000):
        low = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        assert _fast(low) == _slow(low), low


def test_cause_and_fix_signal_reads_a_labelled_fix() -> None:
    w = DEFAULT_CONFIG.all_weights
    text = "The upload fails after a timeout.\nFix: read the offset back before a retry."
    r = Reply(text, None, None, DEFAULT_CONFIG.lexicon)
    assert [s.name for s in troubleshooting.cause_and_fix(r, w)] == ["cause_and_fix"]
    plain = "I will fix the upload after the timeout, then retry it."
    r = Reply(plain, None, None, DEFAULT_CONFIG.lexicon)
    assert list(troubleshooting.cause_and_fix(r, w)) == []


# `next_release` reads a release named by its number only where a digit, a dot and a digit are
# (`_DOTTED_NUMBER`): every reading of `_NUMBERED_RELEASE` holds one.
RELEASES = [
    "fixed in 1.4.2",
    "added in v0.9, thanks",
    "在 v2.1.0 已经加入",
    "1.3 版本已经修复",
    "v0.5.0 で修正しました",
    "1.4.0 버전에서 수정",
    "исправлено в 2.1",
    "behoben in 2.1",
    "corrigé dans la 2.1",
    "corregido en la 2.1",
    "corrigido na 2.1",
    "fixed in \u0661.\u0662",  # (`\d` is any decimal digit)
    "fixed in 2. then 3.",
    "fixed in v2, released 3 days ago.",
    "merged since version 12 . 3",
    "we shipped it. 1 more thing. .5",
]


@pytest.mark.parametrize("low", RELEASES)
def test_numbered_release_needs_a_dotted_number(low: str) -> None:
    from tether.reliability import fix_signals as fix

    if fix._DOTTED_NUMBER.search(low) is None:
        assert fix._NUMBERED_RELEASE.search(low) is None
    else:
        assert (fix._NUMBERED_RELEASE.search(low) is not None) == ("in 2. then" not in low)


def test_numbered_release_gate_on_shuffled_pieces() -> None:
    from tether.reliability import fix_signals as fix

    pieces = [
        "fixed in ", "v", "1", "2", ".", ". ", "\u0663", "在", "版本", "修复", " ", "version ",
        "で修正", "에서 수정", "a", "released since ",
    ]  # fmt: skip
    rng = random.Random(2121)
    for _ in range(5000):
        low = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        if fix._DOTTED_NUMBER.search(low) is None:
            assert fix._NUMBERED_RELEASE.search(low) is None, low


# `guesses` is tried where "i bet" is, not " bet" ("between", "better"): its one reading with
# "bet" is "I bet".
@pytest.mark.parametrize(
    "text",
    [
        "I bet the proxy drops the header.",
        "It ran between two and five times; better now.",
        "The bet is that the cache is cold.",
        "Maybe it is the proxy, I bet.",
    ],
)
def test_guesses_keys_hold_every_match(text: str) -> None:
    from tether.reliability import guess_signals as guess
    from tether.reliability.keyed import holds

    low = text.lower()
    if guess._GUESS.search(low) is not None:
        assert holds(low, guess._GUESS_KEYS)
    r = Reply(text, None, None, DEFAULT_CONFIG.lexicon)
    found = [s.name for s in guess.guesses(r, DEFAULT_CONFIG.all_weights)]
    assert found == (["guesses"] if ("i bet" in low or "maybe" in low) else [])
