# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 15's answer-side concepts, from the tune part's false alarms, each beside the reading
that must stay: a write-up about an error in the languages its signals did not read yet (a
cause under its heading, "## السبب"; a heading naming the fix, "# حل مشكلة 401"; a title
asking why, "কেন এই error হচ্ছে?": `names_cause`, `guide_heading`, `explainer_title`); errors
spoken of as a kind ("Common errors", "常見錯誤", "通用错误码": `codes_as_kind`); a list of
errors each with its fix ("錯誤: ... 解決: ...", twice or more: `cause_and_fix`); a maintainer
thanking the reporter in more languages (`addresses_asker`); and a bot's server said to be
back ("服务器已经恢复"), which is not its machinery in trouble (`own_machinery`).

The texts are made up; none is a corpus text. Each is read by the hand signals alone (the
learned signal off) and by the whole judge.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand, reading

WRITEUPS = [
    (
        "# حل مشكلة 403 Forbidden\n\n## المشكلة\nالخطأ: `Request failed with status code 403`"
        " عند رفع الصورة\n\n## السبب\nالمفتاح لا يملك صلاحية الكتابة",
        {"names_cause", "guide_heading"},
    ),
    (
        "## ⚠️ Hata: 429 Too Many Requests\n\n## Nedeni\nDakikada 60 istekten fazlası "
        "gönderildi.\n\n## Çözüm\nİstekleri kuyruğa alın.",
        {"names_cause", "guide_heading"},
    ),
    (
        "## 🔧 Rozwiązanie: błąd 401 Unauthorized\n\n**Przyczyna:** wygasły token.\n"
        "Wygeneruj nowy token w panelu.",
        {"names_cause", "guide_heading"},
    ),
    (
        "### কেন এই timeout error হচ্ছে?\n\n1. **Slow network** - সংযোগ ধীর\n"
        "2. **Server busy** - সার্ভার ব্যস্ত",
        {"explainer_title"},
    ),
]


@pytest.mark.parametrize(("text", "expected"), WRITEUPS)
def test_a_writeup_about_an_error_is_an_answer(text: str, expected: set[str]) -> None:
    failure, names = hand(text)
    assert not failure and expected <= names, names
    assert not reading(text)[0]


KINDS = [
    '**常見錯誤**:\n\n**錯誤: "ECONNREFUSED"**\n```\n解決: 啟動資料庫容器\n```\n\n'
    '**錯誤: "Timeout"**\n```\n解決: 調高逾時設定\n```',
    "## Common errors\n\nError: `401 Unauthorized`\nFix: set OPENAI_API_KEY in .env\n\n"
    "Error: `429 Too Many Requests`\nFix: lower the concurrency in config.yaml",
]


@pytest.mark.parametrize("text", KINDS)
def test_a_list_of_errors_with_their_fixes_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and {"codes_as_kind", "cause_and_fix"} <= names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "错误: 请求超时\n解决方法: 请稍后重试",
        "Error: Too many requests. Please try again later.",
        "Erreur : le service est temporairement indisponible. Veuillez réessayer plus tard.",
    ],
)
def test_a_notice_with_one_error_and_its_advice_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "cause_and_fix" not in names, names
    assert reading(text)[0]


THANKS = [
    "Grazie per la segnalazione! Il limite di richieste è stato alzato a 120 al minuto.",
    "Bildirdiğiniz için teşekkürler, sunucu zaman aşımı sorunu bir sonraki sürümde düzelecek.",
    "با سلام، مشکلی که گزارش نموده‌اید در حال بررسی است. بابت گزارش از شما سپاسگزاریم.",
]


@pytest.mark.parametrize("text", THANKS)
def test_a_maintainer_thanking_the_reporter_addresses_the_asker(text: str) -> None:
    _, names = hand(text)
    assert "addresses_asker" in names, names
    assert not reading(text)[0]


