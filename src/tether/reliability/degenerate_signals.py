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
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import groupby, islice, pairwise

import orjson

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import LETTER, Reply, Signal
from tether.reliability.tool_markup import CALL_OPENERS
from tether.reliability.transcript_signals import filler
from tether.reliability.transcript_signals import may_fire as may_fill

# A model's control tokens and chat template markers, as a tokenizer's vocabulary spells them:
# `<|im_start|>`, `<|eot_id|>`, `<|"|>`; `<unk>`, `<pad>`; `<start_of_turn>`; `[INST]`,
# `<<SYS>>`; `[PAD]`, `[UNUSED_TOKEN_145]`; `<extra_id_0>`; a numbered marker `[3234_START]`.
# Gemma 4 opens and closes its turns and channels with one pipe (`<|channel>`, `<channel|>`),
# Gemini's vocabulary has `<ctrl46>`, llama.cpp prints `[end of text]` where the model stopped.
SPECIAL_TOKEN = re.compile(
    r"""<\|[^|<>\s]{1,40}\|>
      | <\|[a-z_]{2,30}> | <[a-z_]{2,30}\|>
      | </?(?:unk|pad|mask|eos|bos)>
      | <(?:start|end)_of_(?:turn|text)>
      | <ctrl\d{1,3}>
      | <</?SYS>>
      | \[/?INST\b\]?
      | \[(?:PAD|CLS|SEP|MASK|UNK|UNUSED_TOKEN_\d+)\]
      | <extra_id_\d+>
      | \[\w*\d\w*_(?:START|END)\]
      | \[end\ of\ text\]
    """,
    re.X,
)
# What a text must hold for `SPECIAL_TOKEN` to be tried on it past `SOUP_CHARS` (`in` tests,
# ~1 us on 10 KB, where the regex costs more).
_TOKEN_MARKS = ("<|", "|>", "[INST", "_of_turn>", "_of_text>", "<ctrl", "[end of text]")
# A long text holds this many tokens bare (or ends on one) to be read as tokens said.
LONG_TOKENS = 3
# The distinct tokens looked for in quotes (a writer quoting a token quotes one of its first).
QUOTED_TOKENS = 50
# Words of a writer who shows such tokens to talk about them (a template explained).
_ABOUT_TOKENS = re.compile(
    r"token|template|prompt|format|tokeni[sz]er|llama|mistral|chatml|vocab|\u6a21\u677f|"
    r"\u4ee4\u724c|\u5206\u8bcd",
    re.I,
)
# A request that asks for a repetition: then a loop is the answer ("say X ten times").
_ASKS_REPEAT = re.compile(
    r"repeat|\btimes\b|\bloop|again and again|over and over|echo|copy|say\b.*\b\d+\b|"
    r"\u91cd\u590d|\u904d|\u6b21|\u7e70\u308a\u8fd4|\u56de|\u043f\u043e\u0432\u0442\u043e\u0440|"
    r"wiederhol|r\u00e9p\u00e8te|repet",
    re.I,
)
# A loop: a unit of at most this many characters, repeated this many times in a row ...
UNIT_CHARS = 40
LOOP_REPEATS = 6
# ... found in a stretch this long next to the reply's middle.
CHUNK_CHARS = 90
# Signs of code or markup: a repetition in them is the writer's layout.
_LAYOUT = re.compile(r"```|^\s*[|>#*+-]|^\s*\d+[.)]\s|[{};=]\s*$", re.M)
# The most a reply of control tokens or one repeated letter is worth reading for.
SOUP_CHARS = 400
# A loop must make up this share of the reply (what is left is the prompt's head, a marker).
LOOP_SHARE = 0.5
# A byte soup: a run this long with no space, few letters and many kinds of signs.
NOISE_CHARS = 60
NOISE_SIGNS = 10
NOISE_LETTER_SHARE = 0.35
# A prompt echoed back: at least this long (a word or two is a demanded reply).
ECHO_CHARS = 24


# A space: a text that holds one (stripped) is no letter or sign repeated and no byte soup
# (`_one_letter`, `_sign_run`, `_noise`), read once instead of by each of them (`\s` is what
# `str.isspace` says).
_SPACE = re.compile(r"\s")


def _one_letter(text: str) -> bool:
    """The whole text one letter or ideograph repeated ("GGGG", "\u554a\u554a\u554a\u554a")."""
    return len(text) >= 3 and text[0].isalpha() and not text.strip(text[0])


def _sign_run(text: str) -> bool:
    """The whole text one sign repeated at length ("@@@@@@@@", "################"), not one
    a writer draws a rule or an ellipsis with ("=====", "-----", "*****", "......")."""
    return (
        len(text) >= 8
        and not text[0].isalnum()
        and not text.strip(text[0])
        and text[0] not in _RULE_SIGNS
    )


_RULE_SIGNS = frozenset("=-_~*.—─═·…")


def _tokens(text: str) -> str | None:
    """Control tokens or template markers left bare in a text that does not talk about them
    (not in backticks or quotes, no word of tokens or templates): the tokens said. A short
    text needs one; a longer one several (a tool call's markup streamed as text), or one that
    ends it (a stop token the server did not strip: "...a different direction.<|eot_id|>")."""
    if "`" in text or ("<" not in text and "[" not in text):
        return None  # (every token opens with one of the two)
    if text.endswith("</s>") and "<s>" not in text and _ABOUT_TOKENS.search(text) is None:
        return "</s>"  # Llama 2's and Mistral's end of sequence (not HTML's struck text)
    long = len(text) > SOUP_CHARS
    if long and not any(m in text for m in _TOKEN_MARKS):
        return None
    found = [m.group(0) for m in SPECIAL_TOKEN.finditer(text)]
    if not found:
        return None
    if long and len(found) < LONG_TOKENS and not text.endswith(found[-1]):
        return None
    rest = SPECIAL_TOKEN.sub(" ", text)
    if _ABOUT_TOKENS.search(rest) is not None:
        return None
    # (each distinct token once, the first QUOTED_TOKENS of them: a text of 100,000 tokens is
    # not searched 100,000 times)
    if any(
        f"'{t}'" in text or f'"{t}"' in text for t in islice(dict.fromkeys(found), QUOTED_TOKENS)
    ):
        return None
    return found[0]


