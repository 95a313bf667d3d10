"""Round 12's hand signals on the misses, concepts that generalise, each beside the reading that
must stay: a failure notice that lists its remedies or causes under a label ("What you can do:",
"Suggestions:") is a notice, its list no answer's structure; an API (its key) said required is
set-up asked of the user in any language ("OpenAI API -avain vaaditaan"), the two words on one
line; Czech, Slovak, Slovene and Croatian "je" is "is", not a first person; a line that says
nothing was made is a placeholder; a compound headed by the error noun is a failure word; a
promise to reply once checked ("确认好马上告诉你") hands the turn back.

The texts are made up; none is a corpus text. Each is read by the hand-written signals alone
(the learned signal off), so a test fails when the concept is gone whatever the model learned.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

from tests.reliability.judging import HAND, asked, hand
from tether.reliability.judge import read_text


def test_a_notice_with_its_remedies_listed_under_a_label_is_a_notice() -> None:
    failure, names = hand(
        "⛔ Workspace Unavailable\n\n"
        "Your workspace could not be reached and the request was not processed.\n\n"
        "What you can do:\n"
        "• Wait a minute and try again\n"
        "• Use /reset to open a new workspace\n"
        "• Contact your administrator if it keeps happening"
    )
    assert failure and "markdown" not in names and "long_prose" not in names, names


def test_a_notice_that_lists_its_possible_causes_in_another_language_is_a_notice() -> None:
    failure, names = hand(
        "Uy, algo salió mal 😬\n\n"
        "No se pudo procesar tu mensaje en este momento.\n"
        "Sugerencias:\n"
        "1. Inténtalo de nuevo más tarde\n"
        "2. Usa el comando /help para ver la ayuda\n"
        "3. Si el error sigue, avisa al administrador"
    )
    assert failure and "markdown" not in names, names


def test_an_answer_that_explains_then_lists_fixes_keeps_its_list() -> None:
    failure, names = hand(
        "A 429 means the provider counts more requests per minute than your plan allows.\n\n"
        "Fixes:\n"
        "- batch the calls in parse_all()\n"
        "- add a backoff around client.send()\n"
        "- ask for a higher tier"
    )
    assert not failure and "markdown" in names, names


def test_a_checklist_under_an_error_head_keeps_its_list() -> None:
    failure, names = hand(
        "Rate limit error in the nightly job.\n\n"
        "Checked so far:\n"
        "- ✅ the API key works\n"
        "- ✅ the model name is right\n"
        "- ❌ the job sends 40 calls a second"
    )
    assert not failure and "markdown" in names, names


def test_an_api_key_said_required_is_set_up_asked_in_any_language() -> None:
    for text in (
        "Mistral API -avain vaaditaan.",  # Finnish: the key's word joined to API by a hyphen
        "Vyžadován je klíč k Mistral API.",  # Czech: 'required' first
        "Mistral API चाबी आवश्यक है",  # Hindi
        "Mistral API のトークンが必須です",  # Japanese
    ):
        failure, names = hand(text)
        assert failure and "vocabulary:setup" in names, (text, names)


def test_an_api_and_required_on_two_lines_are_not_said_together() -> None:
    names = hand(
        "Retry the sync API calls on timeout\n\n* Apply required lint fixes to parse.py",
        "What did the last commit change?",
    )[1]
    assert "vocabulary:setup" not in names, names


def test_a_czech_or_croatian_je_is_is_not_a_first_person() -> None:
    for text in ("Je to chyba serveru, zkuste to znovu.", "Ključ nije valjan, je li postavljen?"):
        assert "first_person" not in hand(text)[1], text
    assert "first_person" in hand("Je l'ai corrigé dans parse.py : le test passe.")[1]


def test_a_line_that_says_nothing_was_made_is_a_placeholder() -> None:
    for text in (
        "No release notes generated",
        "No summary returned from the model",
        "Aucune traduction reçue.",
        "Keine Zusammenfassung erhalten",
        "No generated title in response",
    ):
        failure, names = hand(text)
        assert failure and "placeholder" in names, (text, names)


def test_a_fault_or_a_change_found_absent_is_a_result_not_a_placeholder() -> None:
    for text in ("No errors returned", "No merge conflicts produced.", "No changes generated"):
        assert "placeholder" not in hand(text, "Did the migration run cleanly?")[1], text


def test_a_compound_whose_head_is_the_error_noun_is_a_failure_word() -> None:
    for text, word in (
        ("Ukendt synkroniseringsfejl", "synkroniseringsfejl"),  # Danish
        ("Ukjent opplastingsfeil. Prøv igjen.", "opplastingsfeil"),  # Norwegian
        ("Det uppstod ett inloggningsfel.", "inloggningsfel"),  # Swedish
        ("Onbekende synchronisatiefout", "synchronisatiefout"),  # Dutch
    ):
        r = read_text(text, asked(), config=HAND)
        hits = [s.evidence for s in r.signals if s.name == "vocabulary:failure"]
        assert r.failure and hits == [word], (text, hits)


def test_a_word_that_only_ends_like_an_error_noun_is_none() -> None:
    names = hand("Ich habe keinen Zweifel: der Apfel liegt auf der Tafel.")[1]
    assert "vocabulary:failure" not in names, names


def test_a_quota_compound_or_a_quota_exceeded_in_thin_languages_is_a_quota_word() -> None:
    for text in (
        "Overskredet dagskvote for billeder",  # Danish: the quota inside a compound
        "Kvóta na překlady překročena",  # Czech
        "Hạn ngạch dịch hôm nay đã hết.",  # Vietnamese
    ):
        failure, names = hand(text)
        assert failure and "vocabulary:quota" in names, (text, names)


def test_a_promise_to_reply_once_checked_is_a_stand_in_for_the_answer() -> None:
    for text in ("我查一下哦，马上回你~", "稍等，這個我再確認好馬上告訴你"):
        failure, names = hand(text)
        assert failure and "hands_back" in names, (text, names)


def test_an_answer_about_the_task_that_promises_more_stays_an_answer() -> None:
    failure, names = hand(
        "tests/test_parse.py 里的断言写反了，我已经改好并跑通了；其余两个用例确认好马上告诉你。"
    )
    assert not failure and "hands_back" not in names, names
