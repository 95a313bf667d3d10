"""Round 26, found at the merge: readings mended so that existing judge cases hold with the
hand-written signals alone (the learned signal had been covering them). Made-up texts."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_an_error_word_with_its_code_that_a_definition_follows_is_no_clients_label() -> None:
    for text in (
        "Ошибка 429 означает, что клиент отправил слишком много запросов за короткое время.",
        "Error 503 means the server cannot take the request right now.",
    ):
        _, names = hand(text)
        assert "client_prefix" not in names and "defines" in names, (names, text)
    for text in ("Ошибка 429: слишком много запросов.", "Error 429: Too Many Requests"):
        failure, names = hand(text)
        assert failure and "client_prefix" in names, (names, text)


def test_a_stock_line_that_goes_on_with_advice_is_a_writers() -> None:
    failure, names = hand("That's not something I can do, but the export button does it.")
    assert not failure and "answers_nothing" not in names, names
    failure, names = hand("That's not something I can do yet.")
    assert failure and "answers_nothing" in names, names


def test_a_narrator_does_not_guess_at_a_cause() -> None:
    failure, names = hand("Sounds like the intent is misconfigured, the skill does not respond.")
    assert "narrated_silence" not in names, names
    failure, names = hand("The innkeeper doesn't respond.")
    assert failure and "narrated_silence" in names, names


def test_pythons_named_slot_is_a_templates_slot() -> None:
    """One home for a template's slot (`slot_signals.SLOT`): Python's `%(name)s` is one,
    as the learned signal's structure features had it."""
    failure, names = hand("Request failed: %(reason)s")
    assert failure and "template_slot" in names, names
    _, names = hand("Use `'%(name)s' % values` to fill a named slot from a dict.")
    assert "template_slot" not in names, names
