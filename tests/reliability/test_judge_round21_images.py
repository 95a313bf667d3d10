"""Round 21 (engineer 110): image, vision and voice bots. What a generation tool says when it
made nothing (a moderation verdict on the user's prompt, a queue, a busy resource, a feature
switched off), what a vision request gets when the model cannot take images, and the stock
line a transcription model writes on silence. Made-up replies, both sides: the notices caught,
and the answers that talk about the same things left alone."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

NO_VISION = (
    "❌ IMAGES NOT SUPPORTED\n\nThe selected model does not support image input.\nPick another model in Settings.",
    "Sorry, this model doesn't support images. Please switch to a multimodal model.",
    "⚠️ 当前模型不支持图片\uff0c请在设置中更换模型。",
    "このモデルは画像に対応していません。",
    "Эта модель не поддерживает изображения.",
    "This model cannot process images. Please use a vision model.",
)


@pytest.mark.parametrize("text", NO_VISION)
def test_a_vision_notice_at_the_head_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "cannot_see" in names, names


VISION_ANSWERS = (
    # an explanation that reaches the capability further down, after its own opening
    "## Why the upload failed\n\nThe dropdown lists every model from the provider.\n"
    "Some of them, like the older text-only ones, do not support image input, so the request "
    "was rejected with a 400. I filtered the list to the models whose metadata says vision: true.",
    # a person's cause of an error: the model does not take images
    "The 400 came back because this model does not support images and the chat had a photo.",
    # a test that says vision works
    "Vision support: yes. The model described the photo as a red bicycle leaning on a wall.",
)


@pytest.mark.parametrize("text", VISION_ANSWERS)
def test_an_answer_about_vision_support_is_left(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert "cannot_see" not in names, names


VERDICTS = (
    "Sorry! Our automated moderation thinks your prompt may violate our content policy. "
    "If you believe this is an error, you can appeal and we will take another look.",
    "⚠️ 您输入的图片包含敏感内容\uff0c已被审查系统拒绝。",
    "⚠️ 已被审查系统拒绝。",
)


@pytest.mark.parametrize("text", VERDICTS)
def test_a_moderation_verdict_on_the_prompt_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


def test_the_verdict_on_your_prompt_is_read_with_its_hedge() -> None:
    _, names = hand(VERDICTS[0])
    assert "prompt_refused" in names, names


MODERATION_ANSWERS = (
    "The moderation step runs before the image model: I moved the check into "
    "`moderate_prompt()` and added a test with a harmless prompt that used to be flagged.",
    "这个插件的审查系统是可选的\uff0c在配置里把 enable_review 设为 false 就行。",
)


@pytest.mark.parametrize("text", MODERATION_ANSWERS)
def test_an_answer_about_moderation_is_left(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names
    assert "prompt_refused" not in names, names


BOT_STATES = (
    "图像生成功能未开启",
    "资源占用中\uff0c请稍后\uff01",
    "排队中\uff0c您前面还有 3 个任务\uff0c请稍待片刻...",
    "⏳Generating\n_please wait..._",
    "#GETTING_DATA",
    "Image generation is temporarily disabled.",
    "Transcribing...",
    "No speech detected",
    "#VALUE!",
)


@pytest.mark.parametrize("text", BOT_STATES)
def test_a_generation_bot_s_state_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, names


FILLERS = (
    "Thank you for watching!",
    "ご視聴ありがとうございました",
    "Субтитры сделал DimaTorzok",
    "字幕由Amara.org社区提供",
)


@pytest.mark.parametrize("text", FILLERS)
def test_a_transcription_s_line_on_silence_is_caught(text: str) -> None:
    # (read where they come from: a request for a transcript, `transcript_signals`)
    failure, names = hand(text, "Transcribe this recording of the meeting.")
    assert failure, names


TRANSCRIPTS = (
    "Thank you for watching! Next week we will look at the second half of the recipe.",
    "So that was the last slide. Thank you for watching, and see you at the workshop.",
)


@pytest.mark.parametrize("text", TRANSCRIPTS)
def test_a_transcript_that_ends_a_video_is_left(text: str) -> None:
    failure, names = hand(text)
    assert not failure, names


def test_a_cell_error_the_question_names_is_the_answer() -> None:
    failure, names = hand("#N/A", "What does VLOOKUP show when the key is missing: #N/A or #REF!?")
    assert not failure, names
    assert "cell_error" not in names, names


def test_a_cell_error_is_read_as_one() -> None:
    _, names = hand("#CALC!")
    assert "cell_error" in names, names
