"""Round 21 (engineer 108): broken outputs and transcription apps, read by `degenerate`.

Text whose bytes were read as characters (byte-level BPE's `Ġ` and `Ċ` where the spaces are,
a CJK text's UTF-8 bytes read as Latin-1, U+FFFD again and again), a completion object whose
message has no content (or only reasoning), one sentence looping line after line, and a speech
model's filler in place of a transcript (`[BLANK_AUDIO]`, a subtitle team's credit, a video's
outro to a transcription request); a transcription app's "no speech detected". Made-up texts,
both sides: people who quote such lines, a real transcript, a completion with its content."""

# ruff: noqa: RUF001
from __future__ import annotations

import pytest

from tests.reliability.judging import hand

TRANSCRIBE = "Transcribe this audio file."

BROKEN = (
    # byte-level BPE pieces and bytes read as Latin-1
    ("TheĠcapitalĠofĠPeruĠisĠLima.ĊĊItĠliesĠonĠtheĠcoast.", "Capital of Peru?"),
    ("ä½łå¥½ï¼Įæĺ¯", "你好吗？"),
    ("ä¸­æ–‡ä¸\u008d", "会说中文吗？"),
    ("The an\ufffdwer is \ufffd\ufffd rea\ufffd\ufffdy here", "What is 2 + 2?"),
    # a completion object with no content
    (
        '{"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"index": 0, '
        '"message": {"role": "assistant", "content": ""}, "finish_reason": "stop"}]}',
        "Summarise the report.",
    ),
    (
        "{'id': 'x1', 'object': 'chat.completion', 'choices': [{'message': {'role': "
        "'assistant', 'content': None, 'reasoning_content': 'The user wants a poem. Let me "
        "think about rhymes.'}}]}",
        "Write a poem.",
    ),
    # only the reasoning, no answer after it
    (
        "<think>\nThe user wants the capital of Peru. That is Lima. Answer briefly.\n</think>",
        "Capital of Peru?",
    ),
    ("<think>\nThe user wants a haiku about rain. Let me count syllables: five, seven", "Haiku?"),
    ("Okay, the user asks for a haiku. Five, seven, five syllables. Done.\n</think>", "Haiku?"),
    # one word over and over; letters of every script in one run
    ("the the the the the the the the the the", "Complete: The cat sat on"),
    (
        "Hello! I am an assistant.\u0113\u06a3\u0644\u062c\u0639\u3043\u05c8\u0665"
        "\u0106e\u2172\u05eac\u0101h\u1e75i\u938bo\u01f8aieq\u0161\u0433\u0438\u0431"
        "\u03b8\u03c3\u0436\u044a\u0e1e\u0627\u0628\u05d0\u3042\u4e2d\u0439\u03a9"
        "\u0639\u3044\u05d1\u0432",
        "Introduce yourself.",
    ),
    # two letters looping, glued; a blank left unfilled
    ("Sure, the answer isAtAtAtAtAtAtAtAtAtAtAtAtAtAtAtAtAtAtAtAt...", "Where is it?"),
    ("________", "Summarise the report."),
    # one sentence looping
    ("Sure, here is the revised summary of the meeting.\n" * 6, "Summarise the meeting."),
    # a speech model's filler
    ("[BLANK_AUDIO]", TRANSCRIBE),
    ("[00:00.000 --> 00:04.000]  [Music]\n[00:04.000 --> 00:08.000]  [Music]", TRANSCRIBE),
    ("Sottotitoli creati dalla comunità Amara.org", ""),
    ("Untertitel im Auftrag des ZDF, 2021", ""),
    ("字幕由Amara.org社区提供", ""),
    ("Thanks for watching!", TRANSCRIBE),
    ("Продолжение следует...", ""),
    ("Done! Saved to outputs.\n\n" + "© transcript Jane Doe\n" * 8, ""),
    # a transcription app's notice
    ("No speech detected", ""),
    ("文字起こし結果が空です", ""),
)


@pytest.mark.parametrize(("text", "question"), BROKEN)
def test_broken_output_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, names


LOOKALIKES = (
    # people who quote the pieces, among spaced words
    (
        "The tokenizer output shows `ĠHello` because Ġ marks a leading space in GPT-2's "
        "byte-level BPE; decode the ids instead of joining the tokens.",
        "Why do my tokens start with Ġ?",
    ),
    (
        "Your terminal reads UTF-8 as Latin-1: 中文 shows as ä¸­æ–‡. Set LANG=en_US.UTF-8.",
        "Why is Chinese garbled?",
    ),
    ("Café crème, s'il vous plaît. Déjà vu à Genève.", "Say something in French."),
    # a completion with its content
    (
        '{"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"message": '
        '{"role": "assistant", "content": "Lima."}, "finish_reason": "stop"}]}',
        "Capital of Peru?",
    ),
    # a repetition asked for, a poem's refrain among other lines
    ("I will not talk in class.\n" * 5, "Write 'I will not talk in class.' five times."),
    (
        "Row, row, row your boat,\nGently down the stream.\nMerrily, merrily, merrily,\n"
        "Life is but a dream.",
        "Sing me a song.",
    ),
    # reasoning shown in code, then an answer after the block
    ("Qwen3 wraps its thoughts in `<think>` and `</think>`; strip them.", "How do I hide it?"),
    ("<think>\nPeru's capital is Lima.\n</think>\n\nThe capital of Peru is Lima.", "Capital?"),
    # a laugh glued, a blank in a sentence
    ("Good one! hahahahahahahahahahahahahahahahahahahahahahaha", "Tell me a joke."),
    ("The capital of Peru is ____ (fill in: Lima).", "Make a quiz question."),
    # a chant asked for, a language list
    ("no no no no no no no no no", "Say no nine times."),
    (
        "English/Fran\u00e7ais/Deutsch/\u65e5\u672c\u8a9e/\u0420\u0443\u0441\u0441"
        "\u043a\u0438\u0439/\u0627\u0644\u0639\u0631\u0628\u064a\u0629",
        "Which languages?",
    ),
    # a real transcript with a music cue; quoted hallucinations; an outro in a chat
    (
        "[Music]\nWelcome back to the channel. Today we cook rice.\n[Music]\n"
        "First, rinse the rice twice.\n[Music]",
        TRANSCRIBE,
    ),
    (
        "Whisper hallucinates lines such as:\n- Sottotitoli creati dalla comunità Amara.org\n"
        "- Untertitel im Auftrag des ZDF\nUse the VAD filter to avoid them.",
        "Why does my transcript say Amara.org?",
    ),
    ("Thanks for watching!", "How should I end my YouTube video?"),
    ("You can fix it by enabling the VAD filter; no speech detected means silence.", ""),
)


@pytest.mark.parametrize(("text", "question"), LOOKALIKES)
def test_a_lookalike_answer_is_not(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
