"""Raw output: the model's or its server's machinery printed where the reply's text belongs.

Control tokens and chat template markers bare (`<|im_end|>`, `[INST]`, a stop token at the end),
gpt-oss's channel names glued to its text, a tool call written out to a request with no tools,
an app's "post nothing" word after a sentence, a completion object with no content, a reasoning
block (tagged, or a plan about "the user") with no answer after it, half a JSON object. A
writer who shows such tokens to talk about them (in backticks or quotes, with the words
"token", "template", "prompt") is kept off (`ABOUT_TOKENS`).
"""

from __future__ import annotations

import re
from itertools import islice

from tether.reliability.loop_signals import SOUP_CHARS
from tether.reliability.reply import Reply
from tether.reliability.template_tokens import (
    SPECIAL_TOKEN,
    THINK_OPENERS,
    TOKEN_MARKS,
    after_think_closer,
    delimited_records,
    format_token,
)
from tether.reliability.tool_markup import CALL_OPENERS

# A long text holds this many tokens bare (or ends on one) to be read as tokens said.
LONG_TOKENS = 3
# The distinct tokens looked for in quotes (a writer quoting a token quotes one of its first).
QUOTED_TOKENS = 50
# Words of a writer who shows such tokens to talk about them (a template explained). ("format"
# and "prompt" as words of their own: "information" and "promptly" say nothing of templates.)
ABOUT_TOKENS = re.compile(
    r"token|template|(?<![a-z])prompt(?!ly)|(?<![a-z])format|tokeni[sz]er|llama|mistral|chatml"
    r"|vocab|\u6a21\u677f|\u4ee4\u724c|\u5206\u8bcd",
    re.I,
)


def bare_tokens(text: str, asked: str = "") -> str | None:
    """Control tokens or template markers left bare in a text that does not talk about them
    (not in backticks or quotes, no word of tokens or templates) nor writes them as its format
    asks (`format_token`; `asked` is the request's instructions): the tokens said. A short
    text needs one; a longer one several (a tool call's markup streamed as text), or one that
    ends it (a stop token the server did not strip: "...a different direction.<|eot_id|>")."""
    if "`" in text or ("<" not in text and "[" not in text):
        return None  # (every token opens with one of the two)
    if text.endswith("</s>") and "<s>" not in text and ABOUT_TOKENS.search(text) is None:
        return "</s>"  # Llama 2's and Mistral's end of sequence (not HTML's struck text)
    if text.startswith("<s>") and "</s>" not in text and ABOUT_TOKENS.search(text) is None:
        return "<s>"  # their start of sequence, printed before the generation (struck text closes)
    long = len(text) > SOUP_CHARS
    if long and not any(m in text for m in TOKEN_MARKS):
        return None
    found = [m.group(0) for m in SPECIAL_TOKEN.finditer(text)]
    if found and (asked or "|>" in text):
        delimited = delimited_records(text)
        # (the first QUOTED_TOKENS distinct tokens asked about, as the quotes are looked for)
        written = islice(dict.fromkeys(found), QUOTED_TOKENS)
        machinery = {t: not format_token(t, asked, delimited) for t in written}
        found = [t for t in found if machinery.get(t, True)]
    if not found:
        return None
    if long and len(found) < LONG_TOKENS and not text.endswith(found[-1]):
        return None
    rest = SPECIAL_TOKEN.sub(" ", text)
    if ABOUT_TOKENS.search(rest) is not None:
        return None
    # (each distinct token once, the first QUOTED_TOKENS of them: a text of 100,000 tokens is
    # not searched 100,000 times)
    if any(
        f"'{t}'" in text or f'"{t}"' in text for t in islice(dict.fromkeys(found), QUOTED_TOKENS)
    ):
        return None
    return found[0]


# The Harmony format (gpt-oss) with its special tokens stripped: the channels' names stay glued
# to their text ("analysisUser says hi. Should respond.assistantfinalHello!").
_HARMONY = re.compile(
    r"^(?:analysis|commentary)[A-Z\s].{0,3000}?assistant(?:final|commentary)", re.S
)


def harmony(text: str) -> str | None:
    """gpt-oss's reasoning and answer run together with its channel names, the format's tokens
    dropped by a server that printed the raw completion."""
    if "assistant" not in text or not text.startswith(("analysis", "commentary")):
        return None
    m = _HARMONY.match(text)
    return None if m is None else "assistantfinal"


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


def printed_call(text: str, r: Reply) -> str | None:
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


def silence_after(text: str) -> str | None:
    """A silence word appended to a sentence ("Nessun pacco in tracciamento. NO_REPLY")."""
    if "_" not in text[-30:]:
        return None
    m = _SILENCE_AFTER.search(text[-40:])
    return None if m is None else m.group(0)[1:].strip()


