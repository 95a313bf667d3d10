"""Round 15 (engineer 79): notices in languages the vocabulary barely knew (Georgian, Amharic,
Kazakh, Azerbaijani, Latvian, Macedonian, Armenian, Estonian, Belarusian, ...): "too many
requests", "could not", a bot check to pass; and a notice in another script that names one
product in Latin letters ("ChatGPT", "Cloudflare", "JSON") is still off the task's topic.
Made-up texts, each side: the notices caught, the answers left alone."""

from __future__ import annotations

from tests.reliability.judging import hand

# "Too many requests" in the thin languages, as a relay's locale file says it.
TOO_MANY = (
    "Gemini: ძალიან ბევრი მოთხოვნა ერთ წუთში",
    "Claude қазір тым көп сұрау алды",
    "Serveris saņēma pārāk daudz pieprasījumu",
    "Моделот доби премногу барања, почекајте малку",
    "Sistem həddindən çox sorğu qəbul etdi",
    "Serveris gavo per daug užklausų",
)


def test_too_many_requests_in_thin_languages() -> None:
    for text in TOO_MANY:
        failure, names = hand(text)
        assert failure and "vocabulary:rate_limit" in names, (names, text)


# "Could not ..." and a bot check to pass, in the same languages.
COULD_NOT = (
    "Päringu saatmine nurjus",
    "Немагчыма атрымаць адказ ад сервера",
    "Չհաջողվեց ստանալ պատասխանը սերվերից",
    "Ολοκληρώστε τον έλεγχο ασφαλείας \u03b3\u03b9\u03b1 \u03bd\u03b1 συνεχίσετε",
    "Tafadhali kamilisha ukaguzi wa usalama wa tovuti",
    "Turite praeiti saugumo patikrinimą",
)


def test_could_not_and_a_bot_check_in_thin_languages() -> None:
    for text in COULD_NOT:
        failure, names = hand(text)
        assert failure, (names, text)


def test_a_lone_product_name_in_a_notice_of_another_script_is_off_topic() -> None:
    # Armenian and Burmese notices naming one product in Latin letters, after a coding task
    for text in (
        "Չհաջողվեց կարդալ JSON պատասխանը",
        "Cloudflare လုံခြုံရေးစစ်ဆေးမှုကို ဖြတ်ကျော်ပါ",
    ):
        failure, names = hand(text)
        assert failure and "off_topic" in names, (names, text)


def test_an_explanation_of_a_bot_check_stays_an_answer() -> None:
    text = (
        "Cloudflare shows its security check page when it takes a client for a bot: your"
        " scraper sends no cookies and a bare user agent. Reuse the `cf_clearance` cookie of"
        " a real browser session, or better, call the site's API, which has no such check."
    )
    failure, names = hand(
        text, "Why does requests.get() on that site return a page asking me to wait?"
    )
    assert not failure, names


def test_a_translation_asked_for_stays_an_answer() -> None:
    for question, text in (
        ("Translate 'Too many requests' into Kazakh.", "Тым көп сұрау"),
        ("How do I say 'the request failed' in Estonian?", "Päring nurjus."),
    ):
        failure, names = hand(text, question)
        assert not failure, (names, text)


def test_a_reply_in_another_script_naming_the_task_s_product_is_not_off_topic() -> None:
    # the Latin word is the task's own: the reply speaks of it, in the asker's language
    question = "Почему docker compose не видит мой .env файл и пишет ошибку?"
    text = "Немагчыма сказаць без логаў: пакажыце docker compose config."
    _, names = hand(text, question)
    assert "off_topic" not in names, names
