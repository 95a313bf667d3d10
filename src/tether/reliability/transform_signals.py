"""The signal of a reply that talks about the request instead of doing it: a tool asks a model to
translate, summarise, rewrite, correct or extract a text, and the reply is a line about that text
in place of the transform (`speaks_of_request`). It says the text is missing or empty ("There is
no text to summarize.", "您没有提供需要翻译的内容"), asks for it ("Please provide the text you
want me to translate.", "翻訳するテキストを入力してください"), says its state ("It seems your
message is incomplete", "Der Text ist bereits auf Englisch."), asks for context to do it ("I need
more context to translate this."), says what the tool only does ("Sorry, I can only translate
text."), or is a lead-in with nothing after it ("Here is the translation:").

The request is what makes it a failure: it is a transform (an imperative to translate, summarise,
rewrite, proofread, correct, extract ..., in any of a dozen languages, or a translation tool's
system prompt). A reply to a chat question that asks for more detail is an answer; so is a reply
to a request that itself holds such a line (a UI string "Please provide the text to translate"
given to be translated: its rendering says the same), and one to a request that names a UI
string, a label or an app's message to translate (its rendering may be such a line). No request,
no reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import HIT_WINDOW, Reply, Signal

# A transform asked for: an imperative at a line's or a sentence's start ("Translate this ...",
# "Please summarize ...", "Could you rewrite ...", "Übersetze ...", "Переведите ..."), or the
# Chinese, Japanese or Korean verb in its asking form ("翻译成英文", "请总结", "要約してください",
# "번역해 주세요").
_POLITE = (
    r"(?:please|pls|kindly|now|just|can you|could you|would you|will you|help me|"
    r"i need you to|i want you to|i'd like you to|bitte|kannst du|können sie|"
    r"s'il (?:te|vous) pla[iî]t|peux-tu|pouvez-vous|por favor|puedes|podrías|pode|você pode|"
    r"per favore|puoi|potresti|пожалуйста|можешь|можете|lütfen|proszę|alsjeblieft|graag)"
)
_VERBS = (
    r"(?:translate|summari[sz]e|rewrite|re-write|rephrase|paraphrase|reword|proofread|"
    r"copy-?edit|polish|shorten|condense|simplify|extract|transcribe|localize|localise|"
    r"correct|fix (?:the |my |this |any )?(?:grammar|spelling|typos|punctuation)|tl;?dr|"
    r"give (?:me )?a (?:short |brief |quick )?summary|make (?:this|it) (?:shorter|more \w+)|"
    r"übersetze\w*|fasse|fassen sie|formuliere|korrigiere\w*|überarbeite\w*|"
    r"tradu(?:is|isez|ire|ce|zca|cir|za|zir|ci|ca|rre)|résume[zr]?|reformule[zr]?|"
    r"corrige[zr]?|réécri[st]|réécrivez|reescrib[ea]|resum[ea]|resumir|corrija|corregir|"
    r"parafrasea|reescreva|corrigir|riassum[ia]|riassumere|riscrivi|correggi|"
    r"перевед\w*|перевест\w*|резюмир\w*|перескаж\w*|перепиш\w*|перефразир\w*|исправ\w*|"
    r"сократи\w*|суммируй\w*|кратко излож\w*|vertaal|herschrijf|corrigeer|"
    r"przetłumacz|streść|podsumuj|przepisz|popraw|çevir\w*|özetle\w*|düzelt\w*|dịch)"
)
_ASKS = re.compile(
    r"(?:^|[.!?:;]\s+)[\W\d_]{0,6}(?:" + _POLITE + r"[,\s]+){0,2}" + _VERBS + r"\b"
    r"|(?:翻译|翻譯|译|譯)(?:成|为|為|到|以下|下面|如下|下列|这|這|一下|[:\uff1a])"
    r"|(?:请|請|帮我|幫我|麻烦|麻煩)[^\n]{0,30}?(?:翻译|翻譯|总结|總結|概括|摘要|改写|改寫|润色|"
    r"潤色|校对|校對|提取)"
    r"|(?:总结|總結|概括|改写|改寫|润色|潤色)(?:一下|以下|下面|这|這|[:\uff1a])"
    r"|(?:翻訳|訳|要約|まとめ|書き直|言い換え|校正|添削)(?:して|てください|しなさい)"
    r"|(?:に|へ)(?:翻訳|訳)|(?:번역|요약|교정)(?:해|하여|하세요|해줘|해 줘|해주세요|해 주세요)"
    r"|다시 써",
    re.IGNORECASE | re.MULTILINE,
)
# A system prompt of a translation or summary tool: the user's message is the text ("You are a
# translation engine. Translate the user's text into Chinese.").
_TOOL = re.compile(
    r"\b(?:translat\w*|summari[sz]\w*|proofread\w*|paraphras\w*|rewrit\w*)\b|翻译|翻譯|翻訳|번역|"
    r"总结|摘要|要約|요약",
    re.IGNORECASE,
)
# A request that names a UI string, a label or an app's message to render: its rendering may
# itself be a line about text ("Please enter the text to translate").
_APP_TEXT = re.compile(
    r"\b(?:ui|string|strings|label|labels|button|tooltip|placeholder|notice|notification|"
    r"dialog|locale|localization|localisation|l10n|i18n|interface|menu|key|keys|"
    r"(?:error|status|system|bot|app|extension|plugin)(?:'s)? messages?|messages? of|"
    r"message (?:shown|displayed)|po file|json file|resource file)\b"
    r"|界面|文案|提示语|提示語|字符串|按钮|按鈕|本地化|文言|ボタン|문자열|버튼",
    re.IGNORECASE,
)

# The text a transform is done to, as a reply names it.
_EN_TEXT = (
    r"(?:(?:actual|full|complete|original|source|specific|entire|whole|remaining|rest of the)\s+)?"
    r"(?:text|texts|sentence|sentences|message|content|input|passage|paragraph|document|article|"
    r"phrase|string|excerpt|transcript|snippet|email|essay|words?|title|subtitles?|lines?|query)"
)
_EN_DO = (
    r"(?:translate|translat\w+|summari[sz]\w*|rewrite|rewrit\w+|rephrase|paraphrase|reword|"
    r"proofread|correct|edit|polish|shorten|condense|simplify|extract|convert|transcribe|check|"
    r"fix|improve|work (?:on|with))"
)
# The reply's words about the text in place of the transform, by language.
_META = re.compile(
    # English: asks for it
    r"\b(?:provide|share|paste|send|give|enter|include|supply|type|upload|attach|input|"
    r"specify|add)\s+(?:me\s+)?(?:with\s+)?(?:the|your|a|some|that|this|any)\s+(?:[\w-]+\s+){0,2}?"
    + _EN_TEXT
    + r"\s+"
    r"(?:(?:that\s+|which\s+)?you(?:'d| would)?\s+(?:like|want|need)\s+(?:me\s+)?to\s+"
    + _EN_DO
    + r"|to\s+be\s+\w+ed|(?:for me )?to\s+"
    + _EN_DO
    + r"|you(?:'d| would)? like\b)"
    # ... or asks for it and stops ("Could you please provide the text?")
    r"|\b(?:provide|share|paste|send|give|enter|supply|type)\s+(?:me\s+)?(?:with\s+)?"
    r"(?:the|your)\s+" + _EN_TEXT + r"\s*(?:[?.!]|$|so\s+(?:that\s+)?i\b|and\s+i(?:'ll|\s+will)\b)"
    r"|\bwithout\s+(?:the|any)\s+(?:actual\s+)?(?:text|content|input)\b"
    r"|\bi\s+(?:don't|do\s+not)\s+have\s+(?:the|any)\s+(?:\w+\s+)?"
    + _EN_TEXT
    + r"\s+to\s+"
    + _EN_DO
    + r"|\bnot\s+the\s+(?:actual\s+)?(?:text|content|paragraph|article|passage)\s+itself\b"
    r"|\b(?:the|your)\s+(?:\w+\s+)?"
    + _EN_TEXT
    + r"\s+(?:was|were|is)\s+not\s+(?:included|provided|"
    r"attached|given)\b"
    r"|\bwhat\s+(?:text\s+|content\s+|sentence\s+|exactly\s+)?(?:would|do)\s+you\s+(?:like|want)\s+"
    r"(?:me\s+)?to\s+" + _EN_DO + r"\b"
    r"|\b(?:which|what)\s+" + _EN_TEXT + r"\s+(?:would|do|should)\s+(?:you|i)\s+"
    # ... says it is missing or empty
    r"|\bthere(?:'s|\s+is|\s+was|\s+are)\s+no\s+(?:\w+\s+)?" + _EN_TEXT + r"\b"
    r"|\bnothing\s+to\s+" + _EN_DO + r"\b"
    r"|\bno\s+" + _EN_TEXT + r"\s+(?:was\s+|were\s+|has\s+been\s+|is\s+|to\s+)?"
    r"(?:provided|given|included|found|attached|supplied|entered|shared|detected|"
    r"translate|summari[sz]e|rewrite|proofread|correct)\b"
    r"|\bi\s+(?:don't|do\s+not|can't|cannot|couldn't|could\s+not|didn't|did\s+not)\s+"
    r"(?:see|find|receive|get|detect)\s+(?:any|the|a)\s+(?:\w+\s+)?" + _EN_TEXT + r"\b"
    r"|\byou\s+(?:haven't|have\s+not|didn't|did\s+not|forgot\s+to|may\s+have\s+forgotten\s+to)\s+"
    r"(?:yet\s+)?(?:provide|include|share|paste|attach|give|send|enter|add|supply)"
    r"|\b(?:the|your|this)\s+"
    + _EN_TEXT
    + r"\s+(?:you\s+(?:provided|sent|shared|gave|entered|want(?:ed)?\s+(?:me\s+to\s+)?\w+|"
    r"would\s+like\s+(?:me\s+to\s+)?\w+)\s+)?"
    r"(?:is|was|seems|appears|looks)\s+(?:to\s+be\s+|like\s+it(?:'s|\s+is|\s+was)\s+)?"
    r"(?:empty|blank|missing|incomplete|cut\s+off|truncated|garbled|unclear|unreadable|"
    r"corrupted|not\s+complete|to\s+have\s+been\s+(?:cut\s+off|truncated))"
    r"|\b(?:your|the)\s+(?:message|text|input|sentence)\s+(?:got|was|has\s+been)\s+"
    r"(?:cut\s+off|truncated)"
    # ... says it needs no transform
    r"|\bno\s+translation\s+(?:is\s+)?(?:needed|necessary|required)"
    r"|\b(?:does\s+not|doesn't|do\s+not|don't)\s+(?:need|require)\s+(?:any\s+)?"
    r"(?:translation|translating|to\s+be\s+translated)"
    # ... says its language
    r"|\b(?:is|are|was|appears\s+to\s+be|seems\s+to\s+be)\s+already\s+(?:written\s+)?in\s+"
    r"(?:\w+\s+)?(?:english|chinese|japanese|korean|german|french|spanish|portuguese|italian|"
    r"russian|dutch|polish|turkish|the\s+target\s+language|the\s+requested\s+language)\b"
    r"|\b(?:is|are|was|appears\s+to\s+be|seems\s+to\s+be)\s+(?:written\s+)?in\s+(?:english|"
    r"chinese|japanese|korean|german|french|spanish|portuguese|italian|russian)\s+already\b"
    # ... says only what language it is, and stops ("This text is in Japanese.")
    r"|^(?:it\s+(?:seems|looks)\s+like\s+)?(?:the|this|your)\s+(?:provided\s+)?" + _EN_TEXT + r"\s+"
    r"(?:you\s+(?:provided|sent|shared|gave|entered)\s+)?(?:is|appears\s+to\s+be|seems\s+to\s+be)\s+"
    r"(?:written\s+)?in\s+(?:english|chinese|japanese|korean|german|french|spanish|portuguese|"
    r"italian|russian|dutch|polish|turkish|arabic|hindi|vietnamese|thai)\s*[.!]?\s*$"
    # ... says it has no meaning to transform
    r"|\b(?:the|this|your)\s+(?:provided\s+)?"
    + _EN_TEXT
    + r"\s+(?:you\s+(?:provided|sent|shared|gave|entered)\s+)?(?:is|seems|appears|looks)\s+"
    r"(?:to\s+be\s+|like\s+)?(?:a\s+)?(?:random|gibberish|nonsens\w*|meaningless|"
    r"not\s+(?:a\s+)?(?:valid|meaningful|coherent|complete|clear|readable))"
    r"|\b(?:the|this|your)\s+" + _EN_TEXT + r"\s+(?:doesn't|does\s+not)\s+make\s+(?:any\s+)?sense"
    # ... asks for the language the request named
    r"|\b(?:which|what)\s+language\s+(?:would|do|should)\s+you\b"
    r"|\b(?:please\s+)?(?:specify|tell\s+me|let\s+me\s+know)\s+(?:the|which)\s+(?:target\s+)?"
    r"language\b"
    r"|\binto\s+which\s+language\b"
    # ... says the transform failed ("AI failed to summarize the article.", "翻译失败")
    r"|\b(?:failed|unable|not\s+able)\s+to\s+(?:translate|summari[sz]e|rewrite|proofread|paraphrase|"
    r"generate\s+(?:a|the)\s+(?:summary|translation))\b"
    r"|\b(?:could\s+not|couldn't|cannot|can't)\s+(?:be\s+)?(?:translated|summari[sz]ed)\b"
    r"|\bi(?:'m|\s+am)?\s+(?:sorry,?\s+(?:but\s+)?i\s+)?(?:can't|cannot|can\s+not|am\s+unable\s+to|"
    r"am\s+not\s+able\s+to|couldn't|could\s+not|won't|will\s+not)\s+(?:help\s+(?:you\s+)?)?"
    r"(?:translate|summari[sz]e|rewrite|proofread|paraphrase|rephrase)\b"
    r"|\b(?:translation|summary|summarization)\s+(?:failed|is\s+unavailable|not\s+available)\b"
    r"|(?:翻译|翻譯|总结|總結|摘要)(?:失败|失敗|出错|出錯)|(?:无法|無法|未能)(?:翻译|翻譯|总结|總結|生成摘要)"
    r"|(?:翻訳|要約)(?:に失敗|できませんでした)|(?:번역|요약)(?:에\s*실패|하지\s*못했)"
    r"|\bübersetzung\s+fehlgeschlagen|\b(?:konnte|kann)\s+(?:\w+\s+)?nicht\s+(?:übersetzt|"
    r"zusammengefasst)\s+werden"
    r"|\bimpossible\s+de\s+(?:traduire|résumer)|\béchec\s+de\s+la\s+traduction"
    r"|\bno\s+se\s+pudo\s+(?:traducir|resumir)|\bnão\s+foi\s+possível\s+(?:traduzir|resumir)"
    r"|\bimpossibile\s+(?:tradurre|riassumere)"
    r"|\b(?:не)\s+(?:удалось)\s+(?:перевести|резюмировать|кратко\s+изложить)|\b(?:ошибка)\s+перевода"
    # ... asks for context to do it, or says what the tool only does
    r"|\bi\s+(?:would\s+|'d\s+)?need\s+(?:a\s+bit\s+)?more\s+context\s+to\s+"
    + _EN_DO
    + r"|\bi\s+(?:can\s+)?only\s+(?:translate|summari[sz]e|rewrite|proofread|help\s+with\s+"
    r"(?:translat|summar)\w*)"
    r"|\bi(?:'m|\s+am)\s+not\s+sure\s+what\s+(?:you(?:'d|\s+would)?\s+(?:like|want)\s+me\s+)?to\s+"
    + _EN_DO
    + r"\b"
    # Chinese
    r"|(?:请|請)(?:您|你)?(?:提供|发送|發送|输入|輸入|给出|給出|粘贴|貼上|贴上|发|發|给我|給我)"
    r"[^\n。\uff01\uff1f]{0,12}?(?:文本|内容|內容|文字|句子|原文|段落|文章)"
    r"|(?:没有|沒有|未)(?:提供|发送|發送|输入|輸入|给出|給出|包含|附上|看到)(?:任何)?[^\n。\uff01\uff1f]{0,8}?"
    r"(?:文本|内容|內容|文字|句子|原文)"
    r"|(?:文本|内容|內容|文字|消息|訊息|输入|輸入|句子)(?:似乎|好像|可能)?(?:为空|為空|是空的|不完整|"
    r"被截断|被截斷)"
    r"|没有(?:需要|要|可以|可)(?:翻译|翻譯|总结|總結)的|沒有(?:需要|要|可以|可)(?:翻譯|總結)的"
    r"|(?:已经是|已經是|本身就是|本来就是|本來就是)(?:简体|繁体|繁體)?(?:中文|英文|英语|英語|日文|"
    r"日语|日語|韩文|韓文)"
    r"|我只能(?:帮你|幫你|为你|為你)?(?:翻译|翻譯|总结|總結)"
    r"|(?:无需|無需|不需要|不用|没有必要|沒有必要)(?:进行|進行|再)?(?:翻译|翻譯)"
    r"|(?:有什么|有什麼|什么|什麼)(?:需要|要|想)(?:我)?(?:翻译|翻譯|总结|總結)的"
    r"|(?:请|請)把[^\n\u3002]{0,12}?(?:文本|内容|內容|文字|句子|原文)(?:发|發|给|給|贴|貼)"
    r"|(?:翻译|翻譯)成(?:什么|什麼|哪种|哪種|哪一种|哪一種)(?:语言|語言)"
    r"|何語に(?:翻訳|訳)|어떤\s*언어로\s*번역|어느\s*언어로"
    r"|\bin\s+welche\s+sprache\b|\bdans\s+quelle\s+langue\b|\ba\s+qué\s+idioma\b"
    r"|\bpara\s+qual\s+idioma\b|\bin\s+quale\s+lingua\b|\b(?:на)\s+(?:какой)\s+язык"
    r"|(?:你|您)(?:想|想要|需要|要)(?:我)?(?:翻译|翻譯|总结|總結)(?:什么|什麼|哪)"
    # Japanese
    r"|(?:翻訳|要約)(?:する|したい|対象の)(?:テキスト|文章|文|内容)"
    r"|(?:テキスト|文章|内容|メッセージ|原文)が(?:提供|入力|送信|指定|添付)されて(?:いない|いません|おりません)"
    r"|原文が(?:ありません|見当たりません)"
    r"|(?:テキスト|文章|内容)が(?:空|見当たりません)"
    r"|(?:すでに|既に)(?:日本語|英語|中国語|韓国語)(?:です|で書かれて|になって)"
    r"|翻訳(?:の|する)必要(?:は|が)(?:ありません|ない)"
    # Korean
    r"|(?:번역|요약)할\s*(?:텍스트|내용|문장|글)"
    r"|(?:텍스트|내용|문장|메시지)(?:가|이)\s*(?:제공되지\s*않|비어\s*있|입력되지\s*않)"
    r"|이미\s*(?:한국어|영어|일본어|중국어)(?:로\s*되어|로\s*작성|입니다)"
    r"|번역(?:할|이)\s*필요(?:가|는)?\s*없"
    # German
    r"|\b(?:gib|geben\s+sie|schick|schicken\s+sie|sende|senden\s+sie|füge|fügen\s+sie|nenne|"
    r"nennen\s+sie)\s+(?:mir\s+)?(?:bitte\s+)?(?:den|deinen|ihren|einen)\s+(?:zu\s+\w+enden\s+)?"
    r"(?:text|satz|inhalt|absatz)"
    r"|\bwelchen\s+text\s+(?:soll|möchtest|möchten)"
    r"|\b(?:teile|teilen\s+sie|stelle|stellen\s+sie)\s+(?:mir\s+)?(?:bitte\s+)?(?:den|deinen|ihren)\s+"
    r"(?:text|satz|inhalt)"
    r"|\bkein(?:en)?\s+(?:text|inhalt)\s+(?:\w+\s+){0,2}(?:angegeben|bereitgestellt|übermittelt|"
    r"gefunden|mitgeschickt|zum\s+übersetzen|zu\s+übersetzen)"
    r"|\b(?:der|dein|ihr|deine|ihre)\s+(?:text|satz|nachricht|inhalt)\s+(?:ist|scheint)\s+"
    r"(?:\w+\s+)?(?:leer|unvollständig|abgeschnitten)"
    r"|\b(?:ist|sind)\s+bereits\s+(?:auf|in)\s+(?:deutsch|englisch|französisch|spanisch|"
    r"italienisch|chinesisch|japanisch|russisch)"
    r"|\bich\s+(?:brauche|benötige)\s+mehr\s+kontext"
    r"|\bkeine\s+übersetzung\s+(?:ist\s+)?(?:nötig|notwendig|erforderlich)"
    # French
    r"|\b(?:veuillez|pouvez-vous|pourriez-vous|peux-tu|pourrais-tu|merci\s+de)\s+(?:me\s+|m')?(?:fournir|envoyer|partager|"
    r"coller|donner|indiquer|saisir|entrer|transmettre)\s+(?:le|la|votre|ton|ta|un|une)\s+"
    r"(?:texte|phrase|contenu|message|passage|document)"
    r"|\bquel\s+texte\s+(?:souhaitez|voulez|veux)"
    r"|\b(?:aucun|pas\s+de)\s+(?:texte|contenu)\s+(?:n'a\s+été\s+)?(?:fourni|à\s+traduire|"
    r"à\s+résumer|à\s+corriger)"
    r"|\bn'(?:avez|ayez|as|aies)\s+pas\s+(?:encore\s+)?(?:fourni|inclus|partagé|envoyé|donné|"
    r"indiqué)\s+(?:de|le|aucun)\s+(?:texte|contenu)"
    r"|\b(?:le|votre|ton)\s+(?:texte|message)\s+(?:est|semble|paraît)\s+(?:\w+\s+)?(?:vide|"
    r"incomplet|tronqué|coupé)"
    r"|\best\s+déjà\s+(?:en|rédigé\s+en|écrit\s+en)\s+(?:français|anglais|allemand|espagnol|"
    r"italien|chinois|japonais)"
    r"|\b(?:aucune|pas\s+besoin\s+de)\s+traduction\b"
    # Spanish
    r"|\bno\s+(?:necesita|requiere)\s+(?:ninguna\s+)?traducción"
    r"|\b(?:proporciona|proporcione|proporcióname|envía|envíe|envíame|comparte|comparta|pega|"
    r"pegue|escribe|escriba|indica|indique)\s+(?:me\s+)?(?:el|la|tu|su)\s+(?:texto|frase|"
    r"contenido|mensaje|oración)"
    r"|\bqué\s+texto\s+(?:quieres|deseas|desea|te\s+gustaría)"
    r"|\bno\s+(?:has|ha|se\s+ha)\s+(?:proporcionado|incluido|enviado|compartido)\s+(?:ningún\s+|"
    r"el\s+|un\s+)?(?:texto|contenido)"
    r"|\bno\s+(?:hay|veo)\s+(?:ningún\s+)?(?:texto|contenido)"
    r"|\b(?:podrías|podría|puedes|puede)\s+(?:proporcionar|enviar|compartir|pegar|indicar)(?:me)?\s+"
    r"(?:el|la|tu|su)\s+(?:texto|frase|contenido|mensaje)"
    r"|\bno\s+se\s+(?:ha\s+)?(?:proporcionado|proporcionó|incluido|incluyó|enviado|envió)\s+"
    r"(?:ningún\s+)?(?:texto|contenido)"
    r"|\b(?:el|tu|su)\s+(?:texto|mensaje)\s+(?:está|parece\s+estar|parece)\s+(?:vacío|incompleto|"
    r"cortado)"
    r"|\bya\s+está\s+(?:en|escrito\s+en)\s+(?:español|inglés|francés|alemán|portugués|italiano)"
    # Portuguese
    r"|\b(?:forneça|forneca|envie|compartilhe|cole|digite|informe|mande)\s+(?:o|a|seu|sua)\s+"
    r"(?:texto|frase|conteúdo|mensagem)"
    r"|\bvocê\s+não\s+(?:forneceu|incluiu|enviou|compartilhou)\s+(?:nenhum\s+|o\s+)?"
    r"(?:texto|conteúdo)"
    r"|\bnão\s+(?:há|vejo|foi\s+fornecido)\s+(?:nenhum\s+)?(?:texto|conteúdo)"
    r"|\b(?:poderia|pode|podes)\s+(?:me\s+)?(?:fornecer|enviar|compartilhar|colar)\s+(?:o|a|seu|sua)\s+"
    r"(?:texto|frase|conteúdo|mensagem)"
    r"|\bnenhum\s+(?:texto|conteúdo)\s+(?:foi\s+)?(?:fornecido|enviado|incluído)"
    r"|\bjá\s+está\s+(?:em|escrito\s+em)\s+(?:português|inglês|espanhol|francês)"
    r"|\bnão\s+(?:precisa|necessita)\s+(?:de\s+)?tradução"
    # Italian
    r"|\bnon\s+(?:necessita|richiede|serve)\s+(?:alcuna\s+)?traduzione"
    r"|\b(?:fornisci|fornisca|invia|invii|incolla|condividi|inserisci)\s*(?:mi\s+)?(?:il|la|un|"
    r"una)\s+(?:testo|frase|contenuto|messaggio)"
    r"|\bnon\s+(?:hai|ha)\s+(?:fornito|incluso|inviato)\s+(?:alcun\s+|il\s+|nessun\s+)?"
    r"(?:testo|contenuto)"
    r"|\b(?:potresti|puoi|può|potrebbe)\s+(?:fornire|inviare|condividere|incollare)(?:mi)?\s+(?:il|la)\s+"
    r"(?:testo|frase|contenuto|messaggio)"
    r"|\bnessun\s+(?:testo|contenuto)\s+(?:è\s+stato\s+)?(?:fornito|inviato|da\s+tradurre)"
    r"|\bè\s+già\s+(?:in|scritto\s+in)\s+(?:italiano|inglese|francese|spagnolo|tedesco)"
    # Russian
    r"|\b(?:предоставьте|пришлите|отправьте|вставьте|укажите|введите|дайте|пришли|отправь|"
    r"вставь|дай|напишите|напиши)\s+(?:мне\s+)?(?:сам\s+|сами\s+)?(?:текст|предложение|"
    r"сообщение|содержимое|фразу)"
    r"|\b(?:какой)\s+(?:текст)\s+(?:нужно|вы\s+(?:хотите)|ты\s+(?:хочешь)|надо)"
    r"|\b(?:вы|ты)\s+(?:не)\s+(?:предоставили|указали|прислали|отправили|предоставил|прислал|"
    r"указал)\s+(?:\w+\s+)?(?:текст|содержимое)"
    r"|\b(?:нет)\s+(?:текста)\s+(?:для)"
    r"|\b(?:текст|сообщение)\s+(?:пуст|пустой|неполн\w*|обрезан\w*|оборван\w*)\b"
    r"|\b(?:уже)\s+(?:написан\s+)?на\s+(?:русском|английском|немецком|французском|китайском)"
    r"|\b(?:перевод)\s+не\s+(?:требуется|нужен)"
    r"|\b(?:не)\s+(?:указан|предоставлен|приложен)\s+текст|\b(?:отсутствует)\s+текст"
    # Dutch, Polish, Turkish
    r"|\b(?:geef|stuur|plak|deel)\s+(?:me\s+)?(?:de|je|uw)\s+(?:tekst|zin|inhoud)"
    r"|\b(?:podaj|wyślij|wklej|prześlij)\s+(?:mi\s+)?(?:tekst|zdanie|treść)"
    r"|\bnie\s+(?:podałeś|podałaś|podano)\s+(?:żadnego\s+)?tekstu"
    r"|(?:çevirmemi|özetlememi|düzeltmemi)\s+istediğiniz\s+(?:metni|cümleyi)"
    r"|\bmetin\s+(?:sağlanmad\u0131|verilmedi)",
    re.IGNORECASE | re.MULTILINE,
)


def _top_level(pattern: str) -> list[str]:
    """A pattern's alternatives at its top level (not inside a group or a class)."""
    parts: list[str] = []
    depth, start, i, in_class = 0, 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


