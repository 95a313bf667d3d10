"""The failure words of a failed request in twenty languages beyond English and Chinese, as
software translates its stock phrases (try again later, server busy, unreachable, too many
requests, request failed, connection lost): a short notice in any of them is a failure, and an
answer that reports in the same language on an error it fixed is an answer.

The texts are made up, in the words of translation catalogs; none is a corpus text.
"""

# ruff: noqa: RUF001  (texts in their own scripts and punctuation)

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, is_failure
from tether.messages import Message, Request
from tether.reliability.judge import read_text
from tether.reliability.lexicon import Lexicon, typographic

NOTICES = [
    ("ja", "ネットワークが到達不能です。"),
    ("ja", "アクセスが多すぎます。"),
    ("ko", "서버가 사용 중입니다."),
    ("ko", "요청 횟수를 넘었습니다. 내일 다시 오세요."),
    ("ru", "Запрос не выполнен."),
    ("ru", "Слишком большое количество запросов."),
    ("ru", "Упс! Непредвиденная ситуация."),
    ("uk", "Сервер зайнято. Повторіть спробу пізніше."),
    ("uk", "Надто багато запитів."),
    ("es", "Demasiados intentos."),
    ("es", "Red inaccesible."),
    ("es", "Reinténtalo dentro de un rato."),
    ("pt", "Muitas tentativas. Tenta novamente daqui a uma hora."),
    ("pt", "Servidor inacessível, volte a tentar."),
    ("pt", "Deu algo errado. Pergunte de outra forma."),
    ("fr", "Réseau inaccessible."),
    ("fr", "Désolé, je n’ai pas pu répondre cette fois."),
    ("de", "Kommunikationsfehler beim Abruf der Antwort."),
    ("de", "Der Server ist zur Zeit beschäftigt."),
    ("it", "Troppi tentativi."),
    ("it", "Impossibile completare la richiesta."),
    ("it", "Server occupato, prova di nuovo."),
    ("tr", "Sunucu yanıt vermiyor."),
    ("tr", "Çok fazla deneme."),
    ("pl", "Serwer przeciążony. Proszę spróbować ponownie."),
    ("pl", "Za dużo zapytań, odczekaj chwilę."),
    ("pl", "Żądanie nie powiodło się."),
    ("nl", "Server is bezig, probeer het nog eens."),
    ("nl", "Te veel pogingen. Wacht even."),
    ("nl", "Netwerkfout: verbinding verbroken."),
    ("cs", "Služba je dočasně nedostupná. Zkuste to prosím znovu."),
    ("cs", "Příliš mnoho požadavků. Zkuste to za chvíli."),
    ("cs", "Požadavek selhal."),
    ("vi", "Máy chủ đang bận."),
    ("vi", "Không thể xử lý yêu cầu."),
    ("id", "Koneksi terputus."),
    ("id", "Tidak dapat memproses permintaan."),
    ("th", "เซิร์ฟเวอร์ไม่ว่าง โปรดลองใหม่ภายหลัง"),
    ("th", "คำขอมากเกินไป"),
    ("th", "ส่งข้อความไม่สำเร็จ"),
    ("hi", "सर्वर व्यस्त है, कृपया पुनः प्रयास करें।"),
    ("hi", "बहुत सारे अनुरोध। थोड़ी देर बाद कोशिश करें।"),
    ("hi", "सेवा अस्थायी रूप से अनुपलब्ध है।"),
    ("ar", "الخادم لا يستجيب. الرجاء المحاولة مرة أخرى."),
    ("ar", "الكثير من الطلبات، انتظر قليلاً."),
    ("ar", "انقطع الاتصال."),
    ("fa", "سرور مشغول است. لطفاً مجدداً تلاش کنید."),
    ("fa", "سرور پاسخ نمی\u200cدهد."),
    ("fa", "اتصال قطع شد."),
    ("he", "השרת עמוס."),
    ("he", "יותר מדי ניסיונות."),
    ("he", "החיבור נותק."),
]


@pytest.mark.parametrize(("language", "notice"), NOTICES)
def test_a_short_notice_in_the_words_of_a_translation_catalog_is_a_failure(
    language: str, notice: str
) -> None:
    assert is_failure(notice), read_text(notice).summary()


