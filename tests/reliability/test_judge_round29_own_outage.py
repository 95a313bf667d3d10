# ruff: noqa: RUF001  (texts in their own scripts and letters)
"""Round 29: a service saying in its own voice that it is out of service (`own_outage`: the
bot, the chatbot, the AI, the neural net, the assistant, the server down, asleep, offline,
unavailable, overloaded), and a bad response said received from the server (`bad_response`:
an invalid, unexpected or malformed response from the server, the API, upstream), in many
languages; beside them, their lookalikes that stay answers: a person in a thread saying the bot
is down for them or was down, an explanation of why a server returns an invalid response, a
status text asked for by "is X down?", a story in which a character falls asleep.

The texts are made up; none is a corpus text. The judge's own three cases that sat at the bar
are read by the hand signals alone, past the most the learned signal can take away.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import HAND, TASK, asked, hand, reading
from tether.reliability.judge import read_text

# The most the learned signal can weigh toward an answer (judge_model.json's clip_answer): a
# hand score this far past the bar is the hand signals' own verdict, whatever the model says.
LEARNED_CLIP = 0.25
BAR = 1.0


def hand_score(text: str, question: str = TASK) -> float:
    return read_text(text, asked(question), config=HAND).score


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("Нейросеть опять уснула 😴", "own_outage"),
        ("O chatbot está fora do ar no momento.", "own_outage"),
        ("Gautas netinkamas atsakymas iš serverio.", "bad_response"),
    ],
)
def test_the_judges_own_cases_are_carried_by_the_hand_signals(text: str, signal: str) -> None:
    failure, names = hand(text)
    assert failure and signal in names, names
    assert hand_score(text) >= BAR + LEARNED_CLIP
    assert reading(text)[0]


OWN_OUTAGES = [
    "The chatbot is down right now.",
    "Our assistant is sleeping again 😴",
    "Бот временно не работает.",
    "Бот тимчасово не працює.",
    "Нейромережа зараз недоступна.",
    "A IA está sobrecarregada agora.",
    "El chatbot no está disponible en este momento.",
    "La IA está caída otra vez.",
    "Le chatbot est actuellement hors service.",
    "Der Chatbot ist gerade nicht erreichbar.",
    "Die KI ist momentan überlastet.",
    "L'IA non è disponibile in questo momento.",
    "Sztuczna inteligencja jest teraz przeciążona.",
    "Sohbet botu şu anda hizmet dışı.",
    "De chatbot is momenteel niet beschikbaar.",
    "Chatbot je momentálně mimo provoz.",
    "Pokalbių robotas šiuo metu neveikia.",
    "Tērzēšanas robots pašlaik nav pieejams.",
    "Chatboten är inte tillgänglig just nu.",
    "Chatbotten er ikke tilgængelig lige nu.",
    "Chatbotul nu este disponibil momentan.",
    "A chatbot jelenleg nem elérhető.",
    "Το chatbot δεν είναι διαθέσιμο αυτή τη στιγμή.",
    "Chatbot hiện không khả dụng.",
    "Chatbot sedang tidak tersedia saat ini.",
    "แชทบอทไม่พร้อมใช้งานในขณะนี้",
    "聊天机器人目前不可用。",
    "チャットボットは現在ご利用いただけません。",
    "챗봇이 현재 사용할 수 없습니다.",
    "روبوت المحادثة غير متاح حاليًا.",
    "הצ'אטבוט אינו זמין כרגע.",
    "चैटबॉट अभी उपलब्ध नहीं है।",
    "El xatbot no està disponible en aquest moment.",
    "O asistente non está dispoñible neste momento.",
    "Zerbitzua zerbitzuz kanpo dago orain.",
]


@pytest.mark.parametrize("text", OWN_OUTAGES)
def test_a_service_saying_it_is_out_of_service_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "own_outage" in names, names
    assert reading(text)[0]


BAD_RESPONSES = [
    "Received an invalid response from the server.",
    "Unexpected response from the API.",
    "Получен некорректный ответ от сервера.",
    "Отримано некоректну відповідь від сервера.",
    "Recebida uma resposta inválida do servidor.",
    "Se recibió una respuesta inesperada del servidor.",
    "Réponse inattendue reçue du serveur.",
    "Ungültige Antwort vom Server erhalten.",
    "Ricevuta una risposta non valida dal server.",
    "Otrzymano nieprawidłową odpowiedź z serwera.",
    "Sunucudan geçersiz yanıt alındı.",
    "Ongeldig antwoord van de server ontvangen.",
    "Neplatná odpověď ze serveru.",
    "Saņemta nederīga atbilde no servera.",
    "Serverilt saadi vigane vastus.",
    "Palvelimelta saatiin virheellinen vastaus.",
    "Ogiltigt svar från servern.",
    "Răspuns invalid de la server.",
    "Érvénytelen válasz a szervertől.",
    "Μη έγκυρη απάντηση από τον διακομιστή.",
    "Phản hồi không hợp lệ từ máy chủ.",
    "Respons tidak valid dari server.",
    "ได้รับการตอบกลับที่ไม่ถูกต้องจากเซิร์ฟเวอร์",
    "收到来自服务器的无效响应。",
    "サーバーから無効な応答を受信しました。",
    "서버로부터 잘못된 응답을 받았습니다.",
    "تم استلام استجابة غير صالحة من الخادم.",
    "התקבלה תגובה לא תקינה מהשרת.",
    "सर्वर से अमान्य प्रतिक्रिया प्राप्त हुई।",
    "S'ha rebut una resposta no vàlida del servidor.",
    "Recibida unha resposta non válida do servidor.",
    "Zerbitzaritik erantzun baliogabea jaso da.",
]


@pytest.mark.parametrize("text", BAD_RESPONSES)
def test_a_bad_response_received_from_the_server_is_a_failure(text: str) -> None:
    failure, names = hand(text)
    assert failure and "bad_response" in names, names
    assert reading(text)[0]


LOOKALIKES = [
    # a person in a thread: down for them, asking, or down before and back now
    ("The bot is down for me too.", TASK),
    ("Is the chatbot down again?", TASK),
    ("The bot was offline yesterday but it's back now.", TASK),
    ("Бот у меня тоже не работает.", TASK),
    ("O chatbot estava fora do ar ontem, mas já voltou.", TASK),
    ("Yes, the bot is down right now; we're on it.", "Is the bot down?"),
    ("The bot was down because of maintenance, it works again.", "The bot does not answer."),
    # an explanation of why a server returns an invalid response
    (
        "The server returns an invalid response because the proxy strips the Content-Type "
        "header; set `proxy_pass_header` and reload nginx.",
        TASK,
    ),
    (
        "It means the client got an invalid response from the server: usually an HTML page "
        "where JSON was expected.",
        'What does "invalid response from server" mean?',
    ),
    # a status text, asked for
    (
        "OpenAI's API is currently experiencing degraded performance. We are investigating.",
        "Is OpenAI down?",
    ),
    (
        "The assistant is unavailable on Sundays; it runs Monday to Saturday.",
        "Is the assistant available on weekends?",
    ),
    # a story whose character falls asleep
    (
        "The old robot fell asleep by the fire, and the children tiptoed past.",
        "Write a short story about a robot.",
    ),
]


@pytest.mark.parametrize(("text", "question"), LOOKALIKES)
def test_a_lookalike_stays_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert not {"own_outage", "bad_response"} & names, names
    assert not reading(text, question)[0]
