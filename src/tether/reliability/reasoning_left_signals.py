"""A reasoning model's reply that never reaches its answer.

Two shapes that servers and eval harnesses pass on as finished replies:

- `reasoning_unfinished`: the model's thinking aloud, sent as the reply with no tags around it
  (the chat template opened the `<think>` block, so only its body is in the text), stopped by the
  token limit or given up before the answer: "Okay, so I need to figure out ... Wait, but ...
  Let me think" and then the text ends mid-sentence ("So, 34 times 80 is 2720, plus 200 is 29"),
  or on "I'm stuck." No `</think>` closes it and no final answer (`\\boxed{}`, "Final Answer",
  "Answer:") is written near its end. A finished reasoning reply closes the block or states its
  answer; an answer that merely opens with "Okay, so" is short, or ends on a closed sentence.
  Many models leave the last full stop off a result: a last sentence that opens on a conclusion
  ("Therefore, BANANA has 60 distinct arrangements", "So the answer is 60") or ends on a count
  with its unit ("= 60 distinct arrangements") concludes; a sum cut inside its number ("plus 200
  is 29", "464 / 5 = 9") does not.
- `answer_block_empty`: a reply in the `<think>...</think> <answer>...</answer>` format
  (R1-Zero-style prompts) that ends on an empty answer block ("... </think> <answer> </answer>")
  with no filled block anywhere: the reasoning is there, the answer the format asked for is not.
  Not where the request asks for a template, nor where the format is shown after a label with
  both blocks empty ("Template:\n<think></think>\n<answer></answer>"): nothing was reasoned.

The words (the openers of thinking aloud, its marks, the marks of a stated answer, the lines of
giving up) are data: `judge_signals.json`, section `reasoning_left`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.fill_in_signals import asks_template
from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation
from tether.reliability.reply import Reply, Signal
from tether.reliability.template_tokens import THINK_CLOSERS
from tether.reliability.unfinished_signals import ends_on_opening

_DATA: Mapping[str, Any] = SHIPPED.get("reasoning_left", {})

# Thinking aloud opens the reply ("Okay, so I have this problem ...", "Alright, so I've got").
_OPENS_THINKING = re.compile(field_alternation(_DATA, "openers"))
# The self-talk of reasoning ("wait,", "hmm", "let me check"): this many kinds at least.
_SELF_TALK = re.compile(field_alternation(_DATA, "self_talk"))
SELF_TALK_KINDS = 3
# A stated answer near the end ("\\boxed{", "final answer", "answer:").
_ANSWER_STATED = re.compile(field_alternation(_DATA, "answer_marks"))
# The last sentence gives up ("I'm stuck.").
_GIVES_UP = re.compile(rf"(?:{field_alternation(_DATA, 'give_up_endings')})\s*$")
# Thinking aloud shorter than this is a short answer's manner, not a reasoning model's trace.
REASONING_CHARS = 1500
# How much of the end is searched for a stated answer.
END_CHARS = 1200
# The last sign of a text stopped mid-sentence: a letter, a digit, or one that leads on.
_LEADS_ON = ",:;=+-*/(\u2248"
# How far back the last sentence is looked for.
LAST_SENTENCE_CHARS = 240
# A last sentence that opens on a conclusion ("therefore", "so the answer"): a result stated.
_CONCLUDES = re.compile(field_alternation(_DATA, "conclusion_openers"))
# A last sentence that ends on a count with its unit ("= 60 distinct arrangements"); a number
# at the very end may be cut inside ("464 / 5 = 9").
_COUNT_WITH_UNIT = re.compile(r"\d[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+){0,2}$")

# An empty answer block at the very end of a reply ("<answer> </answer>", "<answer></answer>").
_EMPTY_BLOCK_AT_END = re.compile(r"<answer>\s*</answer>\s*$", re.IGNORECASE)
# A filled answer block anywhere ("<answer> 42 </answer>").
_FILLED_BLOCK = re.compile(r"<answer>\s*[^\s<]", re.IGNORECASE)
# The format shown after its label, both blocks empty ("Template:\n<think></think>\n<answer>
# </answer>"); the bare empty pair, with no label, is still no answer. Read in the last characters.
_SHOWN_FORMAT = re.compile(r":\s*<think>\s*</think>\s*<answer>\s*</answer>\s*$", re.IGNORECASE)
SHOWN_FORMAT_CHARS = 200


def _states_result(text: str) -> bool:
    """Whether the last sentence, its full stop left off, states the result: it opens on a
    conclusion or ends on a count with its unit, and not on a word that leads on ("the")."""
    if ends_on_opening(text):
        return False
    tail = text[-LAST_SENTENCE_CHARS:]
    start = max(tail.rfind(". "), tail.rfind("? "), tail.rfind("! "), tail.rfind("\n"))
    last = tail[start + 1 :].strip().lower()
    return _CONCLUDES.match(last) is not None or _COUNT_WITH_UNIT.search(last) is not None


def _unconcluded(text: str) -> str | None:
    """How the end of thinking aloud shows no conclusion: stopped mid-sentence, or given up."""
    text = text.rstrip()
    last = text[-1:]
    if (last and last in _LEADS_ON) or (last.isalnum() and not _states_result(text)):
        return "stops mid-sentence"
    if _GIVES_UP.search(text[-80:].lower()) is not None:
        return "gives up"
    return None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Thinking aloud with no close, or an empty answer block at the end, may be there: the
    reply is not cleared unread (cheap: its first and last characters only). The long replies'
    check calls it too, with their head as `low`, so only `text` is read."""
    del low, lexicon  # (the long replies' check passes only their head)
    if text.rstrip()[-12:].lower().endswith("</answer>"):
        return True
    return len(text) >= REASONING_CHARS and _OPENS_THINKING.match(text[:80].lower()) is not None


def reasoning_unfinished(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Thinking aloud, untagged, with no close and no answer, stopped mid-sentence or given up."""
    text = r.text
    if len(text) < REASONING_CHARS or _OPENS_THINKING.match(r.low, 0, 80) is None:
        return ()
    if any(c in text for c in THINK_CLOSERS) or "<answer>" in r.low or "```" in text:
        return ()  # (closed, or an answer block, or code delivered)
    if _ANSWER_STATED.search(r.low, max(0, len(text) - END_CHARS)) is not None:
        return ()
    how = _unconcluded(text)
    if how is None:
        return ()
    kinds = {m.group(0) for m in _SELF_TALK.finditer(r.low)}
    if len(kinds) < SELF_TALK_KINDS:
        return ()
    evidence = f"thinking aloud, {how}: ...{text.rstrip()[-60:]}"
    return (Signal("reasoning_unfinished", w["reasoning_unfinished"], evidence),)


def answer_block_empty(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply ends on an empty `<answer></answer>` block, none of its blocks filled; not a
    template asked for or shown."""
    if not r.low.endswith("</answer>") or "`" in r.text:
        return ()  # (a writer showing the format in code)
    if _EMPTY_BLOCK_AT_END.search(r.text) is None or _FILLED_BLOCK.search(r.text) is not None:
        return ()
    if _SHOWN_FORMAT.search(r.text[-SHOWN_FORMAT_CHARS:]) is not None:
        return ()  # (a format shown, nothing reasoned)
    if r.question and asks_template(r.question):
        return ()
    return (Signal("answer_block_empty", w["answer_block_empty"], r.text[-60:]),)
