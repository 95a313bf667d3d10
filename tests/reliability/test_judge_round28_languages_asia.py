# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 28 (engineer 149): the failure vocabulary of Korean, Japanese, Chinese, Arabic,
Persian, Urdu, Hindi, Bengali, Tamil, Thai, Vietnamese, Indonesian, Malay, Tagalog, Hebrew and
Greek. Made-up replies, both sides.

- Caught: a short app's, bot's or assistant's line that says the session expired or the user
  must log in, has no permission, has no agent online, timed out, has no connection or is under maintenance, went
  wrong, did not understand, has no reply, reached its daily limit, or (a stock line about the
  exchange) does not support that or found nothing; a Korean or Japanese stock line is read by
  its words, its particles and polite endings are not counted as something said; a Korean or
  Japanese "I" that says it cannot help or did not understand is the notice's voice.
- Left: answers in the same languages that explain such an error and its fix, and a Korean
  "I" reporting what it tried.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import TASK, hand

SORT_KO = "파이썬에서 리스트를 정렬하는 방법을 알려줘"
SORT_JA = "Pythonでリストを並べ替える方法を教えて"
SORT_AR = "كيف أرتب قائمة في بايثون؟"
SORT_FA = "چطور یک لیست را در پایتون مرتب کنم؟"
SORT_HI = "पायथन में सूची को कैसे क्रमबद्ध करें?"
SORT_TH = "จะเรียงลำดับลิสต์ใน Python ได้อย่างไร"
SORT_VI = "Làm sao để sắp xếp danh sách trong Python?"
SORT_ID = "Bagaimana cara mengurutkan list di Python?"
SORT_HE = "איך ממיינים רשימה בפייתון?"
SORT_EL = "Πώς ταξινομώ μια λίστα στην Python;"
SORT_ZH = "Python里怎么给列表排序？"

CAUGHT = (
    ("인터넷 연결을 확인해 주세요.", SORT_KO),
    ("해당 기능은 지원하지 않아요.", SORT_KO),
    ("앗, 문제가 생겼어요!", SORT_KO),
    ("응답이 지연되고 있어요.", SORT_KO),
    ("지금은 대답하기 어려워요.", SORT_KO),
    ("죄송해요. 제가 지금은 도와드릴 수 없는 요청이에요.", SORT_KO),
    ("لا أملك إجابة على هذا السؤال.", TASK),
    ("لم أستطع فهم سؤالك، هل يمكنك توضيحه؟", SORT_AR),
    ("मेरे पास इस सवाल का जवाब नहीं है।", TASK),
    ("उत्तर उत्पन्न करने में असमर्थ।", SORT_HI),
    ("आज की संदेश सीमा पार हो गई है।", SORT_HI),
    ("माफ करें, अभी तकनीकी समस्या आ रही है। बाद में ट्राई करें।", SORT_HI),
    ("معلش، حصلت مشكلة. جرب تاني بعد شوية.", SORT_AR),
    ("ما فهمت عليك، ممكن تعيد؟", SORT_AR),
    ("السيرفر واقع حالياً، جرب بعدين.", SORT_AR),
    ("جميع الوكلاء مشغولون حاليًا، اترك لنا رسالة وسنعود إليك.", SORT_AR),
    ("כל הנציגים עסוקים כרגע. השאירו הודעה ונחזור אליכם.", SORT_HE),
    ("Semua agen sedang sibuk. Silakan tinggalkan pesan.", SORT_ID),
    ("うまくいきませんでした。", SORT_JA),
    ("現在AIが応答していません。", SORT_JA),
    ("AIの応答に時間がかかっています。", SORT_JA),
    ("制限回数を超えました。", SORT_JA),
    ("AI가 응답하지 않습니다.", SORT_KO),
    ("結果が見つかりませんでした。", "この四半期報告書を三つの要点にまとめてください。"),
    ("系統異常，請聯絡管理員", SORT_ZH),
    ("没有找到相关结果", "总结一下这份季度报告的三个要点。"),
    ("ليس لديك صلاحية.", SORT_AR),
    ("هذه الميزة غير مدعومة.", SORT_AR),
    ("زمان درخواست به پایان رسید.", SORT_FA),
    ("متوجه منظورتان نشدم.", SORT_FA),
    ("معذرت، میں سمجھ نہیں سکا۔", "پائتھن میں فہرست کیسے ترتیب دیں؟"),
    ("انٹرنیٹ کنکشن نہیں ہے۔", "پائتھن میں فہرست کیسے ترتیب دیں؟"),
    ("आपकी आज की सीमा पूरी हो गई है।", SORT_HI),
    ("कुछ गड़बड़ हो गई।", SORT_HI),
    ("यह सुविधा समर्थित नहीं है।", SORT_HI),
    ("ইন্টারনেট সংযোগ নেই।", "পাইথনে তালিকা কীভাবে সাজাবো?"),
    ("দুঃখিত, আমি বুঝতে পারিনি।", "পাইথনে তালিকা কীভাবে সাজাবো?"),
    ("เครือข่ายขัดข้อง กรุณาตรวจสอบการเชื่อมต่อ", SORT_TH),
    ("Fitur ini belum tersedia.", SORT_ID),
    ("Maaf, saya tidak faham.", "Bagaimana cara menyusun senarai dalam Python?"),
    ("Paumanhin, hindi ko naintindihan.", "Paano ayusin ang listahan sa Python?"),
    ("Walang koneksyon sa internet.", "Paano ayusin ang listahan sa Python?"),
    ("סליחה, לא הבנתי. אפשר לנסח שוב?", SORT_HE),
    ("Το αίτημα έληξε.", SORT_EL),
    ("Η συνεδρία έληξε. Συνδεθείτε ξανά.", SORT_EL),
    ("Δεν υπάρχει σύνδεση στο διαδίκτυο.", SORT_EL),
)


