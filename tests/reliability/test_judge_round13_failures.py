"""Round 13's hand signals on the tune misses (engineer 64), concepts that generalise, each
beside the reading that must stay: the core failure words of a language in their common
spellings and bare forms (Thai "โควต้า" beside "โควตา", quota; Thai "ลองใหม่", try again; Indonesian "respon" beside "respons"; Uzbek "keyinroq urinib
ko'ring", try later; Hebrew "לא החזיר" and Persian "برنگرداند", did not return); a Chinese
bot's mind or part gone astray said as its own state ("开小差了", "我有点混乱", "迷糊了", "失灵了",
"需要多一点时间思考"); the notice words of Belarusian ("нешта пайшло не так", "памылка",
"паспрабуйце яшчэ раз") and Estonian ("vabandame", "tehnilised probleemid", "tekkis viga"), and
a first person's "could not" or "got no answer" in Spanish, Portuguese and Chinese ("no he
podido", "não obtive resposta", "没有产生任何内容"), German's familiar "versuch es noch einmal".

The texts are made up; none is a corpus text. Each is read by the hand-written signals alone
(the learned signal off), so a test fails when the concept is gone whatever the model learned.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand


@pytest.mark.parametrize(
    ("text", "word_class"),
    [
        # Thai: quota spelt with its tone mark, as most apps write it
        ("⚠️ บอทใช้โควต้าหมดแล้วสำหรับเดือนนี้", "vocabulary:quota"),
        # Thai: "try again" without "อีกครั้ง" (once more) or "ภายหลัง" (later)
        ("⚠️ ระบบยุ่งอยู่ ลองใหม่ตอนเย็นนะคะ", "vocabulary:retry_advice"),
        # Indonesian: "respon", the everyday spelling of "respons"
        ("⚠️ Tidak ada respon dari server model.", "vocabulary:no_reply"),
        # Uzbek: "try again later"
        ("⛔ Bot band. Keyinroq urinib ko‘ring.", "vocabulary:retry_advice"),
        # Hebrew: "the service did not return an answer"
        ("⚠️ השירות לא החזיר דבר, אולי נגמר הזמן", "vocabulary:no_reply"),
        # Persian: "the server returned nothing"
        ("سرور چیزی برنگرداند، شاید وقت تمام شد", "vocabulary:no_reply"),
    ],
)
def test_a_languages_core_failure_word_in_its_common_spelling_is_read(
    text: str, word_class: str
) -> None:
    failure, names = hand(text)
    assert failure and word_class in names, names


def test_an_answer_that_mentions_a_quota_in_thai_stays_an_answer() -> None:
    # the word read, and still an answer: it explains the plan's quota and the fix
    failure, names = hand(
        "โควต้าของแพ็กเกจฟรีคือ 100 คำขอต่อวัน เพราะฉะนั้นถ้าต้องการมากกว่านี้ "
        "ให้เปลี่ยน parse_all() ให้ส่งคำขอเป็นชุด แล้วลองใหม่ด้วย pytest tests/test_parse.py",
        "โควต้าของ API ฟรีคือเท่าไร และควรแก้ parse_all() อย่างไร",
    )
    assert not failure, names


@pytest.mark.parametrize(
    "text",
    [
        "哎呀，小助手的脑回路开小差了，晚点再聊～",
        "对不起，我现在有点混乱，等我缓一缓...",
        "小喵迷糊了🐱",
        "我的翻译魔法暂时失灵了……",
        "嗯……我需要多一点时间思考，过会儿再问我吧",
    ],
)
def test_a_chinese_bots_mind_gone_astray_is_its_own_state(text: str) -> None:
    failure, names = hand(text)
    assert failure and "self_state" in names, names


def test_an_answer_that_calls_code_a_bit_messy_in_chinese_stays_an_answer() -> None:
    failure, names = hand(
        "parse_all() 的逻辑有点混乱：我把它拆成 read_rows() 和 check_row() 两步，"
        "tests/test_parse.py 现在全部通过。"
    )
    assert not failure and "self_state" not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Нешта пайшло не так.",
        "Не ўдалося адказаць.",
        "Паспрабуйце яшчэ раз пазней.",
        "Vabandame, tekkisid tehnilised probleemid.",
        "No he podido contestar ahora mismo.",
        "Não obtive resposta do servidor.",
        "（助理沒有產生任何內容）",
        "Das hat gerade nicht geklappt. Versuch es gleich noch einmal.",
    ],
)
def test_notice_words_of_more_languages_are_read(text: str) -> None:
    failure, names = hand(text)
    assert failure and any(n.startswith("vocabulary:") for n in names), names


def test_a_spanish_reply_that_could_not_reproduce_and_says_what_it_did_stays_an_answer() -> None:
    failure, names = hand(
        "No he podido reproducir el fallo con la versión 2.3: ejecuté pytest "
        "tests/test_parse.py tres veces y parse_all() devuelve las 40 filas. "
        "¿Qué versión de Python usas?",
        "parse_all() falla en tests/test_parse.py, ¿lo puedes arreglar?",
    )
    assert not failure, names
