# ruff: noqa: RUF001  (replies in Chinese, Japanese and Korean use their own letters and punctuation)
"""A model's prose in Japanese, Korean or Chinese cut at its token limit, read by
`unfinished_signals.foreign_run_on` (signal `stops_mid_script`): a paragraph cut under an
outline whose items a model writes without their stop, a Korean last line with no stop in it
that ends on a particle or a connective ("예술과"), a Korean polite ending cut inside its word
("구합니"). And the lexicon's word bounds (`lexicon.WORD_BOUNDS`): a failure word read alone,
never inside a longer word of its script. Replies paraphrased from the tune part's cut and
complete replies; the lookalikes (complete sentences, lists, poems, sign-offs) stay answers."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.reliability.lexicon import bounded

_JA_OUTLINE = (
    "もちろんです。任天堂とソニーのゲームコンソールを比較する記事の概要は以下の通りになります。\n\n"
    "## 任天堂とソニーのゲームコンソール比較\n\n"
    "はじめに:\n"
    "- 任天堂とソニーの市場における位置づけと歴史\n"
    "- 比較の目的と記事の構造\n\n"
    "### 見出し1: コンソールの特性\n"
    "- サブ見出し1: ハードウェアの設計と携帯性の違い\n"
    "- サブ見出し2: 対応するメディア形式とオンラインサービス\n\n"
    "### 見出し2: パフォーマンス\n"
    "- 処理能力とグラフィックス性能の比較\n"
    "- ロード時間とストレージの違い\n\n"
    "### 見出し3: ユーザー体験\n"
    "- 操作性とコントローラーの設計思想\n"
    "- 独占タイトルとコミュニティの魅力\n\n"
    "### 見出し4: 価格と将来性\n"
    "- 本体価格と周辺機器の費用の比較\n"
    "- 今後の両社の展望と新しいハードウェアの可能性\n\n"
    "まとめ:\n"
    "- 各コンソールの長所と短所の整理\n"
    "- 読者の好みに応じたおすすめの選び方\n\n"
    "---\n\n"
)
_ZH_SUMMARY = (
    "### **土壤的形成**\n\n"
    "*   **母质：** 岩石风化后留下的物质决定了土壤的矿物成分和质地。\n"
    "*   **地形：** 坡度和朝向影响水分和热量的分布，从而影响土壤的发育。\n"
    "*   **时间：** 土壤的形成需要数百年甚至数千年的积累。\n\n"
    "### **土壤污染修复**\n\n"
    "*   **黏土质土壤**（如页岩风化物）渗透性差，但对重金属有较强的吸附能力。\n"
    "*   **砂质土壤**（如砂岩风化物）渗透性好，污染物容易随水迁移，扩散风险大。\n"
    "*   了解这些由地质决定的特性，可以帮助工程师选择最合适的修复策略，如“原位固定”或“抽出处理”。\n\n"
    "### **土壤与农业**\n\n"
    "*   **肥力：** 富含有机质的土壤保水保肥能力强，适合种植大多数作物。\n"
    "*   **酸碱度：** 酸性土壤需要施用石灰，碱性土壤则可以通过施用石膏来改良。\n\n"
    "### **总结**\n\n"
)
_KO_STEPS = (
    "1번 정류장에서 내린 사람 수를 x라고 합시다. 2번 정류장에서 내린 사람 수는 1번 정류장에서 "
    "내린 사람 수의 절반입니다.\n\n"
    "따라서 2번 정류장에서 내린 사람 수는 x/2입니다. 마지막 정류장에는 모두 25명이 남았습니다.\n\n"
    "버스에 처음 탄 사람 수에서 각 정류장에서 내린 사람 수를 빼면 남은 사람 수가 됩니다. "
    "이 관계를 식으로 세우면 처음 인원에서 x와 x/2를 뺀 값이 25가 됩니다.\n\n"
    "식을 정리하면 처음 인원은 25에 x의 1.5배를 더한 값과 같습니다. 문제에서 처음 인원은 55명이라고 "
    "했으므로, x의 1.5배는 30이고 x는 20입니다.\n\n"
)
_JA_CLOSED = (
    "本日はご乗車いただきありがとうございます。車内では携帯電話をマナーモードに設定してください。"
    "優先席付近では混雑時に電源をお切りください。\n\n"
    "お荷物は網棚か足元に置き、通路をふさがないようにお願いいたします。"
    "車内での飲食は控えめにし、ごみはお持ち帰りください。\n\n"
    "グリーン車をご利用のお客様は、指定された座席にお座りください。"
    "座席の向きを変える際は、周りのお客様にひと声おかけください。"
    "リクライニングを倒す際も、後ろの席の方への配慮をお願いいたします。\n\n"
    "車内販売は一部の列車で行っております。販売がない列車では、駅の売店や自動販売機をご利用ください。"
    "お子様連れのお客様は、多目的室をご利用いただけます。\n\n"
    "非常の際は、各車両のデッキにある非常ボタンを押して乗務員にお知らせください。"
    "落とし物やお忘れ物にもご注意ください。\n\n"
    "お降りの際は、ホームと車両の間が広く空いている駅がありますので、足元にご注意ください。"
    "乗り換えのご案内は、到着の前に車内放送でお知らせいたします。\n\n"
)
_KO_CLOSED = (
    "모나리자 체험 전시는 어린이들이 그림 속 인물과 직접 대화하는 듯한 경험을 하도록 설계합니다. "
    "전시실 입구에는 그림의 역사를 소개하는 영상이 상영됩니다.\n\n"
    "예산은 영상 제작, 인터랙티브 화면 설치, 안내 인력 운영으로 나누어 추정했습니다. "
    "전체 비용은 약 3천만 원으로 예상됩니다.\n\n"
    "영상 제작에는 약 1천만 원이 들며, 전문 제작사와 협력하여 어린이 눈높이에 맞는 내용을 만듭니다. "
    "인터랙티브 화면은 터치 패널과 동작 인식 카메라로 구성되고, 설치비는 약 1천5백만 원입니다.\n\n"
    "안내 인력은 주말과 방학 기간에 집중적으로 배치합니다. 인력 운영비는 약 5백만 원으로 잡았습니다. "
    "운영 첫 달에는 관람객 설문을 통해 체험 내용을 보완합니다.\n\n"
    "전시가 끝난 뒤에는 체험 자료를 학교에 대여하여 더 많은 어린이가 작품을 만날 수 있도록 합니다. "
    "대여 프로그램의 운영 방식은 교육청과 협의하여 정합니다.\n\n"
)

CUT = [
    # a paragraph cut on its particle under an outline of unclosed items
    _JA_OUTLINE + "この概要は、任天堂とソニーの両方のゲームコンソールを比較する際の主要な議論点を"
    "網羅しています。読者が",
    # a summary cut on its comma under bold headings and items
    _ZH_SUMMARY + "地质学通过研究**母质、地形和时间**，为我们揭示了土壤的“基因”，让我们能够从根本上"
    "理解土壤的形成与演化规律。这种“寻根溯源”的视角，",
    # a Korean polite ending cut inside its word, the last line with no stop
    _KO_STEPS
    + "이제 다시 1번 정류장에서의 사람 수를 이용하여 2번 정류장에서 내린 사람 수를 구합니",
    # a last line with no stop, cut on its connective
    _KO_CLOSED + "이러한 계획과 예산 추정을 바탕으로 어린이들이 모나리자의 미소를 체험하며 예술과",
]


@pytest.mark.parametrize("text", CUT)
def test_cut_script_prose_is_failure(text: str) -> None:
    failure, names = hand(text, "記事の概要を作成してください。")
    assert failure
    assert "stops_mid_script" in names


COMPLETE = [
    # the same prose, finished
    _JA_OUTLINE + "この概要は、両方のゲームコンソールを比較する際の主要な議論点を網羅しています。",
    _KO_STEPS
    + "이제 다시 1번 정류장에서의 사람 수를 이용하여 2번 정류장에서 내린 사람 수를 구합니다",
    _KO_STEPS + "따라서 1번 정류장에서 내린 사람은 20명이죠",
    _KO_STEPS + "더 궁금한 점이 있으면 물어봐 주세요",
    _KO_STEPS + "이 풀이가 맞는지 함께 확인해 볼까",
    _JA_CLOSED + "ご理解とご協力をお願いいたします",
    _JA_CLOSED + "快適な旅をお楽しみください 🚄",
    _JA_CLOSED + "他にご質問はありますか？",
    # a list whose items a writer leaves without their stop
    _KO_CLOSED + "- 영상 제작\n- 인터랙티브 화면 설치\n- 안내 인력 운영과",
    # a poem's lines, a letter's sign-off
    "春の風が吹く\n桜の花びらが舞う\n川の流れと共に美しさを紡ぐ\n"
    "四季の京都、その美しさは永遠に続く\n過ぎゆく時間の中で、美しさはいつも新た",
    _JA_CLOSED + "心から応援しています。\n\nあなたの友人",
    _KO_CLOSED + "감사합니다.\n\n박물관 교육팀 드림",
    # code under closed prose
    _KO_CLOSED + "```python\nprint('모나리자')\n```",
]


@pytest.mark.parametrize("text", COMPLETE)
def test_complete_script_prose_stays_answer(text: str) -> None:
    failure, names = hand(text, "記事の概要を作成してください。")
    assert "stops_mid_script" not in names
    assert not failure


def test_bounded_word_is_matched_within_its_bounds() -> None:
    """A bounded word ("无") is read alone ("无输出"), never inside a longer word ("无效")."""
    assert bounded(["无", "none"]) == ["re:无(?!效)", "none"]
    assert hand("无输出")[0]
    assert hand("[无回复]")[0]
    assert not hand("无效")[0]