# A chat completion object printed whole whose message holds no answer: its content empty or
# null (no tool call made), or only its reasoning filled: the model's answer went into the
# reasoning field, or the reasoning ran out of room before an answer.
_EMPTY_CONTENT = re.compile(r"""['"]content['"]\s*:\s*(?:''|""|None|null)\s*[,}]""")
_FILLED_CONTENT = re.compile(r"""['"]content['"]\s*:\s*(?:'[^']|"[^"])""")
_REASONING = re.compile(r"""['"]reasoning(?:_content)?['"]\s*:\s*['"][^'"]""")
_TOOL_CALL_MADE = re.compile(r"""tool_calls['"]\s*:\s*\[\s*\{""")


def empty_completion(text: str) -> str | None:
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


# A reasoning block with nothing after it: the reply is the model's thinking, its answer never
# written (the budget ran out, or the server put the answer in the reasoning field). The block
# opens the reply (`<think>`, `<thinking>`, `<reasoning>`, Kimi's `◁think▷`) and closes with no
# letter or digit after it, or never closes; or the opener was the template's and the reply ends on
# the closer.
_WORD_CHAR = re.compile(r"[^\W_]")


# ... or a lead-in, then the block opened on a line of its own (in any case: "<Thinking>") and
# never closed: the reply stops inside its reasoning ("I'll provide an overview of writing
# JavaScript.\n\n<Thinking>\nI'll break it down into ...").
_LATE_OPENER = re.compile(r"\n[ \t]*<(think|thinking|reasoning)>[ \t]*\n", re.I)


def opened_late(text: str) -> bool:
    """Whether a reasoning block opens on a line of its own after the reply's first line and
    never closes (`_LATE_OPENER`); cheap: a substring test first."""
    if ">\n" not in text or not (
        "hink" in text or "HINK" in text or "EASONING>" in text or "easoning>" in text
    ):
        return False
    if "`" in text:
        return False  # (a writer showing the tags in code)
    opened = list(_LATE_OPENER.finditer(text))
    if not opened:
        return False
    last = opened[-1]
    return f"</{last.group(1).lower()}>" not in text[last.end() :].lower()


def reasoning_only(text: str) -> str | None:
    """The reply is only a reasoning block (the answer after it empty or never written)."""
    if opened_late(text):
        return "reasoning opened, never closed"
    if "think" not in text[:12] and "reason" not in text[:12] and "think" not in text[-14:]:
        return None
    if "`" in text:
        return None  # (a writer showing the tags in code)
    after = after_think_closer(text)
    if text.startswith(THINK_OPENERS):
        if after is None:
            return "reasoning, never closed"
        # (an answer after the block may be a number alone: "</think>\n\n391")
        return None if _WORD_CHAR.search(after) is not None else "reasoning only"
    # (the template's opener is in the prompt, not in the reply: a reply that ends on its
    # closer and holds no opener; one that holds one names the tags, "... between <think> and
    # </think>")
    if after == "" and not any(o in text for o in THINK_OPENERS):
        return "reasoning only"
    return None


# A reasoning model's thinking sent as its reply, with no tags around it: it speaks of "the
# user" in the third person and plans its answer ("The user wants a poem about the sea. I
# should keep it short."), and the answer never follows. Read in a reply that opens so (a
# discourse word before it at most) and plans (a word of its own next step), to a request
# that does not itself speak of a user (then "the user wants..." may be the answer).
THINKING_OPENS = re.compile(
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


def bare_thinking(text: str, r: Reply) -> str | None:
    """A reply that is a reasoning model's plan about "the user", untagged (see above)."""
    if len(text) > THINKING_CHARS:
        return None
    m = THINKING_OPENS.match(text)
    if m is None or _PLANS.search(text, m.end()) is None:
        return None
    if r.question and _SPEAKS_OF_USER.search(r.question) is not None:
        return None
    return m.group(0)[:30]


# Half a JSON object printed where the answer should be: the reply opens an object and never
# closes it ('{"answer": "The sea', '{"response":'), a structured output cut after a token or
# two. This short at most (a long object cut for length is a verdict of its own). Read against
# a request (a stream's head, judged with none while it is held back, is any object's start).
HALF_OBJECT_CHARS = 300
_OPENED_OBJECT = re.compile(r'\[?\{\s*(?:"[^"\n]{1,60}"\s*:|$)')


def half_object(text: str, r: Reply) -> str | None:
    """A short reply to a question that opens a JSON object (`{` alone, or `{"key":`) and never
    closes it: more braces opened than closed, on a line or two."""
    if len(text) > HALF_OBJECT_CHARS or not text.startswith(("{", "[{")) or not r.question:
        return None
    if _OPENED_OBJECT.match(text) is None or text.count("{") <= text.count("}"):
        return None
    if text.count("\n") > 2:
        return None  # (a pretty-printed object cut is read as a truncation elsewhere)
    return text[:20]
