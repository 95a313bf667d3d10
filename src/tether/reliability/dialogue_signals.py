"""The dialogue as the reply: the user's message said back, or the user's turn written for them.

A base model given the raw prompt continues it, a chat template with no stop sequence lets the
model write the next turns, an echo bot's sample handler answers in the model's place: the
reply is the request word for word (in the comparison form), behind an echo bot's label ("You
said: ..."), inside a prompt's frame ("Question: ... Answer:"), a role's name alone
("Assistant:"), or an answer followed by "User: ..." and the model's next turn. Not when the
request asks for its text back (a proofreader's) or for a dialogue (a script, a sample chat).
"""

from __future__ import annotations

import re

from tether.reliability.raw_output_signals import ABOUT_TOKENS
from tether.reliability.reply import LETTER, Reply
from tether.reliability.text_shape import display_size

# An answer before a turn the model wrote after it: at least this long.
ANSWER_LEAST = 20
# A prompt echoed back: at least this long (a word or two is a demanded reply), a CJK character
# counting as a word's worth (`display_size`: "请介绍一下人民代表大会制度" is a request).
ECHO_CHARS = 24


def echo(text: str, r: Reply) -> bool:
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
    return said == " ".join(question.split()) and display_size(said) >= ECHO_CHARS


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


def labelled_echo(text: str, r: Reply) -> bool:
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


# The user's message echoed inside a prompt's frame: its labels ("Question: ... Answer:",
# "User: ...", a role label after it) or the message said twice, and nothing else: a base
# model given the raw prompt, continuing it instead of answering.
_FRAME_LABEL = re.compile(
    r"(?:^|(?<=\n)|(?<=[.?!] ))[ \t#*]*(?:user|human|question|q|instruction|input|prompt"
    r"|assistant|ai|answer|a|response|output|model|\u95ee\u9898|\u56de\u7b54|\u7528\u6237|\u52a9\u624b)"
    r"[ \t*]*[:\uff1a][ \t*]*",
    re.I,
)


# A shorter message said back over and over ("What is 2+2?What is 2+2?What is 2+2?..."): this
# many times at least, this long ("hi hi hi" is a chant's, read by `chant`).
ECHO_REPEATS = 3
REPEATED_ECHO_CHARS = 8


def framed_echo(text: str, question: str) -> bool:
    """The reply is the user's message (`ECHO_CHARS` long at least, or `REPEATED_ECHO_CHARS`
    said `ECHO_REPEATS` times) under a prompt's labels or said twice: what is left once the
    labels, signs and the message are taken out is nothing."""
    asked = " ".join(question.split()).strip(" .?!\u3002\uff1f\uff01")
    if len(asked) < REPEATED_ECHO_CHARS or len(text) > 3 * len(asked) + 60:
        return False
    said = " ".join(_FRAME_LABEL.sub(" ", text.lower().replace("_", " ")).split())
    if asked not in said:
        return False
    if len(asked) < ECHO_CHARS and said.count(asked) < ECHO_REPEATS:
        return False
    rest = said.replace(asked, " ")
    return LETTER.search(rest) is None


# A prompt's section marker, as graders' templates frame the texts they give
# ("<|The Start of Assistant A's Conversation with User|>", "<|The End of Reference Answer|>"):
# words between `<|` and `|>`, spaces among them (a control token has none).
_SECTION_MARKER = re.compile(r"<\|[^|<>\n]{0,80} [^|<>\n]{0,80}\|>")


def reprinted_frame(text: str, r: Reply) -> str | None:
    """The reply opens or ends on a section marker of the prompt's kind, to a request framed
    with such markers: the model printed the prompt's scaffolding (the conversation it was
    given to grade, between its markers) instead of its own text."""
    if "<|" not in r.question or not (text.startswith("<|") or text.endswith("|>")):
        return None
    m = _SECTION_MARKER.match(text) or _SECTION_MARKER.search(text, max(0, len(text) - 170))
    if m is None or (m.start() > 0 and m.end() < len(text)):
        return None
    return None if _SECTION_MARKER.search(r.question) is None else m.group(0)[:40]


# Instructions under which the user's text given back unchanged is the answer: a proofreader's,
# a formatter's, an echo asked for.
_REWORK = re.compile(
    r"correct|proofread|\bfix|\bedit|format|normali[sz]|clean|rewrite|rephrase|paraphras|"
    r"translat|unchanged|as is|verbatim|echo|repeat|copy|\u6821\u5bf9|\u6da6\u8272|\u6539\u5199",
    re.I,
)


def reworks(instructions: str) -> bool:
    """Whether the system prompt or the request asks for the user's text reworked or given
    back (`_REWORK`): then a reply equal to it is that text, already right."""
    return _REWORK.search(instructions) is not None


