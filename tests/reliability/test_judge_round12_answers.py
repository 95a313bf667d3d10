"""Round 12's answer-side concepts, from the tune part's false alarms, each beside the reading
that must stay: a definition's copula in Russian and Ukrainian ("— это", "— це"), "indicates"
in Arabic and "occurs when" in Thai; a last line that defines an error is the writer's, not an
appended error; a guide's title that asks what an error is or how to fix it
(`explainer_title`), in many languages.

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

DEFINITIONS = [
    "Код 504 Gateway Timeout — это ответ прокси, который не дождался ответа от сервера за ним."
    " Чаще всего виноват медленный запрос к базе или перегруженный бэкенд, а не сам клиент.",
    "Код 503 — це відповідь сервера, який тимчасово не може обробити запит: його оновлюють або"
    " він перевантажений. Зазвичай достатньо трохи зачекати, поки адміністратори все відновлять.",
    "يظهر الرمز 429 عند زيارة بعض المواقع المزدحمة، وهو يشير إلى أن العميل أرسل طلبات كثيرة"
    " جدا خلال وقت قصير، لذلك يطلب منه الخادم أن يبطئ قليلا قبل أن يرسل طلبات جديدة.",
    "ในบทความนี้เราจะอธิบายรหัส 504 ข้อผิดพลาดนี้เกิดขึ้นเมื่อเซิร์ฟเวอร์ปลายทางไม่ตอบกลับ"
    "ภายในเวลาที่กำหนด ผู้ดูแลระบบควรตรวจสอบการตั้งค่าของพร็อกซีและเวลาในการประมวลผลของแอป",
]


@pytest.mark.parametrize("text", DEFINITIONS)
def test_a_definition_of_an_error_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "defines" in names, names
    assert not reading(text)[0]


NOTICES = [
    "Ошибка 504: сервер не ответил вовремя. Попробуйте позже.",
    "Помилка 503: сервер тимчасово недоступний. Спробуйте пізніше.",
    "خطأ 503: الخدمة غير متوفرة حاليا، يرجى المحاولة لاحقا.",
]


@pytest.mark.parametrize("text", NOTICES)
def test_a_notice_in_those_languages_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "defines" not in names, names
    assert reading(text)[0]


def test_a_last_line_that_defines_an_error_is_not_an_appended_one() -> None:
    text = (
        "في هذا الدليل نشرح رموز الحالة التي قد تراها عند زيارة المواقع المزدحمة، ومعنى كل رمز"
        " منها، والخطوات التي يمكن أن يتخذها صاحب الموقع لتقليل ظهورها في أوقات الذروة.\n\n"
        "خطأ 503 يشير إلى أن الخادم غير متوفر مؤقتا لاستقبال الطلبات"
    )
    failure, names = hand(text)
    assert not failure and "tail_error" not in names, names


def test_an_error_appended_to_an_answer_is_still_read_at_the_tail() -> None:
    text = "Here is the summary of the changes so far:\n\nError: 503 Service Unavailable"
    failure, names = hand(text)
    assert "tail_error" in names or failure, names


TITLES = [
    "What is a 502 Bad Gateway error?\n\nA gateway or a proxy passes your request on to another"
    " server, and that server sent back something it could not use.",
    "什么是 429 Too Many Requests？\n简单来说，客户端在一段时间内发送的请求超过了服务器允许的次数，"
    "服务器于是拒绝继续处理，直到窗口重置。常见的做法是在客户端按照响应头里的等待时间退避，"
    "并把批量任务拆开、错开发送，这样就不会一直撞到上限。",
    "429 hatası nedir?\n\nSunucu, bir istemciden kısa sürede çok fazla istek geldiğinde bu yanıtı"
    " verir; istemci bir süre bekleyip isteklerini yavaşlatmalıdır. Genellikle yanıtın"
    " başlığında ne kadar beklenmesi gerektiği de yazar, bu yüzden önce ona bakmak gerekir.",
    "타임아웃 오류란 무엇인가?\n\n서버가 정해진 시간 안에 응답하지 못하면 브라우저는 연결을 끊고"
    " 이 오류를 보여 줍니다. 대개 서버 쪽 처리가 느릴 때 생깁니다.",
    "HTTP 503 Service Unavailable: come risolvere\n\nQuando il sito è in manutenzione o il"
    " server è sovraccarico, il browser mostra questa pagina al posto di quella richiesta, e"
    " il visitatore non vede altro: conviene capire prima da che parte sta il problema.",
    "Как исправить ошибку 502 Bad Gateway\n\nПрокси получил от сервера за ним ответ, который не"
    " смог разобрать; обычно это значит, что приложение за прокси упало или перезапускается.",
]


@pytest.mark.parametrize("text", TITLES)
def test_a_guide_titled_with_a_question_about_an_error_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "explainer_title" in names, names
    assert not reading(text)[0]


def test_a_quoted_question_that_is_not_about_an_error_lends_no_title() -> None:
    text = "Your question:\nWhat is the status?\n\nResponse:\nNo response"
    failure, names = hand(text)
    assert failure and "explainer_title" not in names, names


def test_a_notice_that_names_a_fix_is_no_guide() -> None:
    text = "Service unavailable (503). How to fix: try again in a few minutes."
    failure, names = hand(text)
    assert failure and "explainer_title" not in names, names


def test_a_code_said_to_be_a_kind_of_status_code_is_defined() -> None:
    text = "502 Bad Gateway 是 HTTP 状态码的一种，网关从上游拿到了它读不懂的响应。"
    assert "defines" in hand(text)[1]


# A heading that names an example, over the block it shows (no colon: a manual's heading).
def test_an_error_object_under_an_example_heading_is_shown_not_sent() -> None:
    text = (
        "Errors\nWhen a call fails, the API answers with a JSON object instead of the result.\n"
        'Example error response\n{\n"error": "rate_limited",\n"message": "Too many requests"\n}'
    )
    failure, names = hand(text)
    assert not failure and "introduced" in names, names


def test_an_error_object_alone_stays_a_failure() -> None:
    failure, names = hand('{"error": {"message": "Rate limit exceeded", "code": 429}}')
    assert failure and "introduced" not in names, names


# Many of a code: a count a notice of one failure never makes.
@pytest.mark.parametrize(
    "text",
    [
        "still broken here, the proxy just keeps giving me 504 errors since this morning",
        "We're seeing a lot of 503s from the proxy after the deploy.",
    ],
)
def test_a_code_counted_in_the_plural_is_spoken_of(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "names_code" in names, names


def test_a_code_said_once_stays_a_failure() -> None:
    failure, names = hand("Error 503: Service Unavailable")
    assert failure and "names_code" not in names, names


# A status in italics, as in bold: a writer's emphasis.
def test_a_status_in_italics_is_a_writers_emphasis() -> None:
    text = "Return a _503 Service Unavailable_ while the node drains, then switch back to 200."
    failure, names = hand(text)
    assert not failure and "bold_status" in names, names


def test_a_status_inside_an_identifier_is_no_emphasis() -> None:
    names = hand("HTTP_503_SERVICE_UNAVAILABLE: upstream connect error")[1]
    assert "bold_status" not in names, names


# A question to the asker about a thing in what they do.
@pytest.mark.parametrize(
    "text",
    ["Does the banner still show up after you clear the cache?", "具体是哪个插件报错？"],
)
def test_a_question_about_what_the_asker_sees_is_a_reply(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "addresses_asker" in names, names


def test_a_set_up_notice_that_asks_about_the_key_stays_a_failure() -> None:
    failure, names = hand("Something went wrong. Did you set your API key?")
    assert failure and "addresses_asker" not in names, names


# "Occurs" in the general present and "can occur" in Turkish, Italian, Russian, Japanese,
# Korean: an explanation of when an error comes, where a notice says it came.
@pytest.mark.parametrize(
    "text",
    [
        "504 hatası, ara sunucu arkasındaki sunucudan zamanında yanıt alamadığında ortaya çıkar.",
        "Il 503 può capitare quando il server è in manutenzione o sovraccarico.",
        "Ошибка 502 может возникать, если сервер за прокси перезапускается.",
    ],
)
def test_an_error_that_occurs_in_the_general_present_is_explained(text: str) -> None:
    assert "explains" in hand(text)[1]


def test_a_turkish_notice_that_an_error_occurred_explains_nothing() -> None:
    failure, names = hand("Bir hata oluştu. Lütfen daha sonra tekrar deneyin.")
    assert failure and "explains" not in names, names


# A Chinese changelog title that names a change made ("修改 ...", "新增 ...", "移除 ...").
def test_a_chinese_change_title_is_a_change_note() -> None:
    failure, names = hand("修改异常日志格式：运行时异常只记录类名，不再打印整段堆栈")
    assert not failure and "change_note" in names, names


@pytest.mark.parametrize("text", ["修改失败，请稍后重试", "删除失败：服务器错误"])
def test_a_chinese_notice_that_a_change_failed_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "change_note" not in names, names


# "Not X but Y" in Indonesian and Vietnamese; "terkadang" (sometimes) is recurrence.
def test_an_indonesian_contrast_of_causes_is_an_answer() -> None:
    text = (
        "Masalah Server: Terkadang, error 503 bukan berasal dari aplikasi Anda, melainkan dari"
        " server penyedia yang sedang dalam pemeliharaan. Tunggu beberapa saat lalu coba lagi."
    )
    failure, names = hand(text)
    assert not failure and {"contrast", "recurrence"} <= names, names


def test_a_vietnamese_contrast_of_causes_is_read() -> None:
    text = "Lỗi 502 không phải do máy của bạn mà là do máy chủ phía sau proxy đang khởi động lại."
    assert "contrast" in hand(text)[1]
