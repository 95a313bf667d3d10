# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 34 (engineer 184): model calls recorded in notebooks, HTTP cassettes and summarizer
apps, both sides (real texts of the tune part, and their look-alikes).

- A reply cut inside a clause by the token limit, on a word no English sentence ends on (an
  article, a possessive, a conjunction, "I"): "Hello! How can I" is no answer, whatever its
  prose (`unfinished_signals.ends_mid_clause`). A line that ends on a word that can close it
  ("what I'm looking for", "what it is made of"), an option's letter ("Answer: I"), another
  language's short word, a writer's text with markup, stay answers.
- A loop of a few sentences cut before any is said four times: two sentences in a row said
  again in the same order, step numbers aside (`sentence_loops.sentence_loop`).
- A short reply that declines the task for being an AI ("As an AI language model, I cannot
  write this chapter.", "我是一个人工智能"): the stock cop-out, no refusal naming its matter
  (`ai_excuse_signals.declines_as_ai`). Saying it is an AI to a question about what no model
  knows without a tool (the date, the weather), or quoting the phrase, stays an answer.
- A summarizer's or translator's notice that its input has no text ("No captions found",
  "当前视频没有字幕", "Kein Text zu übersetzen").
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CUT = (
    ("Hello! How can I", "Hello!"),
    ("Hello! I'm just a computer program, so I", "Hello, How are you?"),
    (
        "Main differences between Python and JavaScript are:\n1. Python is an object-oriented "
        "programming language. JavaScript is a",
        "What are the main differences between Python and JavaScript?",
    ),
    (
        "While we can make some educated guesses about how many lightning strikes occur on "
        "Earth each day, the actual number is likely to be complex and variable, and",
        "How many lightning strikes occur on Earth each day?",
    ),
)

NOT_CUT = (
    ("Hello! How can I assist you today?", "Hello!"),
    (
        "yes, I have the same issue as well. It's also noted in the readme that you have to do so",
        "Does the API still return 500?",
    ),
    ("If I change it to return 200 it works, but that's not what I'm looking for", "Why 502?"),
    ("It turns out the crash was only a config problem, nothing the library is made of", "?"),
    ("It is typical of a tundra.\n\nAnswer: I", "Which biome is shown? Options: I, II, III"),
    ("- Đợi đến ngày hôm sau và thử lại", "Lỗi 429 là gì?"),
    (
        "Too many requests. Please comply with the User-Agent policy: "
        "https://meta.wikimedia.org/wiki/User-Agent_policy`, and",
        "Why do some requests fail?",
    ),
)


@pytest.mark.parametrize(("text", "question"), CUT)
def test_a_reply_cut_inside_a_clause_is_caught(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "ends_mid_clause" in names


@pytest.mark.parametrize(("text", "question"), NOT_CUT)
def test_a_line_that_can_end_there_is_not_read_as_cut(text: str, question: str) -> None:
    assert "ends_mid_clause" not in hand(text, question)[1]


SHORT_LOOPS = (
    (
        "Step 1: What is the opposite of up?\n\nThe opposite of up is down.\n\nStep 2: What is "
        "the opposite of down?\n\nThe opposite of down is up.\n\nStep 3: What is the opposite of "
        "up?\n\nThe opposite of up is down.\n\nStep 4: What is the opposite of down?\n\nThe "
        "opposite of down is up.\n\nStep 5: What is the opposite of up?\n\nThe opposite",
        "What is the opposite of up?",
    ),
    (
        "1.  George Washington is dead.\n\n2.  Geoffrey Hinton is not dead.\n\n3.  Geoffrey "
        "Hinton is not a ghost.\n\n4.  Geoffrey Hinton is not a zombie.\n\n5.  Geoffrey Hinton "
        "is not a vampire.\n\n6.  Geoffrey Hinton is not a werewolf.\n\n7.  Geoffrey Hinton is "
        "not a ghost.\n\n8.  Geoffrey Hinton is not a zombie",
        "Can Geoffrey Hinton have a conversation with George Washington? Give the rationale "
        "before answering.",
    ),
)


@pytest.mark.parametrize(("text", "question"), SHORT_LOOPS)
def test_a_short_loop_of_a_few_sentences_is_caught(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "degenerate" in names


def test_a_list_of_similar_steps_is_no_loop() -> None:
    steps = (
        "1. Log in to server A and restart the service.\n2. Log in to server B and restart the "
        "service.\n3. Log in to server C and restart the service.\n4. Check the dashboard.\n"
        "5. Log in to server D and restart the service."
    )
    assert not hand(steps, "How do I roll the restart out?")[0]


AI_EXCUSES = (
    ("As an AI language model, I cannot write this chapter.", "Continue the novel."),
    ("As an AI language model, I cannot write marketing copy", "Pitch our new app to buyers."),
    (
        "对不起，我不能帮助你购买别墅，因为我是一个人工智能，没有提供房地产服务的功能。",
        "我想买别墅，你们有么",
    ),
    ("作为AI，我不能生成包含此类情节的正文。", "继续写下一章"),
)


@pytest.mark.parametrize(("text", "question"), AI_EXCUSES)
def test_a_task_declined_for_being_an_ai_is_caught(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "declines_as_ai" in names and "names_refused" not in names


AI_ANSWERS = (
    (
        "I'm sorry, as an AI assistant, I don't have real-time capabilities and can't provide "
        "the current date. Please check your device for the current date.",
        "What's the current date?",
    ),
    (
        "Most of these fake articles give themselves away with wording like \u201cI cannot "
        "complete this prompt\u201d or \u201cas an AI language model.\u201d",
        "How do you spot AI-written news?",
    ),
    (
        "As an AI language model, I cannot reciprocate love as I am not capable of feeling "
        "emotions. However, I can assist you in any way you need.",
        "jojo i love you",
    ),
)


@pytest.mark.parametrize(("text", "question"), AI_ANSWERS)
def test_being_an_ai_said_of_what_no_model_knows_stays_an_answer(text: str, question: str) -> None:
    assert "declines_as_ai" not in hand(text, question)[1]


NO_INPUT_TEXT = (
    "No captions found",
    "No transcript was returned for this video.",
    "当前视频没有字幕",
    "Kein Text zu übersetzen",
    "Aucun texte à traduire",
)


@pytest.mark.parametrize("text", NO_INPUT_TEXT)
def test_a_notice_that_the_input_has_no_text_is_caught(text: str) -> None:
    assert hand(text, "Summarize this video for me.")[0]
