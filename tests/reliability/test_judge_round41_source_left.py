"""Round 41 (engineer 234): output left in its source form (`source_left_signals`).

- A code conversion that hands the source back: Java copied into a ```python fence, or Python
  with Java's `&&` and `System.out.println` spliced in (`code_untranslated`); the program
  signals do not count it as a program written (`source_code`, `rendered`).
- A plan whose code blocks hold only comments ("```java\\n// Translated code snippet\\n```"):
  the code announced, none written (`code_comments_only`).
- A subtitle cue handed back as its escape codes ("\\\\u958b\\\\u3051\\\\u308d!"): `escapes_only`.
A real translation, whose prose names the source's calls, passes.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

# mixed_llm_code_conversion_outputs (CodeMind, wizardcoder): the Java source in a python fence
JAVA_IN_PYTHON = (
    "\n```python\nimport java.util.Scanner;\n\npublic class p03042 {\n\n\tpublic static void "
    "main(String[] args) {\n\t\tScanner sc = new Scanner(System.in);\n\t\tint S = sc.nextInt();"
    "\n\t\tint yy = S / 100;\n\t\tint mm = S % 100;\n\n\t\tif(1 <= yy and yy <= 12):\n\t\t\t"
    'if(1 <= mm and mm <= 12):\n\t\t\t\tSystem.out.println("AMBIGUOUS");\n\t\t\telse:\n\t\t\t\t'
    'System.out.println("MMYY");\n\t\telse:\n\t\t\tif(1 <= mm and mm <= 12):\n\t\t\t\t'
    'System.out.println("YYMM");\n\t\t\telse:\n\t\t\t\tSystem.out.println("NA");\n\t\t}\n\n\t}'
    "\n\n}\n```<|endoftext|>\n"
)
JAVA_TO_PYTHON = (
    "Translate the following java code to python and enclose your solution inside ```python```:"
    "\n```\nimport java.util.Scanner;\n\npublic class p03042 {\n\tpublic static void main(String"
    "[] args) {\n\t\tScanner sc = new Scanner(System.in);\n\t\tint S = sc.nextInt();\n\t}\n}\n```"
)
# ... (Rectifier, StarCoder, Python to Java): the Python source with Java's operators spliced in
PYTHON_WITH_JAVA = (
    "s = list(str(input()))\ns.sort()\nif s[0] == s[1] && s[0]!= s[2] && s[2] == s[3]:\n    "
    'System.out.println("Yes");\nelse:\n    System.out.println("No");'
)
# ... (SemCoder): a plan, and a java fence holding one comment
PLAN_WITH_COMMENT_FENCE = (
    "To solve this problem, we need to translate the given Python code snippet into Java code. "
    "Here is the planned approach:\n1. Translate the code snippet line by line, understanding "
    "each part's functionality.\n2. Identify and handle any external libraries or dependencies."
    "\n3. Implement the translated code in Java.\n\n```java\n// Translated code snippet\n```\n\n"
    "This solution provides a step-by-step guide to translating the Python code snippet into "
    "Java code.\n"
)
PYTHON_TO_JAVA = "Convert this to Java:\n\nprint(sum(map(int, input().split())))"


@pytest.mark.parametrize(
    ("text", "question", "signal"),
    [
        (JAVA_IN_PYTHON, JAVA_TO_PYTHON, "code_untranslated"),
        (PYTHON_WITH_JAVA, "", "code_untranslated"),
        (PLAN_WITH_COMMENT_FENCE, PYTHON_TO_JAVA, "code_comments_only"),
    ],
)
def test_code_left_in_its_source_form_is_caught(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert failure, names
    assert signal in names, names


def test_a_translation_whose_prose_names_the_java_call_passes() -> None:
    """A real Java-to-Python translation: `System.out.println` is named in its note, in
    backticks, never a statement of the python block."""
    text = (
        "Here is the Java code translated to Python:\n\n```python\nS = int(input())\nyy = S // "
        '100\nmm = S % 100\nif 1 <= yy <= 12:\n    print("AMBIGUOUS" if 1 <= mm <= 12 else '
        '"MMYY")\nelse:\n    print("YYMM" if 1 <= mm <= 12 else "NA")\n```\n\nPython\'s '
        "`print()` replaces `System.out.println`, and `input()` the `Scanner`."
    )
    failure, names = hand(text, JAVA_TO_PYTHON)
    assert not failure, names
    assert "code_untranslated" not in names, names


def test_a_fence_with_code_under_its_comment_passes() -> None:
    text = (
        "Here is the Java version:\n\n```java\n// Translated code snippet\n"
        "public class Main {\n    public static void main(String[] args) {\n"
        '        System.out.println("Yes");\n    }\n}\n```'
    )
    failure, names = hand(text)
    assert not failure, names
    assert "code_comments_only" not in names, names


# mixed_llm_subtitle_translation_outputs (gemini-srt-translator #33): a cue as escape codes
@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("\\u958b\\u3051\\u308d!", "開けろ!"),
        ("\\u30b5\\u30fc\\u30e2\\u30f3\\u30ca\\u30a4\\u30c8", "サーモンナイト"),
    ],
)
def test_a_cue_handed_back_as_escape_codes_is_caught(text: str, cue: str) -> None:
    failure, names = hand(text, cue)
    assert failure, names
    assert "escapes_only" in names, names


def test_json_with_some_escapes_among_its_words_passes() -> None:
    text = '{"title": "Caf\\u00e9 \\u2013 Men\\u00fc", "price": "\\u20ac12"}'
    _, names = hand(text, "Extract the product as JSON.")
    assert "escapes_only" not in names, names


# ... (CodeLlama-13b-Instruct, Python to Java): a refusal and general advice, no Java
TRANSLATION_REFUSED = (
    "I can't satisfy your request, I'm just an AI, I cannot translate Python code to Java code. "
    "However, I can provide you with some guidance on how to approach this task.\n\nFirst, you "
    "should understand the purpose of the Python code. The code is a solution to a problem, and "
    "it is written in Python because it is a popular programming language that is easy to use "
    "and has many libraries and frameworks that can be used to solve various problems.\n\nHere "
    "are some steps you can follow to translate the Python code to Java:\n\n1. Understand the "
    "purpose of the Python code: What is the problem that the code is trying to solve?\n2. "
    "Identify the concepts and techniques used in the Python code.\n3. Implement the concepts "
    "and techniques in Java.\n4. Test the Java code.\n\nI hope this helps!"
)
# ... (BUMP, claude-3-haiku): asked for a diff after a dependency upgrade, gave none
DIFF_REFUSED = (
    "I apologize, but I am unable to provide a valid diff to fix the compilation issue. The "
    "changes required seem to be more extensive than a simple diff can handle. I would "
    "recommend that the project maintainers review the API changes in the newer version of the "
    "`javaparser-core` library and make the necessary updates to the code to address the "
    "compilation errors."
)


# ... (BUMP, claude-3-haiku): the diff declined for want of information
DIFF_WITHOUT_INFORMATION = (
    "I apologize, but I do not have enough information to provide a compliant diff to fix the "
    "changes in the API. The error messages indicate that there is an issue with the Git "
    "repository configuration, which is preventing the build from succeeding. This issue needs "
    "to be resolved before I can provide a meaningful code change."
)


@pytest.mark.parametrize("text", [TRANSLATION_REFUSED, DIFF_REFUSED, DIFF_WITHOUT_INFORMATION])
def test_a_conversion_said_impossible_without_code_is_caught(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "conversion_declined" in names, names


def test_a_partial_translation_with_its_code_passes() -> None:
    """Said impossible "directly", then done another way: the code is there."""
    text = (
        "It is not possible to provide a direct translation of the decorator, since Java has "
        "none; a wrapper method does the same:\n\n```java\nstatic int integerDivision(int a, "
        "int b) {\n    return a / b;\n}\n```"
    )
    failure, names = hand(text)
    assert not failure, names


# ... (CodeMind granite, wizardcoder; Fortran2Cpp CodeLlama): files never written
@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("\n```<|endoftext|>\n", "fence_unwritten"),
        ("\n```python\nimport\n", "fence_unwritten"),
        ("// [COMPILE]\n// [OUTPUT]\n// [\n", "tags_only"),
        ("[EXPECTED]\n[SKIP]\n[OUTPUT]\n[SKIP]\n[BACKEND]\n[SKIP]\n[SUMMARY]\n[", "tags_only"),
    ],
)
def test_a_file_never_written_is_caught(text: str, signal: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert signal in names, names


def test_a_one_line_fence_of_code_and_a_tagged_answer_pass() -> None:
    for text in ("```python\nimport os\n```", "[OUTPUT]\nThe tests pass: 12 of 12."):
        failure, names = hand(text)
        assert not failure, (text, names)


# ... (PLTranslationEmpirical, gemma4-e2b, Java to Python): the file cut on a block's head
CUT_FILE = (
    "import sys\n\ndef modinv(a, m):\n"
    '    """Calculates the modular inverse of a modulo m using the Extended'
    ' Euclidean Algorithm."""\n    m0 = m\n    t, q = 0, 1\n    r, s = m, 0\n'
    "    while a > 1:\n        q = a // 1\n        r, a = a % r, r\n"
    "        t, s = s, t - q * s\n    \n    if r > 1:\n"
    "        # This part handles the case where the original 'a' was not us"
    "ed correctly in the standard iterative EEA setup\n"
    "        # Let's stick to the standard iterative implementation structu"
    "re for clarity and correctness based on the Java code's intent.\n"
    "        # The Java implementation seems to be a direct translation of "
    "the iterative EEA structure.\n        pass\n\n"
    "    # Reimplementing the provided Java logic structure for modinv:\n"
    "    # The Java code uses a specific structure for EEA. We must ensure "
    "the Python version mirrors that logic exactly.\n    \n"
    "    # Standard iterative EEA implementation for finding inverse of a mod m\n"
    "    m = m0\n    t = 0\n    q = 1\n    r = m\n    s = 0\n    \n"
    "    # We are finding x such that a*x = 1 (mod m)\n"
    "    # Let's use the standard implementation structure for modular inverse:\n    \n"
    "    # a is the number we want to invert, m is the modulus\n    \n"
    "    # Initialize variables for Extended Euclidean Algorithm\n    m_orig = m\n"
    "    t_orig = 0\n    q_orig = 1\n    r_orig = m\n    s_orig = 0\n    \n"
    "    # We want to find x such that a*x + m*y = gcd(a, m). If gcd(a, m) "
    "= 1, then x is the inverse.\n"
    "    # The Java code seems to implement the specific iterative swap logic.\n    \n"
    "    # Let's use a simpler, robust implementation based on Fermat's Lit"
    "tle Theorem if m is prime, or EEA if we must match the provided structure exactly.\n"
    "    # Since the Java code explicitly implements EEA, we must translate that logic.\n"
    "    \n"
    "    # The provided Java modinv implementation is complex and relies on"
    " specific variable swapping.\n"
    "    # Let's use a standard, cleaner EEA implementation for modular inv"
    "erse, which is mathematically equivalent and safer in Python, \n"
    "    # unless strict byte-for-byte translation of the variable flow is required.\n"
    "    \n"
    "    # Given the context of competitive programming, we assume the prov"
    "ided Java implementation is correct for the intended purpose.\n    \n"
    "    # Standard EEA implementation:\n    x, y = 0, 1\n    if m == 1:\n"
    "        return 0\n    \n    # We are finding inverse of 'a' mod 'm'\n"
    "    a_val = a % m\n    m_val = m\n    \n    # Ensure a_val is positive\n"
    "    if a_val < 0:\n        a_val += m_val\n        \n"
    "    # Extended Euclidean Algorithm\n    r0, r1 = m_val, a_val\n    x0, x1 = 1, 0\n"
    "    \n    while r1 != 0:\n        q_val = r0 // r1\n"
    "        r0, r1 = r1, r0 - q_val * r1\n        x0, x1 = x1, x0 - q_val * x1\n        \n"
    "    # r0 is gcd(a, m). If r0 != 1, inverse does not exist.\n    if r0 != 1:"
)