# A coding model's report, in the same language, on a test that failed because its mock server
# did not answer: it names the failure and the retry it added, and explains both.
ANSWERS = [
    (
        "ja",
        "テストが失敗していた原因は、モックのサーバーが応答せず fetch_data() がタイムアウトしていたことです。fetch_data() に指数バックオフ付きのリトライを追加し、tests/test_parse.py ではモックがすぐに応答するように変更しました。これでテストは通ります。",
    ),
    (
        "ko",
        "테스트가 실패한 이유는 모의 서버가 응답하지 않아 fetch_data()에서 시간 초과가 났기 때문입니다. fetch_data()에 지수 백오프 재시도를 추가했고, tests/test_parse.py의 모의 서버가 바로 응답하도록 변경했습니다. 이제 테스트가 통과합니다.",
    ),
    (
        "ru",
        "Тест падал, потому что мок-сервер не отвечал и fetch_data() завершалась по тайм-ауту. Я добавил в fetch_data() повтор с экспоненциальной задержкой, а в tests/test_parse.py мок теперь отвечает сразу. Теперь тест проходит.",
    ),
    (
        "uk",
        "Тест падав, тому що мок-сервер не відповідав і fetch_data() завершувалася за тайм-аутом. Я додав у fetch_data() повтор з експоненційною затримкою, а в tests/test_parse.py мок тепер відповідає одразу. Тепер тест проходить.",
    ),
    (
        "es",
        "La prueba fallaba porque el servidor simulado no respondía y fetch_data() terminaba por tiempo de espera. Añadí en fetch_data() un reintento con retroceso exponencial y cambié tests/test_parse.py para que el simulador responda al instante. Ahora la prueba pasa.",
    ),
    (
        "pt",
        "O teste falhava porque o servidor simulado não respondia e fetch_data() terminava por tempo limite. Adicionei em fetch_data() uma nova tentativa com recuo exponencial e alterei tests/test_parse.py para que o simulador responda na hora. Agora o teste passa.",
    ),
    (
        "fr",
        "Le test échouait parce que le serveur simulé ne répondait pas et que fetch_data() finissait par un délai dépassé. J’ai ajouté dans fetch_data() une nouvelle tentative avec attente exponentielle et j’ai modifié tests/test_parse.py pour que le simulateur réponde tout de suite. Le test passe maintenant.",
    ),
    (
        "de",
        "Der Test schlug fehl, weil der simulierte Server nicht antwortete und fetch_data() in eine Zeitüberschreitung lief. Ich habe in fetch_data() einen erneuten Versuch mit exponentieller Wartezeit ergänzt und tests/test_parse.py so angepasst, dass der Simulator sofort antwortet. Jetzt läuft der Test durch.",
    ),
    (
        "it",
        "Il test falliva perché il server simulato non rispondeva e fetch_data() terminava per timeout. Ho aggiunto in fetch_data() un nuovo tentativo con attesa esponenziale e ho modificato tests/test_parse.py perché il simulatore risponda subito. Ora il test passa.",
    ),
    (
        "tr",
        "Test, sahte sunucu yanıt vermediği için başarısız oluyordu ve fetch_data() zaman aşımına uğruyordu. fetch_data() içine üstel bekleme ile yeniden deneme ekledim ve tests/test_parse.py dosyasında sahte sunucunun hemen yanıt vermesini sağladım. Test artık geçiyor.",
    ),
    (
        "pl",
        "Test nie przechodził, ponieważ atrapa serwera nie odpowiadała i fetch_data() kończyła się przekroczeniem czasu. Dodałem w fetch_data() ponowienie z wykładniczym opóźnieniem i zmieniłem tests/test_parse.py tak, aby atrapa odpowiadała od razu. Teraz test przechodzi.",
    ),
    (
        "nl",
        "De test faalde omdat de nagebootste server niet antwoordde en fetch_data() op een time-out liep. Ik heb in fetch_data() een nieuwe poging met exponentiële wachttijd toegevoegd en tests/test_parse.py aangepast zodat de nabootsing meteen antwoordt. De test slaagt nu.",
    ),
    (
        "cs",
        "Test selhával, protože simulovaný server neodpovídal a fetch_data() skončila vypršením časového limitu. Přidal jsem do fetch_data() opakování s exponenciálním čekáním a upravil jsem tests/test_parse.py, aby simulace odpovídala hned. Teď test prochází.",
    ),
    (
        "vi",
        "Bài kiểm tra thất bại vì máy chủ giả lập không trả lời nên fetch_data() bị hết thời gian chờ. Tôi đã thêm cơ chế gọi lại với độ trễ tăng dần vào fetch_data() và đã sửa tests/test_parse.py để máy chủ giả lập trả lời ngay. Giờ bài kiểm tra đã chạy qua.",
    ),
    (
        "id",
        "Tes gagal karena server tiruan tidak menjawab sehingga fetch_data() berakhir dengan batas waktu. Saya menambahkan pengulangan dengan jeda eksponensial di fetch_data() dan mengubah tests/test_parse.py agar server tiruan langsung menjawab. Sekarang tesnya lulus.",
    ),
    (
        "th",
        "การทดสอบล้มเหลวเพราะเซิร์ฟเวอร์จำลองไม่ตอบ ทำให้ fetch_data() หมดเวลารอ ผมเพิ่มการเรียกซ้ำแบบหน่วงเวลาเพิ่มขึ้นใน fetch_data() และแก้ tests/test_parse.py ให้เซิร์ฟเวอร์จำลองตอบทันที ตอนนี้การทดสอบผ่านแล้ว",
    ),
    (
        "hi",
        "परीक्षण इसलिए विफल हो रहा था क्योंकि नकली सर्वर जवाब नहीं देता था और fetch_data() समय सीमा पर रुक जाता था। मैंने fetch_data() में बढ़ती प्रतीक्षा के साथ दोबारा कॉल जोड़ा और tests/test_parse.py बदला ताकि नकली सर्वर तुरंत जवाब दे। अब परीक्षण पास होता है।",
    ),
    (
        "ar",
        "كان الاختبار يفشل لأن الخادم الوهمي لم يكن يرد فتنتهي fetch_data() بانتهاء المهلة. أضفت في fetch_data() استدعاءً متكررًا مع انتظار متزايد وعدلت tests/test_parse.py ليرد الخادم الوهمي فورًا. الآن ينجح الاختبار.",
    ),
    (
        "fa",
        "تست شکست می\u200cخورد زیرا سرور ساختگی پاسخ نمی\u200cداد و fetch_data() با پایان مهلت متوقف می\u200cشد. در fetch_data() فراخوانی دوباره با تأخیر افزایشی اضافه کردم و tests/test_parse.py را تغییر دادم تا سرور ساختگی فوراً پاسخ دهد. اکنون تست موفق است.",
    ),
    (
        "he",
        "הבדיקה נכשלה מכיוון שהשרת המדומה לא ענה ו-fetch_data() הסתיימה בפסק זמן. הוספתי ב-fetch_data() קריאה חוזרת עם המתנה הולכת וגדלה ושיניתי את tests/test_parse.py כך שהשרת המדומה יענה מיד. עכשיו הבדיקה עוברת.",
    ),
]


