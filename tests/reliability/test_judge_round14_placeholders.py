"""Round 14 (engineer 75): placeholders, host pages and traces: a program's stand-in for a
value where the reply or a count should be, a trace pasted into a markdown report, .NET's
crash message. Concepts on made-up texts, each with an answer that must stay one."""

from __future__ import annotations

from tests.reliability.judging import hand

# A template whose every slot was filled with a no-value literal: nothing else is there.
STAND_IN_RUNS = (
    "None: None",
    "undefinedundefined",
    " null - null ",
    "NaN / NaN",
)


def test_a_reply_of_stand_in_literals_alone_is_a_placeholder() -> None:
    for text in STAND_IN_RUNS:
        failure, names = hand(text)
        assert failure and "placeholder" in names, (names, text)


def test_an_object_printed_as_its_type_at_the_head_is_a_placeholder() -> None:
    # the app appended its sources to an answer that was printed as `[object Object]`
    text = (
        "[object Object]\n\nSources (2)\n1. City council minutes, March...\n"
        "2. Transit budget report 2024..."
    )
    failure, names = hand(text, "What did the council decide about the bus lanes?")
    assert failure and "placeholder" in names, names


def test_nan_in_a_sentences_count_is_a_placeholder() -> None:
    for text in (
        "Great job! You have answered NaN questions correctly this week.",
        "Upload progress: NaN% of your files are synced.",
    ):
        failure, names = hand(text, "How am I doing on the quiz?")
        assert failure and "placeholder" in names, (names, text)


def test_stand_in_values_asked_for_or_explained_stay_answers() -> None:
    for question, text in (
        (
            "What do these two print in Python: print(d.get('a')), print(d.get('b'))?",
            "None: None",
        ),
        (
            "Why does my average show NaN?",
            "You divide by the count before any rows are loaded, so the count is 0 and the"
            " result is NaN; you have NaN values until the fetch resolves.",
        ),
        (
            "What does parseInt('abc') give?",
            "It returns NaN values for every string that does not start with a digit.",
        ),
        (
            "Explain the object string in JavaScript.",
            "Calling String() on a plain object gives `[object Object]`, its type tag.",
        ),
    ):
        failure, names = hand(text, question)
        assert not failure, (names, text)


# A trace inside a markdown report: headings, fences and bold labels around it are neither a
# frame nor prose.
MARKDOWN_TRACES = (
    "## Error\n```\nTraceback (most recent call last):\n"
    '  File "/srv/bot/run.py", line 12, in <module>\n    main()\n'
    '  File "/srv/bot/run.py", line 8, in main\n    client.reply(msg)\n'
    "KeyError: 'choices'\n```",
    "## Type\n```\nTimeoutException\n```\n\n## Stack trace\n```\n"
    "   at Acme.Chat.Client.SendAsync()\n   at Acme.Chat.Pages.Index.OnPostAsync()\n"
    "   at Microsoft.AspNetCore.Mvc.RazorPages.PageActionInvoker.InvokeAsync()\n```",
)


def test_a_trace_in_a_markdown_report_is_a_stack_trace() -> None:
    for text in MARKDOWN_TRACES:
        failure, names = hand(text)
        assert failure and "stack_trace" in names, (names, text[:60])


def test_a_markdown_answer_that_quotes_a_trace_stays_an_answer() -> None:
    text = (
        "## Cause\n\nThe reply has no `choices` key when the provider returns an error, so the"
        " lookup fails:\n\n```\nTraceback (most recent call last):\n"
        "  File \"run.py\", line 8, in main\n    client.reply(msg)\nKeyError: 'choices'\n```\n\n"
        "## Fix\n\nCheck for `error` in the response before reading `choices`, and log the"
        " provider's message so you can see why the call failed. I changed `run.py` to do"
        " that and added a test for the error body."
    )
    failure, names = hand(text, "Fix the KeyError in run.py")
    assert not failure, names


def test_dotnet_null_reference_message_alone_is_a_runtime_message() -> None:
    failure, names = hand("Object reference not set to an instance of an object.")
    assert failure and "runtime_message" in names, names
    text = (
        "That message, Object reference not set to an instance of an object, means `user` is"
        " null when you call `user.Name`; check it first."
    )
    failure, names = hand(text, "What does this .NET error mean?")
    assert not failure, names


# A server's error page as a browser renders it, its status as the title line; the frames'
# line numbers under it (`Servlet.java:412`) are no list of status codes.
SERVER_PAGES = (
    "HTTP Status 500 \u2013 Internal Server Error\nType Exception Report\n\n"
    "Message Request processing failed\n\nException\n\n"
    "com.acme.web.DispatchException: Request processing failed\n"
    "\tcom.acme.web.Dispatcher.route(Dispatcher.java:412)\n"
    "\tcom.acme.web.Dispatcher.service(Dispatcher.java:588)",
    "HTTP Error 503. The service is unavailable.",
    "Our systems have detected unusual traffic from your computer network. Please try your"
    " request again later.\n\nIP address: 203.0.113.7\nTime: 2026-01-02T10:00:00Z",
)


def test_a_server_error_page_rendered_as_text_is_page_text() -> None:
    for text in SERVER_PAGES:
        failure, names = hand(text)
        assert failure and "page_text" in names, (names, text[:50])


def test_an_answer_explaining_the_status_page_stays_an_answer() -> None:
    text = (
        "Tomcat shows HTTP Status 500 \u2013 Internal Server Error when a servlet throws. The"
        " log names the cause: the JSP reads `args[1]` but the request has one parameter, so"
        " I added a length check in `index.jsp` and a test that posts one parameter."
    )
    failure, names = hand(text, "Why does my JSP page return a 500 error?")
    assert not failure, names


def test_a_model_naming_itself_a_language_model_to_decline_is_a_filter_text() -> None:
    for text in (
        "I'm a language model, so I can't help with that.",
        "I'm just a language model and can't assist with this request.",
    ):
        failure, names = hand(text)
        assert failure and "vocabulary:filter" in names, (names, text)


def test_a_language_model_caveat_before_the_answer_stays_an_answer() -> None:
    text = (
        "I'm a language model, so I can't run your tests, but the failing assertion in"
        " tests/test_parse.py compares a list to a tuple; change the expected value to a list."
    )
    failure, names = hand(text)
    assert not failure, names


def test_a_bracketed_error_tag_alone_is_a_placeholder() -> None:
    for text in ("[Claude APIエラー]", "\u3010LLM \u9519\u8bef\u3011", "(Fehler)"):
        failure, names = hand(text)
        assert failure and "placeholder" in names, (names, text)


def test_a_bracketed_tag_the_question_names_stays_an_answer() -> None:
    failure, names = hand(
        "[Claude APIエラー]", "Which label does the bot print: [Claude APIエラー]?"
    )
    assert not failure, names