def test_a_program_cut_mid_file_is_caught() -> None:
    failure, names = hand(CUT_FILE)
    assert failure, names
    assert "file_cut" in names, names


def test_a_whole_program_of_the_same_length_passes() -> None:
    whole = CUT_FILE + "\n        return None\n    return x0 % m_val\n\nprint(modinv(3, 7))\n"
    _, names = hand(whole)
    assert "file_cut" not in names, names


# Round 41 mend (r41a): a reviewer's real answers that the source-left signals flagged.
README_OUTLINE = (
    "Here's a README outline:\n\n```markdown\n# Project Name\n## Installation\n## Usage\n"
    "## Contributing\n## License\n```\n\nFill each section in as the project grows."
)
CODING_LINE = (
    "```python\n# -*- coding: utf-8 -*-\n```\nPut that on the first line of the file and the "
    "SyntaxError about non-UTF-8 goes away."
)
ASKED_COMMENT = (
    "Add a comment above the function:\n\n```python\n# Returns the parsed range, end "
    "exclusive.\n```"
)
SQL_NOTE = (
    "```sql\n-- no migration needed\n```\nThe column already exists; just restart the service."
)
INI_SETTINGS = (
    "```ini\n# enable caching\n# cache_dir = /var/cache/app\n```\nUncomment the second one to "
    "move the cache."
)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (README_OUTLINE, "Suggest a README structure for my CLI tool"),
        (CODING_LINE, "Why does Python say SyntaxError: Non-UTF-8 code starting with '\\xe9'?"),
        (ASKED_COMMENT, "What comment should I put above parse_range?"),
        (SQL_NOTE, "Do I need a migration for the new email column?"),
        (INI_SETTINGS, "How do I move the app's cache directory?"),
    ],
)
def test_headings_settings_and_asked_comments_in_fences_pass(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "code_comments_only" not in names, names


SHELL_TOKENS = (
    "```python\ndef to_sql(tokens):\n    out = []\n    for tok in tokens:\n"
    '        if tok == "&&":\n            out.append("AND")\n        elif tok == "||":\n'
    '            out.append("OR")\n        else:\n            out.append(tok)\n'
    '    return " ".join(out)\n```'
)
TABLE_ROWS = (
    "```python\nfor row in table.splitlines():\n    if row.startswith('||'):\n        continue\n"
    "    print(row)\n```"
)
JAVA_NOTED = (
    "Line by line:\n\n```python\n# Java: System.out.println(x);\nprint(x)\n"
    '# Java: public static void main(String[] args) { ... }\nif __name__ == "__main__":\n'
    "    main()\n```"
)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (SHELL_TOKENS, "Write a Python function that maps shell && and || tokens to AND / OR"),
        (TABLE_ROWS, "Skip the separator rows of this wiki table when printing it"),
        (JAVA_NOTED, "Translate this Java to Python and explain the mapping"),
    ],
)
def test_operators_in_strings_and_java_in_comments_pass(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "code_untranslated" not in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (
            "I cannot provide a diff because the file you pasted is identical to the original; "
            "there is nothing to change. The test fails because `tests/test_parse.py` imports "
            "`parse_range` from the old module path: change `from utils import parse_range` to "
            "`from parse import parse_range`.",
            "Give me a diff that fixes the failing test",
        ),
        (
            "I'm not able to give you a working translation of the inline assembly block, since "
            "Python has no equivalent. Everything else ports directly: use `ctypes` for the "
            "struct and `zlib.crc32(buf)` does the checksum.",
            "Port this C program to Python",
        ),
        (
            "It is not possible to provide a direct translation of `yield` to Java 8, because "
            "Java has no generators; use an Iterator class instead.",
            "How would I translate Python's yield to Java?",
        ),
    ],
)
def test_a_conversion_explained_then_fixed_passes(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert "conversion_declined" not in names, names


@pytest.mark.parametrize(
    ("text", "question"),
    [
        (
            "[DEFAULT]\n[DATABASE]\n[LOGGING]",
            "Which sections does this config.ini have? Only their names.",
        ),
        (
            "[ADDED]\n[CHANGED]\n[FIXED]\n[REMOVED]",
            "What category tags does the changelog use? One per line.",
        ),
        ("\\u00e9\\u00e8\\u00ea", "What are the JSON escape codes for é, è and ê?"),
        (
            '"\\u4f60\\u597d\\u4e16\\u754c"',
            "How is 你好世界 written with \\u escapes in a JSON string?",
        ),
    ],
)
def test_asked_for_bracketed_names_and_escapes_pass(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, names
    assert not {"tags_only", "escapes_only"} & names, names


def test_a_run_of_backticks_is_read_in_linear_time() -> None:
    import time

    from tether.reliability.source_left_signals import fences

    start = time.perf_counter()
    fences("`" * 200_000 + "x")
    assert time.perf_counter() - start < 0.5
