"""Round 24 (engineer 129): an app's notice about its own setup or state, put where the answer
should be (`setup_signals.setup_asked`). Made-up replies, both sides.

- One of the app's parts (model, API key, endpoint, server, settings, plugin, account,
  network, Space) with an order to set it up, at a sentence's start or after a polite word
  ("Please select a model.", "请先部署模型", "モデルを選択してください", "Seleziona un modello."),
  or with a word that its state blocks the answer ("Ollama server is not running", "Der Server
  läuft nicht"): a failure, to a request that is not about that part.
- A part said to be absent ("No model loaded", "No API key provided", "Aucun serveur
  configuré", "没有可用的模型"), unless as a condition ("when there is no model loaded"); its
  connection's state alone ("Retrying to connect...", "正在重新连接…").
- Its lookalikes stay answers: instructions to a setup question (the request names the part,
  or asks how or where), a step list, a reply that says why, a person's fix report, the notice
  rendered in another language on request.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

SUMMARIZE = "Summarize the following meeting notes in three bullet points."

NOTICES = (
    "Please select a model.",
    "Please select a model first.",
    "No model loaded.",
    "No API key provided.",
    "Aucun serveur configuré.",
    "没有可用的模型",
    "Retrying to connect...",
    "正在重新连接\u2026",
    "Переподключение...",
    "LLM url, key or model is empty!",
    "Ollama server is not running.",
    "This Space has been paused by the author.",
    "Please enter your API key in the settings.",
    "Model not loaded. Please load a model first.",
    "Please duplicate this Space to use it with your own GPU.",
    "Plugin not installed. Please install the plugin first.",
    "请先部署模型",
    "请先选择模型",
    "請先註冊API金鑰",
    "模型未加载\uff0c请先加载模型",
    "サーバーが起動していません",
    "モデルを選択してください。",
    "모델을 선택하세요.",
    "서버가 실행되고 있지 않습니다.",
    "Пожалуйста, выберите модель.",
    "Будь ласка, виберіть модель.",
    "Bitte wählen Sie ein Modell aus.",
    "Der Server läuft nicht.",
    "Por favor, selecciona un modelo.",
    "Por favor, selecione um modelo.",
    "Seleziona un modello.",
    "Vui lòng chọn mô hình.",
    "Silakan pilih model terlebih dahulu.",
    "Lütfen bir model seçin.",
    "Wybierz model.",
    "Klucz API nie jest ustawiony.",
    "يرجى اختيار نموذج.",
    "لطفاً یک مدل انتخاب کنید.",
    "कृपया एक मॉडल चुनें।",
    "กรุณาเลือกโมเดล",
)


@pytest.mark.parametrize("text", NOTICES)
def test_an_app_notice_about_its_setup_is_a_failure(text: str) -> None:
    failure, names = hand(text, SUMMARIZE)
    assert failure, (text, names)
    assert "setup_asked" in names or "setup_unmet" in names, (text, names)


@pytest.mark.parametrize("text", NOTICES[:3])
def test_the_notice_is_read_without_a_request(text: str) -> None:
    failure, _ = hand(text)
    assert failure, text


ANSWERS = (
    (
        "Open Settings, choose Ollama as the provider and select the model you pulled.",
        "How do I use a local model with this app?",
    ),
    ("设置里填写API Key\uff0c然后选择模型即可。", "在哪里填写API Key\uff1f"),
    ("設定画面でAPIキーを入力してください。", "APIキーはどこで設定しますか\uff1f"),
    (
        "Bitte melden Sie sich oben rechts mit Ihrem Konto an.",
        "Wie melde ich mich an?",
    ),
    ("Wählen Sie oben links das Modell aus.", "Wo stelle ich das Modell ein?"),
    ("I set the API key in the settings and it works now, thanks!", SUMMARIZE),
    (
        "The server is not running because port 8080 is taken; stop the other process.",
        "Why does the app fail to start?",
    ),
    ("Please select a model that fits your budget.", "Which model should I pick?"),
)


@pytest.mark.parametrize(("text", "question"), ANSWERS)
def test_an_answer_about_a_setup_stays_an_answer(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert "setup_asked" not in names, (text, names)
    assert not failure, (text, names)


# Read as answers or not by other signals: this reading leaves them alone.
NOT_READ = (
    ("1. Open Settings.\n2. Enter your API key.\n3. Select a model.", SUMMARIZE),
    ("Veuillez sélectionner un modèle.", "Translate into French: 'Please select a model.'"),
    ('The error says "Please select a model", so pick one in the sidebar.', SUMMARIZE),
    ("Нужно было просто перезапустить сервер :)", "Соединение не работает"),
    ("Fixes the crash in the chat view when there is no model loaded.", SUMMARIZE),
    ("Reconnexion en cours...", "Translate into French: 'Reconnecting...'"),
    ("Wenn kein Modell ausgewählt ist, nimmt die App das zuletzt benutzte.", SUMMARIZE),
)


@pytest.mark.parametrize(("text", "question"), NOT_READ)
def test_a_step_list_a_rendering_or_a_quote_is_no_setup_notice(text: str, question: str) -> None:
    _, names = hand(text, question)
    assert "setup_asked" not in names, (text, names)


def test_a_part_said_missing_in_a_reference_of_outcomes_is_no_notice() -> None:
    """A table of status codes names a key "missing" in one of its rows: a reference, not an
    app's notice (found by round 24's merge: the rows are short and no list marks them)."""
    rows = "401\n\nMissing or wrong API key\n\n429\n\nToo many requests\n\n503\n\nUnavailable"
    assert "setup_asked" not in hand("Status codes\n\n" + rows)[1]
    assert "setup_asked" in hand("Missing or wrong API key.\n\nOpen Settings to add it.")[1]
