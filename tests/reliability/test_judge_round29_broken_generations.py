# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 29 (engineer 155): broken generations, output that is no reply at all. Made-up
replies, both sides.

- Caught (failures): a model playing both sides of the chat (the user's next turn under a role
  label after its own reply, in several languages; an instruction format's `### Instruction:`
  after text); two-byte mojibake (accented Latin or Cyrillic read as Latin-1); SentencePiece's
  `▁` where the spaces are; a short reply with replacement characters; a reply of punctuation
  alone; the unknown token bare ("unk unk"); half a JSON object; Glaive's `<functioncall>`.
- Left (answers): a sample dialogue the request asks for or the reply introduces, role labels
  in code, a recipe's "### Instructions:", accented text written right, a question about
  mojibake, a sparkline, the replacement character explained, a question about punctuation, a
  reply of a sign the request holds, a whole JSON object.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAPITAL = "What is the capital of France?"
POEM = "Write a short poem about the sea."


BOTH_SIDES = (
    "The capital of France is Paris.\nUser: And of Spain?\nAssistant: Madrid.\nUser: Thanks!",
    "Paris, of course!\n\nHuman: what about Italy\n\nAI: Rome is the capital of Italy.",
    "La capital de Francia es París.\nUsuario: ¿y la de Alemania?\nAsistente: Berlín.",
    "法国的首都是巴黎。\n用户：那德国呢？\n助手：德国的首都是柏林。",
    "フランスの首都はパリです。\nユーザー：ドイツは？\nアシスタント：ベルリンです。",
    "Столица Франции — Париж.\nПользователь: а Германии?\nАссистент: Берлин.",
    "It is Paris. Anything else? ### Instruction:\nNo thanks\n### Response: Goodbye!",
)


@pytest.mark.parametrize("text", BOTH_SIDES)
def test_a_model_that_writes_the_users_next_turn_is_broken(text: str) -> None:
    failure, names = hand(text, CAPITAL)
    assert failure, names
    assert "degenerate" in names


DIALOGUES = (
    ("Show me a sample chat with a support bot.", "User: Hi\nAssistant: Hello! How can I help?"),
    (
        "How do I greet users in my bot?",
        "Here is how it goes:\nUser: Hi\nAssistant: Hello! How can I help?",
    ),
    (
        "How do I log turns?",
        "Print each turn with its role:\n\n```\nUser: hi\nAssistant: hello\n```\nThat's all.",
    ),
    (
        "How do I make an omelette?",
        "## Omelette\n\n### Ingredients:\n- 2 eggs\n\n### Instructions:\n1. Beat the eggs.",
    ),
    (
        "Write a dialogue between a user and an assistant about the weather.",
        "It was raining.\nUser: Will it stop?\nAssistant: By noon, I think.",
    ),
)


@pytest.mark.parametrize(("question", "text"), DIALOGUES)
def test_a_dialogue_asked_for_introduced_or_in_code_is_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "degenerate" not in names


GARBLED = (
    ("Say hi in Russian, and ask how they are.", "ÐŸÑ€Ð¸Ð²ÐµÑ‚ Ð¼Ð¸Ñ€, ÐºÐ°Ðº Ð´ÐµÐ»Ð°?"),
    ("Décris un café parisien.", "Le cafÃ© est trÃ¨s bon, et la crÃ¨me aussi."),
    (POEM, "▁The▁sea▁is▁wide▁and▁deep"),
    ("東京について教えて", "\ufffd\ufffd都市です"),
    ("介绍一下长城", "\ufffd\ufffd\ufffd"),
)


