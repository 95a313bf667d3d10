"""Round 36 (engineer 195): chat-template debris as the reply, and answers that quote it.

- `template_tokens`: the one table of a chat template's token spellings, shared by the raw
  output readings and `Reply.html`. A think tag or a sequence's `<s>`/`</s>` is no page's tag:
  a greeting looped with a stray `</think>` before each copy was read as an HTML page, and the
  loop readings skipped it. MiniMax's bracket-turned tokens (`]<]minimax[>[`) are tokens.
- `another_turn` (dialogue_signals): after its answer the model's own role label opens a line
  and another turn follows ("ASSISTANT: You are correct, ..."): a template with no stop.
- `framed_echo`: a short request said back three times over ("What is 2+2?What is 2+2?...").
- `reprinted_frame`: a grader's reply that opens or ends on its prompt's section marker
  (`<|The Start of Assistant B's Conversation with User|>`): the prompt's scaffolding printed.
- `ABOUT_TOKENS`: "format" and "prompt" as words of their own ("information" is not about
  templates).

Real texts from the corpus (tune part), their sources in comments.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.raw_output_signals import ABOUT_TOKENS
from tether.reliability.template_tokens import template_tag

# lablup/mlxcel#135: the second turn, run without the chat template
THINK_LOOP = (
    "</think>\n\nHello! How can I help you today? \U0001f60a\nHow are you?\n" * 5
    + "</think>\n\nHello! How"
)
# fpgaminer/joycaption#70 (shortened by its reporter)
ASSISTANT_AGAIN = (
    "Photograph of a person standing in the woods, ..... The overall style is straightforward "
    "with an emphasis on trees. \n\n   ASSISTANT: You are correct, I have added too many trees, "
    "here's the corrected prompt:\nPhotograph of a person standing in the woods, ..... The "
    "overall style is straightforward with an emphasis on trees. \n\n  ASSISTANT: Additional "
    "note: There are no watermarks or artist signatures "
)
# MiniMax-AI/MiniMax-M3#31: a tool call's boundary tokens in the message's content
MINIMAX_CALL = (
    "Let me read that part to confirm.\nI need to continue with Step 1. Let me read the run_one "
    "function to find where to add the state initialization Tuner.]<]minimax[>[<tool_call>\n"
    ']<]minimax[>[<invoke name="read_file">]<]minimax[>[<path>C:\\encher\\src\\main.rs'
    "]<]minimax[>[</path>]<]minimax[>[<start_line>130]<]minimax[>[</start_line>]<]minimax[>["
    "<end_line>165]<]minimax[>[</end_line>]<]minimax[>[</invoke>"
)
# instructlab/eval, MT-bench's gpt-4 single judgments: the conversation given, not a rating
GRADER_PROMPT = (
    "<|The Start of Reference Answer|>\n\n### User:\nx+y = 4z, x*y = 4z^2, express x-y in z\n\n"
    "### Reference answer:\nWe have two equations:\n\n1) x + y = 4z\n2) xy = 4z^2\n\n"
    "<|The End of Reference Answer|>\n\n<|The Start of Assistant A's Conversation with User|>"
)
FRAME_REPRINTED = (
    "\n<|The Start of Assistant B's Conversation with User|>\n\n### User:\nx+y = 4z, x*y = "
    "4z^2, express x-y in z\n\n### Assistant B:\n\nI see that you're looking for a way to "
    "express x - y in terms of z. Let's break down the given equations and solve for x - y."
    "\n\n<|The End of Assistant B's Conversation with User|>"
)

CAUGHT = (
    (THINK_LOOP, "how are you?"),
    (ASSISTANT_AGAIN, "Write a caption for this image."),
    # Blaizzy/mlx-vlm#655: Molmo2 says the question back, over and over
    ("What is 2+2?What is  2+2?What is  2+2?What is  2+2?...", "What is 2+2?"),
    (MINIMAX_CALL, "Add the state initialization to run_one."),
    (FRAME_REPRINTED, GRADER_PROMPT),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_template_debris_is_caught(text: str, question: str) -> None:
    failure, found = hand(text, question)
    assert failure and "degenerate" in found


PASSED = (
    # the same REPL's first turn: an empty think block, then the greeting
    ("<think>\n\n</think>\n\nHello! How can I help you today? \U0001f60a", "hi"),
    # continuedev/continue#1152: a fix that shows the stop token in code
    (
        "As mentioned this should be solved in pre-release, but if you are still having the "
        "problem it can be fixed by adding the stop token to your config.json manually:\n\n"
        '```json\n{\n  "title": "Llama 3",\n  "provider": "ollama",\n  "model": "llama3",\n'
        '  "completionOptions": {\n    "stop": ["<|eot_id|>"]\n  }\n}\n```',
        "Using llama3 for causes never ending response.",
    ),
    # ggml-org/llama.cpp#841: a maintainer's answer about '### Human:' leaking into replies
    (
        "This is an artifact of how the vicuna model was trained, you can set a reverse prompt "
        "to catch this or customize the prompt template to prevent this from happening",
        "gpt4-vicuna-13b: The chat replies and also appends an answer for the human",
    ),
)


@pytest.mark.parametrize(("text", "question"), PASSED)
def test_answers_about_or_around_template_tokens_pass(text: str, question: str) -> None:
    failure, _ = hand(text, question)
    assert not failure


def test_a_think_tag_is_a_templates_not_a_pages() -> None:
    assert template_tag("</think>") and template_tag("</s>")
    assert not template_tag("<div>") and not template_tag("<|im_end|>")


def test_about_tokens_reads_format_and_prompt_as_words() -> None:
    assert ABOUT_TOKENS.search("more information about the company") is None
    assert ABOUT_TOKENS.search("I replied promptly") is None
    assert ABOUT_TOKENS.search("set the system_prompt") is not None
    assert ABOUT_TOKENS.search("the chat format of Vicuna") is not None