_META_CHARS = re.compile(r"[\\()\[\]|?*+{}.^$]")
# The words one of which an alternative of `_META` must find, where its start does not say them
# plainly (it starts with "I" or an optional word, or with one Chinese character).
_GATES_BY_START = (
    (r"\bi\s+(?:don't|do\s+not)\s+have", ("have",)),
    (r"\bi\s+(?:don't", ("see", "find", "receive", "get", "detect")),
    (
        r"^(?:it",
        (
            "english",
            "chinese",
            "japanese",
            "korean",
            "german",
            "french",
            "spanish",
            "portuguese",
            "italian",
            "russian",
            "dutch",
            "polish",
            "turkish",
            "arabic",
            "hindi",
            "vietnamese",
            "thai",
        ),
    ),
    (r"\b(?:please\s+)?(?:specify", ("language",)),
    (
        r"\bi(?:'m|\s+am)?\s+(?:sorry",
        ("translat", "summar", "rewrit", "proofread", "paraphras", "rephras"),
    ),
    (r"\bi\s+(?:would", ("context",)),
    (r"\bi\s+(?:can\s+)?only", ("only",)),
    (r"\bi(?:'m|\s+am)\s+not\s+sure", ("not sure",)),
    (r"(?:请|請)(?:您", ("请", "請")),
    (r"(?:没有", ("没有", "沒有", "未")),
    (r"(?:请|請)把", ("请把", "請把")),
    (r"\ba\s+qué", ("idioma",)),
    (r"(?:你|您)", ("你", "您")),
    (r"\bè\s+già", ("già",)),
)


