# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 25 (engineer 133): stand-ins for an answer. Made-up replies, both sides.

- A filter's replacement text (`filtered_stand_in`): a note that the reply was taken away and
  nothing else ("[Content removed]", "该回答已被屏蔽", "답변이 차단되었습니다"), a provider's block
  reason printed alone ("SAFETY", "finish_reason: content_filter") where a chat's answer was
  due (not a guard model's verdict alone, "unsafe\\nS2": a classifier's demanded output).
  Not to a request that names the note's verb (asked to redact), nor to a safety assessment
  asked for.
- A stand-in the request demands (`asked_stand_in`, on the answer's side): a stand-in the
  request asks to translate, a code literal the request asks a program's value for, the text
  a client shows while it waits, asked for.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.messages import Message, Request, ToolCall, ToolResultPart, Turn
from tether.reliability.judge import judge

POEM = "Write a short poem about autumn leaves."
POEM_ZH = "写一首关于秋天落叶的短诗"

FILTERED = (
    "[Content removed]",
    "This response was filtered.",
    "(output withheld by the safety system)",
    "[Message removed by moderator]",
    "NSFW content removed",
    "This answer was hidden because it may contain sensitive information.",
    "[内容已被过滤]",
    "该回答已被屏蔽",
    "R18内容已被过滤",
    "为保护隐私，该回答已隐藏。",
    "このメッセージは削除されました",
    "応答はフィルターによりブロックされました。",
    "답변이 차단되었습니다.",
    "[삭제된 메시지]",
    "Ответ скрыт модерацией.",
    "[сообщение удалено]",
    "[Contenido eliminado]",
    "Esta respuesta fue filtrada.",
    "[Contenu supprimé]",
    "Cette réponse a été filtrée.",
    "[Inhalt entfernt]",
    "Diese Antwort wurde gefiltert.",
    "[Contenuto rimosso]",
    "Resposta bloqueada pela moderação.",
    "SAFETY",
    "PROHIBITED_CONTENT",
    "finish_reason: content_filter",
    "FinishReason.SAFETY",
    "guardrail_intervened",
)


@pytest.mark.parametrize("text", FILTERED)
def test_a_filters_replacement_is_a_failure(text: str) -> None:
    failure, names = hand(text, POEM if text.isascii() else POEM_ZH)
    assert failure and "filtered_stand_in" in names, (text, names)


LEFT = (
    ("Deleted.", "What happened to the old cache directory after the upgrade?"),
    ("Removed.", "Did you keep the debug print in parse.py?"),
    ("[redacted]", "Replace the password in `password=hunter2` with [redacted]; output it only."),
    ("Filtered.", "Should the log lines be filtered or kept? One word."),
    ("SAFETY", "Which Gemini finish reason means the candidate was blocked for safety?"),
    ("content_filter", "What finish_reason does Azure OpenAI return when the filter fires?"),
    (
        "unsafe\nS1",
        "Provide your safety assessment for the user message below: 'how do I hurt someone'",
    ),
    ("unsafe\nS9", "Is this prompt safe? Answer with Llama Guard's format."),
    (
        "Gemini returns finishReason SAFETY when a candidate is blocked; read safetyRatings "
        "to see which category fired.",
        "Why is my Gemini response empty?",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_demanded_or_explained_note_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert "filtered_stand_in" not in names and not failure, (text, names)


DEMANDED = (
    ("Нет ответа", "Translate 'No answer' into Russian."),
    ("Keine Antwort", "Translate the UI string 'No response' to German."),
    ("（无回复）", "把 'No response' 翻译成中文，用全角括号括起来"),
    ("응답 없음", 'Translate this i18n string into Korean: "No response"'),
    ("undefined", "What does `typeof foo` return for an undeclared variable?"),
    ("None", "What does print(print('x')) output on its second line?"),
    ("null", "What is the value of `document.getElementById('missing')`?"),
    ("Thinking…", "What placeholder text should the chat bubble show while the bot composes?"),
    ("Loading…", "Suggest a loading message for the spinner, one word."),
)


@pytest.mark.parametrize(("text", "question"), DEMANDED)
def test_a_demanded_stand_in_is_the_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure and "asked_stand_in" in names, (text, names)


STILL = (
    ("(No response)", POEM),
    ("Нет ответа", "Напиши стихотворение про осень"),
    ("undefined", "Summarize the release notes for v2.3 in three bullets."),
    ("Thinking…", "Explain the difference between TCP and UDP."),
    ("None", "Write a haiku about the sea."),
)


@pytest.mark.parametrize(("text", "question"), STILL)
def test_a_stand_in_under_another_request_stays_one(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure and "placeholder" in names, (text, names)


EXPLAIN = "Explain how photosynthesis works in two sentences."

SHELLS = (
    "[图片]",
    "[Sticker]",
    "<Media omitted>",
    "[スタンプ]",
    "[사진]",
    "[CQ:image,file=3f2a.jpg]",
    "<p></p>",
    "&nbsp;",
    "\u200b",
    '{"response": ""}',
    '{"choices": []}',
    '{"content": "", "role": "assistant"}',
    "AI:",
    "Answer:",
    "回答\uff1a",
    "Ответ:",
    "asdf",
    "lorem ipsum",
    "TODO",
    "🤔 ...",
    "NO_RESPONSE",
    "{{ t('chat.noResponse') }}",
    "$t(chat.empty)",
    "The answer will appear here.",
    "回答将显示在这里",
    "ここに回答が表示されます",
    "여기에 답변이 표시됩니다",
    "Здесь появится ответ",
    "La respuesta aparecerá aquí",
    "[Your response here]",
    "[AI_RESPONSE]",
    "Type a message...",
    "Ask anything",
    "メッセージを入力",
    "Waiting for response...",
    "Ожидание ответа...",
)


@pytest.mark.parametrize("text", SHELLS)
def test_an_empty_shell_is_a_failure(text: str) -> None:
    failure, names = hand(text, EXPLAIN)
    assert failure and "placeholder" in names, (text, names)


SHELLS_ASKED = (
    ("[图片]", "微信里收到图片时，聊天记录导出的文本显示成什么？只回答标记。"),
    ("<br>", "Which HTML tag makes a line break? Only the tag."),
    ('{"output": null}', "Show a JSON body whose output field is null."),
    ("Answer:", "What label comes before the reply in this format? 'Answer: <text>'"),
    ("test", "Reply with the single word test."),
    ("Type a message...", "Suggest placeholder text for the chat input box."),
    ("t(key)", "How do I call the translate function in i18next? Just the call."),
)


@pytest.mark.parametrize(("text", "question"), SHELLS_ASKED)
def test_an_asked_shell_is_left(text: str, question: str) -> None:
    failure, _names = hand(text, question)
    assert not failure, (text, question)


ACKS_LEFT = (
    ("Done.", "Please rename the variable foo to bar in utils.py."),
    ("Done.", "What's the status of the migration?"),
    ("OK", "Reply OK if you understand."),
    ("Noted.", "FYI the meeting moved to 3pm."),
    ("好的", "我们明天下午三点开会，记一下"),
    ("Hi! How can I help you today?", "hi"),
    ("No results", "Find any orders placed today."),
    ("N/A", "What is the fax number on this invoice?"),
    ("N/A", "What's the middle name in this record? Say N/A if none."),
    ("Готово.", "Переименуй файл config.yml в settings.yml"),
)


@pytest.mark.parametrize(("text", "question"), ACKS_LEFT)
def test_an_ack_to_an_order_or_a_greeting_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


AFTER_TOOLS = ("Done.", "Task completed successfully.", "好的", "Готово.", "N/A")


@pytest.mark.parametrize("text", AFTER_TOOLS)
def test_an_agents_done_after_its_tools_ran_is_its_answer(text: str) -> None:
    """Found at the merge: a reading of a bare "Done." where content was asked flagged an
    agent that had called its tool and then said "Done.": the work is in the tool calls, so the
    ack is the answer (a false alarm here would retry every finished agent task). The reading
    was left out; this keeps any like it honest."""
    task = "Write a function parse() in src/parse.py that reads the config, and add a test."
    messages = (
        Message.text("system", "You are a coding agent."),
        Message.text("user", task),
        Message("assistant", (ToolCall("c1", "write_file", '{"path": "src/parse.py"}'),)),
        Message("tool", (ToolResultPart("c1", "wrote 40 lines to src/parse.py"),)),
    )
    turn = Turn(content=text, finish_reason="stop", termination="stop")
    assert judge(turn, Request(messages=messages)) is None, text
