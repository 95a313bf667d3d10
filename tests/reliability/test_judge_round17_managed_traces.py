"""Round 17 (engineer 87): a .NET or Java trace whose exception's name the client did not print
(its message, then frames whose `at` may be in the runtime's language: `в`, `在`, `bei`), or
whose frames a page ran together on one line, is a stack trace; a writer who names a method in
a sentence, or quotes one frame, is left alone. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_frames_without_the_exceptions_name_are_a_trace() -> None:
    for text in (
        "Response status code does not indicate success: 429 (Too Many Requests).\n"
        "   at Chat.Client.LlmClient.SendAsync(HttpRequestMessage request) in "
        "D:\\src\\Chat.Client\\LlmClient.cs:line 88\n"
        "   at Chat.Client.LlmClient.CompleteAsync(String prompt) in "
        "D:\\src\\Chat.Client\\LlmClient.cs:line 41\n"
        "   at Chat.Bot.Program.Main(String[] args)",
        "Zeitüberschreitung bei der Anforderung.\n"
        "   bei Bot.Services.AiService.AskAsync(String frage)\n"
        "   bei Bot.Handlers.MessageHandler.HandleAsync(Message nachricht)",
        "   at Demo.Web.Pages.Chat.OnPost(String text)   at Demo.Web.Ai.Client.Send(String text)"
        "   at System.Net.Http.HttpClient.Send(HttpRequestMessage request)",
    ):
        failure, names = hand(text)
        assert failure and "stack_trace" in names, (names, text)


def test_a_method_named_in_a_sentence_is_left_alone() -> None:
    for text in (
        "The retry now happens in LlmClient.SendAsync(HttpRequestMessage request), so a 429 "
        "waits and tries again; I added a test for it in LlmClientTests.cs.",
        "Only one frame matters here:\n"
        "   at Chat.Client.LlmClient.SendAsync(HttpRequestMessage request)\n"
        "It awaited the response without a timeout, so I passed the CancellationToken through "
        "and the hanging test now finishes in under a second.",
    ):
        _, names = hand(text)
        assert "stack_trace" not in names, (names, text)


def test_a_rust_panic_with_its_threads_id_is_a_trace() -> None:
    text = (
        "thread 'main' (51020) panicked at src/client.rs:77:14:\n"
        "called `Result::unwrap()` on an `Err` value: Timeout"
    )
    _, names = hand(text)
    assert "stack_trace" in names, names


def test_a_traces_own_sentences_are_not_a_writers_prose() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/app/bot/chat.py", line 88, in reply\n'
        "    chunk = parse_chunk(line)\n"
        '  File "/app/bot/stream.py", line 41, in parse_chunk\n'
        "    raise StreamParseError(msg)\n"
        "bot.errors.StreamParseError: Failed to parse the completion chunk. The provider may have "
        "changed its format. Check the provider's changelog. Update the client and try again."
    )
    failure, names = hand(text)
    assert failure and "stack_trace" in names and "prose" not in names, names
    answer = (
        "The parser broke on the new chunk format. I saw this in the log:\n\n```\n"
        "Traceback (most recent call last):\n"
        '  File "/app/bot/stream.py", line 41, in parse_chunk\n'
        "bot.errors.StreamParseError: Failed to parse the completion chunk.\n```\n\n"
        "The provider now sends a `delta` list instead of a string. I changed parse_chunk to "
        "accept both shapes, added a test with each, and both pass now."
    )
    failure, _ = hand(answer)
    assert not failure
