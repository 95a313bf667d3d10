# ruff: noqa: RUF001  (a reply in Chinese uses its own punctuation)
"""Code tasks answered without the code, paraphrased from the tune part:
- a text-to-SQL question with its column hints ("refers to GLU < 180", `DIVIDE(COUNT(...))`)
  answered with no query (`query_hint_signals.query_not_written`);
- a program whose `#include` lines came back rotated (`ono>lude <chr`)
  (`scrambled_code_signals.code_lines_scrambled`);
- a completion of a test class (`class SearchTest {`) cut inside a method it opened
  (`config_signals.completion_left_open`).
The lookalikes stay answers: a query in any casing, with prose around it or in a fence; a
question with no hints answered in words; code with its includes whole or a shell redirection;
a completion that closes the class; a fenced rewrite of the file."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

_GLUCOSE = (
    "Among the patients with a normal blood glucose, how many of them don't have thrombosis?\n"
    "normal blood glucose refers to GLU < 180; don't have thrombosis refers to Thrombosis = 0;"
)
_CARDS = (
    "What percentage of cards with format commander and legal status do not have a content "
    "warning?\ndo not have a content warning refers to hasContentWarning = 0; percentage refers "
    "to DIVIDE(COUNT(hasContentWarning = 0), COUNT(ID))*100 where format = 'commander'"
)
_BONDS = (
    "What percentage of bonds have the most common combination of atoms' elements?\n"
    "DIVIDE(COUNT(bond_id), COUNT(atom_id where MAX(COUNT(atom_id))))"
)
_FREE_RATE = (
    "What is the highest eligible free rate for K-12 students in the schools in Alameda County?\n"
    "Eligible free rate for K-12 = `Free Meal Count (K-12)` / `Enrollment (K-12)`"
)
_VIEWS = (
    "Calculate the difference in view count from post posted by Mornington and view count from "
    "posts posted by Amos.\ncalculation = SUBTRACT(SUM(ViewCount where DisplayName = "
    "'Mornington'), SUM(ViewCount where DisplayName = 'Amos'));"
)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (
            "  The number of patients with a GLU level less than 180 and a Thrombosis value of "
            "0 is **0**.",
            _GLUCOSE,
        ),
        (";", _CARDS),
        ("sql placeholder", _FREE_RATE),
        (
            "Calculate the difference in view count from posts posted by Mornington and view "
            "count from posts posted by Amos.",
            _VIEWS,
        ),
        (
            "  It sounds like this response might be due to processing issues with the input "
            "provided. As your intelligent terminal partner, my responses are based solely upon "
            "what I was fed in that exchange.",
            _BONDS,
        ),
        (
            "python import pandas as pd  # Assuming 'df' is your DataFrame  magnet = "
            "df[(df['is_magnet'] == 1)]  print(len(magnet))",
            _GLUCOSE,
        ),
        (
            "听起来您对学习新单词、短语以及如何将它们融入日常生活中非常感兴趣。记住，与朋友家人练习是关键。",
            _CARDS,
        ),
        (
            "  To determine the bond type for 'TR007_4_19', we analyze the pattern in the given "
            "data.  **Step-by-Step Explanation:**  1. **Understand Bond Types:**  - Single bond: "
            "'-'  - Double bond: '='  2. The bond is most likely a double bond.",
            "What is the bond type of TR007_4_19?\ndouble bond refers to bond_type = ' = '; "
            "single bond refers to bond_type = '-'; triple bond refers to bond_type = '#';",
        ),
    ],
)
def test_hinted_sql_question_answered_without_a_query(text: str, question: str) -> None:
    failure, signals = hand(text, question)
    assert failure and "query_not_written" in signals


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("SELECT COUNT(*) FROM Laboratory WHERE GLU < 180 AND Thrombosis = 0", _GLUCOSE),
        ("select count(*) from laboratory where glu < 180 and thrombosis = 0;", _GLUCOSE),
        (
            "Here is the SQL query to answer the question:  SELECT CAST(SUM(CASE WHEN "
            "hasContentWarning = 0 THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(ID) FROM "
            "legalities WHERE format = 'commander'",
            _CARDS,
        ),
        (
            "To find the highest rate, I'll need to:\n\n1. Divide the two columns.\n\n```sql\n"
            "SELECT MAX(`Free Meal Count (K-12)` / `Enrollment (K-12)`) FROM frpm "
            "WHERE `County Name` = 'Alameda'\n```",
            _FREE_RATE,
        ),
        # a question with no column hints may be answered in words
        (
            "The number of patients with normal blood glucose and no thrombosis is 12.",
            "Among the patients with a normal blood glucose, how many of them don't have "
            "thrombosis?",
        ),
        # a line after the question that maps no column
        (
            "A null value: None is not the same as 0, False or an empty string.",
            'What does None mean in Python?\nI saw "x = None" in a script.',
        ),
    ],
)
def test_query_or_unhinted_question_stays_an_answer(text: str, question: str) -> None:
    failure, signals = hand(text, question)
    assert not failure and "query_not_written" not in signals


_SCRAMBLED = (
    "#include <iostream>\n#include <vector>\nono>lude <chr\n <limits>\n>include <algorithm\n"
    "stdint>e <c\nip>clude <ioman\n\n LCG {\nprivate:\n64_t value;\n64_t a = 1664525;\n\n"
    "public:\nuint64_t seed) : value(seed) {}\n\n64_t next() {\n (a * value + c) % m;\n"
    "        return value;\n    }\n};\n"
)
_SCRAMBLED_FENCED = (
    "```cpp\n <iostream>\nomanip>e <i\nono>lude <chr\ninclude <conio.h>\n\n calculate(long "
    "long int iterations, double param1) {\n result = 1.0;\n long int i = 1; i <= iterations; "
    "i++) {\n    }\n    return result;\n}\n```"
)


@pytest.mark.parametrize("text", [_SCRAMBLED, _SCRAMBLED_FENCED])
def test_rotated_include_lines_are_a_scrambled_program(text: str) -> None:
    failure, signals = hand(text, "Translate this Python program to C++.")
    assert failure and "code_lines_scrambled" in signals


@pytest.mark.parametrize(
    "text",
    [
        "#include <iostream>\n#include <chrono>\n#include <iomanip>\n\nint main() {\n"
        '    std::cout << "hi" << std::endl;\n    return 0;\n}\n',
        # shell redirections start with their command
        "cat in.txt>out.txt <extra\nsort data>sorted <input\n",
        # one rotated-looking line is not a scrambled program
        "#include <vector>\nono>lude <chr\nint main() { return 0; }\n",
    ],
)
def test_whole_includes_and_redirections_stay_answers(text: str) -> None:
    failure, signals = hand(text, "Translate this Python program to C++.")
    assert not failure and "code_lines_scrambled" not in signals


_TEST_CLASS = (
    "// SearchTest.java\npackage scenario1;\n\nimport java.util.*;\n"
    "import org.junit.jupiter.api.Test;\nimport static org.junit.jupiter.api.Assertions.*;\n"
    "/**\n* Unit tests of {@link Search}.\n* It contains ten test cases for the "
    "{@link Search#search()} method.\n*/\nclass SearchTest {"
)
_METHOD = (
    "\n\n    @Test\n    void testSearch{n}() {{\n        List<Integer> lst = new "
    "ArrayList<Integer>();\n        lst.add(1);\n        lst.add(2);\n        lst.add(3);\n"
    "        assertEquals(1, Search.search(lst));\n    }}\n"
)
_METHODS = "".join(_METHOD.format(n=n) for n in range(1, 6))


@pytest.mark.parametrize(
    "text",
    [
        _METHODS + "\n    @Test\n    void testSearch6() {\n        List<Integer> lst = new "
        "ArrayList<Integer>();\n" + "".join(f"        lst.add({i});\n" for i in range(1, 40)),
        _METHODS + "\n    @Test\n    void testSearch6() {\n        assertEquals(1, "
        "Search.search(Arrays.asList(1)));\n        assertEquals(2, Search.search(",
    ],
)
def test_test_class_completion_cut_inside_a_method(text: str) -> None:
    failure, signals = hand(text, _TEST_CLASS)
    assert failure and "completion_left_open" in signals


@pytest.mark.parametrize(
    ("text", "question"),
    [
        # the body closes its methods and the class
        (_METHODS + "}\n", _TEST_CLASS),
        # a chat reply rewrites the whole file in a fence
        (
            "Here is the test class:\n\n```java\nclass SearchTest {" + _METHODS + "\n"
            "    @Test\n    void testEmpty() {\n        assertEquals(-1, Search.search("
            "new ArrayList<>()));\n    }\n}\n```",
            _TEST_CLASS,
        ),
        # a request that opens no block: a snippet left open is not a cut body
        (
            "function retry(fn) {\n  for (let i = 0; i < 3; i++) {\n    // call fn here\n",
            "Show me how to start a retry loop in JavaScript.",
        ),
    ],
)
def test_closed_or_fenced_completion_stays_an_answer(text: str, question: str) -> None:
    failure, signals = hand(text, question)
    assert "completion_left_open" not in signals
    if question == _TEST_CLASS:
        assert not failure
