"""Round 16 (engineer 83): short notices in words the judge had not seen, by class: the
familiar "try later" (спробуй, zkus to, pokušaj), waiting before a repeated request, a South
Slavic "no answer", billing to be enabled, a token expired (中文), a problem that "occurred" in
Japanese, a review bot that reviewed nothing; a model's control tokens alone; a server page's
stock line that makes up most of a reply. Made-up replies, both sides. (A network problem's
words were tried and left out: people say them in answers too.)"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

NOTICES = (
    "Спробуй пізніше, зараз забагато людей.",
    "Zkus to znovu za chvíli.",
    "Pokušaj kasnije 🙏",
    "Please wait 30 seconds before sending another request.",
    "Зачекайте хвилину перед повторним запитом",
    "Nema odgovora od servera.",
    "请先在控制台中启用计费 (403)",
    "飞书 Token 已过期\uff0c请重新授权",
    "通信中に問題が起きました。",
    "No files to review after applying path filters.",
    "Review skipped: the pull request is a draft.",
    "<|CONTEXT_OVERFLOW|>",
    "<|im_start|><|im_end|>",
    "To serve HTML, sign up for an ngrok account and install your authtoken.",
    "Please enable JS and disable any ad blocker",
)


@pytest.mark.parametrize("text", NOTICES)
def test_a_short_notice_in_these_words_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


ANSWERS = (
    # a person who names the cause and what they did
    "It was a network problem on my side: the VPN dropped packets. I switched it off and"
    " the tests pass now.",
    # a fix that waits before retrying, told as what changed
    "I added a two-second sleep before retrying in `fetch_page`, so the flaky test no longer"
    " hits the mock's rate limit.",
    # the words of a control token in a sentence about them
    "Set `<|im_end|>` as the stop sequence in the config so generation ends at the turn.",
    # a review that reviewed files and found nothing to change
    "I reviewed the three changed files and found nothing to fix; the parser's test passes.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_that_speaks_of_these_things_is_not(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
