"""Round 39: a support bot's reply template whose slots hold the user's things ("Sorry,
{PERSON} is not in your list of known recipients") tells the outcome of a domain request, not
the bot's failure (`domain_outcome` reads past the slots; `template_slot` weighs it as a reply
template's). A template whose slot holds the error or the exchange's own things stays a
failure notice."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_recipient_outside_the_users_list_in_a_template_is_an_answer() -> None:
    # RasaHQ/financial-demo, domain.yml: the bot's reply to "I want to pay John"
    text = "Sorry, {PERSON} is not in your list of known recipients."
    failure, names = hand(text, "I want to pay John")
    assert not failure and "domain_outcome" in names, names


def test_a_template_whose_slot_holds_the_error_stays_a_failure() -> None:
    failure, names = hand("Sorry, I couldn't look up your order: {e}", "Where is my order?")
    assert failure and "domain_outcome" not in names, names


def test_a_template_whose_slot_holds_the_exchanges_answer_stays_a_failure() -> None:
    # a Catalan search skill's fallback: "I could not get an answer from {name}"
    failure, names = hand("No he pogut obtenir una resposta de {name}", "Cerca el temps a Girona")
    assert failure, names


def test_a_template_that_finds_no_news_for_the_users_stock_is_an_answer() -> None:
    # sheng1111/LINE_Bot, app.py: "there is no news about {stock_code} at the moment"
    failure, names = hand("目前沒有 {stock_code} 的相關新聞。", "2330 新聞")
    assert not failure, names


def test_a_template_that_tells_trouble_with_the_users_thing_stays_a_failure() -> None:
    failure, names = hand("The weather for {city} is unavailable, try again later.", "Weather?")
    assert failure, names
