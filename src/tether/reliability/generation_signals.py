"""Notices of image, vision, voice and office tools put where their output should be.

Three classes, their words data of `judge_signals.json` (`generation`):
- a model that cannot take images, as the app or the relay says it at the head of its reply
  ("This model does not support images", "当前模型不支持图片", "画像に対応していません"): the
  request carried an image and no model read it;
- a generation tool's moderation verdict on the user's prompt or image ("Our AI moderators feel
  your prompt might be against our community standards", "您输入的图片包含敏感内容"): a sentence
  that names the prompt (or the image) and holds a word of the filter vocabulary, in a short
  reply that opens with it;
- a spreadsheet's error value, the whole reply ("#VALUE!", "#N/A", "#GETTING_DATA", an add-in's
  own "#AI_ERROR?"): what a cell shows when the function that calls the model returned none
  (not when the question names the value: then it is the answer).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon, shipped_terms
from tether.reliability.reply import Reply, Signal

_NO_VISION = shipped_terms("generation", "no_vision")
_PROMPT = shipped_terms("generation", "prompt")
_CAUSE = shipped_terms("generation", "cause")

# A notice of a missing capability is a screen or two; its words open it (a heading, a line).
VISION_CHARS = 700
VISION_HEAD_LINES = 2
# A moderation verdict is a sentence or two, opened by the verdict.
VERDICT_CHARS = 320
VERDICT_SENTENCES = 2
_SENTENCE = re.compile(r"[^.!?\n\u3002\uff01\uff1f]+[.!?\u3002\uff01\uff1f]*")
# A cell's error value: Excel's and Sheets' own, or an add-in's `#SOMETHING_ERROR` form.
_CELL_ERROR = re.compile(
    r"#(?:n/a|name\?|value!|ref!|div/0!|num!|null!|calc!|spill!|connect!|field!|unknown!"
    r"|getting_data|blocked!|busy!|error!?|python!|timeout!|[a-z]+_error[!?]?)"
)
CELL_CHARS = 24


def _cell_error(low: str) -> bool:
    """Whether `low` (stripped, lower-cased) is, whole, a spreadsheet cell's error value."""
    return len(low) <= CELL_CHARS and low[:1] == "#" and _CELL_ERROR.fullmatch(low) is not None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be a cell's error value or a vision notice: not cleared unread."""
    return _cell_error(low.strip()) or (
        len(text) <= VISION_CHARS and _NO_VISION.search(low) is not None
    )


def cannot_see(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that opens by saying the model does not take images: the app's or the relay's
    notice that the image in the request went unread, put where the description should be.
    Read in the first lines of a short reply that gives no cause (an answer about vision
    support says why a request failed, "because the model does not support images", or
    explains it further down a longer text, after its own opening)."""
    if len(r.text) > VISION_CHARS or _CAUSE.search(r.message) is not None:
        return ()
    head = "\n".join(
        line for line in r.low.strip().split("\n")[: VISION_HEAD_LINES * 2] if line.strip()
    )
    head = "\n".join(head.split("\n")[:VISION_HEAD_LINES])
    m = _NO_VISION.search(head)
    if m is None or not r.written:  # (`written` last: the costliest test)
        return ()
    return (Signal("cannot_see", w["cannot_see"], m.group(0)[:60]),)


def prompt_refused(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that opens with a sentence naming the user's prompt (or image) and a word
    of the filter vocabulary: a generation tool's moderation verdict, sent instead of the
    image."""
    if len(r.text) > VERDICT_CHARS:
        return ()
    hits = [h for h in r.hits if h[0] == "filter"]
    if not hits or not r.written:  # (`written` after the hits: most replies have none)
        return ()
    low = r.message
    for n, m in enumerate(_SENTENCE.finditer(low)):
        if n >= VERDICT_SENTENCES:
            break
        if any(m.start() <= h[1] < m.end() for h in hits):
            subject = _PROMPT.search(m.group(0))
            if subject is not None:
                return (Signal("prompt_refused", w["prompt_refused"], m.group(0).strip()[:60]),)
    return ()


def cell_error(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is a spreadsheet cell's error value (see the module), one the question
    does not name."""
    low = r.low.strip()
    if not _cell_error(low) or r.names_asked(low):
        return ()
    return (Signal("cell_error", w["cell_error"], r.text.strip()),)