def _words_of(alternatives: list[str]) -> tuple[str, ...] | None:
    """Plain words (lowered) for a group's alternatives, or None when one is no plain word."""
    words = []
    for alt in alternatives:
        alt = re.sub(r"\\w[*+]$", "", alt.replace("\\s+", " ")).replace("\\b", "")
        if not alt.strip() or _META_CHARS.search(alt) is not None:
            return None
        words.append(alt.lower())
    return tuple(words)


def _gates(part: str) -> tuple[str, ...] | None:
    """The words (lowered) one of which a text must hold for `part` to match it: of the groups
    and words it must match in order, the one whose shortest word is longest; None where none
    can be read off it."""
    for start, words in _GATES_BY_START:
        if part.startswith(start):
            return words
    best: tuple[str, ...] | None = None
    i, n = 0, len(part)
    while i < n:
        c = part[i]
        found: tuple[str, ...] | None = None
        if c == "\\":
            i += 2
            continue
        if c == "(":
            depth, j = 0, i
            while j < n:
                if part[j] == "\\":
                    j += 2
                    continue
                depth += (part[j] == "(") - (part[j] == ")")
                if depth == 0:
                    break
                j += 1
            if part[i : i + 3] == "(?:" and part[j + 1 : j + 2] not in ("?", "*", "{"):
                found = _words_of(_top_level(part[i + 3 : j]))
            i = j + 1
        elif c == "[":
            i = part.index("]", i + 1) + 1
            continue
        else:
            m = re.match(r"(?:[^\\()\[\]|?*+{}.^$]|\\s\+)+", part[i:])
            if m is None:
                i += 1
                continue
            run = m.group(0)
            i += len(run)
            if part[i : i + 1] in ("?", "*", "{"):
                run = run[:-1]  # (the last character is optional)
            found = _words_of([run])
        if found and (best is None or min(map(len, found)) > min(map(len, best))):
            best = found
    return best


