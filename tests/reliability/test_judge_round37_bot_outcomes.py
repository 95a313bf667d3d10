"""Round 37 (engineer 203): a bot's domain outcome that reads like an error, read by
`support_signals.domain_outcome`. A game, a challenge, a menu, an invitation, a transfer or a
player named where the failure words are is the bot telling the outcome of what was asked; an
apology alone in its sentence ("申し訳ございません。") is its courtesy before that outcome.
A provider's credits (积分, ポイント) and an assistant's own skill stay no domain thing.
Real texts of the tune part, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, TASK, asked, signals
from tether.messages import Turn
from tether.reliability.judge import judge


def hand_verdict(text: str, question: str = TASK) -> bool:
    """The whole judge with the hand signals alone."""
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    return judge(turn, asked(question), config=HAND) is not None


OUTCOMES = (
    # a game bot: no participants, so the game could not start
    "参加者がいないため、ゲームを開始できませんでした。",
    # a booking bot's courtesy, then no menu to offer
    "申し訳ございません。現在利用可能なメニューがありません。",
    # a workplace bot that cannot yet cancel invitations
    "I'm sorry, I can't cancel invitations on your behalf yet.",
)


@pytest.mark.parametrize("text", OUTCOMES)
def test_bot_domain_outcome_passes(text: str) -> None:
    assert "domain_outcome" in signals(text)
    assert not hand_verdict(text)


FAILURES = (
    # an apology and the system's error: no outcome of a domain thing
    "申し訳ございません。エラーが発生しました。",
    # an apology alone names nothing
    "Sorry.",
    # a voice assistant's skill is its own machinery, not a thing the user asked about
    "Entschuldige, hier ist etwas schief gelaufen. Bitte prüfe deine Konfiugration im custom "
    "skill und versuche es erneut.",
)


@pytest.mark.parametrize("text", FAILURES)
def test_courtesy_and_system_trouble_stay_failures(text: str) -> None:
    assert "domain_outcome" not in signals(text)
    assert hand_verdict(text)