# A role's name alone, the whole reply ("model", "assistant:"): a chat template's header
# printed where its turn's text never came.
# ("AI", "GPT" or "Bot" alone may be an answer's one word: only with a label's colon.)
_ROLE_ALONE = re.compile(
    r"[<|\[]*(?:assistant|model)[|>\]]*\s*:?|[<|\[]*(?:ai|bot|gpt)[|>\]]*\s*:", re.I
)


def role_alone(text: str, r: Reply) -> str | None:
    """A role's name alone, the whole reply (`_ROLE_ALONE`), to a request that neither names
    it nor speaks of roles, tokens or templates."""
    if len(text) > 20 or _ROLE_ALONE.fullmatch(text) is None:
        return None
    named = text.lower().strip(" :") in r.question or "role" in r.question
    return None if named or ABOUT_TOKENS.search(r.question) is not None else text


# A model that plays both sides: after its reply it writes the user's next turn under a chat
# template's role label, and often its own after it ("...Paris.\nUser: And Germany?\nAssistant:
# Berlin."): a base model, or a template with no stop sequence, continuing the dialogue it was
# given. The roles as templates and instruction formats name them (the one table of them: the
# turns' patterns and the cheap test below are built from it), a line's start.
USER_ROLES = (
    "user",
    "human",
    "instruction",
    "usuario",
    "utilisateur",
    "benutzer",
    "utente",
    "usu\u00e1rio",
    "gebruiker",
    "kullan\u0131c\u0131",
    "\u043f\u043e\u043b\u044c\u0437\u043e\u0432\u0430\u0442\u0435\u043b\u044c",
    "\u7528\u6237",
    "\u7528\u6236",
    "\u30e6\u30fc\u30b6\u30fc",
    "\uc0ac\uc6a9\uc790",
)
MODEL_ROLES = (
    "assistant",
    "ai",
    "gpt",
    "chatgpt",
    "bot",
    "model",
    "response",
    "asistente",
    "assistente",
    "assistent",
    "\u0430\u0441\u0441\u0438\u0441\u0442\u0435\u043d\u0442",
    "\u52a9\u624b",
    "\u30a2\u30b7\u30b9\u30bf\u30f3\u30c8",
    "\uc5b4\uc2dc\uc2a4\ud134\ud2b8",
)
# The user's side in an instruction format (Alpaca's, Vicuna's `### Instruction:`, `### Human:`).
FORMAT_ROLES = ("instruction", "human", "user")


# A ReAct loop's step after the model's role ("ASSISTANT Thought:", "ASSISTANT Action Input:"):
# ToolAlpaca's and its kin's format, which a model with no stop sequence writes on for itself.
REACT_STEP = r"(?:[ \t]+(?:thought|action(?: input)?|observation))?"


def _turn(roles: tuple[str, ...], step: str = "") -> re.Pattern[str]:
    """A role's label opening a line: after hashes or in bold at most, a loop's step word
    (`step`), then a colon."""
    return re.compile(
        r"^[ \t]*(?:#{2,4}[ \t]*|\*\*)?(?:"
        + "|".join(roles)
        + r")"
        + step
        + r"(?:\*\*)?[ \t]*[:\uff1a]",
        re.M | re.I,
    )


_USER_TURN = _turn(USER_ROLES)
_MODEL_TURN = _turn(MODEL_ROLES, REACT_STEP)
# What a request that asks for a dialogue (a script, a sample chat, a prompt to write) says.
ASKS_DIALOGUE = re.compile(
    r"dialog|conversation|chat ?log|transcript|script|role.?play|example|sample|prompt|format"
    r"|template|few.?shot|interview|scene|story|\u5bf9\u8bdd|\u4f1a\u8a71|\u5bfe\u8a71"
    r"|\ub300\ud654|\u0434\u0438\u0430\u043b\u043e\u0433|gespr\u00e4ch",
    re.I,
)
# An instruction format's label for the user's side: a template's marker, no writer's heading,
# wherever it stands after text.
_FORMAT_USER_TURN = re.compile(r"#{3} ?(?:" + "|".join(FORMAT_ROLES) + r") ?:", re.I)
# The cheap test: a user's role word after hashes or a newline (every turn the model writes
# for the user), as `_USER_TURN` and `_FORMAT_USER_TURN` spell them (`in` tests, cased as a
# label is: "User", "USER", a format's "user" after hashes too), each set tried only on a text
# that holds its hash, newline or bold.
_HASH_MARKS = tuple(
    f"{hashes}{cased}"
    for role in FORMAT_ROLES
    for hashes in ("#", "# ")
    for cased in dict.fromkeys((role.title(), role, role.upper()))
)
_LINE_MARKS = tuple(
    f"\n{cased}" for role in USER_ROLES for cased in dict.fromkeys((role.title(), role.upper()))
)
_BOLD_MARKS = tuple(m.replace("\n", "\n**", 1) for m in _LINE_MARKS)


