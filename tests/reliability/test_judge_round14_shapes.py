"""Round 14 (engineer 72): the shapes that generalise worst (stack traces, personas,
placeholders, HTML pages): concepts on made-up texts, each with an answer that must stay one."""

from __future__ import annotations

from tests.reliability.judging import hand

# Lua prints its error message, then `stack traceback:`, then one frame a line (`file:line: in
# function 'name'`, `[C]: in ?`), tab-indented; a plugin host passes it on as the reply.
LUA_TRACES = (
    "Error running plugin callback: .../plugins/chat/lua/chat/stream.lua:118: attempt to call"
    " a nil value (field 'on_done')\nstack traceback:\n\t.../plugins/chat/lua/chat/stream.lua:118:"
    " in function 'finish'\n\t.../plugins/chat/lua/chat/stream.lua:64: in function"
    " <.../plugins/chat/lua/chat/stream.lua:60>",
    "lua: main.lua:12: bad argument #1 to 'decode' (string expected, got nil)\nstack traceback:\n"
    "\t[C]: in function 'decode'\n\tmain.lua:12: in main chunk\n\t[C]: in ?",
)


def test_a_lua_stack_traceback_is_a_stack_trace() -> None:
    for text in LUA_TRACES:
        failure, names = hand(text)
        assert failure and "stack_trace" in names, (names, text[:60])


def test_a_lua_traceback_quoted_then_explained_stays_an_answer() -> None:
    text = (
        "Your config calls `on_done` before it is defined, so Lua stops with this:\n\n"
        "```\nstack traceback:\n\tinit.lua:40: in function 'setup'\n\tinit.lua:3: in main chunk\n"
        "```\n\nMove the `local function on_done()` block above `setup()` in init.lua and the"
        " error goes away, because a local function only exists after its definition runs."
    )
    failure, names = hand(text, "Why does my neovim config crash on start?")
    assert not failure, names


# A chat bot's or a gateway's notice in its own locale, after a task asked in English: not one
# of its words can be the task's, and its script says so (made-up notices).
LOCALE_NOTICES = (
    "\u041d\u0435 получилось получить ответ от модели. Попробуйте ещё раз чуть позже.",
    "ขออภัย ระบบตอบกลับไม่ได้ในตอนนี้ กรุณาลองใหม่อีกครั้ง",
    "عذراً، المساعد مشغول جداً الآن. أرسل رسالتك مرة أخرى بعد دقيقة.",
    "Συγγνώμη, παρουσιάστηκε σφάλμα στον διακομιστή. Δοκιμάστε ξανά.",
)


def test_a_short_notice_in_a_script_the_task_does_not_use_is_off_topic() -> None:
    for text in LOCALE_NOTICES:
        failure, names = hand(text)
        assert failure and "off_topic" in names, (names, text)


def test_a_translation_of_a_notice_asked_in_english_is_not_off_topic() -> None:
    # the task names the failure it asks to have translated: the reply in another script is
    # the answer, and its script is no sign of a notice (the Russian one is a false alarm of
    # other signals already, on main too: `asked_about`, `stock_notice`, `coverage`)
    for question, text in (
        (
            "Translate this bot message into Russian: 'Sorry, the server is busy, try again.'",
            "Извините, сервер перегружен, попробуйте ещё раз.",
        ),
        (
            "Give me the Thai version of our app's 'request failed, please retry' string",
            "คำขอล้มเหลว กรุณาลองใหม่อีกครั้ง",
        ),
    ):
        _, names = hand(text, question)
        assert "off_topic" not in names, (names, text)


def test_a_paragraph_in_another_script_is_not_read_off_topic_by_its_script() -> None:
    # a person's report in their own language, longer than a notice's line or two
    text = (
        "\u0421 утра сервис отдавал ошибку 502 на каждый второй запрос, \u0430 к обеду всё заработало."
        " Судя по статусной странице, \u0443 провайдера была авария в одном из дата-центров."
    )
    _, names = hand(text)
    assert "off_topic" not in names, names


# A server's error page printed as its template, unfilled: its title or heading is a slot for
# the status or the error (made-up templates in three template languages).
UNFILLED_ERROR_PAGES = (
    "<html>\n<head><title>{{ status_code }} {{ reason }}</title></head>\n<body>\n"
    "<h1>{{ status_code }}</h1>\n<p>{{ detail }}</p>\n</body>\n</html>",
    "<html><head><title>%(code)s %(title)s</title></head><body><h1>%(code)s</h1>"
    "%(explanation)s</body></html>",
    "<!DOCTYPE html>\n<html><head><title>Oops: ${errorMessage}</title></head>\n"
    "<body><h2>${errorMessage}</h2><a href='/'>Home</a></body></html>",
)


def test_an_error_page_template_with_a_status_slot_in_its_title_is_a_failure() -> None:
    for text in UNFILLED_ERROR_PAGES:
        failure, names = hand(text)
        assert failure and "html_page" in names, (names, text[:60])


def test_an_error_page_template_shown_in_docs_stays_an_answer() -> None:
    text = (
        "A custom error page in Flask is a template that receives the error. Put this in"
        " templates/error.html:\n\n```html\n<!doctype html>\n<html>\n<head><title>{{ code }}"
        " {{ name }}</title></head>\n<body><h1>{{ code }}</h1><p>{{ description }}</p></body>\n"
        "</html>\n```\n\nThen register a handler with @app.errorhandler(HTTPException) that"
        " renders it with the error's code, name and description, and returns the code as the"
        " status."
    )
    for question in ("How do I make a custom error page in Flask?", None):
        failure, names = hand(text, question) if question else hand(text)
        assert not failure and "html_page" not in names, names


def test_a_page_whose_title_slot_is_no_status_stays_a_plain_document() -> None:
    _, names = hand(
        "<html><head><title>{{ page.title }}</title></head><body>{{ content }}</body></html>"
    )
    assert "html_page" not in names, names
