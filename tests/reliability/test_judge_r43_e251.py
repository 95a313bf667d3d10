# ruff: noqa: RUF001  (replies in Chinese, Japanese, Korean and Russian use their own letters and punctuation)
"""A model's prose in Japanese, Korean, Chinese or another script cut at its token limit: its
sentences closed, its last line running on after a stop or a comma and ending where no sentence
of its script ends (`unfinished_signals.foreign_run_on`, signal `stops_mid_script`). Replies
paraphrased from the tune part's cut and complete replies; the lookalikes, complete replies that
end on a sentence's end, a name, a list's item or a person's short line, stay answers."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

_JA_BODY = (
    "もちろんです。任天堂とソニーのゲームコンソールを比較する記事の概要は以下の通りです。\n\n"
    "任天堂のコンソールは携帯性と家族向けのゲーム体験に重点を置いています。"
    "一方、ソニーのコンソールは高性能なハードウェアと映像表現の豊かさで知られています。\n\n"
    "パフォーマンスの面では、ソニーの高速SSDによってロード時間が大きく改善されました。"
    "任天堂はグラフィック性能よりも、直感的な操作性と独占タイトルの魅力で勝負しています。\n\n"
    "ユーザー体験の面では、任天堂はファミリー向けのコミュニティとサポートを整えています。"
    "ソニーは多様なプレイヤー層に向けたオンラインサービスとカスタマイズ性を提供しています。\n\n"
    "価格の面では、任天堂のコンソールは比較的手頃で、複数台をそろえやすい設定になっています。"
    "ソニーのコンソールは高価ですが、映画や音楽のストリーミングにも対応しています。\n\n"
    "最後に、両社はそれぞれ異なる強みを持ち、どちらが優れているかは遊ぶ人の好みによって変わります。"
    "記事では、こうした違いを具体的な例とともに紹介していきます。\n\n"
)
_KO_BODY = (
    "ABC 기업은 경쟁사의 가격 인하 전략에 여러 방법으로 대응할 수 있습니다.\n\n"
    "1. 제품 차별화: 고객에게 독점적인 가치를 제공하여 더 높은 가격을 지불하도록 유도할 수 "
    "있습니다.\n\n"
    "2. 비용 절감: 생산 프로세스를 최적화하거나 공급망을 개선하여 생산 비용을 줄일 수 "
    "있습니다.\n\n"
    "3. 시장 세분화: 시장을 세분화하여 특정 고객 그룹에 맞는 고유한 제품을 제공할 수 "
    "있습니다. 예를 들어, 고급 고객 그룹에는 고급 제품을 제공할 수 있습니다.\n\n"
    "4. 혁신 및 연구개발: 새로운 기술을 개발하여 경쟁력을 유지하고 가격 경쟁에 대응할 수 "
    "있습니다.\n\n"
    "5. 전략적 제휴 및 파트너십: 다른 기업과 협력하여 공동 제품 개발 프로젝트를 진행하거나 "
    "전략적 제휴를 맺어 경쟁력을 유지할 수 있습니다. 예를 들어, 유통 기업과 제휴하여 판매 "
    "채널을 넓힐 수 있습니다.\n\n"
    "6. 고객 충성도 프로그램: 포인트 적립과 회원 전용 혜택을 제공하여 기존 고객이 경쟁사로 "
    "이동하지 않도록 할 수 있습니다.\n\n"
)
_ZH_BODY = (
    "在亲密关系中平衡独处与陪伴，需要双方共同的理解和努力。以下是一些实用的建议。\n\n"
    "1.  **坦诚沟通：** 说出你对个人空间的需要，也倾听对方的感受。这能减少误解和不安。\n"
    "2.  **履行承诺：** 如果你承诺了某个时间会在一起，就尽量做到。这能增强对方的安全感。\n"
    "3.  **高质量相处：** 放下手机，专注地交流、分享感受、一起做有趣的事。全情投入的陪伴"
    "比心不在焉地待在一起几小时更滋养关系。\n"
    "4.  **拥抱独立：** 鼓励对方追求自己的兴趣爱好和事业目标。一个持续成长的伴侣往往更有"
    "魅力。\n"
    "5.  **拥有自己的社交圈：** 保持与朋友、家人的联系，拥有独立于伴侣的社交生活。这能丰富你的"
    "生活体验，也能避免把所有情感需求都压在伴侣身上。\n"
    "6.  **自我充实：** 利用个人空间进行自我反思、学习新技能、照顾身心健康。一个状态良好的你，"
    "才能更好地经营关系。\n\n"
    "此外，双方可以定期回顾彼此的需要，根据工作和生活的变化调整相处的节奏。遇到分歧时，先冷静下来，"
    "再用平和的语气说出自己的想法，而不是互相指责。\n\n"
)
_RU_BODY = (
    "Внедрение искусственного интеллекта в повседневную жизнь открывает новые возможности. "
    "Он помогает врачам ставить диагнозы быстрее и точнее.\n\n"
    "Вместе с тем возникают вопросы о защите персональных данных и ответственности за ошибки "
    "алгоритмов. Европейские регуляторы уже обсуждают правила, которые должны сделать такие "
    "системы прозрачными.\n\n"
    "Кроме того, автоматизация меняет рынок труда, и многим специалистам придётся осваивать "
    "новые навыки.\n\n"
)

CUT = [
    # Japanese, cut on the subject's particle after a closed sentence
    _JA_BODY + "この概要は、両社のコンソールを比較する際の主要な論点を網羅しています。読者が",
    # ... cut inside a verb ("取り組むことができ")
    _JA_BODY + "また、他の国々と協力して、気候変動対策に取り組むことができ",
    # Korean, cut on an adverb ("이렇게") and inside a word ("젊은 세")
    _KO_BODY
    + "가장 효과적인 전략은 제품 차별화입니다. 이는 고객에게 더 많은 가치를 제공합니다. 이렇게",
    _KO_BODY + "이러한 방안을 통해 소비 습관을 바꿀 수 있습니다. 또한 젊은 세",
    # Chinese, cut after a noun of time ("同时") and on a comma
    _ZH_BODY + "总之，这种相处方式能增进感情。它让双方在保持自我的同时",
    _ZH_BODY + "总之，这种相处方式让双方都能感到安心，",
    # Russian, cut inside a word
    _RU_BODY + "Итак, решение о внедрении ИИ в Европе является сложным и требует т",
]


@pytest.mark.parametrize("text", CUT)
def test_cut_foreign_prose_is_failure(text: str) -> None:
    failure, names = hand(text, "請寫一篇文章。")
    assert failure
    assert "stops_mid_script" in names


WHOLE = [
    # complete: the sentence's end, with or without its stop
    _JA_BODY + "この概要は、両社のコンソールを比較する際の主要な論点を網羅しています。",
    _JA_BODY + "以上が概要です。何か追加が必要な点があれば、お知らせください",
    _KO_BODY + "가장 효과적인 전략은 제품 차별화입니다. 이렇게 대응할 수 있습니다",
    _KO_BODY + "이상의 방법을 상황에 맞게 조합하는 것이 좋습니다. 도움이 되었으면 좋겠어요",
    _ZH_BODY + "希望这些建议对你有帮助，祝你们的关系越来越好吗",
    _ZH_BODY + "希望这些建议对你有帮助。祝你们幸福😊",
    # a name signed after the last stop
    _JA_BODY + "ご清聴ありがとうございました。ジョン・ドゥー",
    # a heading or a list's item last
    _JA_BODY + "## まとめ",
    _RU_BODY + "1. Проверьте настройки подключения, если это не помогает, обратитесь в поддержку",
    # a complete Russian sentence
    _RU_BODY + "Поэтому важно развивать образование в этой области.",
]


@pytest.mark.parametrize("text", WHOLE)
def test_whole_foreign_prose_is_answer(text: str) -> None:
    failure, names = hand(text, "請寫一篇文章。")
    assert "stops_mid_script" not in names
    assert not failure


def test_short_person_line_without_stop_is_answer() -> None:
    """A person's short forum answer drops its last stop: under `FOREIGN_LIMIT_CHARS`."""
    text = (
        "这是因为问题太难了吗？问简单的问题回答的很快。\n\n"
        "你的 session_timeout 配置的是多少呢，这个尽可能配置大一点"
    )
    assert "stops_mid_script" not in hand(text, "为什么超时？")[1]
