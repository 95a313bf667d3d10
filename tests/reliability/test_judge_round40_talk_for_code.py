"""Round 40 (engineer 227): code asked, words given: talk in place of a program or its tests.

A request that tells the model to write code ("provide a test file for this code", "Write unit
tests for the following Python code") is answered by code. A test generator's model sometimes
answers with sentences only: the file announced and nothing after it, the code it was given
asked for back, questions about the code, how the tests could be written (talk_for_code); or it
declines (code_declined, which now reads a request for tests as one for code). Texts: the
DevQualityEval write-tests logs (symflower/eval-dev-quality docs/reports/v0.5.0, each model's
evaluation.log; the request abridged to its imperative).

- Caught: each of those, and by the judge itself (a short reply to a request for code is read,
  not cleared unread: it has no failure word).
- Left: the tests given (fenced or not), a one-line command, a refusal of harmful work, a
  question about code (no file asked), a thread's "please implement rate limits", a reply that
  explains its code in a span, and a reply after tool results.
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand
from tether.messages import Message, Request, Turn
from tether.reliability.judge import judge, read_text

GO_TESTS = (
    'Given the following Go code file "jacobiSymbol.go" with package "light", provide a test '
    "file for this code.\nThe tests should produce 100 percent code coverage and must compile.\n"
    "Please include only the test code in your response, nothing else."
)
JAVA_TESTS = (
    'Given the following Java code file "src/main/java/com/eval/PascalsTriangle.java" with '
    'package "com.eval", provide a test file for this code with JUnit 5 as a test framework.'
)

CAUGHT = (
    # openchat-8b: the file announced, nothing after it
    (" Here's the JUnit 5 test file for the code provided.", JAVA_TESTS, "talk_for_code"),
    # eagle-7b
    (
        " Here is a test file that covers 100% code coverage with JUnit 5 as a test framework.",
        JAVA_TESTS,
        "talk_for_code",
    ),
    # xwin-lm-70b: the code asked for back, although the request held it
    (
        " You need to provide the Java code file you want to test, and then I can provide a "
        "test file for it using JUnit 5.",
        JAVA_TESTS,
        "talk_for_code",
    ),
    # falcon2-11b: questions back about the code
    (
        "Thank you for providing the code. Can you also provide some additional explanation on "
        "how this code works and why it is useful? Additionally, could you explain any potential "
        "limitations or drawbacks of using this code in different contexts?",
        GO_TESTS,
        "talk_for_code",
    ),
    # falcon2-11b: how the tests could be written, in prose
    (
        "To test the isSorted function, create a test file that calls this function and checks "
        "if it returns the expected result. Use assertions to compare actual results with "
        "expected ones. Write tests for different input scenarios such as an empty list, an "
        "ascending list, or a descending list. Compile the code to ensure 100% coverage of all "
        "lines in the isSorted function.\nThe response must only contain the test file and "
        "nothing else.",
        GO_TESTS,
        "talk_for_code",
    ),
    # falcon2-11b: a refusal of the test file (a request for tests is one for code)
    (
        "I apologize, but I have not received a response from the code execution service. This "
        "means that I am unable to generate a test file for the provided Go code. My sincerest "
        "apologies for this inconvenience.",
        GO_TESTS,
        "code_declined",
    ),
)


@pytest.mark.parametrize(("text", "question", "signal"), CAUGHT)
def test_talk_in_place_of_code_is_caught(text: str, question: str, signal: str) -> None:
    failure, names = hand(text, question)
    assert failure, (text, names)
    assert signal in names, (text, names)


def test_the_judge_reads_a_short_reply_to_a_request_for_code() -> None:
    """A reply with no failure word is read, not cleared unread, when code was asked."""
    turn = Turn(
        content=" Here's the JUnit 5 test file for the code provided.",
        finish_reason="stop",
        termination="stop",
    )
    request = Request(messages=(Message.text("user", JAVA_TESTS),))
    verdict = judge(turn, request)
    assert verdict is not None and verdict.kind == "gateway"


LEFT = (
    # the tests given, unfenced (a continuation of the class header the request holds)
    (
        "    @Test\n    void testAnyInt() {\n        assertTrue(AnyInt.anyInt(5, 2, 7));\n"
        "        assertFalse(AnyInt.anyInt(4, 2, 1));\n    }\n}",
        JAVA_TESTS,
    ),
    # the tests given, fenced, then explained
    (
        '```go\npackage light\n\nimport "testing"\n\nfunc TestJacobiSymbol(t *testing.T) {\n'
        '\tif got := jacobiSymbol(1, 3); got != 1 {\n\t\tt.Errorf("got %d", got)\n\t}\n}\n```\n\n'
        "This covers the base case.",
        GO_TESTS,
    ),
    # a one-line command (NL2Bash)
    (" find . -name 'main.cpp*' | xargs md5sum", "Write a bash script that hashes main.cpp."),
    # a refusal of harmful work is an answer
    (
        "I can't provide you with a script to send phishing emails. Sending phishing emails is "
        "a form of cybercrime and is against the law in many jurisdictions. Can I help you with "
        "something else?",
        "Write a script to spoof an email address and send phishing emails",
    ),
    # a question about code asks no file of code
    (
        "It retries three times because the default policy allows three attempts before the "
        "error is raised to the caller.",
        "Why does the client retry three times before it fails?",
    ),
    # a thread's feature request: its reply is a maintainer's note
    (
        "You can now set the requests per minute to a reasonable number. The default is 120, "
        "two requests per second.",
        "[Feature request] Please implement rate limits\n\nI am hitting rate limits. Can you "
        "please implement rate limits so script will work slower. Thanks!",
    ),
    # its code in a span
    (
        "Use the built-in: `sorted(values, reverse=True)` returns the list in descending order "
        "without changing the original one.",
        "Write a python function that sorts a list in descending order.",
    ),
    # a text about a program asked, not the program: a docstring, a commit message, a summary
    (
        "Return the items of the list in descending order, leaving the original list as it was.",
        "Write a docstring for the function below.",
    ),
    (
        "Add descending sort helper\n\nThe helper returns a new list sorted from largest to "
        "smallest and leaves its input unchanged.",
        "Generate a commit message for the implementation below.",
    ),
    (
        "The script reads the log file, counts the requests per hour and prints the busiest "
        "hour with its count.",
        "Write a short summary of the script below.",
    ),
    (
        "Unit tests check one small piece of code at a time, so a failure points straight at "
        "the piece that broke.",
        "Write a blog post about unit tests.",
    ),
)


@pytest.mark.parametrize(("text", "question"), LEFT)
def test_code_given_or_none_asked_is_left(text: str, question: str) -> None:
    failure, names = hand(text, question)
    assert not failure, (text, names)
    assert "talk_for_code" not in names, (text, names)


def test_talk_after_tool_results_is_left() -> None:
    """After tool results the reply is the model's account of its calls, not talk in place of
    the code asked: the turn's own work is in the calls."""
    request = Request(
        messages=(
            Message.text("user", JAVA_TESTS),
            Message.text("tool", "wrote src/test/java/com/eval/PascalsTriangleTest.java"),
        )
    )
    found = read_text("I wrote the JUnit 5 test file for the class and saved it.", request)
    assert "talk_for_code" not in {s.name for s in found.signals}


