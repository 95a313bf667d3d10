"""Degenerate output: a reply that is no language at all.

A local model that is broken (a bad quantization, a wrong chat template, a context shifted past
its start, a GPU kernel returning garbage) still streams tokens and finishes with `stop`: one
letter over and over ("GGGGGGGG"), the tokenizer's control tokens and chat template markers as
text ("Bee<|"|> extraar", "[INST] ... [/INST]"), a few words looping ("enti\\nenti\\nenti"),
a byte soup of punctuation, or the user's message echoed back. No failure word is in them:
what gives them away is that they are not written text.

Answers repeat on purpose too, and the readings keep off them: a table, code, ASCII art and
separators (runs of signs, not of words), a list of identical items the user asked for (a
request that asks for a repetition), a text that talks about the tokens it shows (a chat
template explained, in backticks or fences, or with the words "token", "template", "prompt").

The readings live by question: `loop_signals` (a repetition), `mojibake_signals` (bytes read
as the wrong characters), `raw_output_signals` (tokens, reasoning, a call or an object printed),
`dialogue_signals` (the request said back, both sides played). This module puts them in order
(`broken`), keeps the few that read a short reply whole (signs alone, an empty fence, a blank),
and the cheap tests that keep a reply from being cleared unread.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

from tether.reliability.continuation_signals import (
    goes_on,
    head_echo,
    human_turn,
    may_continue,
    more_prompts,
    more_questions,
    user_turn_last,
)
from tether.reliability.dialogue_signals import (
    another_turn,
    both_sides,
    echo,
    framed_echo,
    labelled_echo,
    may_speak_both_sides,
    may_take_another_turn,
    reprinted_frame,
    reworks,
    role_alone,
)
from tether.reliability.lexicon import Lexicon
from tether.reliability.loop_signals import (
    SOUP_CHARS,
    bare_unknowns,
    chant,
    doubled,
    first_loop,
    glued_loop,
    ladder_end,
    line_loop,
    may_ladder_at_end,
    may_loop_at_end,
    number_chant,
    one_letter,
    periodic_end,
    sign_run,
    tail_loop,
    word_loop,
)
from tether.reliability.mojibake_signals import (
    ASKS_ENCODING,
    byte_noise,
    mojibake,
    mojibake_marks,
    script_soup,
)
from tether.reliability.raw_output_signals import (
    THINKING_CHARS,
    THINKING_OPENS,
    bare_thinking,
    bare_tokens,
    empty_completion,
    half_object,
    harmony,
    opened_late,
    printed_call,
    reasoning_only,
    silence_after,
)
from tether.reliability.reply import Reply, Signal
from tether.reliability.reply_json import reply_json
from tether.reliability.sentence_loops import may_repeat_sentences, sentence_loop
from tether.reliability.template_tokens import SPECIAL_TOKEN, THINK_CLOSERS, THINK_OPENERS
from tether.reliability.text_shape import SPACE
from tether.reliability.transcript_signals import filler
from tether.reliability.transcript_signals import may_fire as may_fill

# A space: a text that holds one (stripped) is no letter or sign repeated and no byte soup
# (`one_letter`, `sign_run`, `byte_noise`), read once instead of by each of them (`\s` is what
# `str.isspace` says).


# A reply of punctuation alone ("?", "\u3002\u3002\u3002", "!?", "\u2026\u2026"): a model that
# stopped at its first token, or whose words were all dropped, to a request that names none
# of it (a question about a sign is answered by the sign).
_ASKS_SIGN = re.compile(
    r"punctuat|symbol|character|\bsign\b|\bmark\b|emoji|\u6807\u70b9|\u7b26\u53f7|\u8a18\u53f7"
    r"|\u7b26\u865f|\u0437\u043d\u0430\u043a|signe|zeichen|signo|s\u00edmbolo",
    re.I,
)


def _signs_only(text: str, r: Reply) -> str | None:
    """The whole reply punctuation (Unicode's Po and Pd classes: no brackets or quotes, an
    empty object's or string's) and spaces, to a request that has a question, neither holds
    the reply nor asks about signs."""
    if len(text) > SOUP_CHARS or not r.question:
        return None
    if any(not c.isspace() and unicodedata.category(c) not in ("Po", "Pd") for c in text):
        return None
    if text in r.question or _ASKS_SIGN.search(r.question) is not None:
        return None
    return text[:20]


def head_degenerate(head: str) -> bool:
    """Whether a reply's head (its first 200 characters, stripped) is no language: made of its
    first few characters ("GGGG", "<unk><unk>"), or holding a control token or template marker.
    The cheap test a long reply gets (a long loop ends for length, a verdict of its own)."""
    if not head.strip(head[:6]):
        return True
    # (each marker's rarest sign looked for first: a byte scan in C, ~10 times a word's)
    return (
        ("<" in head and "<|" in head)
        or ("[" in head and "[INST" in head)
        or ("]" in head and "_START]" in head)
    )


def ends_on_token(text: str) -> bool:
    """Whether `text` (stripped) ends on a stop token or template marker: a long answer with
    the server's stop token left at its end is read (`bare_tokens`), not cleared on its length."""
    return text.endswith(_END_TOKENS)


_END_TOKENS = ("|>", "</s>", "_of_turn>", "_of_text>", "[end of text]", *THINK_CLOSERS)


