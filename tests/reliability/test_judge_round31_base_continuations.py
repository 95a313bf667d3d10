# ruff: noqa: RUF001  (texts in their own scripts)
"""Round 31 (engineer 163): base-model continuations and sentence loops in benchmark answers.

- `sentence_loops.sentence_loop`: a reply that says its sentences again and again, each time
  with a word changed, or a numbered list of one sentence, in any script (Korean and Japanese
  loops have no spaces to count words by); the whole reply, or its tail after a start.
- `continuation_signals`: a base model that writes the user's side instead of answering: the
  next questions in the request's form, more labelled questions ("Q: ... A: ..."), a new
  instruction-format exchange, the user's next turn ending the reply, or the request's head
  said back and nothing more.
- `loop_signals.ASKS_REPEAT` reads the CJK "times" only after a figure: a Japanese request's
  "次の" ("the following") asks for no repetition.

Real texts from public benchmark answer files (their sources in comments), shortened where a
loop goes on for pages; lookalike answers that must stay unflagged.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.continuation_signals import may_continue
from tether.reliability.sentence_loops import may_repeat_sentences

# instructkr/LogicKor evaluated/maywell/TinyWand-kiqu/default.jsonl, id 20 (judge score 0:
# "반복적이고 의미 없는 문장"): an interview request e-mail that loops on two sentences, a
# word changed now and then, until the token limit.
_KO_LINE = (
    "게임 B의 개발자들과 직접 대화하고 싶어요. 게임 B의 디자인 결정 과정에 대해 더 깊이 있는 "
    "이해를 원하며, 게임 A와 게임 B의 차이점을 파악하고 싶어요.\n\n"
)
_KO_END = (
    "게임 B의 디자인 결정 과정에 대한 깊이 있는 이해를 원하며, 게임 A와 B의 차이점을 파악하고 "
    "싶어요. "
)
KO_LOOP = "".join(
    [
        "물론이에요! 아래는 게임 A와 게임 B의 개발자들에게 인터뷰를 요청하는 메일의 예시입니다.\n\n",
        "---\n\n제목: 게임 A와 게임 B의 개발 과정에 대한 깊은 이해 요청\n\n안녕하세요,\n\n",
        _KO_LINE * 12,
        _KO_END * 6,
        "게임 B의 따라 결정 과정에 대해 깊이 있으면 언제든지 궁금한 점이 있으면 양적인 이해를 ",
        "원하시면 언제든 게임 B의 차이적인 이해를",
    ]
)
KO_ASKED = (
    "기자인 당신은 게임 B의 개발사에 인터뷰를 요청하는 과정에서 그들의 의도를 이해하고자 "
    "합니다. 게임 B의 개발사에 인터뷰를 요청하는 메일을 작성해보세요."
)

# lm-sys/FastChat fastchat/llm_judge/data/japanese_mt_bench/model_answer/
# emb-only_mixv3_10btok_7b_javocab...jsonl, question 13: a list of fields that loops on one
# phrase (the request's "次の" is "the following", no request for a repetition).
JA_LOOP = (
    "提供されたテキストから次の情報を取得します：\n主人公の性別、年齢、職業、性格、家族構成、"
    "住居、趣味、特技、評価、評価基準、評価結果の説明、評価結果の根拠、"
    + "評価結果の説明の根拠、" * 40
    + "評価結果"
)
JA_ASKED = "次のテキストから、本のタイトル、著者、主人公、出版年を抽出してください。"

# Same file, question 16: the request's instruction said back, the passage and the counting
# never written (the request's passage is shortened here).
JA_HEAD = (
    "以下の文章を読んで、「アマゾン」、「川」、「生物」がどの程度出現しているかを数えてください。"
    "結果は「単語、出現回数」の形で、各単語を別の行で示してください。"
)
JA_HEAD_ASKED = (
    JA_HEAD + "\n\nアマゾン川は南アメリカを流れる大河で、流域には多様な生物が暮らしています。"
)

# McCloudS/subgen issue 21: a Whisper transcript of silence, the stock credit said over and over.
SUBTITLE_LOOP = (
    "0\n00:00:00,000 --> 00:01:13,380\nThanks for watching! Thanks for watching! Thanks for "
    "watching! Thanks for watching!\n\n1\n00:01:14,820 --> 00:01:15,780\nThanks for watching!\n\n"
    "2\n00:01:16,220 --> 00:01:23,820\nThanks for watching! Thanks for watching! Thanks for "
    "watching! Thanks for watching!\n\n3\n00:01:25,840 --> 00:01:28,120\nThanks for watching!"
)

# alpaca_eval-style base-model outputs (the form base models give on AlpacaEval and MT-Bench
# prompts: the next questions of a list, a few-shot list continued, a new exchange).
BROADWAY = "What are the names of some famous actors that started their careers on Broadway?"
_ACTORS = "Famous actors who started on Broadway include Hugh Jackman and Idina Menzel."
LOOPS_AND_CONTINUATIONS = [
    (KO_LOOP, KO_ASKED),
    (JA_LOOP, JA_ASKED),
    (JA_HEAD, JA_HEAD_ASKED),
    (SUBTITLE_LOOP, "Transcribe this video."),
    (
        "The capital of France is Paris. "
        + " ".join(
            [
                "Paris is the capital city of France and it is known for the Eiffel Tower.",
                "Paris is the capital of France, and it is known for the Eiffel Tower.",
                "Paris is the capital city of France and is known for the Eiffel Tower.",
            ]
            * 5
        ),
        "What is the capital of France?",
    ),
    (
        "Here are some tips to improve sleep:\n"
        + "\n".join(f"{i}. Go to bed at the same time every night." for i in range(1, 11)),
        "Give me 10 tips to improve my sleep.",
    ),
    (
        "What are the names of some famous actors that started their careers in film?\n"
        "What are the names of some famous singers that started their careers on Broadway?\n"
        "What are the names of some famous directors that started their careers on Broadway?",
        BROADWAY,
    ),
    (
        "Hugh Jackman, Idina Menzel and Lin-Manuel Miranda.\n\nQ: What are some famous musicals?\n"
        "A: Hamilton, Wicked and The Lion King.\n\nQ: Who wrote Hamilton?\nA: Lin-Manuel Miranda.",
        BROADWAY,
    ),
    (
        "### Instruction:\nWhat are the names of some famous actors that started their careers "
        "in film?\n\n### Response:\nTom Hanks, Meryl Streep.",
        BROADWAY,
    ),
    (
        "Write a poem about the sea.\nWrite a poem about the moon.\nWrite a poem about love.\n"
        "Write a poem about the stars.",
        "Write a poem about the sea.",
    ),
    # the request said back, then the next question in its form or under a label
    (BROADWAY + " What are the names of some famous singers that started their careers?", BROADWAY),
    (BROADWAY + "\nQ: Who is the most famous Broadway actor?", BROADWAY),
    # the answer, then the user's next turn (a template with no stop sequence)
    (_ACTORS + "\n\nUser:", BROADWAY),
    (_ACTORS + "\n\nHuman: What about singers who started on Broadway?", BROADWAY),
]


@pytest.mark.parametrize(("text", "question"), LOOPS_AND_CONTINUATIONS)
def test_loops_and_continuations_are_failures(text: str, question: str) -> None:
    assert hand(text, question)[0]


def test_a_long_loop_is_not_cleared_unread() -> None:
    assert may_repeat_sentences(KO_LOOP)
    assert may_continue("Paris.\n\nQ: What is the capital of Germany?\nA: Berlin.")


ANSWERS = [
    # the question quoted, then answered
    (
        "Explain the difference between a list and a tuple in Python? Sure. A list is mutable: "
        "you can append, remove and change its items. A tuple is immutable: once created it "
        "cannot change, which makes it hashable and usable as a dictionary key.",
        "Explain the difference between a list and a tuple in Python.",
    ),
    (
        BROADWAY + "\n\nMany well-known actors began on Broadway, including Hugh Jackman, Idina "
        "Menzel, Lin-Manuel Miranda, Audra McDonald and Nathan Lane.",
        BROADWAY,
    ),
    (
        "Name the capital of France: Paris. It became the capital under the Capetian kings.",
        "Name the capital of France and explain why it became the capital.",
    ),
    # a poem's refrain
    (
        "The road is long and the night is cold,\nSing it low, sing it slow.\nThe stories we "
        "carry are never told,\nSing it low, sing it slow.\nThe river runs where the willows "
        "bend,\nSing it low, sing it slow.\nAnd every journey comes to an end,\nSing it low, "
        "sing it slow.",
        "Write a short song with a refrain.",
    ),
    # steps alike, each its own
    (
        "1. Log in to server A and run `pip install foo`.\n2. Log in to server B and run `pip "
        "install foo`.\n3. Log in to server C and run `pip install foo`.\n4. Log in to server D "
        "and run `pip install foo`.\n5. Log in to server E and run `pip install foo`.\nThen "
        "check each with `foo --version`.",
        "How do I install the package on five servers?",
    ),
    # Korean particles, the same pattern in each example
    (
        "조사는 체언 뒤에 붙어 문법적 관계를 나타내는 말이에요. 예를 들어 '철수가 밥을 먹었어요'에서 "
        "'가'는 주격 조사, '을'은 목적격 조사예요. '영희가 책을 읽었어요'에서도 '가'는 주격 조사, "
        "'을'은 목적격 조사예요. '민수가 물을 마셨어요'에서도 '가'는 주격 조사, '을'은 목적격 "
        "조사예요. 이렇게 조사는 문장에서 단어의 역할을 알려 줘요.",
        "한국어 조사에 대해 설명해 주세요.",
    ),
    # a sample chat shown after an introduction, a chat asked for
    (
        "Add a system prompt first, then the user's message. It looks like this:\n\nUser: hi",
        "How do I call the chat endpoint?",
    ),
    (_ACTORS + "\n\nUser: Who else?", "Write a short dialogue about Broadway actors."),
    # an FAQ asked for
    (
        "Sure, here is a draft.\n\nQ: What are your opening hours?\nA: We are open 7am to 5pm "
        "every day.\n\nQ: Do you bake gluten-free bread?\nA: Yes, every Saturday.",
        "Write an FAQ for our bakery website.",
    ),
    # questions asked for, in the request's form
    (
        "What are the names of the planets?\nWhat are the names of the moons of Mars?\nWhat are "
        "the names of the largest stars?",
        "What are the names of some good questions for an astronomy quiz?",
    ),
    # a repetition asked for
    ("Go to bed early. " * 10, "Repeat the sentence 'Go to bed early.' ten times."),
    (
        "こんにちは。" * 3 + "今日はいい天気ですね。" * 4,
        "「今日はいい天気ですね。」を4回繰り返してください。",
    ),
]


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_lookalike_answers_stay_answers(text: str, question: str) -> None:
    assert not hand(text, question)[0]
