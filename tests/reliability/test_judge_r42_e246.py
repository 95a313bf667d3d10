# ruff: noqa: RUF001, RUF002  (Chinese, Japanese and Russian lines use their own letters and punctuation)
"""Replies cut mid-way in languages other than English, read from the text alone.

A model's reply cut by its token limit stops where the limit fell: in Chinese or Japanese after
closed prose, its last line running on to a particle no sentence ends on ("... 使狗狗的头部跟随
你的", "... 再帰的に呼ばれる前の": `unfinished_signals.unspaced_run_on`); in a spaced language
on a word its sentences never end on, an article, a preposition, a conjunction ("... para",
"... и", "... und": `unfinished_signals.foreign_cut_word`, the words in `judge_signals.json`'s
`cut_words`). A writer's own endings stay answers: a Chinese comment that drops its last stop
and ends on a word that closes ("是可以的", "欢迎补充反馈"), a Japanese verb's polite end, an
elliptical "с тулзой или без", colloquial French.
"""

from __future__ import annotations

from tests.reliability.judging import hand
from tether.reliability.unfinished_signals import ends_on_opening, foreign_cut_word

# https://github.com/datawhalechina/llm-cookbook/blob/d53a36772c76fef0f55295af102615dd498a60cd/content/%E9%80%89%E4%BF%AE-Finetuning%20Large%20Language%20Models/4.%20%E6%8C%87%E4%BB%A4%E5%BE%AE%E8%B0%83%20Instruction%20finetuning.ipynb
DOG = (
    "训练狗狗坐下是一项基本的训练技巧，以下是一些步骤来帮助你训练狗狗坐下：\n\n"
    "1. 准备奖励：准备一些小零食或者狗狗喜欢的食物作为奖励，这将帮助你激励狗狗。\n\n"
    "2. 找一个安静的地方：选择一个安静的地方开始训练，这样可以减少干扰，让狗狗更容易集中注意力。\n\n"
    "3. 坐下手势：站在狗狗面前，拿起一小块食物，将手掌心朝上，然后慢慢将手从狗狗的鼻子上方移向后方，"
    "使狗狗的头部跟随你的"
)
DOG_ASKED = "告诉我如何训练狗狗坐下"

# https://github.com/ku-nlp/ja-vicuna-qa-benchmark/blob/main/data/jp_bench/model_answer/cyberagent--calm2-7b-chat/results.jsonl
# (question 64, the explanation after the program, paraphrased without the program)
FIBONACCI = (
    "このプログラムは、フィボナッチ数を動的計画法を用いて計算します。入力を受け取ってから、"
    "フィボナッチ数を求める関数を呼び出します。\n\n"
    "フィボナッチ数を求める関数は、2つのリスト（メモ化のためのリスト）で計算した結果を"
    "キャッシュしておき、同じ値を何度も計算しないようにします。そのため、計算量は入力の大きさに"
    "比例します。\n\n"
    "関数は、結果をリストに保存してから返します。また、再帰的に呼ばれる前の"
)
FIBONACCI_ASKED = "動的計画法を用いて第n番目のフィボナッチ数を求めるプログラムを作成してください。"

# https://github.com/dmitrymailk/mt_bench_ru/blob/a303f7bbd0dfd49d9caffb126b971bb44bae973f/llm_judge/data/mt_bench/model_answer/mt_bench_ru_yandexgpt.jsonl
# (question 93, cut one word later than the recorded answer, on its conjunction)
STOMACH = (
    "Хорошо, давайте начнем с диагностики сценария, связанного с дискомфортом в животе. "
    "Для начала я бы порекомендовал обратиться к врачу и"
)
STOMACH_ASKED = (
    "Представьте себя врачом, которому поручено разработать инновационные средства от "
    "различных недугов и болезней."
)

# https://github.com/puntorigen/brain-proxy/blob/HEAD/CHANGELOG_0.1.86.md
# (the truncated weather answer, a sentence before it and cut a few words later, on its
# preposition)
WEATHER = (
    "Consulté el servicio del clima. Ahora mismo, el clima en Santiago es soleado y la "
    "temperatura es de"
)

# https://github.com/DzAvril/MoviePilot-Plugins/issues/23
WORKS_HERE = "我这边试了下是可以的"