def _any_of(marks: tuple[str, ...]) -> re.Pattern[str]:
    """One search for any of `marks` (their common start, a hash or a newline, is the
    pattern's literal prefix, skipped to in C): `in` tests of each cost ~12 us on 1.4 KB."""
    return re.compile("|".join(map(re.escape, marks)))


_HASH_MARK, _LINE_MARK, _BOLD_MARK = map(_any_of, (_HASH_MARKS, _LINE_MARKS, _BOLD_MARKS))


def may_speak_both_sides(text: str) -> bool:
    """Whether `text` may hold a user's turn written by the model (a role label on a line)."""
    if "#" in text and _HASH_MARK.search(text) is not None:
        return True
    if "\n" not in text:
        return False
    if _LINE_MARK.search(text) is not None:
        return True
    return "\n**" in text and _BOLD_MARK.search(text) is not None


def both_sides(text: str, r: Reply) -> str | None:
    """After a reply of its own, the user's next turn under a role label and the model's turn
    after it (or the user's turn ending the reply): a model continuing the dialogue for both
    sides. Not a dialogue the request asks for (a script, a sample chat, a prompt), not one in
    code or introduced as an example (the line before it ends on a colon), not a text about
    templates and tokens."""
    if not may_speak_both_sides(text) or "```" in text:
        return None
    head = _reprinted_request(text, r)
    m = _FORMAT_USER_TURN.search(text, head) if "#" in text else None
    if (
        m is not None
        and m.start() > 0
        and LETTER.search(text[: m.start()]) is not None
        and ABOUT_TOKENS.search(text) is None
        and ASKS_DIALOGUE.search(r.question) is None
    ):
        return m.group(0)
    m = _USER_TURN.search(text, head)
    if m is None or m.start() == 0:
        return None
    before = text[: m.start()].rstrip()
    if not before or LETTER.search(before) is None or before.endswith((":", "\uff1a")):
        return None
    if _MODEL_TURN.match(before) is None and _MODEL_TURN.search(text, m.end()) is None:
        return None  # (a turn of each side: the model's, then the user's or the user's, then its)
    if ABOUT_TOKENS.search(text) is not None or ASKS_DIALOGUE.search(r.question):
        return None
    return m.group(0).strip()[:20]


def _reprinted_request(text: str, r: Reply) -> int:
    """Where the reply goes on past the request it reprints whole at its head (a completion
    endpoint's output saved as prompt and completion: "Below is an instruction ... ### Response:
    def f(): ..."), or 0: the role labels in that head are the request's, not turns the model
    wrote."""
    asked = r.raw_question.strip()
    return len(asked) if asked and len(text) > len(asked) and text.startswith(asked) else 0


# The model's own role label opening a line after its answer ("...emphasis on trees.\n\n
# ASSISTANT: You are correct, I have added too many trees, ..."): a chat template with no stop
# sequence, the model taking another turn of its own, answering a user it imagined. The label as
# templates print it (a role's name in capitals or capitalised, after hashes at most), text after.
_ASSISTANT_LINE = re.compile(
    r"^[ \t]*(?:#{2,4}[ \t]*)?(?:ASSISTANT|Assistant)(?: Thought| Action(?: Input)?)?[ \t]*:"
    r"[ \t]*\S",
    re.M,
)
# A writer who quotes a template's turns names the template or its tokens.
_NAMES_TEMPLATE = re.compile(r"token|template|chatml|tokeni[sz]er|role", re.I)


def may_take_another_turn(text: str) -> bool:
    """Whether `text` may hold another turn of the model's own (its role's label on a line)."""
    # (the label's word first, by `in` tests: the line pattern is searched in a text that has it)
    return ("ASSISTANT" in text or "Assistant" in text) and (
        _ASSISTANT_LINE.search(text) is not None
    )


def another_turn(text: str, r: Reply) -> str | None:
    """After an answer of its own (`ANSWER_LEAST` characters with letters, not an introduction
    ending on a colon, no user's turn in it), the model's role label opens a line and a turn
    follows: the model went on to a turn of its own it was never asked for. Not a dialogue
    asked for, nor one in code, nor a text that names templates, tokens or roles."""
    m = _ASSISTANT_LINE.search(text) if may_take_another_turn(text) else None
    if m is None or "```" in text:
        return None
    before = text[: m.start()].rstrip()
    if len(before) < ANSWER_LEAST or LETTER.search(before) is None:
        return None
    if before.endswith((":", "\uff1a")) or _NAMES_TEMPLATE.search(text) is not None:
        return None
    if _USER_TURN.search(before) is not None:
        return None  # (a user's turn before it: a dialogue, `both_sides`'s to read)
    if ASKS_DIALOGUE.search(r.question) is not None:
        return None
    return m.group(0).strip()[:20]