# `_META` one alternative at a time, each read only where the text holds one of its words (the
# whole alternation read ~1 ms on a short reply; most alternatives find none of their words).
_META_PARTS: tuple[tuple[tuple[str, ...] | None, re.Pattern[str]], ...] = tuple(
    (_gates(part), re.compile(part, re.IGNORECASE | re.MULTILINE))
    for part in _top_level(_META.pattern)
)


def _meta_search(text: str) -> re.Match[str] | None:
    """The first of `_META`'s matches in `text` (as `_META.search`, faster)."""
    low = text.lower()
    best: re.Match[str] | None = None
    for gates, part in _META_PARTS:
        if gates is not None and not any(g in low for g in gates):
            continue
        m = part.search(text)
        if m is not None and (best is None or m.start() < best.start()):
            best = m
    return best


# A lead-in to a transform with nothing after it: the whole reply ("Here is the translation:",
# "翻译如下\uff1a", "Voici la traduction :").
_LEAD_IN = re.compile(
    r"(?:(?:sure|certainly|of course|okay|ok|好的|はい|네)[!.,\uff0c、]?\s*)?"
    r"(?:(?:here(?:'s|\s+is|\s+are)|below\s+is|this\s+is)\s+(?:the|your|a|my)\s+(?:\w+\s+)?"
    r"(?:translation|summary|rewrite|rewritten\s+\w+|corrected\s+\w+|revised\s+\w+|paraphrase|"
    r"translated\s+\w+)(?:\s+of\s+[^:\n]{0,60})?(?:\s+in\s+\w+)?"
    r"|(?:[\w-]+\s+){0,2}?(?:translation|summary|translated\s+text|rewritten\s+text|"
    r"corrected\s+text)(?:\s*\([^)\n]{0,20}\))?"
    r"|(?:the\s+)?(?:[\w-]+\s+)?(?:translation|summary)\s+(?:is\s+)?(?:as\s+follows|below)"
    r"|(?:以下是|下面是|这是|這是)?(?:翻译|翻譯|译文|譯文|总结|總結|摘要)(?:结果|結果|内容|內容)?(?:如下)?"
    r"|(?:以下が|こちらが)?(?:翻訳|訳文|要約)(?:結果)?(?:です|は以下の通りです)?"
    r"|(?:번역|요약)(?:\s*결과)?(?:는\s*다음과\s*같습니다|입니다)?"
    r"|hier\s+ist\s+(?:die\s+|deine\s+|ihre\s+)?(?:übersetzung|zusammenfassung)"
    r"|voici\s+(?:la|votre|le)\s+(?:traduction|résumé)"
    r"|aquí\s+(?:está|tienes)\s+(?:la|tu|el)\s+(?:traducción|resumen)"
    r"|aqui\s+está\s+(?:a|o)\s+(?:tradução|resumo)"
    r"|ecco\s+(?:la|il)\s+(?:traduzione|riassunto)"
    r"|вот\s+(?:перевод|краткое\s+(?:содержание)|резюме))"
    r"\s*[:\uff1a]?\s*",
    re.IGNORECASE,
)
# A reply that only promises or offers the transform, and ends there ("Sure, I'd be happy to
# translate that for you!", "好的 我来帮你翻译", "Конечно, я переведу этот текст."): the whole
# reply, one sentence or two.
_PROMISE = re.compile(
    r"(?:(?:sure|of course|certainly|absolutely|okay|ok|no problem|got it|好的|好|没问题|沒問題|"
    r"当然|當然|可以|はい|承知しました|かしこまりました|네|알겠습니다|물론이죠|gerne|klar|"
    r"natürlich|bien sûr|d'accord|claro|por supuesto|certo|certamente|конечно|хорошо)"
    r"[!.,\uff0c\u3001\uff01\u3002\s]*)?"
    r"(?:(?:i(?:'d|\s+would)\s+be\s+(?:happy|glad|delighted)\s+to|i\s+can|i(?:'ll|\s+will)|"
    r"let\s+me|i(?:'m|\s+am)\s+(?:going|ready)\s+to)\s+(?:help\s+(?:you\s+)?(?:with\s+)?)?"
    r"(?:translat\w*|summar\w*|rewrit\w*|proofread\w*|paraphras\w*|rephras\w*)\b[^:\n\uff1a]{0,60}"
    r"|(?:我|我来|我來|我将|我將|我会|我會|让我|讓我)(?:帮你|幫你|为你|為你|为您|為您|帮您|幫您)?"
    r"(?:翻译|翻譯|总结|總結)[^:\n\uff1a]{0,12}"
    r"|(?:翻訳|要約)(?:します|いたします|しますね|させていただきます)"
    r"|(?:번역|요약)해\s*(?:드리겠습니다|드릴게요)"
    r"|(?:ich\s+)?übersetze\s+(?:ich\s+)?(?:das|den\s+text|ihn|es)\s+(?:gerne\s+)?(?:für\s+\w+\s*)?"
    r"|je\s+(?:vais|peux)\s+(?:traduire|résumer)[^:\n]{0,40}"
    r"|(?:con\s+gusto\s+)?(?:traduzco|traduciré|puedo\s+traducir|resumiré)[^:\n]{0,40}"
    r"|(?:я\s+)?(?:переведу|могу\s+перевести|сделаю\s+перевод)[^:\n]{0,40})"
    r"[.!\u3002\uff01\s]*",
    re.IGNORECASE,
)
PROMISE_CHARS = 120
# The words of a line that says the transform failed or cannot be done.
_FAILED = re.compile(
    r"fail|unable|not able|could|can't|cannot|unavailable|\u5931\u8d25|\u5931\u6557|\u51fa\u9519"
    r"|\u51fa\u932f|\u65e0\u6cd5|\u7121\u6cd5|\u672a\u80fd|\u3067\u304d\u307e\u305b\u3093"
    r"|\uc2e4\ud328|\ubabb\ud588|fehlgeschlagen|nicht|impossib|échec|no se pudo|não foi"
    r"|\u043d\u0435 \u0443\u0434\u0430\u043b\u043e\u0441\u044c"
    r"|\u043e\u0448\u0438\u0431\u043a\u0430",
    re.IGNORECASE,
)
# A line saying the transform failed that goes on to do it after all ("I couldn't translate it
# word for word, but it means ...").
_GOES_ON = re.compile(
    r"\b(?:but|however|instead|though|here(?:'s|\s+is|\s+are)|literally|roughly|means)\b"
    r"|\u4f46|\u4e0d\u8fc7|\u4e0d\u904e|\u305f\u3060|\ud558\uc9c0\ub9cc"
    r"|\b(?:aber|mais|pero|mas|però|однако)\b",
    re.IGNORECASE,
)
# A meta-reply is a short reply, and says so near its start.
META_CHARS = 320
META_AT = 200
LEAD_IN_CHARS = 16
# After a colon, this much text is the transform itself ("Here's the translation: ...").
RENDERED_AFTER = 12
_COLON_TAIL = re.compile(r"[:\uff1a]\s*(\S.*)$", re.DOTALL)
# Cheap substrings one of which a meta-reply holds (lowered): `may_fire` reads no regex without.
_KEYS = (
    "text",
    "message",
    "content",
    "input",
    "sentence",
    "provide",
    "context",
    "already",
    "only",
    "translat",
    "summar",
    "nothing",
    "paragraph",
    "document",
    "article",
    "phrase",
    "文本",
    "内容",
    "內容",
    "文字",
    "句子",
    "原文",
    "翻",
    "总结",
    "總結",
    "摘要",
    "译",
    "テキスト",
    "文章",
    "要約",
    "訳",
    "텍스트",
    "내용",
    "문장",
    "번역",
    "요약",
    "이미",
    "satz",
    "inhalt",
    "kontext",
    "übersetz",
    "texte",
    "contenu",
    "traduc",
    "résum",
    "texto",
    "conteúdo",
    "tradu",
    "resum",
    "testo",
    "contenuto",
    "текст",
    "сообщ",
    "содерж",
    "перевод",
    "tekst",
    "treść",
    "metin",
    "cümle",
    "çevir",
    "bereits",
    "déjà",
    "ya está",
    "já está",
    "già",
    "уже",
)


