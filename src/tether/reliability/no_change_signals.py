"""The signal of a reply that rules its artifact needs no change, in the artifact's place
(`no_change_verdict`).

A pipeline asks a model to update an artifact from its inputs (a README from a pull request's
changes, a doc page from the code, a commit message from a diff) and commits what comes back.
A model that judged no update was needed said so ("The README file does not need to be updated
based on the provided code changes and commit messages.", "It can be used as is."): that verdict
is committed as the README, alone or after the old text echoed unchanged. The verdict is talk
about the artifact, not the artifact.

Read in the reply's last paragraph only (a verdict that ends the reply: nothing delivered after
it), in a sentence that names the artifact ("the README", "this message", "the provided
code") and says it needs no change ("does not need to be updated", "no update is needed",
"does not require any updates", "can be used as is"), in the voice of a model on its input
("based on the provided ...", "it seems", "I didn't find", "consider the ..."). Left: a
review's bare "No change needed." (no artifact named), a list item's "no changes needed" in
mid-reply, a person who rules the docs need no change in plain words (no model's voice).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import split_sentences

# The end read: the last paragraph, at most this much of it.
LAST_PARAGRAPH_CHARS = 600

# The cheap cues, one of which every verdict holds (lowered): the precheck's substrings.
_CUES = ("not need", "n't need", "not require", "n't require", "no update", "no change", "as is")

# The verdict: the artifact needs no change.
_NO_CHANGE = re.compile(
    r"(?:does not|doesn't|do not|don't|did not|didn't)\s+(?:need|require)\s+"
    r"(?:to be (?:updated|changed|modified|revised)|(?:any )?(?:updates?|changes?|modifications?"
    r"|revisions?)|updating|changing)"
    r"|\bno (?:further )?(?:updates?|changes?|modifications?) (?:is |are )?"
    r"(?:needed|required|necessary)"
    r"|\bcan be used as[ -]is\b",
    re.IGNORECASE,
)
# The artifact named, with a determiner: "the README", "this message", "the provided code".
_ARTIFACT = re.compile(
    r"\b(?:the|this|your|its)\s+(?:(?:provided|given|current|existing|original)\s+)?"
    r"(?:readme|documentation|docs|doc|document|file|commit message|message|code|text"
    r"|content|changelog|docstring|translation|summary|description)\b",
    re.IGNORECASE,
)
# A model's voice on its input: the input named as given to it, a hedge, its own finding.
_MODEL_VOICE = re.compile(
    r"\b(?:provided|given|based on|it seems|it looks like|it appears|consider(?:ing)? the"
    r"|i (?:did not|didn't|do not|don't) (?:find|see))\b",
    re.IGNORECASE,
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether the reply's end may hold a no-change verdict (so that it is not cleared
    unread): one of the verdict's cue substrings in its last paragraph's reach."""
    tail = low[-LAST_PARAGRAPH_CHARS:] if low else text[-LAST_PARAGRAPH_CHARS:].lower()
    return any(cue in tail for cue in _CUES)


def _last_paragraph(text: str) -> str:
    """The reply's last paragraph (after its last blank line), at most its last
    LAST_PARAGRAPH_CHARS characters."""
    stripped = text.rstrip()
    start = stripped.rfind("\n\n") + 1
    return stripped[max(start, len(stripped) - LAST_PARAGRAPH_CHARS) :].strip()


def verdict_sentence(text: str) -> str | None:
    """The sentence of the reply's last paragraph that rules its artifact needs no change, in
    a model's voice (the artifact and the voice in it or in the sentence before), or None."""
    last = _last_paragraph(text)
    low = last.lower()
    if not any(cue in low for cue in _CUES):
        return None
    before = ""
    for sentence in split_sentences(last):
        if _NO_CHANGE.search(sentence) is not None:
            said = f"{before} {sentence}"  # ("This message is ... It can be used as is.")
            if _ARTIFACT.search(said) is not None and _MODEL_VOICE.search(said) is not None:
                return sentence.strip()
        before = sentence
    return None


def no_change_verdict(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply ends on a verdict that its artifact needs no change: the artifact is not
    there, its verdict is."""
    found = verdict_sentence(r.text)
    if found is None:
        return ()
    return (Signal("no_change_verdict", w["no_change_verdict"], found[:80]),)
