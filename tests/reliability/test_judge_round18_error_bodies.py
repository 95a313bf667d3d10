"""Round 18 (engineer 94), the failure side: error bodies, traces and status lines put where
the answer should be. A bare object's key (`"error": {`) and an exception's repr argument are
no quotation; a service's log that ends in a Go or Rust panic is a trace; a run's status that
labels the error after it ("Agent failed before reply: ...") is a run that stopped; an error
appended behind escaped breaks or set in bold is a tail error; a footer under a bare rule is
no part of the notice (nor a table); a provider's error number beside its message is an error
object; urllib3's "Max retries exceeded" is a runtime's message. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_bare_error_object_after_a_status_report_is_read_not_quoted() -> None:
    text = (
        "# weekly-digest \u274c\n\n"
        "**Status:** failed\n"
        "**Tokens:** 0\n"
        "**Error:** API error 404: {\n"
        '  "error": {\n'
        '    "code": 404,\n'
        '    "message": "models/gemini-0.9-pro is not found for API version v1beta.",\n'
        '    "status": "NOT_FOUND"\n'
        "  }\n"
        "}"
    )
    failure, names = hand(text)
    assert failure and "quoted" not in names, names


def test_an_error_object_quoted_in_backticks_by_a_writer_stays_quoted() -> None:
    text = (
        'The service wraps every failure the same way, e.g. `"error": {"code": 429, '
        '"message": "Too many requests"}`, so I parse the inner object and retry after the '
        "delay it names."
    )
    _, names = hand(text)
    assert "quoted" in names, names


def test_a_services_log_that_ends_in_a_go_panic_is_a_trace() -> None:
    text = (
        "2024/06/01 10:00:01 INFO [relay] listening on :8080\n"
        "2024/06/01 10:00:07 WARN [relay] upstream slow, retrying\n"
        "panic: runtime error: invalid memory address or nil pointer dereference\n"
        "[signal SIGSEGV: segmentation violation code=0x1 addr=0x20 pc=0x6a1f2c]\n\n"
        "goroutine 18 [running]:\n"
        "main.(*Relay).forward(0xc0001a2000, 0xc0002b4000)\n"
        "/src/relay/forward.go:92 +0x2c\n"
        "created by main.(*Relay).Serve\n"
        "/src/relay/serve.go:41 +0x118"
    )
    failure, names = hand(text)
    assert failure and "stack_trace" in names, names


def test_a_log_line_above_a_rust_panic_is_the_services() -> None:
    text = (
        "[2024-03-02T08:15:00Z INFO  askbot] sending the question, attempt 1\n"
        "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: "
        "reqwest::Error { kind: Request, source: TimedOut }', src/ask.rs:40:22\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
    )
    failure, names = hand(text)
    assert failure and "stack_trace" in names, names


def test_a_writer_explaining_a_go_panic_is_left_alone() -> None:
    text = (
        "The crash was `panic: runtime error: invalid memory address or nil pointer "
        "dereference` in forward.go: the upstream client was nil when the config had no URL. "
        "I added a check in NewRelay that returns an error instead, and a test for it."
    )
    failure, names = hand(text)
    assert not failure and "stack_trace" not in names, names


def test_a_runs_status_that_labels_its_error_is_a_run_that_stopped() -> None:
    for text in (
        "\u26a0\ufe0f Agent failed before reply: All models failed (2): acme/fast-1: Unknown "
        "model: acme/fast-1 (model_not_found) | acme/big-2: Unknown model: acme/big-2 "
        "(model_not_found).\nLogs: botctl logs --follow",
        "Generation aborted: upstream closed the connection after 0 tokens",
    ):
        failure, names = hand(text)
        assert failure and "run_stopped" in names, (names, text)


def test_a_label_that_names_no_stopped_run_is_left_alone() -> None:
    text = (
        "Summary: the agent now retries a failed tool call once before it replies, and the "
        "test in tests/test_agent.py covers both paths."
    )
    _, names = hand(text)
    assert "run_stopped" not in names, names


def test_an_error_appended_behind_escaped_breaks_is_a_tail_error() -> None:
    text = (
        "I will draft the release notes from the merged pull requests. First I'll list "
        "the ones merged this week.\n"
        "\\n\\n**Error: Request timed out after 90 seconds**"
    )
    _, names = hand(text)
    assert "tail_error" in names, names


def test_a_bold_closing_line_of_an_answer_is_no_tail_error() -> None:
    text = (
        "I renamed the option and updated both call sites; the parser test passes again.\n"
        "**All 42 tests pass.**"
    )
    failure, names = hand(text)
    assert not failure and "tail_error" not in names, names


def test_a_footer_under_a_bare_rule_is_no_part_of_the_notice() -> None:
    text = (
        "ReviewBot wasn't able to review any files in this pull request.\n\n"
        "---\n\n"
        "\U0001f4a1 Add a `review.yml` to tune what ReviewBot looks at."
    )
    failure, names = hand(text)
    assert failure, names


def test_a_documents_sections_after_a_bare_rule_are_still_markdown() -> None:
    text = (
        "## Retry policy\n\n"
        "The client retries a 429 three times with backoff.\n\n"
        "---\n\n"
        "## Timeouts\n\n"
        "A request times out after 30 seconds; set `timeout` to change it.\n"
        "A stream that sends nothing for 10 seconds is closed and retried.\n"
        "Both limits apply per attempt, not to the whole call."
    )
    failure, names = hand(text)
    assert not failure and "markdown" in names, names


def test_a_banners_closing_dashes_are_no_table() -> None:
    text = "\n====== ERROR ====\n404 page not found\n-------------\n"
    failure, _ = hand(text)
    assert failure


def test_a_providers_error_number_beside_its_message_is_an_error_object() -> None:
    text = (
        '{\n  "code": 7002,\n  "detail": {"logid": "202501011200AB12"},\n'
        '  "msg": "The service is busy right now. Please try again in a moment."\n}'
    )
    failure, names = hand(text)
    assert failure and "error_object" in names, names


def test_a_success_envelope_asked_for_is_left_alone() -> None:
    for text in (
        '{"code": 0, "msg": "success", "data": {"answer": "42"}}',
        '{"code": 10000, "msg": "ok", "data": null}',
    ):
        failure, names = hand(text, 'Reply with the JSON envelope {"code": ..., "msg": ...}.')
        assert not failure, (names, text)


def test_urllib3s_max_retries_is_a_runtimes_message() -> None:
    text = (
        "HTTPConnectionPool(host='localhost', port=11434): Max retries exceeded with url: "
        "/api/chat (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object "
        "at 0x7f1c2b3d4e50>: Failed to establish a new connection: [Errno 111] Connection "
        "refused because the server is down'))"
    )
    failure, names = hand(text)
    assert failure and "runtime_message" in names, names


def test_a_writer_naming_max_retries_is_left_alone() -> None:
    text = (
        "You get `Max retries exceeded with url` when the Ollama server isn't running; start it "
        "with `ollama serve` and the client connects on the next try."
    )
    failure, names = hand(text)
    assert not failure and "runtime_message" not in names, names


def test_a_flat_json_whose_only_text_is_an_error_is_no_data() -> None:
    text = '{"content": "Bard encountered an error: upstream returned an empty frame"}'
    _, names = hand(text)
    assert "json_data" not in names, names
    data = '{"title": "Retry with backoff", "status": "done"}'
    _, names = hand(data)
    assert "json_data" in names, names


def test_inflected_failure_words_in_croatian_and_slovene() -> None:
    for text in (
        "Došlo je do neočekivane pogreške, pokušajte ponovno kasnije",
        "Pri obdelavi je prišlo do nepričakovane napake",
    ):
        failure, _ = hand(text)
        assert failure, text


def test_sorry_in_south_asian_scripts_with_an_error() -> None:
    for text in (
        "\u0c95\u0ccd\u0cb7\u0cae\u0cbf\u0cb8\u0cbf, \u0ca6\u0ccb\u0cb7 \u0cb8\u0c82\u0cad\u0cb5\u0cbf\u0cb8\u0cbf\u0ca6\u0cc6.",
        "\u0c95\u0ccd\u0cb7\u0cae\u0cbf\u0cb8\u0cbf",
    ):
        _, names = hand(text)
        assert "vocabulary:apology" in names, (names, text)
