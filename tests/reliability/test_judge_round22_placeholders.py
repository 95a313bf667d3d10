"""Round 22 (engineer 116): AI clients' stand-ins and empty-state strings. A reply that names
itself a mock's or a dummy's answer in Korean, Japanese, Chinese, Spanish, German or Russian
(`placeholder`), a chat bot's "I can't answer this right now" in Hindi (`cannot_talk_now`),
and a game chat's formatting code (`§c`) opening a short error line: a plugin's message
string (`color_code`). Made-up texts, both sides: answers that talk about mocks, a Hindi
answer that says it cannot give the whole answer now and then gives it, and answers about
Minecraft's colour codes."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CAUGHT = (
    # a mock's answer naming itself, in other languages
    ("Mock 응답입니다. (개발 모드)", "오늘 날씨 어때?", "placeholder"),
    ("더미 응답입니다.", "이 코드 설명해줘", "placeholder"),
    ("이건 AI 응답입니다.", "서울 날씨 알려줘", "placeholder"),
    ("这是一个模拟回复", "帮我写一封邮件", "placeholder"),
    ("ダミー応答です。", "この関数を説明して", "placeholder"),
    ("这是模拟回复。", "帮我写一首诗", "placeholder"),
    ("Respuesta simulada.", "¿Qué hora es en Tokio?", "placeholder"),
    ("Mock-Antwort", "Wie spät ist es?", "placeholder"),
    ("Тестовый ответ", "Что такое HTTP?", "placeholder"),
    # a chat bot declining the turn, in Hindi
    ("क्षमा करें, मैं अभी इसका जवाब नहीं दे सकता।", "भारत की राजधानी क्या है?", "vocabulary:no_reply"),
    (
        "माफ़ कीजिए, मैं इस समय बात नहीं कर सकती।",
        "Write a short story about a dragon.",
        "cannot_talk_now",
    ),
    # a plugin's error line with its chat colour code
    ("§c[ChatBot] 出错了", "你好", "color_code"),
    ("§4§l[AskAI] Error!", "hello", "color_code"),
    ("§c[Assistant] Fehler bei der Anfrage.", "Hallo, wie geht's?", "color_code"),
)

LEFT = (
    # answers about mocks and test doubles (asked what a test checks: to "Write a unit test",
    # this sentence with no code is talk in place of the test, round 40's `talk_for_code`)
    (
        "The test asserts that the mock response is returned when the server is stubbed.",
        "What does the unit test in tests/test_client.py check?",
    ),
    (
        "모의 응답은 테스트용 가짜 데이터로, 실제 API 없이 화면을 개발할 때 씁니다.",
        "모의 응답이 뭐야?",
    ),
    ("AI 응답이 느린 이유는 모델 크기와 서버 부하 때문입니다.", "AI 응답이 느린 이유는?"),
    ("ダミー応答を返すには、サーバーをモックしてください。", "テストでダミー応答を返す方法は?"),
    # a Hindi answer that says it cannot give all of it now, then gives the answer
    (
        "यह फ़ंक्शन सूची को क्रमबद्ध करता है। मैं अभी इसका पूरा विश्लेषण नहीं दे सकता, लेकिन मुख्य"
        " बात यह है कि यह मर्ज सॉर्ट का उपयोग करता है और इसकी जटिलता n log n है।",
        "यह कोड क्या करता है?",
    ),
    # answers about Minecraft's colour codes, and a plugin's real answer
    ("§cThis text is red. Put §c before the text to make it red.", "How do I make red chat text?"),
    ("Use §4 for dark red and §l for bold, e.g. §4§lWarning.", "What are Minecraft colour codes?"),
    ("§a[ChatBot] The capital of France is Paris.", "What is the capital of France?"),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_stand_in_caught(text: str, question: str, signal: str) -> None:
    failure, fired = hand(text, question)
    assert failure, (text, fired)
    assert signal in fired, (text, fired)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_lookalike_left(text: str, question: str) -> None:
    failure, fired = hand(text, question)
    assert not failure, (text, fired)
