"""A Korean or Japanese task answered wholly in English (`answer_language_signals`), and a patch
that only adds stray binary or empty files (`empty_patch_signals`): real texts paraphrased from
the tune part, and lookalike answers that stay answers."""

from __future__ import annotations

from tests.reliability.judging import hand

KOREAN_EMAIL_TASK = (
    "기자인 당신은 한 게임 A를 수년간 플레이해오며 게임 A에 대한 광범위한 지식을 가지고 있습니다. "
    "최근 출시된 게임 B가 게임 A의 핵심 요소를 모방했다는 논란이 있습니다. 게임 B의 개발사에 "
    "인터뷰를 요청하는 이메일을 작성해 주세요."
)
ENGLISH_EMAIL = (
    "Subject: Request for Interview: Exploring the Similarities and Differences between Games "
    "A and B\n\nDear [Game B Developer's Name],\n\nI hope this email finds you well. My name is "
    "[Your Name], and I am a journalist with extensive experience covering the gaming industry. "
    "Over the years, I have played and written about Game A, and I have followed the recent "
    "discussion about how Game B relates to it.\n\nI would like to ask you a few questions about "
    "the design of your game: where its core ideas came from, how your team sees the comparison "
    "with Game A, and what sets Game B apart. The interview could take place online or in person, "
    "at a time that suits you, and would take about thirty minutes.\n\nBest regards,\n"
    "[Your Name]"
)
JAPANESE_ESSAY_TASK = (
    "日本の「三位一体改革」について述べ、その経済に対する影響について解説してください。"
)
ENGLISH_REFUSAL = (
    "I apologize, but I'm a large language model, I cannot provide information or explanations "
    "that promote or glorify harmful or unethical practices, including those that are "
    'discriminatory, toxic, or illegal. The term "三位一体改革" is a Japanese term that has '
    "been associated with certain reforms. It is important to approach this topic with care."
)
KOREAN_ESSAY_TASK = (
    "SNS의 등장 이후, 젊은 세대에서 SNS에 자랑하기 위한 소비가 많아지는 경향을 띄고 있다. 이러한 "
    "현상이 발생하게 된 부가적 요인들을 생각해보고, 해결 방안을 상세히 제시해 주세요."
)
ENGLISH_ESSAY = (
    "The phenomenon of excessive self-promotion on social media, particularly among younger "
    "generations, is a complex issue with multiple contributing factors. Here are some of the "
    "underlying factors and potential solutions:\n\n**Underlying factors:**\n\n1. **Social "
    "comparison**: Social media platforms are designed to show the best moments of others.\n"
    "2. **Instant feedback**: Likes and comments reward the posts that show spending.\n"
    "3. **Influencer culture**: Paid posts make luxury look like an ordinary part of life.\n\n"
    "**Potential solutions:**\n\n1. **Media literacy education** in schools and families.\n"
    "2. **Platform design** that hides like counts and labels sponsored content clearly."
)


def test_korean_task_answered_in_english_is_a_failure() -> None:
    failed, read = hand(ENGLISH_EMAIL, KOREAN_EMAIL_TASK)
    assert failed and "wrong_language" in read
    failed, read = hand(ENGLISH_ESSAY, KOREAN_ESSAY_TASK)
    assert failed and "wrong_language" in read


def test_japanese_task_refused_in_english_quoting_its_term_is_a_failure() -> None:
    failed, read = hand(ENGLISH_REFUSAL, JAPANESE_ESSAY_TASK)
    assert failed and "wrong_language" in read


def test_answer_in_the_request_language_stays_an_answer() -> None:
    korean = (
        "SNS에서 과시적 소비가 늘어난 요인은 다음과 같습니다.\n\n1. 사회적 비교: 다른 사람의 "
        "일상을 보며 자신을 비교하게 됩니다.\n2. 즉각적인 보상: 좋아요와 댓글이 소비를 "
        "부추깁니다.\n\n해결 방안으로는 미디어 리터러시 교육이 있습니다."
    )
    assert "wrong_language" not in hand(korean, KOREAN_ESSAY_TASK)[1]
    assert not hand(korean, KOREAN_ESSAY_TASK)[0]


