"""Round 19 (engineer 97): the failure side of voice assistants, RAG platforms and clients that
append an error. A bot cut off from its servers, the internet or its home hub says so in its own
voice ("It seems I'm not connected to the Internet", "No puedo comunicarme con el servidor",
`cut_off`); a client writes its error where the stream broke off (`[...](backen` then
"[Response interrupted by API Error]") or after line breaks escaped as text (`\\n\\n**Error:
...**`, `broken_off`); "took too long to respond", "payload too large" and "OutOfMemory" in the
vocabulary. A person who reports the same trouble, a link that is back, a writer who finishes the
answer before quoting an error: answers, left alone. Made-up replies, both sides."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_bot_cut_off_from_its_servers_is_a_failure() -> None:
    for text in (
        "It looks like I'm not connected to the internet right now.",
        "I'm having trouble communicating with the cloud servers. Give me a few minutes.",
        "No puedo comunicarme con el servidor. Por favor, revisa los registros de la skill.",
        "Não consigo me conectar ao servidor. Verifique a sua rede, por favor.",
        "On dirait que je ne suis pas connecté à Internet.",
        "Ich kann keine Verbindung zum Server herstellen. Bitte prüfe das Netzwerk.",
        "Sembra che non sia connesso a Internet.",
    ):
        failure, names = hand(text)
        assert failure and "cut_off" in names, (names, text)


def test_a_person_whose_link_is_back_or_a_reply_to_a_question_about_it_is_left_alone() -> None:
    for text, question in (
        ("I couldn't connect to the server this morning, but it's fixed now.", None),
        ("I can't reach the server either, same here since the update.", None),
        (
            "No, I'm not connected to the internet when it happens.",
            "Are you connected to the internet when the assistant says it is offline?",
        ),
    ):
        failure, names = hand(text, question) if question else hand(text)
        assert not failure and "cut_off" not in names, (names, text)


def test_an_error_where_the_answer_broke_off_is_a_failure() -> None:
    for text in (
        "Here is what I found:\n\n## Summary\n\n- The parser lives in "
        "[`parse.py:12`](src/par\n\n[Response interrupted by API Error]",
        'Voici le fichier mis à jour :\n\n```html\n<div class="card">\n  <span>✅</span\n\n'
        "> litellm.APIConnectionError: peer closed connection without sending complete "
        "message body\n> Retrying in 0.5 seconds...",
        "I read the config and the failing test. Next I will update the fixture and rerun "
        "the suite to confirm.\n\\n\\n**Error: Request timed out after 60 seconds**",
    ):
        failure, names = hand(text)
        assert failure and "broken_off" in names, (names, text)


def test_an_answer_finished_before_an_error_is_quoted_is_left_alone() -> None:
    for text in (
        # the line before the error is finished: a writer quoting what the client printed
        "The fix is in `parse.py` (the tokenizer).\n\nError: connection reset by peer",
        # an open bracket inside a finished list of the answer, no error after it
        "Steps:\n\n- open the settings (gear icon\n\n- restart the app",
        # the last paragraph defines the error
        "I updated the retry loop in `client.py` (see [the diff](link\n\n"
        "Error 503 indicates that the server is overloaded.",
    ):
        _, names = hand(text)
        assert "broken_off" not in names, (names, text)


def test_took_too_long_and_too_large_are_failure_words() -> None:
    for text in (
        "Home Assistant ha tardado demasiado en responder. Inténtalo de nuevo.",
        "The request payload is too large for the AI provider. Try a smaller file.",
        "**GPU OutOfMemory, Please Refresh.**",
    ):
        failure, _ = hand(text)
        assert failure, text


def test_an_explanation_of_a_payload_too_large_is_left_alone() -> None:
    text = (
        "A 413 Payload Too Large response means the server refuses the body because it "
        "exceeds its limit. To fix it, raise `client_max_body_size` in nginx.conf, or "
        "split the upload into smaller parts, because the default limit is only 1 MB."
    )
    failure, _ = hand(text)
    assert not failure
