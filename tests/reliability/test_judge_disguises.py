"""Disguised failures the judge reads by their concept, on made-up texts: a bot's
in-character line about its own mind (`self_state`), a message template sent with its slots
unfilled (`template_slot`), a runtime's crash message or a cut traceback (`runtime_message`,
`stack_trace`), an HTML shell with no text and an error page's rendered text (`empty_page`,
`page_text`), a stream's frames printed undecoded (`stream_framing`), a program's stand-in for no value after a label, a limit said reached in
several languages; and the answers that look like them and must stay answers.
"""

# ruff: noqa: RUF001  (texts in Chinese and Arabic use their own punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, reading


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        # the speaker's own mind out of order, nothing of the task (en / fr / zh / ru / ar)
        ("My brain just went on strike... 🧠", "self_state"),
        ("Euh... j'ai oublié ce que j'allais dire 🙃", "self_state"),
        ("哎，脑子转不动了", "self_state"),
        ("Кажется, мой мозг перегрелся...", "self_state"),
        ("دماغي متوقف الآن 😴", "self_state"),
        # a template whose slots nobody filled
        ("Sorry, the assistant hit a snag: {err}", "template_slot"),
        ("[${status}] ${detail}", "template_slot"),
        ("模型 %s 暂时不可用", "template_slot"),
        ("Hola {{username}}, algo salió mal.", "template_slot"),
        # a runtime's crash message, a client's crash printed where the reply goes
        ("Cannot read properties of null (reading 'content')", "runtime_message"),
        ("'NoneType' object is not subscriptable", "runtime_message"),
        ("attempt to call: expected function, got nil", "runtime_message"),
        (
            "httpx.exceptions.ReadTimeout: timed out while reading from api.example.net:443",
            "stack_trace",
        ),
        # a traceback cut before the line that names its exception
        (
            "Traceback (most recent call last):\n"
            '  File "/srv/bot/main.py", line 41, in handle\n'
            "    answer = ask_model(prompt)\n"
            '  File "/srv/bot/llm.py", line 97, in ask_model\n'
            "    data = resp.json()\n"
            '  File "/usr/lib/python3.12/json/__init__.py", line 346, in loads',
            "stack_trace",
        ),
        # an HTML shell with next to no text, and an error page's text without its markup
        (
            '<!DOCTYPE html>\n<html><head><title>Verifying</title><script src="/c.js">'
            "</script></head><body><div id='app'></div></body></html>",
            "empty_page",
        ),
        ("<html>", "empty_page"),
        # a stream's frames printed line by line: the AI SDK's parts, SSE data after labels
        ('0:"The"\n0:" answer"\n0:" is"\n0:" 42"\n0:"."', "stream_framing"),
        # (long enough to be cleared unread if nothing marked it)
        (
            "\n".join(f'0:" {word}"' for word in ("Paris is the capital of France " * 8).split()),
            "stream_framing",
        ),
        (
            'message:\ndata: {"type":"token","text":"Hel"}\nmessage:\ndata: {"type":"token"}',
            "stream_framing",
        ),
        # a code's stand-in after a client's label, a JavaScript object printed as its type
        ("Answer: undefined", "placeholder"),
        ("⚠️ Failed — null", "placeholder"),
        ("[object Promise]", "placeholder"),
        # a limit and its being reached, in the words of five languages
        ("Das tägliche Limit wurde erreicht.", "vocabulary:quota"),
        ("Has alcanzado el límite de mensajes de hoy.", "vocabulary:quota"),
        ("Limite mensal atingido.", "vocabulary:quota"),
        ("Limite de messages atteinte pour aujourd'hui.", "vocabulary:quota"),
        ("تم الوصول إلى الحد اليومي.", "vocabulary:quota"),
        # Arabic notices: busy, try again later
        ("الخادم مشغول حاليًا، حاول لاحقًا.", "vocabulary:retry_advice"),
        # a canned notice's parts in the words of es / pt / fr / de: tired or in trouble,
        # come back; did not understand, rephrase
        ("Ando algo cansado hoy, escríbeme luego 😴", "stock_notice"),
        ("Tive problemas técnicos agora, volte daqui a pouco.", "stock_notice"),
        ("Perdona, no te he entendido. ¿Lo puedes reformular?", "stock_notice"),
        ("Je suis fatigué, repose ta question plus tard.", "stock_notice"),
        ("Ich bin gerade müde, schreib mir später nochmal.", "stock_notice"),
        ("O chatbot está fora do ar no momento.", "vocabulary:unavailable"),
        ("Uf, me quedé en blanco... ¿qué decías?", "self_state"),
        (
            "Error 1027 Ray ID: 7d1c22ab90f1e3c4 • 2026-03-01 10:00:00 UTC\n"
            "This website has been temporarily limited\n"
            "What happened?\n"
            "This site is receiving more requests than its plan allows.",
            "page_text",
        ),
    ],
)
def test_a_disguised_failure_is_read_by_its_concept(text: str, signal: str) -> None:
    failure, names = reading(text)
    assert failure, names
    assert signal in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # the speaker speaks of itself, but about the task, or the trouble is over
        (
            "My brain was slow this morning, but the fix is in: parse_line() now strips the "
            "trailing newline before it splits.",
            TASK,
        ),
        ("I forgot what I was going to say about parse.py: it needs a test too.", TASK),
        ("Yes, it works now. My brain was fried yesterday, sorry.", "Is the deploy fixed?"),
        # a slot in code, in backticks or in an f-string, is the code's own
        (
            'Log the error before you retry:\n\n    print(f"request failed: {exc}")\n\n'
            "and keep the retry loop as it is.",
            TASK,
        ),
        ("Use `logger.error('model %s failed', name)` so the message is built lazily.", TASK),
        (
            "The template `Hello {{name}}` is rendered by Jinja; pass `name` in the context.",
            "Why does my Jinja template print the variable name?",
        ),
        ("GET /v1/models/{model} returns one model; a missing one is a 404.", TASK),
        (
            "Use %s for strings and %d for whole numbers; the values follow in order.",
            "How do printf format specifiers work?",
        ),
        ("Deja el campo en blanco si no usas un proxy.", "¿Qué pongo en el campo del proxy?"),
        # an answer that explains the runtime message or the traceback the user pasted
        ("You get undefined is not a function because the polyfill loads after fetch.", TASK),
        ("That means the reply is not valid JSON: the proxy sent its HTML error page.", TASK),
        (
            "`Cannot read properties of undefined (reading 'map')` means `items` is undefined "
            "when the component first renders; default it to an empty array.",
            "Why do I get Cannot read properties of undefined (reading 'map')?",
        ),
        (
            "The traceback you pasted stops inside json.loads: the server answered with an "
            "HTML error page, not JSON. Check resp.status_code before calling resp.json().",
            "Traceback (most recent call last):\n"
            '  File "main.py", line 41, in handle\n'
            "    data = resp.json()\n"
            "What is wrong?",
        ),
        # a record's fields are no stream's frames
        ("id: 7\nmessage: saved", "Show me the record you saved, as key: value lines."),
        # "None" is a word too, and a limit reached can be a policy explained
        ("Errors found: none. The parser passes all 41 tests now.", TASK),
        (
            "When the daily limit is reached, the API answers 429 until midnight UTC; "
            "spread the batch over two days or ask for a higher quota.",
            "What happens when I hit the daily limit?",
        ),
        # a small page of its own, whole and fenced, for a task that did not say "HTML"
        (
            "<!DOCTYPE html>\n<html>\n<head><title>Home</title></head>\n"
            "<body><h1>Welcome</h1></body>\n</html>",
            "Create the index file for my static site.",
        ),
        (
            "Here it is:\n\n```html\n<!DOCTYPE html>\n<html><head><title>Home</title></head>"
            "<body></body></html>\n```",
            "Create the index file for my static site.",
        ),
        # a page the user asked for, and a page explained
        (
            "<!DOCTYPE html>\n<html><head><title>Hello</title></head><body></body></html>",
            "Give me the smallest valid HTML page.",
        ),
        (
            "Cloudflare shows a Ray ID on its error pages; send it to their support with the "
            "time of the request so they can find the log line.",
            "Where do I find the Ray ID of a Cloudflare error?",
        ),
    ],
)
def test_a_lookalike_answer_stays_an_answer(text: str, question: str) -> None:
    failure, names = reading(text, question)
    assert not failure, names
