"""A writer speaking ABOUT a failure, not a service speaking AS one: the answer's signs the
judge reads (addresses_asker, contrast, cites_standard, acted, cause_and_fix, codes_as_kind,
past_state, cites_source, third_party, a condition in CJK clause order or before the object it
shows, the writer's own sentence after an error object), and the failure evidence that a
quotation or a list no longer counts (a status named in a list of codes, a page shown in a
fence, the last item of a checklist).

Every text here is made up to show one concept; each is judged as the bench judges a reply:
the whole reply, finished with `stop`, to an ordinary coding task (a question that shares no
word with it). Each concept is also checked against the notices it must not excuse.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import asked, is_failure, signals
from tether.reliability.judge import read_text


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        # the writer speaks to the asker: agrees, thanks them for the report
        ("You're right, the upstream is overloaded.", "addresses_asker"),
        ("Thanks for the report! The rate limit was too low. Try again.", "addresses_asker"),
        # one cause set against another
        (
            "The `Upstream error: Overloaded` comes from the provider, not your proxy. It is "
            "temporary when their servers are under heavy load.",
            "contrast",
        ),
        # a standard cited by its number
        ("429 Too Many Requests (RFC 6585)", "cites_standard"),
        # an operator reports what it did
        ("I bumped the rate limit. Try again.", "acted"),
        # a troubleshooting entry: a labelled cause and a labelled fix
        (
            "429 - Rate limit reached\nCause: You are sending requests too quickly.\n"
            "Solution: Pace your requests.",
            "cause_and_fix",
        ),
        # codes spoken of as a kind
        ("Missing code '429 Too Many Requests' in the error codes list.", "codes_as_kind"),
        # a condition, its mark at the end of the clause (ja): "if the quota is exceeded, ..."
        ("クォータを超えた場合は、翌日まで待ちます。", "conditional"),
        # a condition that introduces the error object it shows
        (
            'If you exceed the rate limit, you get:\n{"error": {"code": 429, "message": '
            '"Too many requests"}}',
            "conditional",
        ),
    ],
)
def test_a_writer_speaking_about_a_failure_is_an_answer(text: str, concept: str) -> None:
    assert concept in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        # a past state: the outage is told, not announced
        ("The server went down for a while, sorry.", "past_state"),
        ("The API was down for a while... no idea what happened!", "past_state"),
        # the writer names its source
        ("Rate limited, according to the provider's dashboard.", "cites_source"),
        ("According to the status page, the upstream API is down.", "cites_source"),
        # a reply to a thread that opens with the asker's handle
        ("@marta the quota error should be gone now.", "addresses_asker"),
    ],
)
def test_explain_shows_the_sign_of_a_writer(text: str, concept: str) -> None:
    """Signs that weigh less than a verdict alone: `--explain` shows them, as answer evidence."""
    reading = read_text(text, asked())
    found = [s for s in reading.signals if s.name == concept]
    assert found and found[0].weight < 0, reading.signals


def test_a_list_of_codes_says_no_status() -> None:
    text = "Status 400: bad request. 401: invalid key. 429: too many requests."
    assert "status_code" not in signals(text)
    assert not is_failure(text)


def test_a_status_deep_in_a_japanese_text_is_not_its_status() -> None:
    """The head a status is read in is as wide in Japanese as in English (a CJK character
    counts as 2.5): "HTTP 429" in the second sentence of a glossary entry is spoken of."""
    text = (
        "レート制限ハンドラーは、クライアントアプリケーションとサーバーアプリケーションの両方で、"
        "APIリクエストのクォータを透過的に管理します。リクエストの閾値への接近や超過を検知し、"
        "HTTP 429 レスポンスを処理し、リトライや遅延処理を行います。"
    )
    assert "status_code" not in signals(text)
    assert is_failure("HTTP 429: リクエストが多すぎます")  # said first, it is the reply's status


def test_an_error_page_shown_in_a_fence_after_the_writers_words_is_quoted() -> None:
    text = (
        "Hi, reporting an error on the /forecast endpoint today\n\n```html\n"
        "<html><head><title>502 Bad Gateway</title></head>\n"
        "<body><h1>502 Bad Gateway</h1><hr>nginx</body></html>\n```"
    )
    assert "html_page" not in signals(text)
    assert not is_failure(text)
    page = "<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>"
    assert is_failure(page)


def test_the_last_item_of_a_checklist_is_no_appended_error() -> None:
    text = (
        "The 429 does NOT mean the server is broken. In short:\n\n"
        "✅ **The server is running**\n✅ **The keys are set correctly**\n"
        "❌ **The free tier quota of the API is exhausted**"
    )
    assert "tail_error" not in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        # a framework's error page speaks to its reader too: not an asker addressed
        (
            "Whitelabel Error Page\n\nThis application has no explicit mapping for /error, so "
            "you are seeing this as a fallback.\nThere was an unexpected error "
            "(type=Internal Server Error, status=500).",
            "addresses_asker",
        ),
        # a request's fate in the past tense is how notices say it
        ("Error: Request was throttled or rate limited. Please try again later.", "past_state"),
        # the model did one thing instead of another: the notice's own complaint
        (
            "Task failed: the model kept replying with text instead of calling a tool.",
            "contrast",
        ),
        # a service that switched the user's plan: not an operator's report
        (
            "You have exceeded your premium request limit. We have switched you to the free model.",
            "acted",
        ),
        # "if the problem persists" (ja): a notice's advice, not a condition explained
        (
            "問題が解決しない場合は、しばらくしてから再試行してください。サービスは一時的に利用できません。",
            "conditional",
        ),
        # steps of a run, then the error appended: the marks differ and carry no markup
        ("✅ Step 1 done\n✅ Step 2 done\n❌ Error: API rate limit exceeded", "tail_error"),
    ],
)
def test_notices_keep_their_verdict(text: str, concept: str) -> None:
    assert is_failure(text)
    names = signals(text)
    if concept == "tail_error":
        assert concept in names
    else:
        assert concept not in names


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        # a thread's reply that greets the asker by handle in their language, fix landed
        (
            "Hola @pablo, gracias por tu mensaje. Tu IP está bloqueada por exceso de "
            "solicitudes; debería funcionar ya.",
            "addresses_asker",
        ),
        # the fix said to have landed: an operator's reply, not a notice
        ("The rate limit was hit earlier, sorry. Should be fixed now.", "acted"),
        # a news report that names its source (vi: "according to Reuters")
        (
            "Theo Reuters, dịch vụ của Facebook bị gián đoạn khoảng hai giờ, người dùng chỉ "
            "nhận được thông báo Service Unavailable.",
            "cites_source",
        ),
        # an error object quoted in a question, then the writer's own sentence (zh): a
        # report that places the failure with the other party, not one error object
        (
            "是这个报错吗 {'error_code': 17, 'error_msg': 'daily request limit reached'} ?"
            "\n\n我也碰到过，是那边接口的问题，换个新应用的 key 就好了",  # noqa: RUF001
            "third_party",
        ),
    ],
)
def test_a_report_about_someone_elses_outage_is_an_answer(text: str, concept: str) -> None:
    assert concept in signals(text)
    assert not is_failure(text)


@pytest.mark.parametrize(
    "text",
    [
        "Those 529 errors come from Anthropic's end: their API is overloaded right now.",
        "429 Too Many Requests on their side, their API was rate limiting everyone.",
    ],
)
def test_another_partys_side_is_a_sign_of_a_writer(text: str) -> None:
    """The failure placed with another party weighs toward an answer, less than a verdict."""
    found = [s for s in read_text(text, asked()).signals if s.name == "third_party"]
    assert found and found[0].weight < 0


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        # a service speaks of its own side
        (
            "The upstream provider is unavailable on our side. Please try again later.",
            "third_party",
        ),
        # a notice's promise is of later, not of a fix landed now
        ("Service unavailable. It should be back soon, please try again later.", "acted"),
        # a few words of advice after an object (zh) leave it one error object
        (
            "{'error_code': 17, 'error_msg': 'daily request limit reached'} 请稍后重试",
            "third_party",
        ),
    ],
)
def test_notices_about_their_own_failure_keep_their_verdict(text: str, concept: str) -> None:
    assert concept not in signals(text)
    assert is_failure(text)