# A request that names a transform, as a verb or a noun, anywhere ("Help me translate this
# paragraph", "Text to translate: ...", "EN->ZH translation", "TL;DR of the post", "润色一下",
# "Übersetzung ins Deutsche"): read with a reply about the text, when the request reports no
# failure (a bug report names the transform it saw fail).
_NAMES = re.compile(
    r"\b(?:translat\w*|summar\w*|tl;?dr|paraphras\w*|rewrit\w*|rephras\w*|proofread\w*|"
    r"übersetz\w*|zusammenfass\w*|tradu\w*|résum\w*|resum\w*|riassun\w*|riassum\w*|"
    r"перевод\w*|перевед\w*|перевест\w*|резюм\w*|vertaal\w*|vertaling\w*|tłumacz\w*|"
    r"przetłumacz\w*|streszcz\w*|çevir\w*|özet\w*|dịch)\b"
    r"|翻译|翻譯|翻訳|번역|总结|總結|摘要|要約|요약|改写|改寫|润色|潤色|校对|校對|訳して",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def transform_asked(question: str, system: str, lexicon: Lexicon | None = None) -> bool:
    """Whether the request asks for a given text transformed (translated, summarised, rewritten,
    corrected, extracted): an imperative in its last user message, or a transform named in a
    request that reports no failure (with `lexicon`), or a translation or summary tool's system
    prompt (the user's message is then the text). Kept: every attempt at one request reads the
    same question."""
    if question and _ASKS.search(question[:2000]) is not None:
        return True
    if (
        question
        and lexicon is not None
        and _NAMES.search(question[:1000]) is not None
        and not lexicon.hits(question[:1000].lower(), HIT_WINDOW)
    ):
        return True
    return bool(system) and _TOOL.search(system[:2000]) is not None


def meta_words(text: str) -> str | None:
    """The words in which a short reply speaks of the text it was to transform in place of
    transforming it (missing, empty, incomplete, already in the language, asked for, a lead-in
    with nothing after it), or None."""
    text = text.strip()
    if not text or len(text) > META_CHARS:
        return None
    low = text.lower()
    if not any(k in low for k in _KEYS):
        return None
    if _LEAD_IN.fullmatch(text) is not None:
        # (a lead-in: with its colon, or said in words; not a bare noun, "Summary", which may
        # be the text rendered)
        return text if text[-1] in ":\uff1a" or len(text) >= LEAD_IN_CHARS else None
    if len(text) <= PROMISE_CHARS and _PROMISE.fullmatch(text) is not None:
        return text
    m = _meta_search(text[:META_AT])
    if m is None:
        return None
    if _FAILED.search(m.group(0)) is not None and _GOES_ON.search(text, m.end()) is not None:
        return None  # ("I couldn't translate it word for word, but it means ...")
    tail = _COLON_TAIL.search(text, m.end())
    if tail is not None and len(tail.group(1)) >= RENDERED_AFTER:
        return None  # ("The text is already in English; a smoother version: ...")
    return m.group(0)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a short reply may be a line about the request's text (`quick_clear`): its words
    are read by `meta_words` (the request is read by the signal)."""
    return len(text) <= META_CHARS and meta_words(text) is not None


def speaks_of_request(r: Reply) -> str | None:
    """The reply's words about the text a transform request gave, said in place of the
    transform, or None (`transform_meta`; `rendering_signals.rendered` takes no such reply for
    the text rendered)."""
    cached = r.memo.get("transform_meta", False)
    if cached is not False:
        return cached  # type: ignore[return-value]
    found = _speaks_of_request(r)
    r.memo["transform_meta"] = found
    return found


# A reply that asks which language to render into ("Which language would you like it translated
# into?", "翻译成什么语言"), and a request that names one: asked what it said, a failure; to a
# request that names none, the right question.
_ASKS_LANGUAGE = re.compile(
    r"language|什么语言|什麼語言|哪种语言|哪種語言|何語|언어로|sprache|langue|idioma|lingua|язык",
    re.IGNORECASE,
)
_LANGUAGE_NAMED = re.compile(
    r"\b(?:english|chinese|mandarin|japanese|korean|german|french|spanish|portuguese|italian|"
    r"russian|dutch|polish|turkish|arabic|hindi|vietnamese|thai|indonesian|ukrainian|swedish|"
    r"englisch|deutsch\w*|französisch|spanisch|anglais|français|allemand|espagnol|inglés|"
    r"español|alemán|francés|inglês|português|inglese|italiano|tedesco)\b"
    r"|中文|汉语|漢語|英文|英语|英語|日文|日语|日本語|韩文|韓文|韩语|한국어|영어|일본어|중국어|"
    r"английск\w*|русск\w*|китайск\w*|немецк\w*|французск\w*",
    re.IGNORECASE,
)


def _speaks_of_request(r: Reply) -> str | None:
    question = r.raw_question
    if not question:
        return None
    if len(r.text) > META_CHARS + 40:
        return None
    if not transform_asked(question, r.system, r.lexicon):
        return None
    words = meta_words(r.text)
    if words is None:
        return None
    if _META.search(question[:4000]) is not None or _LEAD_IN.fullmatch(question.strip()):
        return None  # (the text given says such a line itself: its rendering says it too)
    if _APP_TEXT.search(question[:600]) is not None:
        return None  # (an app's string to render: its rendering may be such a line)
    if _ASKS_LANGUAGE.search(words) is not None and _LANGUAGE_NAMED.search(question) is None:
        return None  # (which language, to a request that named none: the right question)
    return words


def transform_meta(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request asks for a text transformed (translate, summarise, rewrite, correct,
    extract), and the short reply talks about that text instead: it is missing or empty, it is
    incomplete, it is already in the language asked for, please provide it, more context is
    needed, only text can be translated, or "Here is the translation:" with nothing after it.
    A tool's stand-in (or a model's) in place of the transform."""
    found = speaks_of_request(r)
    if found is None:
        return ()
    return (Signal("transform_meta", w["transform_meta"], found[:60]),)
