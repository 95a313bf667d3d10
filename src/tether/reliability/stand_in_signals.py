"""The signals that say a reply stands in for one: a placeholder, a progress line, a program's
literal for no value, an empty shell, a reply the provider says it never generated. (A template
slot never filled: `slot_signals`.)"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, placeholder_key
from tether.reliability.printed_object_signals import asks_value
from tether.reliability.question_signals import asks_about_failure
from tether.reliability.reply import (
    Reply,
    Signal,
)


def placeholder(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A stand-in for no reply (`_placeholder`), unless the request demands it: a stand-in the
    request asks to translate ("Translate 'No answer' into Russian": "Нет ответа"), a code
    literal the request asks a program's value for ("What does `typeof x` return?":
    "undefined"), the text a client shows while it waits or when it has nothing, asked for
    ("What placeholder should the chat show while loading?": "Thinking…"). Then the stand-in
    is the answer (`asked_stand_in`, on the answer's side)."""
    found = tuple(_placeholder(r, w))
    if not found or not r.question or len(r.text) > ASKED_STAND_IN_CHARS:
        return found
    why = _asks_stand_in(r)
    if why is None:
        return found
    return (Signal("asked_stand_in", -w["asked_stand_in"], why),)


ASKED_STAND_IN_CHARS = 60
# A request to translate, in the languages clients ship their strings in.
_ASKS_TRANSLATION = re.compile(
    r"translat|traduc|traduz|tradu[iï]s|traduir|traduci|\u00fcbersetz|\u043f\u0435\u0440\u0435\u0432"
    r"|\u7ffb\u8bd1|\u7ffb\u8b6f|\u7ffb\u8a33|\ubc88\uc5ed|\u00e7evir|terjemah|d\u1ecbch|przet\u0142umacz"
    r"|vertaal|\u0442\u0440\u0430\u043d\u0441\u043b|localiz|localis|i18n|l10n",
    re.I,
)
# A request for a program's value: what code returns, prints, logs or evaluates to.
_ASKS_CODE_VALUE = re.compile(
    r"\b(?:what|which value)\b[^.?\n]{0,80}\b(?:return|returns|print|prints|output|outputs|log"
    r"|logs|evaluate|evaluates|yield|yields)\b|\bevaluates? to\b|\bvalue of\b"
    r"|\bwhat(?:'s| is) (?:the )?(?:result|output|value)\b"
    r"|\u8fd4\u56de\u4ec0\u4e48|\u8f93\u51fa\u4ec0\u4e48|\u7684\u503c\u662f|\u4f55\u3092\u8fd4"
    r"|\u51fa\u529b\u306f|\ubc18\ud658\ud558|что вернёт|что вернет|что выведет",
    re.I,
)
# A request for the text a client shows while it waits or when it has nothing to show.
_ASKS_UI_TEXT = re.compile(
    r"placeholder|loading (?:text|message|label|state|indicator)|empty[ -]state|spinner"
    r"|typing indicator|fallback (?:text|label|message|string)|(?:ui|button|status) (?:text|label)"
    r"|\u5360\u4f4d|\u7a7a\u72b6\u6001|\u52a0\u8f7d\u6587\u6848|\u30d7\u30ec\u30fc\u30b9\u30db\u30eb\u30c0"
    r"|\ud50c\ub808\uc774\uc2a4\ud640\ub354|\u0437\u0430\u0433\u043b\u0443\u0448\u043a",
    re.I,
)


def _asks_stand_in(r: Reply) -> str | None:
    """Why the request demands the stand-in the reply is (`placeholder`), or None."""
    q = r.question[:2000]
    low_q = q.lower()
    key = placeholder_key(r.text)
    if (key in _CODE_STAND_INS or key == "none") and _ASKS_CODE_VALUE.search(q) is not None:
        return f"{r.text.strip()!r} to a request for a program's value"
    if _ASKS_UI_TEXT.search(q) is not None:
        return f"{r.text.strip()!r} to a request for a client's text"
    if _ASKS_TRANSLATION.search(q) is not None:
        named = next(
            (t for t in r.lexicon.placeholders if len(t) >= 4 and " " in t and t in low_q), None
        )
        if named is not None:
            return f"{r.text.strip()!r}: the request asks to translate {named!r}"
    return None


