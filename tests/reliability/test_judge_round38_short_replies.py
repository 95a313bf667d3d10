"""Round 38: short real replies the hand signals took for failures, and the failures beside
them that must stay ones. A person in a thread who only asks which error the asker got ("What
error", `asker_evidence`) or checks a guess with the reader ("...额度到了吧?", `wonders`); a
voice skill's reply whose slot is a name it fills in ("Playing streaming station {{station}}":
`template_slot` at half weight, a sign, no verdict)."""

# ruff: noqa: RUF001  (texts in their own scripts)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ("What error", "asker_evidence"),
        ("What kind of error do you get?", "asker_evidence"),
        ("这种出现6d的是一周的额度到了吧？", "wonders"),
    ],
)
def test_a_persons_short_reply_in_a_thread_is_an_answer(text: str, sign: str) -> None:
    failure, names = hand(text)
    assert not failure and sign in names, names


@pytest.mark.parametrize(
    "text",
    [
        "External provider error.",
        "Something went wrong. Try again?",
        "切，执行 {0} 的时候出错了：{1}。大叔，你该不会觉得这是本小姐的错吧？",
        "Не люблю менять тему разговора, но вот сейчас тот самый случай.",
    ],
)
def test_a_notice_that_asks_or_talks_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


@pytest.mark.parametrize(
    "text",
    [
        "Playing streaming station {{station}}",
        "you're listening to {{playing}}",
        "There is one enrolled user: {name}.",
        "Has iniciado sesión con el usuario {username}",
        "${member.name}さんは\u3000${member.birthday} です。",
        "tengo la I.P. {{ip}}",
    ],
)
def test_a_skills_reply_with_a_name_to_fill_in_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "template_slot" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "You just triggered ${intentName}",
        "Non dei atopado unha resposta de {name}",
        "Pardon ${userName} kardeşim, bir aksaklık oldu. Birazdan tekrar yazar mısın?",
        "Eroor : {e.message}",
    ],
)
def test_a_fallback_template_with_a_name_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "template_slot" in names, names


# A documentation page's table of status codes, each cell padded with blanks to its bar
# (CherryHQ's error-code page), and a model's reply that runs on in bars to its limit.
_PADDED_ROW = "| **{code}** | {meaning}" + " " * 60 + "| {advice}" + " " * 300 + "|"


def test_a_table_whose_cells_are_padded_with_blanks_is_no_run_of_signs() -> None:
    text = "\n".join(
        _PADDED_ROW.format(code=code, meaning=meaning, advice=advice)
        for code, meaning, advice in (
            ("429", "請求速率達到上限", "請求速率（TPM 或 RPM）達到上限，冷靜一會再用"),
            ("500", "伺服器內部錯誤，無法完成請求", "持續出現的話聯繫上游服務商"),
            ("503", "伺服器暫時的無法處理客戶端的請求", ""),
        )
    )
    failure, names = hand(text)
    assert not failure and "degenerate" not in names, names


def test_bars_run_on_to_the_limit_stay_a_failure() -> None:
    failure, names = hand("The answer is:\n" + "| " * 150)
    assert failure and "degenerate" in names, names
