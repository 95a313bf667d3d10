# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 32 (engineer 169): a game's or an app's line sent bare to a model to translate (the
request is the source line; the instruction was elsewhere), as the raw MTL outputs of game
translation tools record them (DazedMTL, gpt-mtl of RPG Maker games).

- Rendered: the line itself apologises, refuses or reports an error, and the reply is that line
  in English, about as long, ending as the line ends: the apology is the text's, an answer.
- Chatter: the reply speaks about the translation or the line, after the rendering ("Note: the
  original text ...", "(Translation note: ...)", "I hope this helps!"), before it ("Here's the
  translation: ...") or in its place ("The text you provided appears to be a name."): the
  model's words written into the game's file, a failure.
- Left: a line that holds a note or a hope rendered; a reply to a question about saying a word;
  an answer with code; an English refusal to a line that refuses nothing.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

RENDERED = (
    # the lines of round 31's fresh batch's kind (rance-10-gpt-mtl, DazedMTL): in-game lines
    # that are themselves apologies, refusals or errors, rendered (made up in their image)
    ("I'm sorry, I can't do that right now.", "すみません、今はできません。"),
    ("Error! The door won't open.", "エラー！扉が開かない。"),
    (
        "\"I'm sorry, I can't answer that question.\"",
        "「すみません、その質問にはお答えできません」",
    ),
    ("I'm sorry. I can't do it right now.", "죄송합니다. 지금은 할 수 없어요."),
    # the vocabulary does not know the line's own apology
    ("Sorry, no can do.", "すまん、無理だ。"),
)


# answers at the join already (the question's failure word discounts them): kept so
KEPT = (
    ("Sorry, I can't help you.", "对不起，我无法帮你。"),
    ("I'm sorry.", "申し訳ありません…"),
    ("Please wait a moment.", "少々お待ちください。"),
)


@pytest.mark.parametrize(("text", "question"), RENDERED + KEPT)
def test_a_line_that_apologises_rendered_is_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


CHATTER = (
    # a patent translator's log: Shisa V2.1 writes "(Note: The original Japanese text seems
    # incomplete...)" into the translated body of a chunk (a Japanese comment in a public
    # repository's translation pipeline, found with find_string; the line rebuilt)
    (
        "The fastening member is inserted into the hole. (Note: The original Japanese text "
        "seems incomplete.)",
        "締結部材は穴に挿入される",
    ),
    # the markers a subtitle/game translation cleaner strips from model outputs ("Translation
    # note:", "(Translation note:", "Here's the translation:"; a public repository's skip
    # list), on game lines
    ("Good morning, hero! (Translation note: 様 is an honorific.)", "おはよう、勇者様！"),
    ("Here's the translation: You opened the treasure chest!", "宝箱を開けた！"),
    (
        "You opened the treasure chest!\n\nNote: the original text is ambiguous; it could also "
        "mean the chest opened by itself.",
        "宝箱を開けた！",
    ),
    ("Thanks, you saved me.\n\nI hope this helps!", "ありがとう、助かったよ。"),
    # in place of the rendering: a name given bare
    ('The text you provided appears to be a name. It could be rendered as "Layla".', "レイラ"),
    ("「レイラ」 is a Japanese name.", "レイラ"),
    # a reply in the line's own language about the line
    ("この文は「宝箱を開けた」という意味です。", "宝箱を開けた！"),
    ("这句话的意思是今天的天气非常好。", "今天的天气真好"),
)


@pytest.mark.parametrize(("text", "question"), CHATTER)
def test_words_about_the_translation_are_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert "line_chatter" in names


LEFT = (
    # a line that holds a note or a hope: its rendering says it
    ("Note: The key is in the desk.", "メモ：鍵は机の中にある。"),
    ("Don't give up hope!", "希望を捨てるな！"),
    ("I hope you come back safely.", "無事に帰ってくることを願っています。"),
    ("Please look at the note.", "ノートを見てください。"),
    # how to say a word: a question answered, with a note
    (
        "You can say すみません (sumimasen) or ごめんなさい (gomen nasai).\n\nNote: すみません "
        "is more polite.",
        "How do I say 'I'm sorry' in Japanese?",
    ),
    # a line that asks what a text means: an explanation in its language is the answer
    ("この文は「宝箱を開けた」という意味です。", "この文の意味を教えて"),
    ("「宝箱を開けた」という意味です。", "これはどういう意味？"),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_a_rendering_that_says_note_or_hope_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert "line_chatter" not in names


STILL_FAILURES = (
    # a refusal to a line that refuses nothing
    ("I'm sorry, I can't help with that.", "こんにちは"),
    # an assistant declining the request, to a line that declines (an eroge's line refused)
    ("I'm sorry, but I can't assist with that.", "すまん、無理だ。"),
    # a machine's failure the line does not name
    ("Error: rate limit exceeded.", "エラーが出た。"),
)


@pytest.mark.parametrize(("text", "question"), STILL_FAILURES)
def test_a_failure_to_a_line_is_no_rendering_of_it(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "rendered_line" not in names


def test_a_user_message_about_software_is_no_bare_line() -> None:
    # an issue title (a Chinese user's complaint naming the API, in WORK's kind): an English
    # failure notice to it is not its rendering
    _, names = hand(
        "API request failed, please try again.",
        "对一些简单问题可以回复，稍微复杂就会出现API 请求失败",
    )
    assert "rendered_line" not in names
