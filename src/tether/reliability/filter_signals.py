"""A filter's replacement text as the whole reply: what a provider, a guard model or an app
shows in the reply's place once a safety, policy or moderation check fired, a note that the
content was taken away ("[Content removed]", "该回答已被屏蔽") or a provider's block reason
printed alone ("SAFETY", "finish_reason: content_filter"). Weighs toward "failure" (weight in
signals.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon, listed_group, shipped_terms
from tether.reliability.reply import Reply, Signal

# A note that the reply was taken away, and nothing else: what a provider, a guard or an app
# shows in the reply's place once a safety, policy or moderation check fired ("[Content
# removed]", "This response was filtered.", "[内容已被过滤]", "该回答已被屏蔽", "応答はブロック
# されました", "답변이 차단되었습니다", "Ответ скрыт модерацией"). The thing taken away (the
# content, the reply, the message), the verb that took it (removed, filtered, hidden, blocked,
# withheld, redacted), and at most who did it ("by the moderator", "due to safety policy").
_NOTE: Mapping[str, Any] = SHIPPED.get("removal_note", {})
_TAKEN_EN = listed_group(_NOTE, "taken")
_THING_EN = listed_group(_NOTE, "things")
_BY_EN = (
    r"(?:\s+(?:by|due to|because of|for|per|under|as per|pending|on|after)\s+[\w'\u2019 -]{1,40}"
    # ... or why, in a clause: "because it may contain sensitive information"
    r"|,?\s+(?:because|as|since) (?:it|this) (?:may |might |could )?(?:contain|contains|violate"
    r"|violates|include|includes|be|is|was) [\w'\u2019 -]{1,50})?"
)
# What kind of content was taken away: "[NSFW content removed]", "R18内容已被过滤".
_KIND = r"(?:" + listed_group(_NOTE, "kinds") + r"\s+)?"
_KIND_ZH = r"(?:nsfw|r-?18|r18\+?|18\+|敏感|违规|違規|不当|不當|不良|违禁|違禁|部分)?"
# A reason before a Chinese note, then a comma: "为保护隐私", "因内容违规", "由于安全原因"
_WHY_ZH = r"(?:(?:为|為|因|由于|由於|出于|出於)[^\uff0c,。]{1,12}[\uff0c,]\s*)?"
_REMOVED_NOTE = re.compile(
    r"[\W_]{0,4}(?:"
    # English: "[Content removed]", "This response was filtered.", "Removed by moderator",
    # "Message hidden due to safety policy", "(output withheld)"
    r"(?:(?:this|the|your|that|ai|bot|model|assistant)(?:'s)?\s+)?"
    + _KIND
    + r"(?:"
    + _THING_EN
    + r"\s+)?"
    r"(?:(?:has been|have been|was|were|is|got|been)\s+)?"
    + _TAKEN_EN
    + _BY_EN
    +
    # Chinese: "[内容已被过滤]", "该回答已被屏蔽", "回复被拦截", "此消息已删除"
    r"|"
    + _WHY_ZH
    + r"(?:该|此|这条|這條|本条|本條)?"
    + _KIND_ZH
    + r"(?:内容|內容|回答|回复|回覆|消息|訊息|答案|输出|輸出|结果|結果)?"
    r"(?:已经|已經|已)?(?:被|遭)?(?:系统|系統|管理员|管理員|平台)?"
    r"(?:过滤|過濾|屏蔽|删除|刪除|隐藏|隱藏|拦截|攔截|和谐|撤回|折叠|折疊)(?:了|掉了|处理|處理)?"
    # Japanese: "このメッセージは削除されました", "応答はフィルターによりブロックされました"
    r"|(?:この)?(?:内容|回答|応答|返答|メッセージ|コンテンツ|出力)(?:は|が)?"
    r"(?:フィルター?(?:により|によって|で)|モデレーション(?:により|によって|で))?"
    r"(?:削除|非表示に|ブロック|フィルタリング|検閲)(?:されました|されています|済み|しました)"
    # Korean: "답변이 차단되었습니다", "[삭제된 메시지]", "필터링된 콘텐츠"
    r"|(?:이 )?(?:내용|답변|응답|메시지|콘텐츠|출력)(?:이|가|은|는)? ?"
    r"(?:필터링|차단|삭제|숨김)(?: ?처리)?(?:되었습니다|되었어요|됐습니다|됨|되었음)"
    r"|(?:필터링|차단|삭제|숨김)(?:된|됨) ?(?:내용|답변|응답|메시지|콘텐츠)"
    # Russian: "Ответ скрыт модерацией", "[сообщение удалено]", "Контент заблокирован"
    r"|(?:этот |это )?(?:ответ|контент|сообщение|содержимое|текст|комментарий)\s+"
    r"(?:был[аои]?\s+)?(?:удал[её]н\w*|скрыт\w*|заблокирован\w*|отфильтрован\w*|отклон[её]н\w*)"
    r"(?:\s+[\w-]+){0,3}"
    # Spanish, Portuguese: "[Contenido eliminado]", "Esta respuesta fue filtrada", "Resposta
    # bloqueada pela moderação"
    r"|(?:este |esta |esse |essa )?(?:contenido|mensaje|respuesta|conte\u00fado|mensagem|resposta)"
    r"\s+(?:(?:ha sido|fue|foi|est\u00e1)\s+)?(?:eliminad[oa]|filtrad[oa]|bloquead[oa]|ocult[oa]"
    r"|removid[oa]|censurad[oa]|retid[oa])(?:\s+(?:por|pela|pelo|debido a)(?:\s+[\w-]+){1,3})?"
    # French: "[Contenu supprimé]", "Cette réponse a été filtrée", "Message masqué par la
    # modération"
    r"|(?:ce |cette )?(?:contenu|message|r\u00e9ponse)\s+(?:a \u00e9t\u00e9\s+)?"
    r"(?:supprim\u00e9e?|filtr\u00e9e?|bloqu\u00e9e?|masqu\u00e9e?|censur\u00e9e?|retir\u00e9e?)"
    r"(?:\s+(?:par|pour|en raison)(?:\s+[\w'\u2019-]+){1,3})?"
    # German: "[Inhalt entfernt]", "Diese Antwort wurde gefiltert", "Nachricht vom Moderator
    # gelöscht"
    r"|(?:dieser |diese )?(?:inhalt|nachricht|antwort|ausgabe)\s+(?:wurde\s+)?"
    r"(?:(?:vom|von der|durch den|durch die|aufgrund)(?:\s+[\w-]+){1,2}\s+)?"
    r"(?:entfernt|gefiltert|blockiert|ausgeblendet|gel\u00f6scht|zensiert|zur\u00fcckgehalten)"
    # Italian: "[Contenuto rimosso]", "Questa risposta è stata filtrata"
    r"|(?:questo |questa )?(?:contenuto|messaggio|risposta)\s+(?:(?:\u00e8 stat[oa])\s+)?"
    r"(?:rimoss[oa]|filtrat[oa]|bloccat[oa]|nascost[oa]|censurat[oa])"
    r")[\W_]{0,4}",
    re.I,
)
# The verbs and things, one of which a removal note holds (a cheap test before the regex).
_MAY_REMOVED = re.compile(listed_group(_NOTE, "verb_stems"), re.I)
# A provider's reason for a blocked or stopped generation, printed alone where the text goes:
# Gemini's finish and block reasons, OpenAI's and Azure's `content_filter`, Bedrock's
# `guardrail_intervened`, Anthropic's `refusal` stop reason (with its field's name at most:
# "finish_reason: content_filter", "FinishReason.SAFETY", "blockReason=PROHIBITED_CONTENT").
_BLOCK_REASON = re.compile(
    r"[\W_]{0,4}(?:(?:finish_?reason|block_?reason|stop_?reason|reason|status|blocked)"
    r"(?:\s*[:=]\s*|\.)|\w+\.(?:finish|block)_?reason\s*[:=.]\s*)?[\"'`]?"
    r"(?:safety|recitation|prohibited_content|blocklist|spii|image_safety|image_prohibited_content"
    r"|image_recitation|content_filter(?:ed)?|content_policy_violation|responsible_?ai_?policy_?violation"
    r"|guardrail_intervened|finish_reason_safety|harm_category_[a-z_]+|block_reason_safety"
    r"|blocked_by_safety|safety_block(?:ed)?|moderation_(?:blocked|flagged)|refusal)"
    r"[\"'`]?[\W_]{0,3}",
    re.I,
)
REMOVED_CHARS = 100
# What makes a removal note more than a verb alone: the thing removed, in any of the note's
# languages, brackets around it, or who removed it ("Removed by moderator").
_THING_OR_FRAME = re.compile(
    r"^\W{0,3}[(\[<\uff08\u3010]|\b(?:by|due to|because of)\b|"
    + _THING_EN
    + r"|"
    + listed_group(_NOTE, "things_other")
)
_ASKS_GUARD = shipped_terms("guard_request", "asks")


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply that may be a filter's replacement: `filtered_stand_in` may read it (the
    whole-text patterns themselves, cheap on a text of at most 100 characters, and read once:
    `filtered_stand_in` gets what they found here, `_removal_note`, `_block_reason`)."""
    if len(text) > REMOVED_CHARS:
        return False
    stripped = low.strip()
    return _removal_note(stripped) or _block_reason(stripped)


