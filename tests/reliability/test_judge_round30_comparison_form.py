# ruff: noqa: RUF001  (texts in their own scripts)
"""Round 30 (engineer 157): one comparison form that keeps what Vietnamese marks tell apart,
and content words in every script.

- `folding.fold` reads a Vietnamese exchange (`Reply.marked`) by case and width alone:
  "động" (move) is no "đồng" (together), "ngày" (day) no "ngay" (at once). Folded to ASCII,
  a bot's stock notice shared such a word with a Vietnamese request by accident and was read
  as a reply to it.
- `words.content_words` reads every script's words, marks and all (Cyrillic, Devanagari,
  Sinhala...), and every language's function words listed in `function_words` are stop
  words ("если", "пожалуйста", "không"): a Russian notice shares no subject with a Russian
  request by its "if" and "please", and a Russian answer shares its request's own words.

Real texts: requests and replies from the corpus (tune part), their sources in comments; a
notice paired with a request is a bot's notice arriving in place of the answer to it.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.messages import Message, Request
from tether.reliability.folding import fold
from tether.reliability.judge import DEFAULT_CONFIG
from tether.reliability.reply import STOP, Reply
from tether.reliability.words import content_words, overlap_words


def _reply(text: str, question: str) -> Reply:
    request = Request(messages=(Message.text("user", question),))
    return Reply(text, request, None, DEFAULT_CONFIG.lexicon)


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Lỗi mạng", "lỗi mạng"),  # "error" and "network", not "loi" and "mang"
        ("ĐỒNG LOẠT", "đồng loạt"),
        ("Tự động", "tự động"),
        ("Eroare de rețea. Încercați din nou.", "eroare de retea. incercati din nou."),  # Romanian
        ("Međutim, greška", "medutim, greska"),  # Croatian đ alone is no Vietnamese
    ],
)
def test_fold_keeps_vietnamese_marks_and_folds_other_latin(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_a_part_of_a_vietnamese_exchange_is_folded_as_the_exchange() -> None:
    # "vui lòng" holds no letter only Vietnamese writes: alone it folds to "vui long"; in a
    # Vietnamese reply it keeps its marks, as the rest of the reply does
    assert fold("vui lòng") == "vui long"
    r = _reply("Xin lỗi, vui lòng thử lại sau.", "Tại sao gọi API LLM thất bại?")
    assert r.marked and r.compared("Vui lòng") == "vui lòng"


VIETNAMESE_NOTICES = [
    # vnexpress.net: "Facebook, Instagram, WhatsApp down at once?"; Messiac24/tro-ly-than-nong:
    # "sorry, the system's automatic advice is under maintenance" ("đồng" is no "động")
    (
        "Rất tiếc, hệ thống đang bảo trì phần tư vấn tự động.",
        "Facebook, Instagram, WhatsApp đồng loạt gặp sự cố?",
    ),
    # AlchemyInsights vi-VN: "why do I get error 5.1.90, the daily limit?"; hoanganh8389/
    # zalo-brain: "sorry, I cannot answer at once, please wait for a support agent" ("ngày"
    # is no "ngay")
    (
        "Xin lỗi, hiện mình chưa thể trả lời ngay. Bạn vui lòng đợi nhân viên hỗ trợ nhé.",
        "Tại sao tôi nhận được lỗi 5.1.90 giới hạn hàng ngày?",
    ),
    # quantrimang.com: "is ChatGPT working again?"; syanh12092024-maker/chatbot-AI-Talpha:
    # "I need help from a colleague, please wait a moment"
    (
        "Em cần hỗ trợ thêm từ đồng nghiệp, anh/chị chờ em chút nhé ạ.",
        "ChatGPT đã hoạt động lại chưa?",
    ),
    # monokaijs/chatgpt-bot-nodejs#1: "can you split the tokens and merge the results ...?";
    # phongnguyen121197/jarvis-lark-bot: "cannot add the note, please try again"
    (
        "❌ Không thể thêm ghi chú. Vui lòng thử lại.",
        '" This model’s maximum context length is 4097 tokens,...."\n\nBạn có thể xử lý cắt'
        " nhỏ token và hợp nhất kết quả khi trả về không?",
    ),
]


@pytest.mark.parametrize(("notice", "question"), VIETNAMESE_NOTICES)
def test_a_vietnamese_notice_shares_no_word_with_a_vietnamese_request(
    notice: str, question: str
) -> None:
    failure, names = hand(notice, question)
    assert failure, names


def test_a_russian_notice_shares_no_subject_by_its_function_words() -> None:
    # maxcom/lorsource: a user asks why reactions say "try later" and what the limit is;
    # nkonshin/NanoBananaBot: "an error occurred, please try later; if it recurs, write to
    # support" (its "если" and "пожалуйста" are the request's too, no subject of it)
    question = (
        'Реакция Попробуйте позже\n\nЖму на `Реакция "два чая этому господину!"` - появляется'
        " страница с сообщением `Попробуйте позже`\nЧестно, пробовал позже - same! Пожалуйста,"
        " пишите насколько позже, если стоит конкретный лимит\nИ вопрос - почему позже? Только"
        " зашёл на сайт, ничего не делал, т.е. действиями не флудил.\nА вообще есть какие-либо"
        " ограничения на реакции или действия? Стоит выводить этот лимит в профиле, чтобы ясно"
        " было что и почему"
    )
    notice = (
        "❌ <b>Произошла ошибка</b>\n\nЧто-то пошло не так. Пожалуйста, попробуйте позже.\n\n"
        "Если ошибка повторяется, напишите в поддержку."
    )
    failure, names = hand(notice, question)
    assert failure and "on_topic" not in names, names


@pytest.mark.parametrize(
    "notice",
    [
        # Deden199/aiassisten: "your tenant's monthly AI cost limit is reached" (its words
        # are read whole, vowel signs and all: none is the English task's)
        "आपके किरायेदार के लिए मासिक AI लागत सीमा पहुँच गई है.",
        # WordPressBugBounty/plugins-chatbot (Sinhala): "sorry, I did not understand"
        "සමාවන්න, මම තේරුම් ගන්නා ලදි නැහැ.",
    ],
)
def test_a_notice_in_an_abugida_is_off_the_english_task(notice: str) -> None:
    failure, names = hand(notice)
    assert failure and "off_topic" in names, names


@pytest.mark.parametrize(
    ("answer", "question"),
    [
        # D00RF1X3R/GigaChatApiBot: "History of rewrites" -> "You have no rewrites yet."
        ("У вас пока нет рерайтов.", "История рерайтов"),
        # sp-worlds/api-docs#23: "how many requests a second?" -> "1 request a second"
        (
            "1 запрос в секунду",
            "Какой должен быть перерыв, чтобы не отлететь по 429? Или сколько запросов в"
            " секунду/минуту можно?",
        ),
        # mahenzon/aioalice: "the timeout can be raised now" -> "I'll set 2.7 ..."
        (
            "Выставлю 2.7, так как таймаут увеличили до 3 секунд, включая сетевое время",
            "RESPONSE_TIMEOUT = 1.2\n\nТеперь таймаут можно увеличить =)",
        ),
    ],
)
def test_a_russian_answer_shares_its_requests_words(answer: str, question: str) -> None:
    r = _reply(answer, question)
    assert r.of_the_task(r.message)
    failure, names = hand(answer, question)
    assert not failure, names


VIETNAMESE_ANSWERS = [
    # hiepnm93/Pixelle-Video-VI docs/vi/troubleshooting.md
    (
        "### Gọi API LLM thất bại\n\n**Nguyên nhân có thể**:\n- API Key sai\n- Vấn đề mạng\n"
        "- Số dư không đủ\n\n**Cách khắc phục**:\n1. Kiểm tra API Key có chính xác không\n"
        "2. Kiểm tra kết nối mạng\n3. Xem chi tiết thông báo lỗi\n4. Kiểm tra số dư tài khoản",
        "Tại sao gọi API LLM thất bại?",
    ),
    # vnexpress.net
    (
        "Theo Independent, Facebook và các ứng dụng thuộc của mạng xã hội này, gồm Messenger,"
        " Instagram và WhatsApp, đã gặp các vấn đề về truy cập, nhưng tùy khu vực, chỉ có một"
        " số tính năng nhất định bị ảnh hưởng.",
        "Facebook, Instagram, WhatsApp đồng loạt gặp sự cố?",
    ),
    # quantrimang.com
    (
        "[Cập nhật 05:17]: Theo hệ thống OpenAI, ChatGPT không còn ngừng hoạt động nữa và tất"
        " cả các dịch vụ đều hoạt động kể từ 04:45 sáng theo giờ PDT, đồng thời lưu ý rằng"
        " “sự cố này đã được giải quyết”.",
        "ChatGPT đã hoạt động lại chưa?",
    ),
    # baomoi.com
    (
        "Facebook vừa bị sập nhưng không rõ lý do hay bao nhiêu người bị ảnh hưởng. Theo Stuff,"
        " mạng xã hội lớn nhất thế giới đã hồi phục sau khi gặp sự cố gián đoạn dịch vụ trên"
        " toàn thế giới.",
        "Facebook đã sống lại sau sự cố sập mạng toàn cầu chưa?",
    ),
]


@pytest.mark.parametrize(("answer", "question"), VIETNAMESE_ANSWERS)
def test_a_vietnamese_answer_to_its_request_stays_an_answer(answer: str, question: str) -> None:
    failure, names = hand(answer, question)
    assert not failure, names


def test_a_hindi_answer_shares_its_requests_words() -> None:
    # support.google.com/websearch/answer/86640?hl=hi
    question = "Google पर 'असामान्य ट्रैफ़िक' मैसेज क्यों दिखता है?"
    answer = (
        "अगर कोई नेटवर्क (जैसे, वीपीएन नेटवर्क) Google Search को अपने-आप ट्रैफ़िक भेजता है, तो"
        " आपको यह मैसेज दिख सकता है: “हमारे सिस्टम को आपके कंप्यूटर नेटवर्क से असामान्य"
        " ट्रैफ़िक का पता चला है.”"
    )
    failure, names = hand(answer, question)
    assert not failure and "on_topic" in names, names


def test_content_words_read_every_script_whole() -> None:
    assert {"недоступен", "сервис"} <= content_words("сервис временно недоступен")
    assert "नेटवर्क" in content_words("कंप्यूटर नेटवर्क से")  # vowel signs and virama kept
    assert "không" in content_words("không được") and "không" in STOP
    # inflected words are still loosely compared by their stems
    assert overlap_words("осенние листья") & overlap_words("осенних листьев") == {"осенн", "листь"}