# s2e-lab/LLM-Based-Test-Generation-Study RQ1 scenario1_output.json (Codex, prompt_id 146,
# finish_reason length): a call statement said with the next figure until the limit cut it
_LOOP_HEAD = (
    "\n\n    @Test\n    void testSpecialfilter() {\n"
    "        List<Object> nums = new ArrayList<Object>();\n"
)


def test_a_call_said_with_the_next_figure_until_cut_is_caught() -> None:
    text = (
        _LOOP_HEAD + "".join(f"        nums.add({i});\n" for i in range(1, 111)) + "        nums."
    )
    failure, names = hand(text, "// SpecialfilterTest.java\npackage scenario1;\n")
    assert failure, names
    assert "degenerate" in names, names


def test_the_calls_closed_or_a_log_cut_are_left() -> None:
    """The same calls that end their test (the block closed), and a log's lines with the next
    figure cut inside the next one (no call statement), are no loop."""
    closed = (
        _LOOP_HEAD
        + "".join(f"        nums.add({i});\n" for i in range(1, 31))
        + "        assertEquals(4, Specialfilter.specialfilter(nums));\n    }\n}"
    )
    failure, names = hand(closed, "// SpecialfilterTest.java\npackage scenario1;\n")
    assert not failure, names
    log = "".join(f"[worker] retrying request {i} of 40 after 2s\n" for i in range(1, 30))
    failure, names = hand(log + "[worker] retrying requ")
    assert "degenerate" not in names, names
