# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 25 (engineer 135): answers whose shape is an answer's. Made-up replies, both sides.

- A reply that is a program (`program_signals.source_code`): statements in a language's grammar
  (definitions, assignments, calls, blocks indented under their heads), most of its lines code,
  or one literal assigned in code (a table of error messages). Its strings and names say every
  failure word; it is still code a developer wrote. Not a trace (a runtime's frames quote code),
  not an error object, not a notice with a numbered list, not code with a failure appended.
- A fix report's outcome, in the languages it is written in: the failure gone after a change
  ("it went away", "就正常了", "больше не появляется", "der Fehler ist weg").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CODE = (
    # Python: a retry loop that raises a service-unavailable error
    "import time\n\ndef call_with_retry(client, **kw):\n    for attempt in range(5):\n"
    "        try:\n            return client.send(**kw)\n        except RateLimitError:\n"
    "            time.sleep(2 ** attempt)\n"
    '    raise RuntimeError("Service unavailable after 5 retries")',
    # Python: a status check that raises notices' words
    "def fetch(url):\n    r = http.get(url)\n    if r.status_code == 429:\n"
    '        raise QuotaError("Rate limit exceeded. Please try again later.")\n'
    "    if r.status_code >= 500:\n"
    '        raise Unavailable("The server is temporarily unavailable")\n    return r.json()',
    # Go: a handler that answers 429
    "func serve(w http.ResponseWriter, r *http.Request) {\n\tif !limiter.Allow() {\n"
    '\t\thttp.Error(w, "rate limit exceeded", http.StatusTooManyRequests)\n\t\treturn\n\t}\n'
    '\tfmt.Fprintln(w, "ok")\n}',
    # Rust: a match that maps statuses to errors
    "match client.send(req).await {\n    Ok(resp) if resp.status() == 429 => Err(ApiError::Limited),\n"
    "    Ok(resp) => Ok(resp.json().await?),\n"
    "    Err(e) => Err(ApiError::Unavailable(e.to_string())),\n}",
    # Ruby: rescue and retry
    "begin\n  response = client.chat(parameters: params)\nrescue TooManyRequests => e\n"
    '  sleep 10\n  retry\nrescue ServerError\n  puts "Server error, please try again later"\nend',
    # shell: a loop on curl's status
    'for i in 1 2 3; do\n  code=$(curl -s -o /dev/null -w "%{http_code}" "$URL")\n'
    '  if [ "$code" = "429" ]; then\n    echo "Rate limited, sleeping..."\n    sleep 5\n'
    "  else\n    break\n  fi\ndone",
    # Python: a table of user-facing error messages
    "FRIENDLY = {\n"
    '    "rate_limit": "You are sending messages too fast. Please wait a moment.",\n'
    '    "quota": "You have reached your usage limit for today.",\n'
    '    "server": "Something went wrong. Please try again.",\n}',
    # Java: catch blocks that return a notice
    "try {\n    response = client.execute(request);\n} catch (TooManyRequestsException e) {\n"
    '    log.warn("Rate limited, retrying in {}s", delay);\n    Thread.sleep(delay * 1000);\n'
    "} catch (UnavailableException e) {\n"
    '    return "The service is temporarily unavailable. Please try again later.";\n}',
)

NOT_CODE = (
    # a runtime's trace: it quotes a line of code in each frame
    "Traceback (most recent call last):\n"
    '  File "/srv/app.py", line 12, in <module>\n'
    "    resp = client.create(model=name, messages=msgs)\n"
    '  File "/srv/lib/client.py", line 930, in request\n'
    "    raise self._status_error(err.response) from None\n"
    "RateLimitError: Error code: 429 - {'error': {'message': 'You exceeded your current quota'}}",
    # an error body pretty-printed
    '{\n  "error": {\n    "message": "The server is overloaded. Please try again later.",\n'
    '    "type": "server_error",\n    "code": 503\n  }\n}',
    # a notice with a numbered list of advice and a link
    "We're sorry, but something went wrong.\nPlease try the following:\n1. Refresh the page\n"
    "2. Clear your browser cache\n3. Visit https://help.example.org if the problem continues",
    # a repr of a response object, one keyword per line
    "ChatResult(\nid='9f2c1a',\nchoices=[],\nfinish_reason='content_filter',\n"
    "error='Request blocked by the safety system'\n)",
)


@pytest.mark.parametrize("text", CODE)
def test_a_program_is_read_as_code(text: str) -> None:
    failure, names = hand(text, "Show me how to handle these API errors in code.")
    assert "source_code" in names
    assert not failure


@pytest.mark.parametrize("text", CODE[:4])
def test_a_program_is_read_as_code_without_a_question(text: str) -> None:
    assert "source_code" in hand(text)[1]


@pytest.mark.parametrize("text", NOT_CODE)
def test_a_failure_with_braces_or_lines_is_not_code(text: str) -> None:
    failure, names = hand(text)
    assert "source_code" not in names
    assert failure


def test_code_with_a_failure_appended_is_not_cleared() -> None:
    text = (
        "def add(a, b):\n    total = a + b\n    print(total)\n    return total\n\n"
        "x = add(1, 2)\n\nError: stream interrupted, the upstream service is unavailable."
    )
    assert "source_code" not in hand(text)[1]


def test_prose_that_starts_with_head_words_is_not_code() -> None:
    text = (
        "If you see this error, wait a minute.\nFor most users it clears up by itself.\n"
        "Return to the app and try again later.\nWith luck the service is back soon."
    )
    assert "source_code" not in hand(text)[1]


FIX_REPORTS = (
    "I ran into the same 'Request failed with status code 500'. My payload had a null in "
    "messages[0].content; once I filtered those out it went away.",
    "原因是代理服务器超时设置太短，导致返回“服务暂时不可用”。把超时改成 600 秒后就正常了。",
    "Обновил клиент до версии 1.2, ошибка «Превышен лимит запросов» больше не появляется.",
    "Der Proxy hat „Dienst nicht verfügbar“ geliefert. Nach dem Update war der Fehler weg.",
)


@pytest.mark.parametrize("text", FIX_REPORTS)
def test_a_fix_report_says_the_failure_went_away(text: str) -> None:
    failure, names = hand(text)
    assert "witness" in names
    assert not failure or text.startswith("Der")  # (German quotes are not read as quotes yet)


@pytest.mark.parametrize(
    "text",
    [
        "The service is unavailable. Please try again when it works again.",
        "服务暂时不可用，请稍后再试。",
    ],
)
def test_a_notice_stays_a_failure(text: str) -> None:
    assert hand(text)[0]


def test_a_trace_quoted_in_its_own_fence_leaves_the_code_read() -> None:
    text = (
        "You get this because the client gives up on the first 429:\n\n```\n"
        "Traceback (most recent call last):\n"
        '  File "/srv/bot.py", line 8, in <module>\n'
        "RateLimitError: Rate limit exceeded\n```\n\n"
        "Wrap the call and back off between tries:\n\n```python\n"
        "import time\n\ndef ask(client, prompt):\n    for attempt in range(4):\n"
        "        try:\n            return client.send(prompt)\n"
        "        except RateLimitError:\n            time.sleep(2 ** attempt)\n"
        '    raise RuntimeError("still rate limited")\n```'
    )
    failure, names = hand(text)
    assert "source_code" in names
    assert not failure