def _placeholder(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A stand-in for no reply: `null`, `undefined`, `[object Object]`, `(No response)`; also
    a code's stand-in after a client's label (`Failed: undefined`, `Error — [object Object]`),
    any JavaScript object printed as its type (`[object Promise]`), a note in brackets that
    nothing is there, in any language (`(vacío)`, `[пусто]`, `(내용 없음)`), and work in
    progress said where the reply goes (`Redoing prompt 🔄...`)."""
    leak = stand_in_leak(r, w)
    if leak is not None:
        return leak
    spinner = spinner_notice(r.text)
    if spinner is not None:
        return (Signal("placeholder", w["placeholder"], spinner),)
    if len(r.text) > 60:
        return ()
    key = placeholder_key(r.text)
    # a stand-in word dressed up ("🦙Generating ...", "[Silencio]", "⏳ thinking…"): the same
    # word once the signs around it are gone (and never a reply of signs alone, `[]`, `...`)
    bare = _AROUND_WORDS.sub("", key)
    if key in r.lexicon.placeholders or (bare and bare in r.lexicon.placeholders):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    said = _AROUND_WORDS.sub("", _LABEL.sub("", key, count=1))
    if _OBJECT_STRING.search(key) is not None or (said != bare and said in _CODE_STAND_INS):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a program's note in brackets that nothing is there, in any language: "(vacío)",
    # "[пусто]", "(내용 없음)", "<no message>"
    inside = _BRACKETED.fullmatch(key)
    if inside is not None and r.lexicon.says_only_absence(inside.group(1)):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or a tag in brackets that names an error, and nothing else ("[API Error]",
    # "[Gemini APIエラー]", "(timeout)"): a client's label put where the reply goes
    if (
        inside is not None
        and len(inside.group(1).split()) <= ERROR_TAG_WORDS
        and _ERROR_TAG.search(inside.group(1)) is not None
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or the thing the request asked for, said absent in brackets ("(no reason)" to "give
    # the reason for your vote", "[no summary]" to "summarize"): a program's default where the
    # model's field came back empty (a request that names the whole note: `asked_for`)
    if inside is not None and _asked_thing_absent(r, inside.group(1)):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or a program's marker in brackets, in snake case, that the reply was empty
    # ("<empty_content>", "[NO_RESPONSE]", "<empty_response_from_the_bot>")
    if inside is not None and _EMPTY_MARKER.fullmatch(inside.group(1)) is not None:
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # ... or an empty thing named, unbracketed ("Empty String :(", "Blank result"): a program's
    # note where the reply should be (not to a question that names the thing: "empty string"
    # answers what `""` is)
    head, _, thing = bare.partition(" ")
    if (
        head in ("empty", "blank")
        and thing
        and r.lexicon.only_things(thing)
        and not r.names_asked(thing)
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # work in progress said where the reply goes: "Redoing prompt 🔄...", "Retrying…"
    if bare and r.lexicon.says_only_progress(bare):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    if nothing_made(r.text.strip()):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a line of a bot at work, left where the reply goes: "🤖 AI is thinking...", "Печатаю...",
    # "Asisten sedang memproses permintaan Anda..." (not to a question about such lines)
    if working_line(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a reply that names itself a stand-in ("This is a default answer.", "testsvar från AI"),
    # or the label of the reply's slot printed in its place ("AI response", "Bot reply")
    if (
        _NAMED_STAND_IN.search(key) is not None
        or _NAMED_STAND_IN.search(_FIRST_SENTENCE.split(key, maxsplit=1)[0]) is not None
        or _SLOT_LABEL.fullmatch(bare) is not None
        or (_GENERATED_LABEL.fullmatch(key) is not None and not _label_asked(r, key))
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # the name of the variable that was to hold the reply, printed in its place ("res_text",
    # "bot_reply"): a program's slot, not its value (unless the question names it)
    if _SLOT_VARIABLE.fullmatch(r.text.strip()) is not None and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a file's reference that was to be read in ("@/tmp/rev16118.md"), posted as it stands:
    # a tool's argument that never became the text it names
    if (
        _FILE_REFERENCE.fullmatch(r.text.strip()) is not None
        and not _names_task_words(r)
        and not _question_names(r, r.text.strip())
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a program's constant alone, unmarked: a sentinel ("DO-NOT-KNOW") or a message's key
    # never looked up ("ERR_QUOTA_EXCEEDED_TITLE"); a writer who names one marks it as code
    if _CONSTANT.fullmatch(r.text.strip()) is not None and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # signs around an ellipsis alone ("🤔 ...", "💭…", "⌛ ..."): a client's waiting mark with
    # its emoji, where the reply goes
    stripped = r.text.strip()
    if (
        ("..." in stripped or "\u2026" in stripped)
        and len(stripped) <= 12
        and not any(c.isalnum() for c in stripped)
    ):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    # a program's marker of an empty reply, unbracketed ("NO_RESPONSE", "EMPTY_OUTPUT"), or a
    # translation function's call never rendered ("{{ t('chat.noResponse') }}",
    # "$t(chat.empty)", "i18n.t('reply.none')"): a client's text, never looked up
    if (
        _EMPTY_MARKER.fullmatch(stripped) is not None
        or (_I18N_CALL.fullmatch(stripped) is not None and not _asks(r, _ASKS_TRANSLATION))
    ) and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], stripped),)
    shell = empty_shell(r)
    if shell is not None:
        return (Signal("placeholder", w["placeholder"], shell),)
    # a model's control tokens alone ("<|endoftext|>", a runtime's "<|CONTEXT-FULL|>"): the
    # markers of a chat template or a runtime's signal, with no reply between them
    if _CONTROL_TOKENS.fullmatch(r.text.strip()) is not None and not _names_task_words(r):
        return (Signal("placeholder", w["placeholder"], r.text.strip()),)
    return ()


WORKING_LINE_CHARS = 80
# An ellipsis or an hourglass closing a line (emoji and spaces after it at most), or an
# hourglass opening it: a client's mark of work under way.
_WORKING_END = re.compile(
    r"(?:\.{3}|\u2026|[\u23f3\u231b])[\W_]{0,4}$|^\W{0,3}[\u23f3\u231b]", re.UNICODE
)


def may_be_working_line(text: str) -> bool:
    """A short text ending the way a bot's line at work ends: `working_line` may read it."""
    return len(text) <= WORKING_LINE_CHARS and _WORKING_END.search(text.strip()) is not None


def working_line(r: Reply) -> bool:
    """A short line that says a bot is at work, closed by an ellipsis: "AI is thinking...",
    "Wait a second, I'm thinking...", "AI myśli...", "正在分析\uff0c请稍等片刻..." (stand_in
    `progress` and `working`). A client's progress message never replaced by the reply. Not
    when the question names the same words (a progress message asked for)."""
    text = r.text.strip()
    if len(text) > WORKING_LINE_CHARS or "\n" in text:
        return False
    if _WORKING_END.search(text) is None:
        return interim_notice(r)
    low = text.lower()
    m = r.lexicon.working.search(low)
    if m is None:
        return False
    return not r.names_asked(m.group(0).strip())


INTERIM_CHARS = 40
# What may stay of an interim notice once its progress words and wrappers are gone: signs,
# digits, and one short Latin name ("AI", "Gemini", "GPT").
_INTERIM_REST = re.compile(r"[\W\d_]*(?:[a-z][a-z0-9.-]{0,11})?[\W\d_]*")


def interim_notice(r: Reply) -> bool:
    """A whole reply that only says the bot is still at work, with no ellipsis: "아직 AI가
    처리 중이에요", "考え中です", "正在思考中", "Всё ещё думаю": a messenger bot's interim
    notice ("still thinking") sent where the answer goes, and no answer came after it. Only
    the progress words (stand_in `progress`, `working`), the words an interim notice wraps
    them in (`interim`: "아직", "です", "还在", "still") and a bot's name; not when the
    question names the same words, or a failure (a maintainer's "being handled")."""
    text = r.text.strip()
    if len(text) > INTERIM_CHARS or (text.isascii() and len(text.split()) > 4):
        return False
    low = text.lower()
    spans = r.lexicon.working.spans(low)
    if not spans:
        return False
    if any(r.names_asked(low[a:b].strip()) for a, b in spans):
        return False
    if r.question and asks_about_failure(r):
        return False  # "正在处理。" to "always 502, when will it work?": a maintainer's status
    rest = _cut(low, spans)
    rest = _cut(rest, r.lexicon.interim.spans(rest))
    return _INTERIM_REST.fullmatch(rest) is not None


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with the spans blanked out (a space each)."""
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + " " + text[b:]
    return text


def _names_task_words(r: Reply) -> bool:
    """A constant one of whose words the question says (`OPENAI_API_KEY` to "which variable
    holds the API key?", `NO_ISSUES_FOUND` to "say NO_ISSUES_FOUND if ..."): the name asked
    for, not a program's leak."""
    question = set(re.findall(r"[a-z0-9]+", r.compared_question))
    parts = re.split(r"[_-]", r.compared(r.text.strip()))
    return any(len(part) >= 3 and part in question for part in parts)


# A word's beginning that names it in the request ("plan" in "planning", "note" in "notes").
STEM_CHARS = 4
_STEM_WORD = re.compile(r"[a-z]{4,}")


def _question_names(r: Reply, text: str) -> bool:
    """Whether the request asks a question that names one of `text`'s words by its beginning
    ("Which file should I attach with @ to include my notes?" to "@./notes.md"): the name asked
    for. A task that shares its words (a pull request's title) asks for the file's text."""
    if "?" not in r.question[:2000]:
        return False
    return any(_names_stem(r, word) for word in _STEM_WORD.findall(r.compared(text)))


def _names_stem(r: Reply, word: str) -> bool:
    return re.search(rf"\b{re.escape(word[:STEM_CHARS])}", r.compared_question) is not None


def _label_asked(r: Reply, key: str) -> bool:
    """Whether the request asks for a coding agent's plain default ("Initial plan") as its
    answer: a question ("What do agile teams call the first draft of a roadmap?") or a request
    that names its words ("the title for the first planning commit"). A generated thing's
    label ("AI-generated summary") names itself a stand-in, whatever was asked."""
    if key != _AGENT_DEFAULT or not r.question:
        return False
    return "?" in r.question[:2000] or any(_names_stem(r, word) for word in key.split())


# Three or more parts in capitals joined by `_` or `-`, and nothing else.
_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+){2,}")


# A stand-in reply naming itself one: a test's, a default's, a mock's answer, in the corpus's
# languages (a program's canned text where the model's reply should be), said as the whole
# reply: a greeting at most before it, "this is a", and "from the AI" after it (not "the test
# response passed", a writer's report).
_STAND_IN_NAME = (
    r"(?:test|default|dummy|mock|fake|placeholder|stub|canned)[ -]?(?:(?:ai|bot|llm) )?"
    r"(?:answer|response|reply)"
    r"|testsvar|testantwort|testvastaus"
    r"|(?:respuesta|resposta|réponse|risposta) (?:de |di )?(?:prueba|teste|test|prova)"
    r"|(?:respuesta|resposta|réponse|risposta) (?:por defecto|padrão|par défaut|predefinita)"
    r"|тестов(?:ый|\u043e\u0435) (?:ответ|сообщение)"
    r"|测试(?:回复|回答)|默认(?:回复|回答)|テスト(?:応答|回答)|테스트 응답"
    # a mock's, a dummy's, a simulated answer named in a sentence of its own, in other
    # languages ("Mock 응답입니다.", "模拟回复", "ダミー応答です", "Respuesta simulada")
    r"|(?:mock|dummy|test|테스트|더미|모의|가짜|임시|ai|인공지능|챗봇) ?(?:응답|답변)(?:입니다)?"
    r"|(?:mock|dummy|模拟|虚拟|假|默认|测试) ?(?:回复|回答|响应|回應|回覆)"
    r"|(?:mock|dummy|モック|ダミー|テスト|仮の?) ?(?:応答|回答|返答|レスポンス)(?:です)?"
    r"|(?:respuesta|resposta|réponse|risposta) (?:simulada|simulée|simulata|ficticia|fictícia)"
    r"|(?:mock|dummy|platzhalter)-?antwort"
    r"|(?:фиктивный|тестовый|заглушечный) ответ"
)
_NAMED_STAND_IN = re.compile(
    r"^(?:\w+\W+)??(?:this is|it's|i'm|i am|detta är|das ist|esta es|esta é|ceci est|это"
    r"|这是(?:一个)?|這是(?:一個)?|これは|이것은|이건)?\s*"
    r"(?:an?|the|ett|en|eine|una|uma|une)?\s*(?:" + _STAND_IN_NAME + r")"
    r"(?:\s+(?:from|de|del|da|du|från|von|от|di)\s+(?:the\s+)?[\w-]+)?\W*$"
)
# A program's marker of an empty reply, in snake case: "empty_content", "NO_RESPONSE",
# "empty_response_from_the_bot" (the inside of brackets).
_EMPTY_MARKER = re.compile(
    r"(?i)(?:empty|no|none|null|nothing|blank|missing)(?:_[a-z]+){1,5}|[a-z]+_(?:empty|none|null)"
)
# A translation function's call, alone, as a template engine would have rendered it: Vue's
# `$t('key')`, i18next's `t('key')` or `i18n.t('key')`, gettext's `_('key')`, `__('key')`, in
# moustaches at most (`{{ t('chat.noResponse') }}`).
_I18N_CALL = re.compile(
    r"(?:\{\{\s*)?(?:\$t|\$tc|i18n\.t|i18next\.t|t|__|_|gettext|intl\.formatMessage)"
    r"\(\s*[\"'`]?[A-Za-z_][\w-]*[.:][\w.:-]{1,60}[\"'`]?\s*\)(?:\s*\}\})?"
)
# A short reply's first sentence (a stand-in naming itself, then a note to the developer:
# "I'm a placeholder AI response. Connect me to a real backend!").
_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# A variable's name for the reply, alone: snake case, one part a reply's slot.
_SLOT_VARIABLE = re.compile(
    r"(?:[a-z]+_)*(?:res|resp|response|reply|answer|output|completion|msg|message)"
    r"_(?:text|txt|content|str|string|msg|message|reply|answer|output)"
)
# The label of the reply's slot alone: "AI response", "Bot reply", "LLM output".
_SLOT_LABEL = re.compile(
    r"(?:ai|bot|llm|gpt|model|assistant|chatbot)(?:'s)? (?:response|reply|answer|output)"
)


# The name of the generated thing where the thing goes: "[AUTO-COMMIT] Generated commit
# message", "AI-generated summary", a coding agent's "Initial plan" commit (a tool's default
# when no model wrote one), a tool's tag in brackets before it at most.
_AGENT_DEFAULT = "initial plan"
_GENERATED_LABEL = re.compile(
    r"(?:\[[\w -]{1,20}\]\s*)?(?:(?:ai|llm)[- ])?(?:auto[- ]?)?generated (?:commit message|pr"
    r" description|pr title|summary|description|excerpt|title|text|content)|" + _AGENT_DEFAULT
)
# A file's reference for a tool to read in ("@/tmp/rev16118.md", "@./notes.md"): alone, never
# replaced by the file's text.
_FILE_REFERENCE = re.compile(r"@(?:/|~/|\.{1,2}/)[\w.-]+(?:/[\w.-]+)*\.\w{1,5}")
SPINNER_NOTICE_CHARS = 400
SPINNER_WORDS_CHARS = 120
# An animated spinner's image: its file named for loading ("dual_ball_loading-crop.gif",
# "spinner.svg", "loader.gif").
_SPINNER_IMAGE = re.compile(
    r"<img\b[^>]{0,300}?\bsrc=[\"']?[^\"'\s>]{0,200}?(?:loading|spinner|loader)[\w-]{0,30}"
    r"\.(?:gif|svg|webp|png)[^>]{0,200}>",
    re.I,
)
_BREAK = re.compile(r"<br\s*/?>", re.I)


def spinner_notice(text: str) -> str | None:
    """A bot's progress notice with its spinner image, left where its output goes ("##
    Generating PR code suggestions\n\nWork in progress ...<br>\n<img src=\".../loading.gif\">"):
    the words of work under way (a heading's at most), no output after them; or None."""
    if len(text) > SPINNER_NOTICE_CHARS or "<img" not in text:
        return None
    spinner = _SPINNER_IMAGE.search(text)
    if spinner is None:
        return None
    words = _BREAK.sub(" ", _SPINNER_IMAGE.sub(" ", text))
    lines = [x for line in words.splitlines() if (x := line.strip(" #*_>\t"))]
    if not lines or sum(map(len, lines)) > SPINNER_WORDS_CHARS:
        return None
    if not may_be_working_line(lines[-1]) and "in progress" not in lines[-1].lower():
        return None
    return lines[-1]


# A reply made of a program's no-value literals and signs alone, two or more (`None: None`,
# `undefinedundefined`, `null - null`): a template whose every slot was filled with nothing.
_STAND_IN_RUN = re.compile(r"[\W_]*(?:(?:none|null|undefined|nan|nil)[\W_]*){2,}")
# JavaScript's text for an object opening the reply (`[object Object].` and then the sources
# an app appended): the answer itself was printed as its type.
_OBJECT_HEAD = re.compile(r"^\W{0,3}\[object [A-Z]\w*\]")
# JavaScript's NaN in a number's slot inside a sentence (`you have performed NaN commands
# today`, `NaN% done`): a count never computed. Case kept: `NaN` as a runtime prints it.
# (not a value's name said: `returns NaN values`, `is NaN`)
_NAN_SLOT = re.compile(
    r"(?<=[A-Za-z,:] )(?<!\bis )(?<!\bare )(?<!\bbe )(?<!return )(?<!returns )(?<!get )"
    r"(?<!gets )NaN(?= ?%| (?!values\b)[a-z]+s\b)|(?<=[$\u20ac\u00a3])NaN\b"
)
_ASKS_NAN = re.compile(r"\bnan\b|not a number", re.I)
STAND_IN_LEAK_CHARS = 300
OBJECT_HEAD_MORE = 0.5  # the object opens a longer reply: what follows was appended to it


def stand_in_leak(r: Reply, w: Mapping[str, float]) -> tuple[Signal, ...] | None:
    """A program's stand-in for a value where the reply or a number should be: a reply of
    stand-in literals alone (`None: None`, `undefinedundefined`), `[object Object]` opening the
    reply, `NaN` in a sentence's count (`you have performed NaN commands today`). Not in code,
    nor when the question asks about those values (read only once a reply has the shape)."""
    text = r.text.strip()
    if len(text) <= 60 and "\n" not in text and _STAND_IN_RUN.fullmatch(text.lower()):
        if _asks(r, _ASKS_NAN) or (bool(r.question) and asks_value(r.question)):
            return None  # what code prints or returns, asked for: the literals are the answer
        return (Signal("placeholder", w["placeholder"], text),)
    if "[object " in text[:12] and _OBJECT_HEAD.match(text) is not None:
        weight = w["placeholder"] + (OBJECT_HEAD_MORE if len(text) > 60 else 0.0)
        return (Signal("placeholder", weight, text[:40]),)
    if "NaN" in text and len(text) <= STAND_IN_LEAK_CHARS and "`" not in text:
        m = _NAN_SLOT.search(text)
        if m is not None and not r.explaining_words and not _asks(r, _ASKS_NAN):
            said = text[max(0, m.start() - 30) : m.end() + 20]
            return (Signal("placeholder", w["placeholder"], said),)
    return None


def _asks(r: Reply, pattern: re.Pattern[str]) -> bool:
    return bool(r.question) and pattern.search(r.question[:2000]) is not None


# An absence, then what was not made ("No commit message generated", "Aucune réponse reçue",
# "Geen antwoord ontvangen", "No generated text in response", "No caption generated yet", "No
# tags predicted for the selected items."): a program's note where the reply should be. A made
# thing that is a fault or a change ("No errors returned", "no conflicts produced") is a
# result, said of the task's own work.
_ABSENT = (
    r"(?:no|none|nothing|sin|ning[u\u00fa]n|ninguna|sem|nenhum|nenhuma|aucun|aucune|pas de"
    r"|kein|keine|keinen|nessun|nessuna|nessuno|geen|\u043d\u0435\u0442|brak|\u017cadn\w*"
    r"|hi\u00e7|tidak ada|kh\u00f4ng c\u00f3)"
)
_MADE = (
    r"(?:generated|produced|returned|provided|received|created|predicted|extracted"
    r"|generad[oa]s?|devuelt[oa]s?"
    r"|recibid[oa]s?|gerad[oa]s?|retornad[oa]s?|recebid[oa]s?|fornecid[oa]s?"
    r"|proporcionad[oa]s?|g\u00e9n\u00e9r\u00e9(?:e|s|es)?|renvoy\u00e9(?:e|s|es)?"
    r"|re\u00e7u(?:e|s|es)?|fourni(?:e|s|es)?|produit(?:e|s)?|generiert|erzeugt"
    r"|zur\u00fcckgegeben|erhalten|geliefert|generat[oaie]|restituit[oaie]|ricevut[oaie]"
    r"|fornit[oaie]|gegenereerd|ontvangen|geretourneerd|\u0441\u0433\u0435\u043d\u0435"
    r"\u0440\u0438\u0440\u043e\u0432\u0430\u043d\w*|\u043f\u043e\u043b\u0443\u0447\u0435"
    r"\u043d\w*|\u0432\u043e\u0437\u0432\u0440\u0430\u0449\u0435\u043d\w*|wygenerowan\w*"
    r"|zwr\u00f3con\w*|otrzyman\w*|dihasilkan|diterima|dikembalikan)"
)
_NOTHING_MADE = re.compile(
    r"[\W_]{0,4}"
    + _ABSENT
    + r"(?:((?:\s+[\w'\-]+){0,3}?)\s+"
    + _MADE
    + r"|\s+"
    + _MADE
    + r"\s+[\w\-]+)(?:\s+(?:yet|so far))?"
    r"(?:\s+(?:in|from|by|for|en|de|em|dans|par|von|im|nella|dalla)\s+"
    r"(?:[\w\-]+\s+){0,3}?[\w\-]+)?[\W_]{0,4}",
    re.I,
)
_RESULT_THING = re.compile(r"error|warn|issue|problem|change|conflict|fail|diff|update|test|bug")
NOTHING_MADE_CHARS = 60


def nothing_made(text: str) -> bool:
    """A short line that says nothing was made: an absence, what was not made, the participle
    (`_NOTHING_MADE`), not a fault or a change found absent (a result of the task)."""
    if len(text) > NOTHING_MADE_CHARS or "\n" in text:
        return False
    m = _NOTHING_MADE.fullmatch(text)
    return m is not None and _RESULT_THING.search(m.group(1) or "") is None


ERROR_TAG_WORDS = 4
_ERROR_TAG = re.compile(
    r"error|\berr\b|fail|timeout|timed out|\u30a8\u30e9\u30fc|\u9519\u8bef|\u932f\u8aa4"
    # failed: Korean, Chinese, Japanese ("(LLM 호출 실패)", "(MLX 요약 실패)")
    r"|\uc2e4\ud328|\u5931\u8d25|\u5931\u6557"
    r"|\uc624\ub958|\uc5d0\ub7ec|\u043e\u0448\u0438\u0431\u043a|fehler|erreur|errore|erro\b"
)
_BRACKETED = re.compile(
    r"[^\w(\[<\uff08\u3010\u300c]{0,3}[(\[<\uff08\u3010\u300c]\s*([^()\[\]<>\uff08\uff09\u3010\u3011\u300c\u300d]{1,40}?)"
    r"\s*[)\]>\uff09\u3011\u300d][^\w]{0,3}"
)


# "no <thing>" in a program's words: "no reason", "no summary given", "none provided"
_NO_THING = re.compile(r"(?:no|missing|empty)\s+([a-z]{3,20})(?:\s+(?:given|provided|returned))?")


def _asked_thing_absent(r: Reply, inside: str) -> bool:
    """`inside` (a bracket's words) says the thing the request asks for is absent: "no
    reason" to a request that asks for the reason (the thing's word, or its plural)."""
    question = r.compared_question
    said = r.compared(inside.strip())
    m = _NO_THING.fullmatch(said)
    if m is None or not question or said in question:
        return False  # (a request that names the note itself asked for it)
    thing = m.group(1)
    return re.search(rf"\b{thing}(?:s|es)?\b", question) is not None


_AROUND_WORDS = re.compile(r"^[\W_]+|[\W_]+$")
# A client's short label before what it printed: a word or three and a colon or a dash.
_LABEL = re.compile(r"^\W{0,4}[\w'\u2019 *]{1,30}?\s*(?:[:\uff1a]|\s[\u2014\u2013-])\s*")
# JavaScript's text for an object it was asked to print as a string.
_OBJECT_STRING = re.compile(r"\[object [a-z]\w*\]")
# One or more of a model's control tokens, `<|name|>`, and nothing else.
_CONTROL_TOKENS = re.compile(r"(?:\s*<\|[\w.:-]{1,60}\|>)+")
# A program's literals for "no value" that are no word of any language ("None" is English).
_CODE_STAND_INS = frozenset(("undefined", "null", "nan", "nil"))


def zero_output(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Text, yet the provider says it generated no tokens: the text did not come from a model."""
    raw = r.usage.raw if r.usage is not None else {}
    for key in ("completion_tokens", "output_tokens", "eval_count"):
        if key in raw and raw[key] == 0:
            return (Signal("zero_output", w["zero_output"], f"{key}=0"),)
    return ()


# --- a shell with nothing in it (round 25) ----------------------------------------------------
_STAND_IN_WORDS: Mapping[str, Any] = SHIPPED.get("stand_in", {})
_MEDIA = frozenset(t.lower() for t in _STAND_IN_WORDS.get("media", ()))
_SLOT_LABELS = frozenset(t.lower() for t in _STAND_IN_WORDS.get("slot_labels", ()))
_DUMMY = frozenset(t.lower() for t in _STAND_IN_WORDS.get("dummy", ()))
_EMPTY_STATES = frozenset(t.lower() for t in _STAND_IN_WORDS.get("empty_states", ()))
# A messenger's text for a message that is not text, in brackets: "[图片]", "[Sticker]",
# "<Media omitted>", a QQ bot's code "[CQ:image,file=...]".
_MEDIA_TAG = re.compile(
    r"[\[<(\u3010\uff08]\s*([^\[\]<>()\u3010\u3011\uff08\uff09]{1,24}?)\s*[\]>)\u3011\uff09]"
)
_CQ_CODE = re.compile(r"\[CQ:(?:image|face|record|video|file|mface|marketface)[^\]]{0,200}\]")
# Markup with no text: HTML tags (by their names: `<function f at 0x..>` is a repr, not a
# tag), entities, zero-width characters, an empty code fence.
_MARKUP = re.compile(
    r"</?(?:p|br|div|span|b|i|u|s|em|strong|small|font|center|ul|ol|li|h[1-6]|a|hr|pre|code"
    r"|blockquote|table|tbody|thead|tr|td|th|section|article|body|html|head|sup|sub)\b[^>]{0,40}>"
    r"|&(?:nbsp|#160|#xa0|zwnj|zwj|#8203);|[\u200b\u200c\u200d\ufeff\u00a0]|```\w*"
)
# A request about markup: its tag or entity alone may be the answer.
_ASKS_MARKUP = re.compile(
    r"html|\btags?\b|markup|entity|nbsp|zero.width|markdown|code (?:block|fence)|\u6807\u7b7e", re.I
)
# A JSON object of a reply's fields, every one empty: `{"response": ""}`, `{"choices": []}`.
_EMPTY_JSON = re.compile(
    r'\{\s*"\w+"\s*:\s*(?:""|null|\[\s*\]|\{\s*\})'
    r'(?:\s*,\s*"(?:\w+)"\s*:\s*(?:""|null|\[\s*\]|\{\s*\}|"(?:assistant|stop|text|message)"))*\s*\}'
)
_REPLY_KEY = re.compile(
    r'"(?:response|output|text|content|result|answer|message|choices|completion|reply|data'
    r'|generated_text|candidates)"'
)
# A slot's label and its colon (or a full-width one), nothing after it: "AI:", "Answer:".
_LABEL_ALONE = re.compile(r"\W{0,2}([^\s:\uff1a]{1,12}(?: [^\s:\uff1a]{1,12})?)\s*[:\uff1a]\s*")


def empty_shell(r: Reply) -> str | None:
    """The reply is a shell with nothing in it, what a client prints when the model's text
    never came: a messenger's tag for a message that is not text ("[图片]", "[Sticker]",
    "<Media omitted>", "[CQ:image,...]"), markup with no text ("<p></p>", "&nbsp;", a
    zero-width space, an empty code fence), the raw reply object with every field empty
    (`{"response": ""}`, `{"choices": []}`), the label of the reply's slot and its colon alone
    ("AI:", "Answer:", "回答" and a full-width colon), a developer's dummy text ("test",
    "asdf", "lorem ipsum", "TODO"). Its evidence, or None; never when the request names the
    same word (asked for)."""
    text = r.text.strip()
    if len(text) > 60:
        return None
    question = r.compared_question  # (and what it is compared with `compared` too)
    low = text.lower()
    if _CQ_CODE.fullmatch(text) is not None:
        return text[:40]
    m = _MEDIA_TAG.fullmatch(text)
    if (
        m is not None
        and m.group(1).lower() in _MEDIA
        and not _said_in(r.compared(m.group(1)), question)
    ):
        return text
    if (
        text
        and not _MARKUP.sub("", text).strip()
        and text.strip("`") != ""
        and not _asks(r, _ASKS_MARKUP)
    ):
        named = _MARKUP.search(text)
        if named is None or r.compared(named.group(0)) not in question:
            return repr(text)
    if (
        text.startswith("{")
        and _EMPTY_JSON.fullmatch(text)
        and _REPLY_KEY.search(text)
        and "empty" not in question
        and "null" not in question
    ):
        return text
    label = _LABEL_ALONE.fullmatch(text)
    if (
        label is not None
        and label.group(1).lower() in _SLOT_LABELS
        and not _said_in(r.compared(label.group(1)), question)
    ):
        return text
    key = _AROUND_WORDS.sub("", placeholder_key(low))
    if key in _DUMMY and not _said_in(r.compared(key), question):
        return text
    # a chat client's empty state or its input's placeholder ("Type a message...", "Ask
    # anything", "No messages yet", "メッセージを入力"), printed where the reply goes
    if key.rstrip(".\u2026") in _EMPTY_STATES and not _asks(r, _ASKS_UI_TEXT):
        return text
    # a client's empty state: where the reply will appear ("The answer will appear here",
    # "回答将显示在这里"), a slot's prompt ("[Your response here]", "<insert answer here>"),
    # a bracketed constant for the reply ("[AI_RESPONSE]")
    if (_APPEARS_HERE.fullmatch(low) or _SLOT_PROMPT.fullmatch(low)) and not _asks(
        r, _ASKS_UI_TEXT
    ):
        return text
    return None


_REPLY_THING = (
    r"(?:(?:ai|bot|model|gpt|llm)(?:'s)? )?(?:response|answer|reply|output|result|summary"
    r"|translation|completion|generated text)s?"
)
_APPEARS_HERE = re.compile(
    r"\W{0,3}(?:(?:the|your|an?)\s+)?" + _REPLY_THING + r"\s+(?:will\s+(?:appear|show up"
    r"|be\s+(?:displayed|shown|generated|written))|goes|appears?|is\s+shown)\s+(?:here|below)\W{0,3}"
    r"|\W{0,3}(?:ai ?)?(?:回答|回复|回覆|答案|结果|結果|输出|輸出|翻译|翻譯|响应|回應|生成内容)"
    r"(?:将|將|会|會)?(?:在)?(?:显示|顯示|出现|出現|展示)(?:在)?(?:这里|這裡|此处|此處|下方)\W{0,3}"
    r"|\W{0,3}(?:ここに|下に)(?:ai ?の)?(?:回答|応答|返答|結果|出力|翻訳)が表示されます\W{0,3}"
    r"|\W{0,3}(?:여기에|아래에) ?(?:ai ?)?(?:답변|응답|결과|출력|번역)(?:이|가)? 표시됩니다\W{0,3}"
    r"|\W{0,3}(?:здесь|ниже) появится (?:ответ|результат)\W{0,3}"
    r"|\W{0,3}(?:ответ|результат) появится (?:здесь|ниже)\W{0,3}"
    r"|\W{0,3}(?:la |el |a |o )?(?:respuesta|resultado|salida|resposta|sa\u00edda) "
    r"(?:aparecer\u00e1|se mostrar\u00e1|ser\u00e1 exibida) (?:aqu\u00ed|aqui|abajo)\W{0,3}"
    r"|\W{0,3}(?:la )?r\u00e9ponse (?:appara\u00eetra|s'affichera) ici\W{0,3}"
    r"|\W{0,3}(?:die )?(?:antwort|ausgabe) (?:erscheint|wird) hier(?: angezeigt)?\W{0,3}"
    r"|\W{0,3}(?:la )?risposta (?:apparir\u00e0|sar\u00e0 mostrata) qui\W{0,3}"
)
_SLOT_PROMPT = re.compile(
    r"[\[<({]{1,2}\s*(?:(?:your|the|insert|ai|model)\s+)*"
    + _REPLY_THING
    + r"(?:\s+(?:here|goes here))?\s*[\]>)}]{1,2}"
    r"|[\[<({]{1,2}\s*insert\s+[\w ]{1,20}\s+here\s*[\]>)}]{1,2}"
    r"|[\[<{]{1,2}\s*(?:ai|bot|llm|model|gpt)_(?:response|answer|reply|output)\s*[\]>}]{1,2}"
)


def _said_in(word: str, question: str) -> bool:
    """`word` said in the (lowered) question: as a whole word in Latin script, anywhere in
    others."""
    if not word.isascii():
        return word in question
    return re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", question) is not None