@pytest.mark.parametrize(("question", "text"), GARBLED)
def test_bytes_read_as_characters_are_broken(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "degenerate" in names


WRITTEN = (
    ("Décris un café parisien.", "Le café est très bon, et la crème aussi. Ça coûte 3 € à Paris."),
    ("Wie groß ist der Raum?", "Über die Straße gehen ist gefährlich. Größe: 5 × 3 m."),
    (
        "Why does my CSV show Ã© instead of é?",
        "It shows ÃƒÂ© and Ã© because the file was decoded as Latin-1, twice: read it as UTF-8.",
    ),
    ("Show the sales trend", "Sales by month: ▁▂▃▅▇▅▃▂▁ peaking in May."),
    ("What is this symbol?", "The � symbol is U+FFFD, the replacement character."),
)


@pytest.mark.parametrize(("question", "text"), WRITTEN)
def test_text_written_right_or_garbling_explained_is_an_answer(question: str, text: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "degenerate" not in names


NOT_A_REPLY = (
    ("Tell me about the history of Rome.", "?"),
    ("介绍一下长城", "。。。"),
    ("how are you today", "i unk unk unk"),
    (POEM, "{"),
    (POEM, '{"poem": "The sea'),
    ("Turn on the kitchen light.", '<functioncall> {"name": "light_on", "arguments": {}}'),
)


@pytest.mark.parametrize(("question", "text"), NOT_A_REPLY)
def test_signs_unknown_tokens_half_objects_and_printed_calls_are_broken(
    question: str, text: str
) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "degenerate" in names


REPLIES = (
    ("Which punctuation mark ends a question?", "?"),
    ("Answer with - if there is nothing to add.", "-"),
    ("What does UNK mean in this table?", "Status: UNK (unknown) for 3 of 40 samples."),
    ("Write the poem as JSON.", '{"poem": "The sea is wide"}'),
    ("How do I call a function in Glaive's format?", "Write `<functioncall>` and then the JSON."),
)


@pytest.mark.parametrize(("question", "text"), REPLIES)
def test_a_sign_asked_for_a_word_explained_a_whole_object_are_answers(
    question: str, text: str
) -> None:
    _, names = hand(text, question)
    assert "degenerate" not in names


NO_ANSWER = (
    (POEM, "Question: Write a short poem about the sea\nAnswer:"),
    (POEM, "Write a short poem about the sea.\nAssistant:"),
    (POEM, "Write a short poem about the sea. Write a short poem about the sea."),
    (POEM, "model"),
    (POEM, "Assistant:"),
    (POEM, "```json\n```"),
    (POEM, "1111111111111111"),
    (POEM, "0 0 0 0 0 0 0 0 0 0 0 0"),
    (POEM, "The user wants a poem about the sea. I should keep it short and use imagery."),
    (POEM, "Okay, the user is asking for a poem. Let me think about waves and salt."),
    ("写一首关于大海的诗", "用户想要一首关于大海的诗，我应该写得简短一些。"),
    ("Escribe un poema sobre el mar", "El usuario quiere un poema sobre el mar. Debo ser breve."),
)


@pytest.mark.parametrize(("question", "text"), NO_ANSWER)
def test_an_echo_a_role_an_empty_fence_a_digit_loop_or_a_plan_is_no_answer(
    question: str, text: str
) -> None:
    failure, names = hand(text, question)
    assert failure, names
    assert "degenerate" in names


ANSWERED = (
    (POEM, "Write a short poem about the sea:\n\nWaves fold on the shore, salt on the wind."),
    ("Which role speaks second in a chat template?", "assistant"),
    ("Count to ten in binary zeros only, ten times.", "0 0 0 0 0 0 0 0 0 0"),
    ("Print 1 sixteen times, glued.", "1111111111111111"),
    (
        "What does the user want in this ticket: 'I cannot log in'?",
        "The user wants to log in again. I'd reset their password and send a link.",
    ),
    (POEM, "The sea is wide, I will not lie, it holds the moon and the grey sky."),
)


@pytest.mark.parametrize(("question", "text"), ANSWERED)
def test_a_poem_a_role_asked_for_digits_asked_for_a_users_wish_asked_are_answers(
    question: str, text: str
) -> None:
    _, names = hand(text, question)
    assert "degenerate" not in names


def _read_as_latin1(text: str) -> str:
    return text.encode("utf-8").decode("latin-1")


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("인사해 줘", "안녕하세요, 무엇을 도와드릴까요?"),
        ("ทักทายหน่อย", "สวัสดีครับ ยินดีต้อนรับ"),
        ("नमस्ते कहो", "नमस्ते, आप कैसे हैं?"),
    ],
)
def test_hangul_thai_and_indic_read_byte_by_byte_are_broken(question: str, text: str) -> None:
    failure, names = hand(_read_as_latin1(text), question)
    assert failure, names
    assert "degenerate" in names


@pytest.mark.parametrize(
    "text",
    [
        "À l'époque, c'était différent : « très » cher, à peu près 30 € à Paris.",
        "È così! Però è già tardi… ìndice, ùltimo, òpera.",
        "Não é fácil. Você está à procura de informação?",
    ],
)
def test_accented_latin_written_right_is_no_mojibake(text: str) -> None:
    _, names = hand(text, "Dis-moi quelque chose.")
    assert "degenerate" not in names


def test_a_one_word_answer_that_names_ai_is_an_answer() -> None:
    _, names = hand("AI", "What do we call machines that learn, in two letters?")
    assert "degenerate" not in names
