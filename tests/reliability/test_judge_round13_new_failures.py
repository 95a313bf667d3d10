"""Round 13's hand signals on the misses of its new batches (editor and browser features,
messaging bots, gateway and SDK bodies, agent tools), concepts that generalise, each beside the
reading that must stay: Russian "ё" written as itself or as the plain letter is the same word; a host's error
page speaks to the owner of the site it could not serve; an error object's fields printed on one
line once its braces are gone; a JavaScript template's slot with a fallback expression, and a
slot named for the error it was to carry, one that indexes a response or calls `str()`, one
between dollars or Fluent's `{ $x }`, one between escaped backticks; a translator's output is its
reply (nothing of it, a stand-in; not obtained, a failure); a budget that ran out, and a Russian
limit the user exhausted, are a quota reached.

The texts are made up; none is a corpus text. Each is read by the hand-written signals alone
(the learned signal off), so a test fails when the concept is gone whatever the model learned.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

from tests.reliability.judging import HAND, TASK, asked, hand
from tether.reliability.judge import read_text


def test_a_russian_word_spelt_with_yo_is_the_word_spelt_without_it() -> None:
    # the vocabulary spells "не завершен*"; a notice may print the "ё"
    failure, names = hand("Ответ не завершён.")
    assert failure and "vocabulary:failure" in names, names
    failure, names = hand("Генерация не завершена.")
    assert failure, names


def test_a_russian_answer_with_yo_stays_an_answer() -> None:
    failure, _ = hand(
        "Тест падал, потому что парсер ждал запятую после ключа. Я поправил parse_key() в "
        "src/parse.py, теперь всё проходит: pytest tests/test_parse.py зелёный."
    )
    assert not failure


def test_a_hosts_error_page_that_speaks_to_the_sites_owner_is_a_page() -> None:
    failure, names = hand(
        "Site unavailable\n"
        "Something went wrong while serving this page. If you are the site owner, look at "
        "the deploy log in your dashboard for details."
    )
    assert failure and "page_text" in names, names
    failure, names = hand(
        "This app failed to respond. If you're the owner of this website, "
        "see your platform's build logs."
    )
    assert failure and "page_text" in names, names


def test_an_answer_that_tells_an_owner_what_to_do_is_no_page() -> None:
    failure, names = hand(
        "The test failed because parse() dropped the trailing comma. I changed the tokenizer in "
        "src/parse.py to keep it and added a case to tests/test_parse.py; all tests pass now."
    )
    assert not failure and "page_text" not in names, names


def test_an_error_objects_fields_on_one_line_are_an_error_record() -> None:
    failure, names = hand(
        "message: 'model super-7 is not accessible with this key', code: 'model_not_allowed'"
    )
    assert failure and "error_fields" in names, names
    failure, names = hand("status: 403, reason: 'forbidden for this project'")
    assert "error_fields" in names, names


def test_fields_of_a_good_record_on_one_line_are_no_error() -> None:
    failure, names = hand("status: 200, message: 'saved', type: 'draft'")
    assert not failure and "error_fields" not in names, names


def test_a_template_slot_with_a_fallback_expression_is_a_slot() -> None:
    failure, names = hand("请求失败 - ${ERROR_TEXT[code] || `未知状态 (${code})`}")
    assert failure and "template_slot" in names and "quoted" not in names, names
    failure, names = hand("Request failed: ${err.message ?? 'unknown'}")
    assert failure and "template_slot" in names, names


def test_a_slot_named_for_its_error_weighs_more_than_a_plain_slot() -> None:
    def slot_weight(text: str) -> float:
        r = read_text(text, asked(TASK), config=HAND)
        return next(s.weight for s in r.signals if s.name == "template_slot")

    assert slot_weight("Summary ready for {user_name}.") < slot_weight(
        "Summary failed. Details: {summary_error}"
    )


def test_an_answer_about_template_literals_keeps_its_code() -> None:
    failure, _ = hand(
        "Use a fallback in the template: `${labels[code] || 'unknown'}` renders the label, or "
        "the word unknown when the code has none. I changed render() in src/view.ts to do that."
    )
    assert not failure


def test_a_translators_empty_result_in_brackets_is_a_stand_in() -> None:
    failure, names = hand("（翻訳が空です）")
    assert failure and "placeholder" in names, names
    failure, names = hand("[translation: empty]")
    assert failure, names


def test_a_translation_not_obtained_is_a_failure() -> None:
    failure, names = hand("未获取到页面的翻译")
    assert failure and "vocabulary:no_reply" in names, names
    failure, names = hand("Could not get a translation.")
    assert failure and "vocabulary:no_reply" in names, names


def test_a_translation_given_stays_an_answer() -> None:
    failure, _ = hand(
        "翻訳結果：テストは通りました。", question="「Tests passed.」を日本語に訳して"
    )
    assert not failure


def test_a_budget_that_ran_out_is_a_quota_reached() -> None:
    failure, names = hand("O orçamento mensal da equipe acabou. Tente no próximo ciclo.")
    assert failure and "vocabulary:quota" in names, names
    failure, names = hand("Your team's AI budget ran out for today, back tomorrow.")
    assert failure and "vocabulary:quota" in names, names


def test_a_budget_spoken_of_stays_an_answer() -> None:
    failure, _ = hand(
        "I set the test budget to 2 seconds in conftest.py so the slow fixture no longer times "
        "out; the suite passes.",
    )
    assert not failure


def test_a_slot_that_indexes_a_response_or_calls_str_is_a_slot() -> None:
    failure, names = hand("Сбой сервиса: {data['result']['text']}")
    assert failure and "template_slot" in names, names
    failure, names = hand("Η μετάφραση απέτυχε: {str(exc)}")
    assert failure and "template_slot" in names, names


def test_braces_in_a_reply_about_code_stay_an_answer() -> None:
    failure, names = hand(
        "The test read the field as data['result']['text'] while the parser now returns "
        "data['result']['body']; I renamed the key in tests/test_parse.py and it passes."
    )
    assert not failure and "template_slot" not in names, names


def test_slots_between_dollars_and_fluent_placeables_are_slots() -> None:
    failure, names = hand("[Answer unavailable: $DETAILS$]")
    assert failure and "template_slot" in names, names
    failure, names = hand("Сервіс зайнятий. Спробуйте знову після { $time }")
    assert failure and "template_slot" in names, names


def test_a_slot_between_escaped_backticks_is_a_slot_not_inline_code() -> None:
    failure, names = hand("Cek bahwa server aktif dan model \\`${modelName}\\` sudah diunduh.")
    assert failure and "template_slot" in names, names


def test_dollar_amounts_and_shell_variables_are_no_slots() -> None:
    failure, names = hand(
        "The fixture read $HOME instead of tmp_path, so the test cost $5 of API calls; I "
        "switched tests/test_parse.py to tmp_path and it passes."
    )
    assert not failure and "template_slot" not in names, names


def test_a_russian_limit_the_user_exhausted_is_a_quota_reached() -> None:
    failure, names = hand("Вы исчерпали недельный лимит запросов")
    assert failure and "vocabulary:quota" in names, names