def may_be_degenerate(text: str) -> bool:
    """Whether `text` (stripped) may be degenerate output, read from its head: a reading must
    not clear it on its missing failure words. Cheap: the head's characters and markers."""
    if head_degenerate(text[:200]) or goes_on(text):
        return True
    if len(text) <= SOUP_CHARS and ("<" in text or "[" in text):
        if SPECIAL_TOKEN.search(text) is not None or first_loop(text) is not None:
            return True
    elif first_loop(text[:600]) is not None:
        return True
    if text.startswith(THINK_OPENERS) or ends_on_token(text) or opened_late(text):
        return True  # (a reasoning block alone: `reasoning_only`; a prompt's marker reprinted)
    if len(text) <= THINKING_CHARS and THINKING_OPENS.match(text) is not None:
        return True  # (thinking untagged: `bare_thinking`)
    if not text.isascii() and script_soup(text) is not None:
        return True
    words = text.split(None, 4)
    if len(words) >= 4 and words[0] == words[1] == words[2]:
        return True  # (one word chanted: `chant`)
    if len(words) == 5 and words[1] == words[2] == words[3] and words[1][0].isdigit():
        return True  # (a number chanted after a word: `number_chant`)
    if glued_loop(text) is not None or may_loop_at_end(text) or may_speak_both_sides(text):
        return True
    if may_ladder_at_end(text):
        return True  # (a case said again with the next figure until the limit: `ladder_end`)
    if may_take_another_turn(text):
        return True  # (the model's own turn again: `another_turn`)
    if may_repeat_sentences(text) or may_continue(text):
        return True  # (sentences said again and again, the prompt's form continued)
    return mojibake_marks(text) or may_fill(text)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be degenerate (`may_be_degenerate`): not cleared unread."""
    return may_be_degenerate(text.strip())


def _message_content(r: Reply) -> str | None:
    """The content of a chat message object printed whole (`{"role": "assistant", "content":
    "..."}`): a runner's raw response, whose content is read as the reply."""
    text = r.text.strip()
    if not text.startswith("{") or len(text) > SOUP_CHARS or '"assistant"' not in text:
        return None
    data = reply_json(r)
    if not isinstance(data, dict) or data.get("role") != "assistant":
        return None
    content = data.get("content")
    return content.strip() if isinstance(content, str) else None


def degenerate_message(r: Reply) -> str | None:
    """The content of a chat message object printed whole when it is no language (one letter
    repeated, control tokens bare): a runner's raw response with nothing in it, not data."""
    content = _message_content(r)
    if content is not None and (one_letter(content) or bare_tokens(content) is not None):
        return content[:20]
    return None


def broken(r: Reply) -> str | None:
    """What makes the reply no language, or None: one letter or sign repeated, control tokens
    left bare, gpt-oss's channels run together, every token doubled, a tool call printed, a
    few words looping, a byte soup, or the user's message echoed back. (`Reply.broken` keeps
    it: such a text is no writer's, and the signals that read a writer's words skip it.)"""
    text = r.text.strip()
    if not text:
        return None
    said = degenerate_message(r)
    if (
        said is None
        and SPACE.search(text) is None
        and (one_letter(text) or sign_run(text) or byte_noise(text))
    ):
        said = text[:20]
    if said is None:
        said = bare_tokens(text, r.instructions) or harmony(text) or doubled(text)
        said = said or silence_after(text)
    if said is None and text[0] in "{<[\u273f`":
        said = printed_call(text, r)
    if said is None and r.structure is None and not r.html:
        said = word_loop(text, r)
    if (
        said is None
        and r.question
        and (
            echo(text, r)
            or (not r.after_tools and labelled_echo(text, r))
            or framed_echo(text, r.question)
            or head_echo(text, r)
            or reprinted_frame(text, r)
        )
        and not reworks(r.instructions)
    ):
        said = text[:40]
    if said is None and goes_on(text):
        said = text[:40]  # the prompt's sentence continued, not answered
    if said is None:
        said = mojibake(text)
        if said is not None and r.question and ASKS_ENCODING.search(r.question) is not None:
            said = None  # (garbled text asked about: an encoding's question quotes it)
        said = said or empty_completion(text) or filler(r) or reasoning_only(text)
    if said is None:
        said = chant(text, r) or script_soup(text) or glued_loop(text)
    if said is None:
        said = _signs_only(text, r) or bare_unknowns(text) or half_object(text, r)
    if said is None:
        said = number_chant(text, r) or bare_thinking(text, r)
    if said is None:
        said = role_alone(text, r)
    if said is None and 3 <= len(text) <= 20 and not text.replace("json", "").strip("`\n "):
        said = text  # an empty fence, its body never written
    if said is None and len(text) >= 3 and not text.strip("_"):
        said = text[:20]  # a form's blank, never filled
    if said is None and r.structure is None and not r.html:
        said = (
            line_loop(text, r)
            or tail_loop(text, r)
            or periodic_end(text, r)
            or ladder_end(text, r)
            or both_sides(text, r)
            or another_turn(text, r)
            or sentence_loop(text, r.question)
            or more_questions(text, r)
            or more_prompts(text, r)
            or (user_turn_last(text, r) if may_speak_both_sides(text) else None)
            or human_turn(text, r)
        )
    return said


def degenerate(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is no language (`broken`)."""
    said = r.broken
    return () if said is None else (Signal("degenerate", w["degenerate"], said),)