# A short reply is read by `may_fire` (from `quick_clear`) and then by `filtered_stand_in`,
# each time its stripped, lowered text: the whole-text patterns run once per text, the second
# reading gets the first's answer (a few texts kept: one reply is read by both in a row).
@lru_cache(maxsize=16)
def _removal_note(low: str) -> bool:
    """Whether `low` (stripped, lowered, at most `REMOVED_CHARS`) is a removal note alone
    (`_REMOVED_NOTE`, after the cheap test of its verbs)."""
    return _MAY_REMOVED.search(low) is not None and _REMOVED_NOTE.fullmatch(low) is not None


@lru_cache(maxsize=16)
def _block_reason(low: str) -> bool:
    """Whether `low` (stripped, lowered) is a provider's block reason alone (`_BLOCK_REASON`)."""
    return _BLOCK_REASON.fullmatch(low) is not None


def filtered_stand_in(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a filter's replacement, what a provider, a guard model or an app shows in
    its place once a safety, policy or moderation check fired: a note that the content was
    removed and nothing else ("[Content removed]", "This response was filtered.",
    "[内容已被过滤]", "该回答已被屏蔽", "このメッセージは削除されました", "답변이 차단되었습니다",
    "Ответ скрыт модерацией", "[Contenu supprimé]"), a provider's block reason alone ("SAFETY",
    "finish_reason: content_filter", "PROHIBITED_CONTENT"). (Not a guard model's verdict alone,
    "unsafe\\nS2": with no request recorded it is a classifier's demanded output.)
    Never to a request that names the note's own verb or reason (asked to redact, to say
    "[removed]", about Gemini's finish reasons), nor to one that asks a safety assessment."""
    text = r.text.strip()
    if len(text) > REMOVED_CHARS or text.count("\n") > 1:
        return ()
    low = text.lower()
    question = (r.question or "").lower()
    # (a verb alone, unbracketed, "Deleted.", is no note: a reply about the task's own thing)
    if _removal_note(low) and _THING_OR_FRAME.search(low):
        verb = _MAY_REMOVED.search(low)
        if verb is not None and verb.group(0).lower() in question:
            return ()  # asked to remove, filter, hide: the note is the demanded output
        return (Signal("filtered_stand_in", w["filtered_stand_in"], text[:60]),)
    if _block_reason(low):
        word = re.sub(r"[\W_]+", " ", low).split()
        if any(len(part) >= 4 and part in question for part in word):
            return ()  # a question that names the reason: it is the answer
        if _ASKS_GUARD.search(r.instructions) is not None or "safe" in question:
            return ()  # a safety assessment asked: its verdict is the answer
        return (Signal("filtered_stand_in", w["filtered_stand_in"], text[:60]),)
    return ()