@pytest.mark.parametrize(("language", "answer"), ANSWERS)
def test_an_answer_that_explains_an_error_in_the_same_language_is_no_failure(
    language: str, answer: str
) -> None:
    assert not is_failure(answer), read_text(answer).summary()


def test_a_term_matches_its_other_spellings_too() -> None:
    """The typographic apostrophe for the plain one; Arabic's tanween after its alif for
    before it (and back)."""
    lexicon = Lexicon(
        {
            "timeout": {"weight": 0.4, "terms": ["délai d'attente"]},
            "apology": {"weight": 0.35, "terms": ["عذرًا"]},
        },
        [],
        [],
        ["j'ai ajouté"],
    )
    for text, name in [
        ("délai d'attente dépassé", "timeout"),
        ("délai d\u2019attente dépassé", "timeout"),
        ("عذرًا، حدث خطأ", "apology"),
        ("عذراً، حدث خطأ", "apology"),
    ]:
        assert {hit[0] for hit in lexicon.hits(text, 40)} == {name}, text
    assert lexicon.explaining.search("j\u2019ai ajouté un test") is not None
    assert typographic(["n'a pas pu", "re:n'a"]) == ["n'a pas pu", "n\u2019a pas pu", "re:n'a"]


@pytest.mark.parametrize(
    "reply",
    [
        "Oeps, dat weet ik niet. Vraag het me straks nog eens.",
        "Promiň, teď nemohu odpovědět. Zkus to později.",
        "ขออภัย ตอนนี้ไม่สามารถตอบได้ กรุณาถามอีกครั้งภายหลัง",
        "माफ़ कीजिए, मैं अभी जवाब नहीं दे सकता। बाद में फिर से पूछें।",
        "סליחה, אני לא יכול לענות עכשיו. שאלו אותי שוב מאוחר יותר.",
        "Вибач, у мене зараз проблема. Напиши пізніше.",
    ],
)
def test_a_bots_canned_reply_in_more_languages_is_a_stock_notice(reply: str) -> None:
    """Sorry, cannot, in trouble, ask again later: a canned notice's parts, in Dutch, Czech,
    Thai, Hindi, Hebrew and Ukrainian, with nothing of the task."""
    reading = read_text(reply, Request(messages=(Message.text("user", TASK),)))
    assert is_failure(reply), reading.summary()
    assert "stock_notice" in {s.name for s in reading.signals}


@pytest.mark.parametrize(
    "reply",
    [
        "Ik heb de test aangepast: parse_date() gaf None terug bij een lege string, nu geeft het "
        "een fout. De test slaagt.",
        "Upravil jsem parse_date(), protože vracela None pro prázdný řetězec. Test teď prochází.",
    ],
)
def test_a_short_report_on_the_task_in_those_languages_is_no_stock_notice(reply: str) -> None:
    assert not is_failure(reply)