def test_a_bots_server_back_up_is_not_its_machinery_in_trouble() -> None:
    text = "抱歉各位，昨晚服务器宕机了，现在服务器已经恢复，给大家带来不便，敬请谅解！"
    failure, names = hand(text)
    assert "own_machinery" not in names and "fix_landed" in names, names
    assert not failure
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "呜呜，我的服务器又崩溃了，等我修好再来找我吧~",
        "我脑子已经恢复出厂设置了，你刚才说啥来着？",
    ],
)
def test_a_bots_own_machinery_in_trouble_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert reading(text)[0]


DECLARED = [
    "# RateLimitExceededError\n\nThe account sent too many requests. Retry after the period "
    "given in the header.\n\n```ts\nexport class RateLimitExceededError extends ApiError {\n```",
    "## QuotaExceeded\n\nThe monthly quota of the key is used up.\n\n```kotlin\n"
    "public data class QuotaExceeded(val retryAfter: Long)\n```\n\n```kotlin\n"
    "public sealed class QuotaExceeded : ServiceError()\n```",
]


@pytest.mark.parametrize("text", DECLARED)
def test_a_reference_page_declaring_the_error_type_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "doc_markup" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        'Exception in thread "main" com.example.api.RateLimitException: 429 Too Many Requests\n'
        "\tat com.example.api.Client.send(Client.java:88)",
        "Error: class RateLimitError: too many requests, please retry later",
    ],
)
def test_a_trace_naming_a_class_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "doc_markup" not in names, names
    assert reading(text)[0]


ARTICLE_WITH_PAGE = (
    "A 503 Service Unavailable response tells the client that the server cannot handle the "
    "request right now, usually because it is overloaded or down for maintenance. Proxies "
    "such as nginx answer with their own small page when every upstream is busy, and a "
    "Retry-After header may say when to come back. Here is the page nginx sends by default:\n"
    "<html>\n<head><title>503 Service Temporarily Unavailable</title></head>\n<body>\n"
    "<center><h1>503 Service Temporarily Unavailable</h1></center>\n<hr><center>nginx</center>\n"
    "</body>\n</html>"
)


def test_an_article_showing_an_error_page_after_its_prose_is_an_answer() -> None:
    failure, names = hand(ARTICLE_WITH_PAGE)
    assert not failure and "html_page" not in names, names
    assert not reading(ARTICLE_WITH_PAGE)[0]


@pytest.mark.parametrize(
    "text",
    [
        "Request failed with status code 503 and body: <html><head><title>503 Service "
        "Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable"
        "</h1></body></html>",
        "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad "
        "Gateway</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>",
    ],
)
def test_an_error_page_after_a_clients_line_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "html_page" in names, names
    assert reading(text)[0]


ENTRIES = [
    "设备管理模块的错误码,公共错误码请参见公共错误码一节。\n\n2300015 设备未注册\n\n错误信息\n\n"
    "Device not registered.\n\n错误描述\n\n调用接口的设备尚未在控制台注册。\n\n可能原因\n\n"
    "设备证书未导入,或注册时填写的序列号有误。\n\n处理步骤\n\n在控制台的设备列表中完成注册后再调用接口。",
    "E_QUOTA_EXHAUSTED\n\nPossible causes\nThe project used up its daily quota of requests.\n\n"
    "Solution\nWait for the quota to reset at midnight UTC, or raise it in the console.",
]


@pytest.mark.parametrize("text", ENTRIES)
def test_a_reference_entry_with_cause_and_fix_headings_is_an_answer(text: str) -> None:
    failure, names = hand(text)
    assert not failure and "cause_and_fix" in names, names
    assert not reading(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "请求失败\n原因: 当前请求过多\n请稍后重试",
        "Request failed.\nReason: rate limit exceeded.\nPlease retry in 20 seconds.",
    ],
)
def test_a_notice_with_its_reason_stays_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "cause_and_fix" not in names, names
    assert reading(text)[0]