# https://github.com/zyycn/codex-proxy-rs/issues/145
MAINTAINER = (
    "感谢反馈，已提高 server_is_overloaded 等明确容量拒绝对 Smart 调度的惩罚权重，调整已合入 "
    "main，正在随 v3.11.0 发布。若希望连续出现这类错误后直接暂停账号调度，可以在「系统设置 → "
    "网关调度 → 过载保护」中启用保护，将失败次数阈值设为 2，并按需设置冷却时长和恢复前探测。"
    "此次调整不把过载错误直接判定为额度耗尽或账号失效，先关闭此 Issue，后续使用中仍有异常欢迎补充反馈"
)

# https://openillumi.com/?p=47392
BILLING = (
    "APIの実行コードやネットワーク設定を疑う前に、以下の手順を試してください。\n\n"
    "  1. OpenAIの請求設定ページに移動する。\n"
    "  2. 「Add to credit balance(クレジット残高に追加)」を選択する。\n"
    "  3. 最低額(例:5ドル)以上のクレジットをチャージする。\n\n"
    "驚くかもしれませんが、このシンプルな「課金操作」だけで、大半の謎の429エラーは解消に向かいます"
)

# https://github.com/lbjlaq/Antigravity-Manager/issues/3078
WITH_OR_WITHOUT = "У меня любой аккаунт с 429 выдает, с тулзой или без"

# https://github.com/FlashChaser/Open-Source-Battle-Bot/issues/105
ME_TOO = "moi aussi sa me fait sa"


def test_chinese_steps_cut_on_a_particle_are_caught() -> None:
    failure, signals = hand(DOG, DOG_ASKED)
    assert failure and "stops_mid_script" in signals


def test_the_same_steps_closed_are_an_answer() -> None:
    closed = DOG[: DOG.rindex("，使狗狗")] + "，狗狗的头部会跟着抬起，屁股自然坐下。"
    failure, signals = hand(closed, DOG_ASKED)
    assert not failure and "stops_mid_script" not in signals


def test_japanese_explanation_cut_on_its_particle_is_caught() -> None:
    failure, signals = hand(FIBONACCI, FIBONACCI_ASKED)
    assert failure and "stops_mid_script" in signals


def test_russian_reply_cut_on_its_conjunction_is_caught() -> None:
    failure, signals = hand(STOMACH, STOMACH_ASKED)
    assert failure and "ends_mid_clause" in signals


def test_spanish_reply_cut_on_its_preposition_is_caught() -> None:
    failure, signals = hand(WEATHER, "¿Qué tiempo hace en Santiago?")
    assert failure and "ends_mid_clause" in signals
    assert foreign_cut_word(WEATHER) == "de"


def test_a_chinese_comment_without_its_last_stop_is_an_answer() -> None:
    for text in (WORKS_HERE, MAINTAINER):
        failure, signals = hand(text, "")
        assert not failure and "stops_mid_script" not in signals


def test_a_japanese_polite_ending_without_its_stop_is_an_answer() -> None:
    failure, signals = hand(BILLING, "OpenAI APIの429エラー、意外な原因と即効解決策")
    assert not failure and "stops_mid_script" not in signals


def test_elliptical_and_colloquial_endings_are_answers() -> None:
    for text in (WITH_OR_WITHOUT, ME_TOO):
        failure, signals = hand(text, "")
        assert not failure and "ends_mid_clause" not in signals


def test_a_foreign_word_ending_an_english_sentence_is_not_a_cut() -> None:
    # "die" closes an English sentence; German's article is read only in a German tail.
    text = "I have tried every setting and the process keeps running until the pods die"
    assert foreign_cut_word(text) is None
    _, signals = hand(text, "Why do my pods keep crashing?")
    assert "ends_mid_clause" not in signals


def test_a_dangling_word_keeps_the_reply_from_the_quick_clear() -> None:
    assert ends_on_opening("Für die Installation brauchen Sie Python und")
    assert ends_on_opening("然后慢慢将手从狗狗的鼻子上方移向后方，使狗狗的头部跟随你的")
    assert not ends_on_opening("Das Programm läuft jetzt ohne Fehler")
