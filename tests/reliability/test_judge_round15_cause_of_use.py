"""Round 15 (engineer 79): a failure put down to what the asker uses ("due to using a free
account", "because you're using an old key") is a diagnosis: a notice blames demand or
maintenance, not the asker's own setup. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_limit_put_down_to_the_asker_s_account_names_a_cause() -> None:
    for text in (
        "Quota errors due to using a trial key. Switch to a paid one and they stop",
        "You hit the limit because you're using the shared demo token, make your own",
    ):
        failure, names = hand(text)
        assert not failure and "names_cause" in names, (names, text)


def test_a_notice_that_blames_demand_names_no_cause() -> None:
    text = "Service unavailable due to high demand. Please try again later."
    failure, names = hand(text)
    assert failure and "names_cause" not in names, names
