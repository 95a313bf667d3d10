# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 21 (engineer 111): messenger bots in Asian languages and ja/ko/ru bots. A bot's
interim notice sent as the whole reply with no ellipsis ("아직 AI가 처리 중이에요",
"考え中です": no answer came after it), an empty reply or an image never made said in
Korean and Japanese, a refusal to give medical advice; and on the answer side, a bot's
guidance that shows by an example what the user should type next ("(例: 午餐 1200円)"),
which a relay's failure notice never gives. Made-up replies, both sides."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

INTERIM = (
    "아직 AI가 처리 중이에요",
    "처리중입니다",
    "考え中です",
    "ただいま回答を生成中です",
    "正在思考中",
    "還在處理中",
    "Всё ещё думаю",
)


@pytest.mark.parametrize("text", INTERIM)
def test_an_interim_notice_alone_is_a_failure(text: str) -> None:
    failure, names = hand(text, "오늘 서울 날씨 알려줘")
    assert failure, names
    assert "placeholder" in names


NOT_INTERIM = (
    # the progress word is what the question asked about
    ("처리 중이에요", "주문 상태가 어떻게 돼요? 처리 중이에요?"),
    # a progress word inside a real answer
    ("注文は現在処理中です。発送は明日の予定で、追跡番号はメールでお送りします。", "注文の状況は?"),
    ("目前沒有進行中的提醒設定。", "取消提醒"),
    ("订单 A-1024 正在处理中，预计周五发货。", "我的订单到哪了"),
)


@pytest.mark.parametrize(("text", "question"), NOT_INTERIM)
def test_progress_words_in_an_answer_are_not_a_notice(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names


EMPTY_OR_NOT_MADE = (
    "Claude 응답이 비어 있어요.",
    "이미지가 생성되지 않았습니다. 프롬프트를 바꿔 주세요.",
    "画像が生成されませんでした。別の言葉で試してください。",
    "抱歉，图片没有生成，请换个描述再试。",
)


@pytest.mark.parametrize("text", EMPTY_OR_NOT_MADE)
def test_an_empty_reply_or_an_image_not_made_is_a_failure(text: str) -> None:
    failure, names = hand(text, "고양이 그림 그려줘")
    assert failure, names


MEDICAL_REFUSALS = (
    "I can't provide medical advice. Please consult a doctor.",
    "抱歉，我无法提供医疗建议，请咨询专业医生。",
    "申し訳ありませんが、医療的なアドバイスはできません。",
)


@pytest.mark.parametrize("text", MEDICAL_REFUSALS)
def test_a_medical_advice_refusal_is_a_failure(text: str) -> None:
    failure, names = hand(text, "頭痛がひどいけど何の薬を飲めばいい?")
    assert failure, names


GUIDANCE = (
    "抱歉，目前只能记录收入。请发送金额和备注（例: 工资 5000元）。",
    "日付を読み取れませんでした。もう一度入力してください。（例: 3月5日 14時）",
    "ごめんね、体重の記録だけできるよ！「62.5kg」みたいに送ってね",
    "會員編號格式錯誤，請輸入 8 位數字。",
    "날짜 형식이 올바르지 않습니다. 다시 입력해 주세요 (예: 2025-03-05)",
    "Не удалось распознать время. Введите ещё раз (например: 18:30).",
)


@pytest.mark.parametrize("text", GUIDANCE)
def test_a_bots_example_of_the_next_input_is_an_answer(text: str) -> None:
    failure, names = hand(text, "")
    assert not failure, names
    assert "input_example" in names


NOTICE_EXAMPLES = (
    # an example of a command, a key: a setup notice's, not guidance on the bot's domain
    "API 密钥无效，请重新设置（例: /setkey sk-xxxx）。",
    "APIキーが設定されていません。設定してください（例: OPENAI_API_KEY=...）",
    "服务器繁忙，请稍后再试（例如：1分钟后）。",
)


@pytest.mark.parametrize("text", NOTICE_EXAMPLES)
def test_a_notices_example_is_no_guidance(text: str) -> None:
    failure, names = hand(text, "你好")
    assert failure, names
    assert "input_example" not in names


STOPPED = (
    "Current task has been aborted.",
    "任务已终止。",
    "タスクを中止しました。",
)


@pytest.mark.parametrize("text", STOPPED)
def test_a_stopped_run_confirms_a_stop_command(text: str) -> None:
    failure, names = hand(text, "/stop")
    assert not failure, names


def test_a_stopped_run_to_a_task_is_still_a_failure() -> None:
    failure, names = hand("Current task has been aborted.", "Summarize this article for me.")
    assert failure, names
    assert "run_stopped" in names


def test_a_run_terminated_with_its_reason_is_a_failure() -> None:
    failure, names = hand("会话终止：30分钟无响应", "帮我总结这篇文章")
    assert failure, names
    assert "run_stopped" in names


def test_a_php_slot_left_unfilled_is_a_template() -> None:
    _, names = hand("訂單 {$order->number} 處理完畢。", "帮我总结这篇文章")
    assert "template_slot" in names
    # (to "我的訂單好了嗎" the line reports on the order asked about: a bot's reply template,
    # round 27's `slot_signals._reports_on_request`, round 30)
    # asked about interpolation: the slot is the answer
    failure, names = hand(
        "In PHP write {$user->name} inside double quotes.",
        "How does PHP string interpolation work?",
    )
    assert not failure, names
    assert "template_slot" not in names
