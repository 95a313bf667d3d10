# ruff: noqa: RUF001  (Chinese, Japanese and Russian lines use their own letters and punctuation)
"""Whole answers in other languages that end on a word read as a cut (the review's texts).

A Chinese sentence closes on "的" after its copula ("答案是肯定的"), a Japanese one on an
explanatory "の" after a predicate ("十分に速いの"), on a softened "が" ("書けますが") or a
casual request's "て" ("結果を表示して"); German's separable "ein" closes ("schlief sofort
ein"). A list of words ends on the last word listed ("und, oder, aber, als", "和、与、以及、
而"); a translation ends on the word asked for ("heißt auf Deutsch und"); a Spanish "no" closes
a sentence, whatever Portuguese does with it. The cuts beside them stay caught.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CN = (
    "这个函数的作用是把输入的列表按照长度排序。它首先计算每个元素的长度，然后用稳定排序保证"
    "相同长度的元素保持原来的顺序。时间复杂度是O(n log n)，空间复杂度是O(n)。如果你需要逆序，"
    "可以传入reverse参数。另外，这个函数不会修改原来的列表，而是返回一个新的列表，所以可以放心"
    "使用。"
)
JP = (
    "この関数は入力されたリストを長さの順に並べ替えます。まず各要素の長さを計算し、次に安定"
    "ソートを使って同じ長さの要素の順序を保ちます。計算量はO(n log n)で、追加のメモリはO(n)"
    "です。逆順が必要な場合は reverse 引数を渡してください。また、元のリストは変更されず、新しい"
    "リストが返されるので安心して使えます。"
)

CLOSED_UNSPACED = [
    (CN + "\n\n所以，结论是：这个函数的排序结果是稳定的", "这个函数的排序稳定吗？"),
    (CN + "\n\n这个问题，答案是肯定的", "这个函数的排序稳定吗？"),
    (CN + "\n\n你问这个函数是不是线程安全的，答案：是的", "这个函数是线程安全的吗？"),
    (CN + "\n\n总之，这种写法简洁、高效，也是Python社区最推荐的", "解释这个函数"),
    (
        CN + "\n\n需要注意的是，这里说的“稳定”，指的是相等元素保持原序，这在按多个键排序时是必要的",
        "解释这个函数",
    ),
    (CN + "\n\n常见的连词：和、与、及、以及、或、或者、而", "列出连词"),
    (CN + "\n\n推荐阅读：《算法导论》、《编程珠玑》、《我的", "解释这个函数"),
    (JP + "\n\nつまり、この実装は、多くの場合で十分に速いの", "この関数を説明して"),
    (JP + "\n\n使い方の例として、リストを渡して、結果を表示して", "使い方を説明して"),
    (JP + "\n\nもしよろしければ、実際に動くサンプルコードも書けますが", "この関数を説明して"),
    (JP + "\n\n主な格助詞は、が、の、を、に、へ、と、で", "格助詞を教えて"),
]

CUT_UNSPACED = [
    # a te-form after another verb than する runs on ("信任を得て": a parliamentary system's
    # merits, the twelfth cut at the limit)
    (
        JP + "\n\n12. 政治的安定性：議院内閣制は、政府が国会の信任を得て",
        "議院内閣制を説明してください",
    ),
    (CN + "\n\n此外，如果数据量很大，建议先过滤掉空元素，然后", "解释这个函数"),
    (CN + "\n\n此外，在数据量很大时，排序会成为整个程序的", "解释这个函数"),
    (JP + "\n\nなお、大きなリストの場合は、メモリ使用量に注意して、キーの", "この関数を説明して"),
    (
        JP + "\n\n最後に、手順をまとめると、リストを作成し、関数を呼び出し、結果を確認。"
        "以上が使い方です。最後の手順、テストを",
        "この関数を説明して",
    ),
]

CLOSED_SPACED = [
    (
        "Die Geschichte ist kurz. Der kleine Bär war sehr müde, und es war schon spät. Er "
        "kuschelte sich in seine Decke und schlief sofort ein",
        "Schreib mir eine kurze Gutenachtgeschichte.",
    ),
    (
        "Das ist nicht schwer, und es dauert auch nur eine Minute. Öffnen Sie die Einstellungen, "
        "klicken Sie auf Konto und geben Sie dort Ihr neues Passwort ein",
        "Wie ändere ich mein Passwort?",
    ),
    (
        "Hier sind die häufigsten Konjunktionen. Sie sind wichtig, und es ist nicht schwer: und, "
        "oder, aber, denn, sondern, weil, dass, wenn, als",
        "Nenne deutsche Konjunktionen",
    ),
    (
        "Ecco le preposizioni semplici italiane. Non è molto difficile, e sono anche poche: di, "
        "a, da, in, con, su, per, tra, fra",
        "Quali sono le preposizioni semplici?",
    ),
    (
        "Voici les articles définis en français. Ce n'est pas très difficile, il y en a "
        "quatre : le, la, l', les",
        "Quels sont les articles définis?",
    ),
    (
        "Estas son las preposiciones más comunes. Es muy útil aprenderlas y no es difícil. Son: "
        "a, ante, bajo, con, contra, de, desde, en, entre, hacia, hasta, para, por, según, sin, "
        "sobre, tras, con",
        "¿Cuáles son las preposiciones en español?",
    ),
    (
        "Это самые частые союзы в русском языке. Они есть почти в каждом тексте, и это не "
        "сложно: и, а, но, или, что, чтобы, если, потому что, и",
        "Какие союзы самые частые?",
    ),
    (
        "Ini adalah jawaban saya. Fungsi ini tidak rekursif dan bisa juga dipakai untuk daftar "
        "besar. Kata sambung yang sering dipakai dalam bahasa Indonesia adalah dan, atau, "
        "tetapi, yang",
        "Sebutkan kata sambung",
    ),
    (
        "Das ist nicht schwer. Das englische Wort 'and' heißt auf Deutsch und",
        "Wie sagt man 'and' auf Deutsch?",
    ),
    (
        "Это слово есть в каждом тексте. Английское and на русский переводится как и",
        "Как перевести and на русский?",
    ),
    (
        "Bu çok kolay bir soru. Bu fonksiyon daha hızlı olarak çalışır ve her durumda var. "
        "Türkçede 'and' kelimesinin karşılığı ve",
        "Türkçede and nasıl denir?",
    ),
    (
        "Đây là câu trả lời. Bạn có thể dùng hàm này và nó đã được kiểm tra. Từ 'is' trong "
        "tiếng Việt là",
        "Từ 'is' trong tiếng Việt là gì?",
    ),
    (
        "No es recomendable usar esta función en producción sin pruebas. La respuesta corta a "
        "tu pregunta, entonces, es que no",
        "¿Puedo usar esta función en producción?",
    ),
]

CUT_SPACED = [
    (
        "C'est une bonne question. Il est vrai que la fonction est stable, et elle ne modifie "
        "pas la liste. Pour résumer, elle est très utile pour trier les éléments en fonction de",
        "Explique",
    ),
    (
        "Es una buena pregunta. La función no es recursiva y se puede usar también con listas "
        "grandes. La mejor opción es usar sorted con una clave, que es más rápida para",
        "Explica",
    ),
    (
        "Это хороший вопрос. Функция не рекурсивная, и её можно использовать уже сейчас. Лучше "
        "всего это сделать с помощью встроенной функции, которая работает быстро и",
        "Объясни",
    ),
    (
        "Questa è una buona domanda. Non è molto difficile e anche la funzione è stabile. Per "
        "ordinare la lista, si può usare il metodo sort con la chiave della",
        "Spiega",
    ),
    (
        "Das ist eine gute Frage. Die Funktion ist nicht rekursiv und kann auch mit großen "
        "Listen verwendet werden. Für die Installation brauchen Sie nur Python und eine",
        "Erkläre",
    ),
]


@pytest.mark.parametrize(("text", "asked"), CLOSED_UNSPACED)
def test_a_chinese_or_japanese_sentence_closed_on_its_particle_is_an_answer(
    text: str, asked: str
) -> None:
    failure, signals = hand(text, asked)
    assert not failure and "stops_mid_script" not in signals


@pytest.mark.parametrize(("text", "asked"), CUT_UNSPACED)
def test_chinese_and_japanese_prose_cut_on_a_particle_stays_caught(text: str, asked: str) -> None:
    failure, signals = hand(text, asked)
    assert failure and "stops_mid_script" in signals


@pytest.mark.parametrize(("text", "asked"), CLOSED_SPACED)
def test_a_separable_verb_a_word_list_or_a_translation_is_an_answer(text: str, asked: str) -> None:
    failure, signals = hand(text, asked)
    assert not failure and "ends_mid_clause" not in signals


@pytest.mark.parametrize(("text", "asked"), CUT_SPACED)
def test_prose_cut_on_a_dangling_word_stays_caught(text: str, asked: str) -> None:
    failure, signals = hand(text, asked)
    assert failure and "ends_mid_clause" in signals


def test_a_list_cut_on_its_conjunction_stays_caught() -> None:
    text = (
        "Das ist eine gute Frage. Die Funktion ist nicht rekursiv und kann auch mit großen "
        "Listen verwendet werden. Sie läuft unter Linux, macOS, Windows und"
    )
    failure, signals = hand(text, "Wo läuft die Funktion?")
    assert failure and "ends_mid_clause" in signals


def test_a_long_translation_request_cut_on_a_conjunction_stays_caught() -> None:
    text = (
        "Das ist nicht schwer. Die Funktion ist nicht rekursiv und kann auch mit großen Listen "
        "verwendet werden. Sie sortiert die Einträge nach ihrer Länge und"
    )
    asked = (
        "Translate this paragraph into German: The function is not recursive and can be used "
        "with large lists too. It sorts the entries by their length and keeps equal ones in order."
    )
    failure, signals = hand(text, asked)
    assert failure and "ends_mid_clause" in signals
