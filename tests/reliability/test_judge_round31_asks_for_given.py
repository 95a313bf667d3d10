# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 31 (engineer 162): a pipeline sends a source line or a page to a model (its instruction
to translate, correct or format is in a system prompt not recorded), and the model asks for the
very text it was given ("Please provide the text you would like me to translate.").

Replies: real lines committed in place of a rendering in public repositories (LLM-translated
blogs and docs, found with the code search; each source in a comment); the requests are the
source lines or page heads they stood for (rebuilt: the pages keep the rendering only).

- Caught: the request is a text (its first line asks nothing and speaks to no one), and the
  reply asks the requester for a text, or says none was given, in the second or the first
  person, in a line or two.
- Left: a human's reply asking for logs or a message, a clarifying question after content, the
  steps of a how-to answer, an answer to a task that gives no text, a coding agent asking for a
  file, and a reply to a request that asks a question or announces a text to follow.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand

CAUGHT = (
    # an LLM-translated English blog (Chinese EdgeOne tutorial, gemma-3-1b): lines in place of
    # headings and paragraphs
    ("Please provide the text you would like me to translate.", "前言"),
    ("# Please provide the text you would like me to translate.", "# 注册账号"),
    (
        "Okay, please provide the text. I’m ready when you are.",
        "# 计费\n\n边缘函数每月约有 3 亿次请求。",
    ),
    # the same site, another page
    (
        "The provided text is not available. I cannot fulfill your request to translate it. "
        "Please provide the text you would like me to translate.",
        "https://edgeone.ai 注册账号",
    ),
    # a Laravel docs translation (zh-TW), the last chunk of a page
    (
        "I'm ready to translate. Please paste the Markdown content for me to work on.",
        "在此範例中，所有發送到實例的通知將透過頻道接收回呼。",
    ),
    # a C++ tutorial translated into Spanish: a chunk rendered as a request for itself
    (
        "Sure! Please provide the Markdown chunk that you would like me to translate into "
        "Spanish (ES).",
        "## 通过指针修改\n\n当你解引用一个指针时，你得到该地址上的值。",
    ),
    # a Docusaurus site's French docs: the title of a page
    (
        "Could you please provide the Markdown/MDX content that needs to be translated?",
        "# Action: move_site",
    ),
    # a CAMARA API guide, style pass over Markdown: a section rendered as this
    (
        "It appears that you haven't provided any text for me to edit. Please provide the "
        "Markdown text you'd like me to improve, and I'll get started on enhancing its style, "
        "clarity, and readability.",
        "### Tags\n\nNo special restrictions or changes specified in CAMARA.",
    ),
    # a Jina AI article (Chinese), a correction pass: its last paragraph
    (
        "Please provide the markdown text you would like me to correct. I need the text to be "
        "able to help you.",
        "### 后期交互机制\n\n在检索阶段，交互描述了通过比较文档的向量表示来评估文档与用户查询的相关性的过程。",
    ),
    # a subtitle pipeline's log (a short segment read as chat)
    (
        "I'm ready to translate your text. Please provide the English text you'd like me to "
        "translate into the 7 languages.",
        "I am here.",
    ),
    # a Korean rendering of a coding exercise's comments
    ("당신이 번역할 내용을 제공하지 않았습니다.", '"피보나치 수열은 다음과 같이 정의됩니다"'),
    # made-up in the image of the above, in the languages of transform_meta
    (
        "It seems you haven't pasted the Markdown content yet. Please paste it and I'll translate it.",
        "## 安装\n\n首先安装 Python。",
    ),
    (
        "I'm ready to help! Please share the content you'd like me to work on.",
        "Welcome to our website",
    ),
    ("Your message seems to be incomplete. Could you provide the full text?", "Installation guide"),
    ("请提供您需要翻译的文本。", "Main features"),
    ("翻訳したいテキストを入力してください。", "主な機能"),
    ("Пожалуйста, предоставьте текст, который нужно перевести.", "Главная страница"),
    ("Bitte gib mir den Text, den ich übersetzen soll.", "Seite nicht gefunden"),
    # a label ending in a colon is a text too
    ("Please provide the text you would like me to translate.", "跑出来:"),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_a_request_for_the_text_it_was_given_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "transform_meta" in names


LEFT = (
    # a human's reply to an issue (robusta-dev/kubernetes-chatgpt-bot, in WORK): logs, not a text
    (
        "Hi @rahulpanwar \n\nCan you please share the logs of the `robusta-runner` pod running in your cluster?",
        "ChatGPT response is not coming to Slack",
    ),
    (
        "Could you share the full message?",
        "Bot crashes on startup\n\nWhen I run it with the new model it stops.",
    ),
    ("I don't see any error message in your post. Please paste the log.", "Bot crashes on startup"),
    (
        "Please provide the text of the error and your config.",
        "My bot stopped answering after the update",
    ),
    # a clarifying question after content
    (
        "Revenue grew 12% in Q3 while costs fell. Would you like me to expand on any section?",
        "Summary of the Q3 results: revenue grew 12% and costs fell.",
    ),
    # a how-to question answered with steps
    (
        "1. Open DeepL and click Translate files.\n2. Upload the document you'd like translated.\n"
        "3. Pick the target language and download the result.",
        "How do I translate a PDF with DeepL?",
    ),
    # a task that names a transform and gives no text: asking for it is the answer
    (
        "Sure — could you paste the meeting notes or transcript you'd like me to summarize?",
        "Write a summary of the meeting",
    ),
    (
        "Great! Please share the content you'd like me to translate and I'll get started.",
        "I want to translate my website into Spanish",
    ),
    # a coding agent asked for a fix whose code was not sent (Bashara-aina/Babas_Swarms_bot, in WORK)
    (
        "You haven't shared the file `core/integrations/langgraph_orchestrator.py`. Could you "
        "share its contents so I can provide the fixed code?",
        "Fix these test failures. Return ONLY the fixed code — no explanation:",
    ),
    ("Please share the file contents so I can fix the code.", TASK),
    # an instruction that points at a text it lacks (hiyouga/LLaMA-Factory, its example data,
    # in round 31's fresh batch; a merge mend): asking for the text is the answer
    (
        "很抱歉，您没有提供文本。请您提供一段具体文本，我将根据文本的内容和形式归类为说明文或叙述文。",
        "将给定的文本归类为说明文或叙述文。",
    ),
    (
        "Please provide the text you would like me to classify.",
        "Classify the following sentence as positive or negative.",
    ),
    # a request that asks a question, or speaks to the assistant
    ("Could you provide the full text?", "What does this paragraph mean?"),
    ("Please provide the text you would like me to translate.", "Can you help me with my homework"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_reply_asking_for_something_else_or_to_a_message_is_left(
    text: str, question: str
) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


def test_a_line_of_an_answer_that_speaks_to_no_one_is_not_read_as_asking() -> None:
    # an answer to an exam item that lacks its options (OpenLMLab/GAOKAO-Bench, in WORK; its
    # own signals read the rest): no "you", no "I", no "please"
    _, names = hand(
        "【解析】这道题目没有给出具体的选项内容，无法进行具体的解析和答案选择。",
        "1．（ 4分） 2012年，某县农民种植的土豆产量大增，能够反映这种现象的是（ ）\nA．①  B．②",
    )
    assert "transform_meta" not in names