def _period(chunk: str) -> int:
    """The shortest period of `chunk` (`abcabcab` has 3), 0 when it repeats no unit of
    `UNIT_CHARS` or less twice. (A period is where the chunk's head comes again: found with
    `str.find`, not tried one by one.)"""
    most = min(UNIT_CHARS, len(chunk) // 2)
    head = chunk[:4]
    p = chunk.find(head, 1, most + len(head))
    while 0 < p <= most:
        if chunk[p:] == chunk[:-p]:
            return p
        p = chunk.find(head, p + 1, most + len(head))
    return 0


def _first_loop(text: str) -> tuple[str, int] | None:
    """(unit, characters the run covers) of a loop that makes up most of `text`: a unit with a
    letter and three kinds of characters or more (not "hahaha", a laugh; not "=-=-", a rule)
    repeated six times or more in a row. Such a run holds the text's middle, so a stretch
    next to the middle is read for a period, then the run grown from it (slices compared:
    a regex with a back-reference tried at every position cost milliseconds)."""
    n = len(text)
    if n < 18:
        return None
    size = min(CHUNK_CHARS, max(n // 3, 9))
    mid = n // 2
    most = min(UNIT_CHARS, size // 2)
    for at in (mid - size, mid):
        if text.find(text[at : at + 4], at + 1, at + most + 4) < 0:
            continue  # (`_period`'s first test, without slicing the stretch: most text)
        p = _period(text[at : at + size])
        if not p:
            continue
        start, end = at, at + p
        while start >= p and text[start - p : start] == text[start : start + p]:
            start -= p
        while end + p <= n and text[end : end + p] == text[end - p : end]:
            end += p
        unit = text[start : start + p]
        if (end - start) // p < LOOP_REPEATS or LETTER.search(unit) is None:
            continue
        if len(set(unit.strip())) >= 3:
            return unit, end - start
    return None


def _loop(text: str, r: Reply) -> str | None:
    """A few words looping: a unit with a letter repeated six times or more in a row, the run
    most of the reply, outside code and lists, to a request that asked for no repetition."""
    body = text.rstrip(". \n\u2026")
    found = _first_loop(body)
    if found is None or found[1] < LOOP_SHARE * len(body):
        return None
    if _LAYOUT.search(text) is not None:
        return None
    if r.question and _ASKS_REPEAT.search(r.question) is not None:  # (read only for a loop)
        return None
    return found[0]


# A reply that ends in a loop: a model that wrote a start (an answer's opening, a sentence or
# two) and then said the same few words again and again until its token limit. The loop need
# not be exact ("I was hoping it was a bug, but it just didn't work. I was hoping it was a
# hardware issue, but it just didn't work. ..."): its last words hold few different runs of
# three. Words are counted by spaces, and one by one in Chinese and Japanese (written without
# them). The last TAIL_TOKENS words are read (TAIL_LEAST at least) ...
TAIL_TOKENS = 80
TAIL_LEAST = 40
# ... and a loop is a tail whose distinct runs of three words are fewer than this share of
# them (a person's text, lists and tables included, stays above one half).
TAIL_DISTINCT = 0.35
# The cheap test first: a loop's last characters come again this many times in its tail.
TAIL_END_CHARS = 12
TAIL_SPAN = 800
TAIL_END_AGAIN = 3
_TAIL_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]|[^\s\u3040-\u30ff\u3400-\u9fff]+")


def may_loop_at_end(text: str) -> bool:
    """Whether `text` (stripped) may end in a loop: its last characters come again and again
    in its tail. Cheap (one count over the tail): a long reply is not cleared unread for it."""
    n = len(text)
    return n >= 2 * TAIL_LEAST and (
        text.count(text[-TAIL_END_CHARS:], max(0, n - TAIL_SPAN)) >= TAIL_END_AGAIN
    )


def _tail_loop(text: str, r: Reply) -> str | None:
    """The reply ends in a loop (`TAIL_TOKENS`): its last words are a few words said over and
    over, outside code and lists, to a request that asked for no repetition. The loop's
    most frequent run of three words."""
    if not may_loop_at_end(text):
        return None
    words = _TAIL_TOKEN.findall(text[-3 * TAIL_SPAN :])[-TAIL_TOKENS:]
    if len(words) < TAIL_LEAST:
        return None
    runs = Counter(zip(words, words[1:], words[2:], strict=False))
    if len(runs) >= TAIL_DISTINCT * (len(words) - 2):
        return None
    said = runs.most_common(1)[0][0]  # (ties: the first said, not a set's hash order)
    if LETTER.search("".join(said)) is None:
        return None  # (signs and figures repeated: a rule, a table's borders, a count)
    start = text.rfind(words[0])  # (the loop's last period: a list of one line said over
    if _LAYOUT.search(text[start:]) is not None:  # and over is a loop too, measured)
        return None
    if r.question and _ASKS_REPEAT.search(r.question) is not None:
        return None
    return " ".join(said)[:40]


# Byte-level BPE's stand-ins for bytes, left in a text decoded token by token without the
# byte map undone: `Ġ` for a space, `Ċ` for a newline ("TitleĠofĠtheĠimageĊĊ"); SentencePiece's
# `▁` for a space, its pieces joined without it replaced ("▁The▁sea▁is▁blue").
_BPE_SPACES = ("\u0120", "\u010a")
_PIECE_SPACE = re.compile("\u2581[^\\W\\d_]")
# A text of two-byte UTF-8 characters (accented Latin, Greek, Cyrillic, Hebrew, Arabic) whose
# bytes were read one by one as Latin-1 or cp1252: a lead byte C2-DF ("\u00c3", "\u00d0",
# "\u00d1") and a continuation byte (80-BF) ("Ã©" for "é", "Ð¿Ñ€" for "пр").
_BYTE_PAIR = re.compile(
    "[\u00c2-\u00df][\u00a0-\u00bf\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6"
    "\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc"
    "\u2122\u0161\u203a\u0153\u017e\u0178]"
)
# Two-byte mojibake: this many pairs at least; in a text of another script read so (Cyrillic,
# Greek), this share of its characters.
MOJIBAKE_PAIRS = 3
PAIR_SHARE = 0.3
# A request about encodings: then garbled characters may be what it asks about.
_ASKS_ENCODING = re.compile(
    r"encod|decod|utf|unicode|charset|latin|mojibake|garbl|\u4e71\u7801|\u6587\u5b57\u5316\u3051"
    r"|\u043a\u043e\u0434\u0438\u0440\u043e\u0432\u043a|\ufffd",
    re.I,
)
# A short reply with the replacement character in it at all (a token cut mid-character opens
# it: "\ufffd\ufffd\u90fd\u5e02"), this short.
REPLACED_CHARS = 80
# Text of other scripts whose UTF-8 bytes were read one by one: a three-byte character's lead
# byte (E0-EF: Indic and Thai, CJK, Hangul) as Latin-1, then two continuation bytes as Latin-1
# (80-BF), as GPT-2's byte map
# spells the rest (U+0121-U+0143: "\u00e4\u00b8\u012f", the "\u4e0d" of a byte-level
# tokenizer), or as cp1252 spells them ("\u00e4\u00b8\u00ad\u00e6\u2013\u2021", "\u4e2d\u6587").
_BYTE_TRIPLE = re.compile(
    "[\u00e0-\u00ef][\u0080-\u00bf\u0121-\u0143\u20ac\u201a\u0192\u201e\u2026\u2020"
    "\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013"
    "\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]{2}"
)
_LEAD_BYTE = re.compile("[\u00e0-\u00ef]")
# Mojibake: this many such characters at least, and this share of the text's characters.
MOJIBAKE_TRIPLES = 2
MOJIBAKE_SHARE = 0.5
# U+FFFD, what a decoder writes for bytes it could not read: this many in a reply.
REPLACEMENTS = 4


def _mojibake(text: str) -> str | None:
    """Bytes read as characters: byte-level BPE's `Ġ`/`Ċ` standing where spaces and newlines
    are (more of them than spaces), a CJK text's UTF-8 bytes read one by one as Latin-1 or
    byte-map characters (most of the text), or the decoder's replacement character again and
    again. A person who quotes such a text writes it among spaced words, few of them."""
    head = text[:2000]
    if head.isascii():
        return None  # (every mark of it is a character outside ASCII)
    pieces = head.count(_BPE_SPACES[0]) + head.count(_BPE_SPACES[1])
    if pieces >= 3 and pieces > head.count(" "):
        return "\u0120"
    if head.count("\ufffd") >= REPLACEMENTS:
        return "\ufffd"
    if (
        "\ufffd" in head
        and len(text) <= REPLACED_CHARS
        and (text.startswith("\ufffd") or head.count("\ufffd") >= 2 or not text.strip("\ufffd \n"))
    ):
        return "\ufffd"
    if "\u2581" in head:
        pieces = len(_PIECE_SPACE.findall(head))
        if pieces >= 3 and pieces > head.count(" "):
            return "\u2581"
    pairs = _BYTE_PAIR.findall(head)
    if len(pairs) >= MOJIBAKE_PAIRS:
        solid = len(head) - sum(map(head.count, " \n\t"))
        # (an accented Latin text: its pairs stand for a few letters among plain ones; every
        # letter of a Cyrillic text: a long run of pairs)
        if 2 * len(pairs) >= PAIR_SHARE * solid or (
            "\u00c3" in head and sum(1 for x in pairs if x[0] == "\u00c3") >= MOJIBAKE_PAIRS
        ):
            return str(pairs[0])
    if _LEAD_BYTE.search(head) is None:
        return None
    found = _BYTE_TRIPLE.findall(head)
    if len(found) < MOJIBAKE_TRIPLES:
        return None
    solid = len(head) - sum(map(head.count, " \n\t"))
    if 3 * len(found) >= MOJIBAKE_SHARE * solid:
        return str(found[0])
    return None


# A chat completion object printed whole whose message holds no answer: its content empty or
# null (no tool call made), or only its reasoning filled: the model's answer went into the
# reasoning field, or the reasoning ran out of room before an answer.
_EMPTY_CONTENT = re.compile(r"""['"]content['"]\s*:\s*(?:''|""|None|null)\s*[,}]""")
_FILLED_CONTENT = re.compile(r"""['"]content['"]\s*:\s*(?:'[^']|"[^"])""")
_REASONING = re.compile(r"""['"]reasoning(?:_content)?['"]\s*:\s*['"][^'"]""")
_TOOL_CALL_MADE = re.compile(r"""tool_calls['"]\s*:\s*\[\s*\{""")


def _empty_completion(text: str) -> str | None:
    """A completion object (JSON or a Python dict) whose message's content is empty or null,
    or missing beside a filled reasoning field, with no tool call: an answer with no text."""
    if not text.startswith("{") or "chat.completion" not in text[:400]:
        return None
    if _FILLED_CONTENT.search(text) is not None or _TOOL_CALL_MADE.search(text) is not None:
        return None
    if _EMPTY_CONTENT.search(text) is not None:
        return "empty content"
    if _REASONING.search(text) is not None:
        return "only reasoning"
    return None


# A line said over and over: this many times in a row at least, this long, and most of the
# text (a few words looping is `_loop`'s, a longer sentence is read by lines).
LINE_REPEATS = 4
LINE_CHARS = 15
LINE_SHARE = 0.6


def _line_loop(text: str, r: Reply) -> str | None:
    """One line of words said four times or more in a row, most of the reply, outside code
    and lists, to a request that asked for no repetition: a model looping on a sentence."""
    if text.count("\n") < LINE_REPEATS - 1:
        return None
    # (the looping line covers most of the text, so it holds its middle: that line is said
    # four times, or there is no loop)
    mid = len(text) // 2
    start = text.rfind("\n", 0, mid) + 1
    end = text.find("\n", mid)
    middle = text[start : end if end >= 0 else len(text)].strip()
    if len(middle) < LINE_CHARS or text.count(middle) < LINE_REPEATS:
        return None
    lines = (x.strip() for x in text.splitlines())
    best, run = "", 0
    for line, same in groupby(x for x in lines if x):
        n = sum(1 for _ in same)
        if n > run:
            best, run = line, n
    if run < LINE_REPEATS or len(best) < LINE_CHARS or LETTER.search(best) is None:
        return None
    if run * len(best) < LINE_SHARE * len(text) or _LAYOUT.search(text) is not None:
        return None
    if r.question and _ASKS_REPEAT.search(r.question) is not None:
        return None
    return best[:40]


# A reasoning block with nothing after it: the reply is the model's thinking, its answer never
# written (the budget ran out, or the server put the answer in the reasoning field). The block
# opens the reply (`<think>`, `<thinking>`, `<reasoning>`, Kimi's `◁think▷`) and closes with no
# letter or digit after it, or never closes; or the opener was the template's and the reply ends on
# the closer.
_WORD_CHAR = re.compile(r"[^\W_]")
_THINK_OPENERS = ("<think>", "<thinking>", "<reasoning>", "\u25c1think\u25b7")
_THINK_CLOSERS = ("</think>", "</thinking>", "</reasoning>", "\u25c1/think\u25b7")


def _reasoning_only(text: str) -> str | None:
    """The reply is only a reasoning block (the answer after it empty or never written)."""
    if "think" not in text[:12] and "reason" not in text[:12] and "think" not in text[-14:]:
        return None
    if "`" in text:
        return None  # (a writer showing the tags in code)
    closer = next((c for c in _THINK_CLOSERS if c in text), None)
    if text.startswith(_THINK_OPENERS):
        if closer is None:
            return "reasoning, never closed"
        after = text[text.rfind(closer) + len(closer) :]
        # (an answer after the block may be a number alone: "</think>\n\n391")
        return None if _WORD_CHAR.search(after) is not None else "reasoning only"
    # (the template's opener is in the prompt, not in the reply: a reply that holds one names
    # the tags, "... between <think> and </think>")
    if closer is not None and text.endswith(closer) and not any(o in text for o in _THINK_OPENERS):
        return "reasoning only"
    return None


# A reasoning model's thinking sent as its reply, with no tags around it: it speaks of "the
# user" in the third person and plans its answer ("The user wants a poem about the sea. I
# should keep it short."), and the answer never follows. Read in a reply that opens so (a
# discourse word before it at most) and plans (a word of its own next step), to a request
# that does not itself speak of a user (then "the user wants..." may be the answer).
_THINKING_OPENS = re.compile(
    r"^(?:(?:ok(?:ay)?|alright|hmm+|so|well|right)[,.]?\s+(?:so\s+)?)?"
    r"(?:the\ user(?:'s)?\s+(?:wants|is\ asking|asks|asked|has\ asked|would\ like|requests"
    r"|wrote|says|said|just|seems|sent|message|question|request)"
    r"|\u7528\u6237(?:\u60f3\u8981|\u60f3\u8ba9\u6211|\u5e0c\u671b\u6211|\u8ba9\u6211|\u5728\u95ee|\u95ee\u7684\u662f"
    r"|\u95ee\u6211|\u53d1\u6765)"
    r"|\u043f\u043e\u043b\u044c\u0437\u043e\u0432\u0430\u0442\u0435\u043b\u044c\s+(?:\u0445\u043e\u0447\u0435\u0442|\u043f\u0440\u043e\u0441\u0438\u0442|\u0441\u043f\u0440\u0430\u0448\u0438\u0432\u0430\u0435\u0442)"
    r"|el\ usuario\s+(?:quiere|pide|pregunta|est\u00e1\ pidiendo)"
    r"|l'utilisateur\s+(?:veut|demande|souhaite)"
    r"|der\ (?:benutzer|nutzer)\s+(?:m\u00f6chte|will|fragt|bittet))",
    re.I | re.X,
)
_PLANS = re.compile(
    r"\bi\ (?:should|need\ to|must|will|'ll|can)\b|\bi'll\b|\blet\ me\b|\bwe\ (?:should|need)\b"
    r"|\bso\ (?:i|we)\b|\u6211(?:\u5e94\u8be5|\u9700\u8981|\u5f97|\u8981|\u5148|\u6765)"
    r"|\u043c\u043d\u0435\ \u043d\u0443\u0436\u043d\u043e"
    r"|\u044f\ \u0434\u043e\u043b\u0436\u0435\u043d"
    r"|debo|necesito|je\ dois|ich\ sollte|ich\ muss",
    re.I | re.X,
)
_SPEAKS_OF_USER = re.compile(
    r"\buser|\u7528\u6237|\u30e6\u30fc\u30b6|\u043f\u043e\u043b\u044c\u0437\u043e\u0432\u0430\u0442|usuario|utilisateur|benutzer|nutzer",
    re.I,
)
# The longest reply read as thinking alone (an answer after the thinking makes it longer).
THINKING_CHARS = 700


def _bare_thinking(text: str, r: Reply) -> str | None:
    """A reply that is a reasoning model's plan about "the user", untagged (see above)."""
    if len(text) > THINKING_CHARS:
        return None
    m = _THINKING_OPENS.match(text)
    if m is None or _PLANS.search(text, m.end()) is None:
        return None
    if r.question and _SPEAKS_OF_USER.search(r.question) is not None:
        return None
    return m.group(0)[:30]


# One word said over and over as the whole reply ("is is is is is"), not a laugh or a song's
# syllable ("ha ha ha", "la la la"): this many times at least.
CHANT_WORDS = 8
_LAUGH = re.compile(
    r"(?:ha|he|hi|ho|ja|je|ji|jo|xa|la|na|lo|ah|eh|oh|\u0445\u0430|\u0445\u0435|k|w|"
    r"\u54c8|\u5475|\u563f|\u3131|\u314b|\u314e|\u7b11|\u8349)+[!.]*",
    re.I,
)


# A pair of letters looping at the reply's end, glued ("HelloHowToToToTo..."): this many times.
GLUED_REPEATS = 15


def _glued_loop(text: str) -> str | None:
    """The reply ends on two letters said over and over with no space (`GLUED_REPEATS` times
    or more), not a laugh ("hahaha", "jajaja"): a model stuck on one token."""
    body = text.rstrip(". \n\u2026")
    unit = body[-2:]
    if len(unit) < 2 or not unit.isalpha() or unit[0] == unit[1]:
        return None
    if not body.endswith(unit * GLUED_REPEATS) or _LAUGH.fullmatch(unit) is not None:
        return None
    return unit * 3


def _chant(text: str, r: Reply) -> str | None:
    """The whole reply one word repeated (`CHANT_WORDS` times or more), to a request that
    asked for no repetition: a model stuck on a token."""
    first = text.split(None, 3)
    if len(first) < 4 or not first[0] == first[1] == first[2] or len(text) > 2000:
        return None
    words = text.split()
    word = words[0]
    if len(words) < CHANT_WORDS or any(w != word for w in words):
        return None
    if LETTER.search(word) is None or _LAUGH.fullmatch(word) is not None:
        return None
    if r.question and _ASKS_REPEAT.search(r.question) is not None:
        return None
    return word[:20]


# A run with no space that mixes many scripts, switching between them at every few letters:
# bytes of a broken kernel read as characters of every script (Latin, Arabic, kana, Hebrew in
# a row). A run this long, this many scripts, this many switches.
SOUP_RUN = 40
SOUP_SCRIPTS = 5
SOUP_SWITCHES = 15
SOUP_HEAD = 20000
_OTHER_SCRIPTS = tuple(
    re.compile(x)
    for x in (
        "[\u0370-\u03ff]",
        "[\u0400-\u052f]",
        "[\u0590-\u05ff]",
        "[\u0600-\u077f]",
        "[\u0900-\u0dff]",
        "[\u0e00-\u0e7f]",
        "[\u3040-\u30ff]",
        "[\uac00-\ud7af]",
    )
)
_SCRIPT_STARTS = (
    (0x250, 0),  # Latin
    (0x370, -1),
    (0x400, 1),  # Greek
    (0x530, 2),  # Cyrillic
    (0x590, -1),
    (0x600, 3),  # Hebrew
    (0x780, 4),  # Arabic
    (0x900, -1),
    (0xE00, 5),  # Indic
    (0xE80, 6),  # Thai
    (0x3040, -1),
    (0x3100, 7),  # Kana
    (0x4E00, -1),
    (0xA000, 8),  # Han
    (0xAC00, -1),
    (0xD7B0, 9),  # Hangul
)


def _script(c: str) -> int:
    """A coarse script of a letter (-1: none of the listed ones, or no letter)."""
    if not c.isalpha():
        return -1
    o = ord(c)
    for end, script in _SCRIPT_STARTS:
        if o < end:
            return script
    return -1


def _script_soup(text: str) -> str | None:
    """A long run with no space whose letters come from many scripts in turn (module doc)."""
    if len(text) < SOUP_RUN or text.isascii():
        return None
    # (letters of the scripts besides Latin and Han, found by one scan: a soup has three such
    # scripts at least, a Chinese or Japanese text one at most)
    head = text[:SOUP_HEAD]
    if sum(1 for x in _OTHER_SCRIPTS if x.search(head) is not None) < SOUP_SCRIPTS - 2:
        return None
    for run in text.split():
        if len(run) < SOUP_RUN or run.isascii():
            continue
        scripts = [s for s in map(_script, run) if s >= 0]
        if len(set(scripts)) < SOUP_SCRIPTS:
            continue
        if sum(1 for a, b in pairwise(scripts) if a != b) >= SOUP_SWITCHES:
            return run[:20]
    return None


def _noise(text: str) -> bool:
    """Bytes read as characters: one run with no space, few letters, many kinds of signs."""
    if len(text) < NOISE_CHARS or any(c.isspace() for c in text):
        return False
    letters = sum(1 for c in text if c.isalpha())
    signs = {c for c in text if not c.isalnum()}
    return letters < NOISE_LETTER_SHARE * len(text) and len(signs) >= NOISE_SIGNS


# Each token said twice or thrice ("TheThe answer answer to to 22++33"): a client that appends
# every streamed delta to what it had, or a server that sends the text so far as a delta. A
# text's words are read from its head, this many of them at most ...
DOUBLING_WORDS = 60
# ... and a doubled text repeats this many different words, and this share of its words.
DOUBLED_DISTINCT = 3
DOUBLED_SHARE = 0.3
_PUNCTUATION = "!?.,;:()\"'"


def _self_repeated(word: str) -> bool:
    """The word is a shorter one said twice or thrice ("TheThe", "222")."""
    n = len(word)
    return (n >= 4 and n % 2 == 0 and word[: n // 2] == word[n // 2 :]) or (
        n >= 6 and n % 3 == 0 and word[: n // 3] * 3 == word
    )


def _doubled(text: str) -> str | None:
    """Tokens said twice over: a word repeated right after itself, or a word made of one said
    twice, for many different words (a writer's "very very" or "no no no" is one word; a
    laugh or a chant repeats one). The first word doubled."""
    head = text[:60].split()
    if len(set(head)) > len(head) - 2 or sum(map(operator.eq, head, head[1:])) < 2:
        return None  # (the gate: a doubled text has pairs in its head, its words bare)
    words = [w.strip(_PUNCTUATION) for w in text[:600].split()[:DOUBLING_WORDS]]
    if len(words) < 6:
        return None
    doubled = [
        w for i, w in enumerate(words) if w and ((i and w == words[i - 1]) or _self_repeated(w))
    ]
    if len(doubled) < DOUBLED_SHARE * len(words) or len({w.lower() for w in doubled}) < (
        DOUBLED_DISTINCT
    ):
        return None
    return doubled[0]


# A tool call printed as the reply, in the shape a model's function-calling template writes it
# (`{"name": ..., "parameters": {...}}`, OpenAI's `{"type": "function", "function": {...}}`).
_CALL_OBJECT = re.compile(
    r'^\{\s*(?:"type"\s*:\s*"function"\s*,\s*"function"\s*:\s*\{\s*)?"name"\s*:\s*"[\w.-]{1,64}"\s*,'
    r'\s*"(?:parameters|arguments)"\s*:'
)
# A request that asks for JSON or talks about calls: then a call object may be its answer.
_ASKS_CALL = re.compile(r"json|tool|function[ _-]?call|schema|\u5de5\u5177", re.I)
# The longest reply read as a printed call (a few calls in a row).
CALL_CHARS = 1000


def _printed_call(text: str, r: Reply) -> str | None:
    """The reply is a tool call written out (a call object, one or several, or a template's
    call markup: `<tool_call>`, `[TOOL_CALLS]`, `<function=...>`), to a request that offered
    no tools and asked for no JSON: a model that calls a tool it was never given, or whose
    call the server did not parse, has given no answer. (A request with tools: the
    `lost_tool_call` verdict reads the call against them.) The call's start."""
    if text.startswith("{"):
        if len(text) > CALL_CHARS or '"name"' not in text[:80]:
            return None
        m = _CALL_OBJECT.match(text)
        said = None if m is None else m.group(0)[:40]
    else:
        said = next((o for o in CALL_OPENERS if text.startswith(o)), None)
    if said is None:
        return None
    if r.request is not None and (r.request.tools or _ASKS_CALL.search(r.instructions)):
        return None
    return said


# The Harmony format (gpt-oss) with its special tokens stripped: the channels' names stay glued
# to their text ("analysisUser says hi. Should respond.assistantfinalHello!").
_HARMONY = re.compile(
    r"^(?:analysis|commentary)[A-Z\s].{0,3000}?assistant(?:final|commentary)", re.S
)


def _harmony(text: str) -> str | None:
    """gpt-oss's reasoning and answer run together with its channel names, the format's tokens
    dropped by a server that printed the raw completion."""
    if "assistant" not in text or not text.startswith(("analysis", "commentary")):
        return None
    m = _HARMONY.match(text)
    return None if m is None else "assistantfinal"


# A chat app's word for "post nothing" (`NO_REPLY`, `[[SILENT_REPLY]]`, `[DO_NOT_REPLY]`)
# after a sentence of text: the app looks for it as the whole reply, so with text before it,
# it went out with the text, and the user read it. (Not an "all is well" word such as
# OpenClaw's `HEARTBEAT_OK`, which its app strips from a report's end.)
_SILENCE_AFTER = re.compile(
    r"""[.!?\u3002\uff01\uff1f)\]]\s*[\[`*]*
        (?:NO|SILENT|SKIP|DO_NOT)_(?:REPLY|RESPONSE|RESPOND)
        [\]`*]*$""",
    re.X,
)


def _silence_after(text: str) -> str | None:
    """A silence word appended to a sentence ("Nessun pacco in tracciamento. NO_REPLY")."""
    if "_" not in text[-30:]:
        return None
    m = _SILENCE_AFTER.search(text[-40:])
    return None if m is None else m.group(0)[1:].strip()


# A model that plays both sides: after its reply it writes the user's next turn under a chat
# template's role label, and often its own after it ("...Paris.\nUser: And Germany?\nAssistant:
# Berlin."): a base model, or a template with no stop sequence, continuing the dialogue it was
# given. The roles as templates and instruction formats name them, a line's start.
_USER_TURN = re.compile(
    r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?(?:user|human|instruction|usuario|utilisateur|benutzer"
    r"|utente|usu\u00e1rio|gebruiker|kullan\u0131c\u0131|\u043f\u043e\u043b\u044c\u0437\u043e"
    r"\u0432\u0430\u0442\u0435\u043b\u044c|\u7528\u6237|\u7528\u6236|\u30e6\u30fc\u30b6\u30fc"
    r"|\uc0ac\uc6a9\uc790)(?:\*\*)?[ \t]*[:\uff1a]",
    re.M | re.I,
)
_MODEL_TURN = re.compile(
    r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?(?:assistant|ai|gpt|chatgpt|bot|model|response|asistente"
    r"|assistente|assistent|\u0430\u0441\u0441\u0438\u0441\u0442\u0435\u043d\u0442|\u52a9\u624b"
    r"|\u30a2\u30b7\u30b9\u30bf\u30f3\u30c8|\uc5b4\uc2dc\uc2a4\ud134\ud2b8)"
    r"(?:\*\*)?[ \t]*[:\uff1a]",
    re.M | re.I,
)
# What a request that asks for a dialogue (a script, a sample chat, a prompt to write) says.
_ASKS_DIALOGUE = re.compile(
    r"dialog|conversation|chat ?log|transcript|script|role.?play|example|sample|prompt|format"
    r"|template|few.?shot|interview|scene|story|\u5bf9\u8bdd|\u4f1a\u8a71|\u5bfe\u8a71"
    r"|\ub300\ud654|\u0434\u0438\u0430\u043b\u043e\u0433|gespr\u00e4ch",
    re.I,
)
# An instruction format's label for the user's side (Alpaca's, Vicuna's `### Instruction:`,
# `### Human:`): a template's marker, no writer's heading, wherever it stands after text.
_FORMAT_USER_TURN = re.compile(r"#{3} ?(?:instruction|human|user) ?:", re.I)
# The cheap test: a user's role word after hashes or a newline (every turn the model writes
# for the user), as `_USER_TURN` and `_FORMAT_USER_TURN` spell them.
_TURN_MARKS = (
    "# Instruction",
    "# Human",
    "# User",
    "#Instruction",
    "#Human",
    "#User",
    "# instruction",
    "# human",
    "# user",
    "# USER",
    "# HUMAN",
    "\nUser",
    "\nHuman",
    "\nUSER",
    "\nHUMAN",
    "\n**User",
    "\nUsuario",
    "\nUsu\u00e1rio",
    "\nUtilisateur",
    "\nBenutzer",
    "\nUtente",
    "\nGebruiker",
    "\nKullan\u0131c\u0131",
    "\n\u041f\u043e\u043b\u044c\u0437\u043e\u0432\u0430\u0442\u0435\u043b\u044c",
    "\n\u7528\u6237",
    "\n\u7528\u6236",
    "\n\u30e6\u30fc\u30b6\u30fc",
    "\n\uc0ac\uc6a9\uc790",
)


def may_speak_both_sides(text: str) -> bool:
    """Whether `text` may hold a user's turn written by the model (a role label on a line)."""
    return ("\n" in text or "#" in text) and any(m in text for m in _TURN_MARKS)


def _both_sides(text: str, r: Reply) -> str | None:
    """After a reply of its own, the user's next turn under a role label and the model's turn
    after it (or the user's turn ending the reply): a model continuing the dialogue for both
    sides. Not a dialogue the request asks for (a script, a sample chat, a prompt), not one in
    code or introduced as an example (the line before it ends on a colon), not a text about
    templates and tokens."""
    if not may_speak_both_sides(text) or "```" in text:
        return None
    m = _FORMAT_USER_TURN.search(text) if "#" in text else None
    if (
        m is not None
        and m.start() > 0
        and LETTER.search(text[: m.start()]) is not None
        and _ABOUT_TOKENS.search(text) is None
        and _ASKS_DIALOGUE.search(r.question) is None
    ):
        return m.group(0)
    m = _USER_TURN.search(text)
    if m is None or m.start() == 0:
        return None
    before = text[: m.start()].rstrip()
    if not before or LETTER.search(before) is None or before.endswith((":", "\uff1a")):
        return None
    if _MODEL_TURN.match(before) is None and _MODEL_TURN.search(text, m.end()) is None:
        return None  # (a turn of each side: the model's, then the user's or the user's, then its)
    if _ABOUT_TOKENS.search(text) is not None or _ASKS_DIALOGUE.search(r.question):
        return None
    return m.group(0).strip()[:20]


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


# A sequence model's unknown token written bare ("i unk unk unk"): this many times at least,
# and this share of the words.
UNK_WORDS = 3
UNK_SHARE = 0.3


def _bare_unknowns(text: str) -> str | None:
    """The unknown token without its brackets (`unk`, `UNK`) said again and again, much of a
    short reply: an old seq2seq model's output, every word it did not know replaced."""
    if len(text) > SOUP_CHARS or ("unk" not in text and "UNK" not in text):
        return None
    words = text.split()
    unknown = sum(1 for w in words if w.strip(_PUNCTUATION) in ("unk", "UNK"))
    if unknown >= UNK_WORDS and unknown >= UNK_SHARE * len(words):
        return "unk"
    return None


# Half a JSON object printed where the answer should be: the reply opens an object and never
# closes it ('{"answer": "The sea', '{"response":'), a structured output cut after a token or
# two. This short at most (a long object cut for length is a verdict of its own). Read against
# a request (a stream's head, judged with none while it is held back, is any object's start).
HALF_OBJECT_CHARS = 300
_OPENED_OBJECT = re.compile(r'\[?\{\s*(?:"[^"\n]{1,60}"\s*:|$)')


def _half_object(text: str, r: Reply) -> str | None:
    """A short reply to a question that opens a JSON object (`{` alone, or `{"key":`) and never
    closes it: more braces opened than closed, on a line or two."""
    if len(text) > HALF_OBJECT_CHARS or not text.startswith(("{", "[{")) or not r.question:
        return None
    if _OPENED_OBJECT.match(text) is None or text.count("{") <= text.count("}"):
        return None
    if text.count("\n") > 2:
        return None  # (a pretty-printed object cut is read as a truncation elsewhere)
    return text[:20]


# The user's message echoed inside a prompt's frame: its labels ("Question: ... Answer:",
# "User: ...", a role label after it) or the message said twice, and nothing else: a base
# model given the raw prompt, continuing it instead of answering.
_FRAME_LABEL = re.compile(
    r"(?:^|(?<=\n)|(?<=[.?!] ))[ \t#*]*(?:user|human|question|q|instruction|input|prompt"
    r"|assistant|ai|answer|a|response|output|model|\u95ee\u9898|\u56de\u7b54|\u7528\u6237|\u52a9\u624b)"
    r"[ \t*]*[:\uff1a][ \t*]*",
    re.I,
)


def _framed_echo(text: str, question: str) -> bool:
    """The reply is the user's message (`ECHO_CHARS` long at least) under a prompt's labels or
    said twice: what is left once the labels, signs and the message are taken out is nothing."""
    asked = " ".join(question.split()).strip(" .?!\u3002\uff1f\uff01")
    if len(asked) < ECHO_CHARS or len(text) > 3 * len(asked) + 60:
        return False
    said = " ".join(_FRAME_LABEL.sub(" ", text.lower().replace("_", " ")).split())
    if asked not in said:
        return False
    rest = said.replace(asked, " ")
    return LETTER.search(rest) is None


# A role's name alone, the whole reply ("model", "assistant:"): a chat template's header
# printed where its turn's text never came.
# ("AI", "GPT" or "Bot" alone may be an answer's one word: only with a label's colon.)
_ROLE_ALONE = re.compile(
    r"[<|\[]*(?:assistant|model)[|>\]]*\s*:?|[<|\[]*(?:ai|bot|gpt)[|>\]]*\s*:", re.I
)


# A number said over and over (`1111111111`, "0 0 0 0 0 0 0 0"): this many times at least, to a
# request with no figure in it that asks for none.
DIGIT_REPEATS = 10
_ASKS_NUMBER = re.compile(
    r"\d|number|digit|count|binary|zero|numer|nombre|zahl|\u0447\u0438\u0441\u043b|\u6570|\u6578"
    r"|\u756a\u53f7|\uc22b\uc790",
    re.I,
)


def _number_chant(text: str, r: Reply) -> str | None:
    """The whole reply one number repeated, glued or spaced: a model stuck on a digit token."""
    if len(text) > SOUP_CHARS or not text[0].isdigit():
        return None
    words = text.split()
    glued = len(words) == 1 and len(text) >= DIGIT_REPEATS and not text.strip(text[0])
    chanted = len(words) >= DIGIT_REPEATS and words[0].isdigit()
    chanted = chanted and all(w == words[0] for w in words)
    if not (glued or chanted) or not r.question or _ASKS_NUMBER.search(r.question) is not None:
        return None
    return text[:20]


def _echo(text: str, r: Reply) -> bool:
    """The reply is the user's message itself, word for word, both in the comparison form
    (`Reply.compared`): said back shouting, with its accents typed off or in full-width
    letters, it is still the request."""
    question = r.compared_question
    # its first word first (a whole word when a space follows it in the head): most replies
    # differ there, and the whole reply is not lowered and split (~20 us on 1.4 KB)
    head = r.compared(text[:300]).replace("_", " ").split(None, 1)
    asked = question.split(None, 1)
    if len(head) == 2 and asked and head[0] != asked[0]:
        return False
    said = " ".join(r.compared(text).replace("_", " ").split())
    return len(said) >= ECHO_CHARS and said == " ".join(question.split())


# An echo bot's label before the user's message said back: the handler a bot's sample ships
# ("Echo: ...", "You said: ...") left where the model's reply should be.
_ECHO_LABEL = re.compile(
    r"^\W{0,3}(?:echo(?:ing)?|(?:you|u) (?:just )?(?:said|wrote|typed|sent)|i heard(?: you say)?"
    r"|(?:du hast|ihr habt) (?:gesagt|geschrieben)|sie haben (?:gesagt|geschrieben)"
    r"|(?:vous avez|tu as) (?:dit|ecrit)|(?:has|habeis|ha) dicho|dijiste|escribiste"
    r"|(?:voce|tu) (?:disse|escreveu)|hai (?:detto|scritto)"
    r"|(?:ты|вы) (?:сказал|написал)\w{0,2}"
    r"|(?:你|您)(?:刚才)?(?:说|說|发|發|输入|輸入)(?:的是|了)?|あなたは)"
    r"\s*[:\uff1a,\-\u2014]?\s*"
)
_ECHO_WORD = re.compile(r"[^\W_]+")
# ... or after it, in the languages that quote first ("「...」と言いました", "...라고 했어요").
_SAID_AFTER = re.compile(r"\s*(?:と(?:言|い)いました|라고\s*(?:말)?했\w*)\W*$")


def _labelled_echo(text: str, r: Reply) -> bool:
    """The reply is the user's message said back behind an echo bot's label ("Echo: ...",
    "You said: \"...\"", "你说的是...", "「...」と言いました", "Du hast gesagt: ..."): the sample
    handler a bot ships with (an echo bot), left where the model's reply should be. The words
    are the request's, all of them and no more, both read in the comparison form."""
    question = r.compared_question
    if len(text) > 2 * len(question) + 40:
        return False
    folded = r.compared(text)
    label = _ECHO_LABEL.match(folded)
    after = _SAID_AFTER.search(folded)
    if label is None and after is None:
        return False
    rest = folded[label.end() if label is not None else 0 : after.start() if after else None]
    said = _ECHO_WORD.findall(rest)
    return bool(said) and said == _ECHO_WORD.findall(question)


# Instructions under which the user's text given back unchanged is the answer: a proofreader's,
# a formatter's, an echo asked for.
_REWORK = re.compile(
    r"correct|proofread|\bfix|\bedit|format|normali[sz]|clean|rewrite|rephrase|paraphras|"
    r"translat|unchanged|as is|verbatim|echo|repeat|copy|\u6821\u5bf9|\u6da6\u8272|\u6539\u5199",
    re.I,
)


def _reworks(instructions: str) -> bool:
    """Whether the system prompt or the request asks for the user's text reworked or given
    back (`_REWORK`): then a reply equal to it is that text, already right."""
    return _REWORK.search(instructions) is not None


def head_degenerate(head: str) -> bool:
    """Whether a reply's head (its first 200 characters, stripped) is no language: made of its
    first few characters ("GGGG", "<unk><unk>"), or holding a control token or template marker.
    The cheap test a long reply gets (a long loop ends for length, a verdict of its own)."""
    return not head.strip(head[:6]) or "<|" in head or "[INST" in head or "_START]" in head


def ends_on_token(text: str) -> bool:
    """Whether `text` (stripped) ends on a stop token or template marker: a long answer with
    the server's stop token left at its end is read (`_tokens`), not cleared on its length."""
    return text.endswith(("|>", "</s>", "_of_turn>", "_of_text>", "[end of text]", *_THINK_CLOSERS))


def may_be_degenerate(text: str) -> bool:
    """Whether `text` (stripped) may be degenerate output, read from its head: a reading must
    not clear it on its missing failure words. Cheap: the head's characters and markers."""
    if head_degenerate(text[:200]):
        return True
    if len(text) <= SOUP_CHARS and ("<" in text or "[" in text):
        if SPECIAL_TOKEN.search(text) is not None or _first_loop(text) is not None:
            return True
    elif _first_loop(text[:600]) is not None:
        return True
    if text.startswith(_THINK_OPENERS) or text.endswith(_THINK_CLOSERS):
        return True  # (a reasoning block alone: `_reasoning_only`)
    if len(text) <= THINKING_CHARS and _THINKING_OPENS.match(text) is not None:
        return True  # (thinking untagged: `_bare_thinking`)
    if not text.isascii() and _script_soup(text) is not None:
        return True
    words = text.split(None, 3)
    if len(words) == 4 and words[0] == words[1] == words[2]:
        return True  # (one word chanted: `_chant`)
    if _glued_loop(text) is not None or may_loop_at_end(text) or may_speak_both_sides(text):
        return True
    return _mojibake_marks(text) or may_fill(text)


def _mojibake_marks(text: str) -> bool:
    """Whether `text`'s head holds a mark of mojibake (`Ġ`, `Ċ`, U+FFFD, a Latin-1 lead byte)."""
    head = text[:2000]
    return (
        any(c in head for c in "\u0120\u010a\ufffd\u2581")
        or (_LEAD_BYTE.search(head) is not None and _BYTE_TRIPLE.search(head) is not None)
        or (not head.isascii() and _BYTE_PAIR.search(head) is not None)
    )


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be degenerate (`may_be_degenerate`): not cleared unread."""
    return may_be_degenerate(text.strip())


def _message_content(text: str) -> str | None:
    """The content of a chat message object printed whole (`{"role": "assistant", "content":
    "..."}`): a runner's raw response, whose content is read as the reply."""
    if not text.startswith("{") or len(text) > SOUP_CHARS or '"assistant"' not in text:
        return None
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(data, dict) or data.get("role") != "assistant":
        return None
    content = data.get("content")
    return content.strip() if isinstance(content, str) else None


def degenerate_message(text: str) -> str | None:
    """The content of a chat message object printed whole when it is no language (one letter
    repeated, control tokens bare): a runner's raw response with nothing in it, not data."""
    content = _message_content(text)
    if content is not None and (_one_letter(content) or _tokens(content) is not None):
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
    said = degenerate_message(text)
    if (
        said is None
        and _SPACE.search(text) is None
        and (_one_letter(text) or _sign_run(text) or _noise(text))
    ):
        said = text[:20]
    if said is None:
        said = _tokens(text) or _harmony(text) or _doubled(text) or _silence_after(text)
    if said is None and text[0] in "{<[\u273f`":
        said = _printed_call(text, r)
    if said is None and r.structure is None and not r.html:
        said = _loop(text, r)
    if (
        said is None
        and r.question
        and (
            _echo(text, r)
            or (not r.after_tools and _labelled_echo(text, r))
            or _framed_echo(text, r.question)
        )
        and not _reworks(r.instructions)
    ):
        said = text[:40]
    if said is None:
        said = _mojibake(text)
        if said is not None and r.question and _ASKS_ENCODING.search(r.question) is not None:
            said = None  # (garbled text asked about: an encoding's question quotes it)
        said = said or _empty_completion(text) or filler(r) or _reasoning_only(text)
    if said is None:
        said = _chant(text, r) or _script_soup(text) or _glued_loop(text)
    if said is None:
        said = _signs_only(text, r) or _bare_unknowns(text) or _half_object(text, r)
    if said is None:
        said = _number_chant(text, r) or _bare_thinking(text, r)
    if said is None and len(text) <= 20 and _ROLE_ALONE.fullmatch(text) is not None:
        named = text.lower().strip(" :") in r.question or "role" in r.question
        said = None if named or _ABOUT_TOKENS.search(r.question) is not None else text
    if said is None and 3 <= len(text) <= 20 and not text.replace("json", "").strip("`\n "):
        said = text  # an empty fence, its body never written
    if said is None and len(text) >= 3 and not text.strip("_"):
        said = text[:20]  # a form's blank, never filled
    if said is None and r.structure is None and not r.html:
        said = _line_loop(text, r) or _tail_loop(text, r) or _both_sides(text, r)
    return said


def degenerate(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is no language (`broken`)."""
    said = r.broken
    return () if said is None else (Signal("degenerate", w["degenerate"], said),)