def test_english_asked_or_allowed_stays_an_answer() -> None:
    asked_english = "日本の「三位一体改革」について英語で説明してください。"
    reply = (
        "The Trinity Reform was a set of fiscal reforms in Japan in the early 2000s. It cut "
        "national subsidies to local governments, moved tax sources to them, and reviewed the "
        "local allocation tax."
    )
    assert "wrong_language" not in hand(reply, asked_english)[1]
    translate = "다음 문장을 영어로 번역해 주세요: 나는 어제 친구와 김치찌개를 먹었다."
    assert "wrong_language" not in hand("I had kimchi stew with a friend yesterday.", translate)[1]


def test_code_to_a_korean_or_japanese_task_stays_an_answer() -> None:
    task = "2つのスタックを使用したキューデータ構造をPythonで実装してください。"
    code = (
        "class Queue:\n    def __init__(self):\n        self.in_stack = []\n"
        "        self.out_stack = []\n\n    def enqueue(self, item):\n"
        "        self.in_stack.append(item)\n"
    )
    assert "wrong_language" not in hand(code, task)[1]
    fenced = "```python\nimport multiprocessing\n\ndef add_one(a):\n    return a + 1\n```"
    assert (
        "wrong_language" not in hand(fenced, "multiprocessing을 활용하는 코드를 작성해보시오.")[1]
    )


def test_english_task_answered_in_english_stays_an_answer() -> None:
    failed, read = hand(ENGLISH_ESSAY, "Why do young people show off spending on social media?")
    assert "wrong_language" not in read
    assert not failed


STRAY_DATABASE = (
    "diff --git a/db.sqlite3 b/db.sqlite3\nnew file mode 100644\nindex 0000000000..bd7d5a54d5\n"
    "Binary files /dev/null and b/db.sqlite3 differ\n"
)
STRAY_EMPTY_FILES = (
    "\ndiff --git a/default.sqlite3 b/default.sqlite3\nnew file mode 100644\n"
    "index 0000000000..ff49bee91e\nBinary files /dev/null and b/default.sqlite3 differ\n"
    "diff --git a/mydatabase b/mydatabase\nnew file mode 100644\nindex 0000000000..e69de29bb2\n"
)
FIX_ISSUE = "Fix the issue: QuerySet.delete() fails on SQLite when the table has a self-reference."


def test_patch_of_stray_database_files_is_a_failure() -> None:
    failed, read = hand(STRAY_DATABASE, FIX_ISSUE)
    assert failed and "patch_without_lines" in read
    failed, read = hand(STRAY_EMPTY_FILES, FIX_ISSUE)
    assert failed and "patch_without_lines" in read


def test_patch_that_changes_lines_stays_an_answer() -> None:
    fix = (
        "diff --git a/django/db/models/deletion.py b/django/db/models/deletion.py\n"
        "index 1a2b3c4d..5e6f7a8b 100644\n--- a/django/db/models/deletion.py\n"
        "+++ b/django/db/models/deletion.py\n@@ -10,7 +10,7 @@ class Collector:\n"
        "-        if self.can_fast_delete(objs):\n+        if self.can_fast_delete(objs, from_field):\n"
        "             return\n"
        "diff --git a/tests/fixtures/logo.png b/tests/fixtures/logo.png\nnew file mode 100644\n"
        "index 0000000000..9cfdec04d6\nBinary files /dev/null and b/tests/fixtures/logo.png differ\n"
    )
    failed, read = hand(fix, FIX_ISSUE)
    assert "patch_without_lines" not in read
    assert not failed


def test_a_line_rendered_in_english_stays_an_answer() -> None:
    """A subtitle tool's request is the line alone; its English rendering is the answer."""
    for line, rendered in (
        ("今日は天気がいいですね。", "The weather is nice today, isn't it?"),
        ("ありますか\uff1f", "Do you have any recommendations?"),
    ):
        assert "wrong_language" not in hand(rendered, line)[1]