@pytest.mark.parametrize(("text", "question"), CAUGHT)
def test_an_asian_or_middle_eastern_notice_is_a_failure(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)


LEFT = (
    (
        "接続がタイムアウトするのは、timeout が 5 秒と短すぎるためです。settings.py で "
        "REQUEST_TIMEOUT を 30 に上げると、ネットワークが不安定な環境でも安定します。",
        "APIを呼ぶとタイムアウトするのはなぜですか？",
    ),
    (
        "حسب ما فهمت من السجل، الخطأ 500 يحدث لأن متغير DATABASE_URL غير معرّف؛ أضفه إلى "
        "ملف .env ثم أعد تشغيل الخادم.",
        "لماذا يعطي الخادم الخطأ 500 بعد النشر؟",
    ),
    (
        "제가 테스트해 봤는데 재현할 수 없었습니다. 어떤 버전을 쓰시나요?",
        "업데이트 후에 앱이 시작하자마자 죽어요.",
    ),
    (
        "Safari는 아직 WebGPU를 지원하지 않아요. Chrome 113 이상에서 데모를 실행하면 "
        "정상적으로 동작합니다.",
        "WebGPU 데모가 Safari에서 왜 안 돌아가요?",
    ),
    (
        "토큰의 유효 시간이 지나서 다시 로그인해야 합니다. refresh_token으로 새 토큰을 받도록 "
        "인터셉터를 추가하세요.",
        "왜 한 시간마다 401 오류가 나요?",
    ),
    (
        "アクセストークンの有効期限が切れているため401が返ります。refresh_tokenで再取得する"
        "処理をインターセプターに追加してください。",
        "なぜ一時間ごとに401エラーになるのですか？",
    ),
    (
        "يظهر الخطأ 403 لأن المستخدم ليس لديك صلاحية الكتابة في هذا المجلد؛ غيّر مالك المجلد "
        "باستخدام chown ثم أعد تشغيل الخدمة.",
        "لماذا يظهر الخطأ 403 عند رفع الملفات؟",
    ),
    (
        "यह त्रुटि इसलिए आती है क्योंकि टोकन की अवधि समाप्त हो जाती है। refresh_token से नया "
        "टोकन लें और अनुरोध दोबारा भेजें।",
        "मुझे हर घंटे 401 त्रुटि क्यों मिलती है?",
    ),
    (
        "Lỗi 401 xảy ra vì phiên đăng nhập đã hết hạn sau một giờ; hãy dùng refresh_token để "
        "lấy token mới trước khi gọi API.",
        "Tại sao cứ mỗi giờ tôi lại bị lỗi 401?",
    ),
    (
        "Error 401 muncul karena token Anda tidak memiliki akses ke bucket tersebut; tambahkan "
        "peran storage.objectViewer lalu jalankan ulang skripnya.",
        "Kenapa skrip saya dapat error 401 saat membaca bucket?",
    ),
    (
        "השגיאה מופיעה כי הטוקן פג תוקף אחרי שעה; השתמשו ב-refresh_token כדי לקבל טוקן חדש "
        "לפני הקריאה ל-API.",
        "למה אני מקבל שגיאה 401 כל שעה?",
    ),
    (
        "Το σφάλμα εμφανίζεται επειδή η συνεδρία έληξε μετά από μία ώρα· χρησιμοποιήστε το "
        "refresh_token για νέο token πριν καλέσετε το API.",
        "Γιατί παίρνω σφάλμα 401 κάθε ώρα;",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_an_answer_that_explains_the_error_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)


def test_japanese_expiry_is_a_login_notice_only_when_a_session_or_token_expired() -> None:
    """期限切れ alone says anything expired (a coupon, a card, a subscription): an answer that
    reports it is no notice; a session's or a token's expiry with "log in again" is one."""
    failure, names = hand("セッションの有効期限が切れました。再度ログインしてください。")
    assert failure, names
    failure, names = hand("このクーポンは有効期限切れです。", "このクーポンはまだ使えますか？")
    assert not failure, names
