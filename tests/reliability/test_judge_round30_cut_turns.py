# ruff: noqa: RUF001  (texts in their own scripts and punctuation)
"""Round 30 (engineer 156): agent turns a client cut off or cancelled, in committed chat
histories (SpecStory's Cursor and Copilot exports, aider's, Cline's). Real texts.

- Caught (failures): a started turn (a plan, a tool's record, a thought, a line or three)
  whose last line is the client's status: "Cancelled", "Connection failed. If the problem
  persists, ...", "Generating...", aider's "^C again to exit".
- Left (answers): a finished answer a later step's "Cancelled" follows (an answer came first),
  a report of work done, an answer that discusses a cancellation, a writer who shows a
  client's line after a lead-in, a list's last item, a bot's footer after a rule, a person's
  "We are working on it....".
"""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

CUT_TURNS = (
    # A SpecStory history (.specstory/history/*.md, a public repository; code corpus): the
    # assistant's plan, then the cancel ("keep going / go on" was the user's next turn).
    "I'll update the README.md file to include the Step 10B section based on the linear models"
    " approach we discussed earlier.\nCancelled",
    # A SpecStory history: the started answer announced an edit, the client cut it.
    "This error indicates that the JSON data being received from the endpoint is not valid"
    " JSON. Let's add some debugging to see what data we're actually receiving from the"
    " endpoint. I'll modify the code to print out the raw response before trying to parse"
    " it:\n\n\n\n\n---\n\nCancelled",
    # A SpecStory export of a Cursor composer-1.5 turn (a skill vetting task): steps and the
    # tool's errors, no report, then the cancel.
    "执行安全审查：读取 skill-vetter 协议，获取两个仓库的元数据并拉取 SKILL.md 内容。\n\n---\n\n"
    "Error fetching URL, status code: 404 Not Found\n\n---\n\n"
    "Error fetching URL, status code: 404 Not Found\n\n---\n\n"
    "获取仓库信息（因 jq 不可用，改用 PowerShell 解析 JSON）并探索两个仓库的结构：\n\n---\n\n"
    "hopyky/self-reflection 返回 404，正在搜索正确仓库位置并列出 obsidian-skills 的 skills 目录：\n\n"
    "---\n\nError fetching URL, status code: 422 Unprocessable Entity\n\n---\n\n"
    "Error fetching URL, status code: 404\n\n---\n\nCancelled\n\n---",
    # A SpecStory history: a plan and two web searches (tool records), each cut.
    "I'll examine the requirements.txt file and do a deep analysis to identify potential"
    " compatibility issues and fix them.\n\nTool use: **read_file**\n\nRead file:"
    " back-end/requirements.txt\nNow let me search for current compatibility information and"
    " best practices for these packages:\n\nTool use: **web_search**\n\n<details>\n"
    "            <summary>Searched web `fastapi 0.104.1 pydantic 2.5.0 compatibility issues"
    " 2024` • **0** results</summary>\n        \nNo results found\n</details>\n"
    "Tool use: **web_search**\n\n<details>\n            <summary>Searched web"
    " `sentence-transformers 2.2.2 torch 2.1.0 numpy 1.24.3 compatibility` • **0**"
    " results</summary>\n        \nNo results found\n</details>\nCancelled\nCancelled",
    # Cursor's connection error (its string, quoted in the Cursor forum and in users' notes)
    # as a step of its own after a started turn.
    "I'll read the failing test and the parser first.\n\n---\n\nConnection failed. If the"
    " problem persists, please check your internet connection or VPN",
    # A client's placeholder left where the stream stopped (Cursor's, Continue's "Generating...").
    "Let me look at the parser.\n\nGenerating...",
    # aider's Ctrl-C line (aider/coders/base_coder.py keyboard_interrupt: "\\n\\n^C again to
    # exit", quoted with "> " in .aider.chat.history.md) after a started edit.
    "Here is the change to `parse.py`:\n\n```python\ndef parse_line(line):\n    return"
    " line.split()\n```\n\n>\n>\n> ^C again to exit",
)


@pytest.mark.parametrize("text", CUT_TURNS)
def test_a_started_turn_the_client_cut_off_is_no_answer(text: str) -> None:
    failure, names = hand(text)
    assert failure, names
    assert "cut_turn" in names


# edobry/minsky .specstory/history/2025-04-28_16-22-backlog-task-inquiry.md (corpus, an
# answer): a whole answer, then a later edit the user cancelled.
EDOBRY = (
    "Bun’s test runner does not enforce a default timeout for individual tests, so if"
    " a test or an async operation never completes (e.g., due to a hanging import, un"
    "resolved promise, or deadlock in a mock), the test will hang indefinitely.\n\n### "
    "What’s likely happening:\n- One of the mocked modules or an import is causing a d"
    "eadlock or unresolved promise.\n- Bun’s `mock.module` can sometimes cause hangs i"
    "f the module graph is complex or if a required dependency is not properly mocked"
    ".\n\n### How to address this:\n\n#### 1. **Add a Manual Timeout to the Test**\nYou ca"
    "n add a timeout to your test logic to force it to fail if it takes too long:\n\n``"
    "`typescript\nit('creates a session with explicit repo', async () => {\n  const tim"
    "eout = new Promise((_, reject) => setTimeout(() => reject(new Error('Test timed "
    "out')), 5000));\n  const test = (async () => {\n    console.log('Test: creates a s"
    "ession with explicit repo - start');\n    Object.keys(sessionStore).forEach(k => "
    "delete sessionStore[k]);\n    resolveRepoPathMock = null;\n    const result = awai"
    "t startSession({ session: 'mysession', repo: 'https://github.com/foo/bar.git' })"
    ";\n    console.log('Test: creates a session with explicit repo - after startSessi"
    "on');\n    expect(result.cloneResult.workdir).toBe('/tmp/mysession');\n    expect("
    "result.sessionRecord.repoUrl).toBe('https://github.com/foo/bar.git');\n    consol"
    "e.log('Test: creates a session with explicit repo - end');\n  })();\n  await Promi"
    "se.race([test, timeout]);\n});\n```\n\n#### 2. **Check for Mocking Issues**\n- Make s"
    "ure all modules used by `startSession` are mocked, and that no circular dependen"
    "cies exist.\n- Try running a trivial test (no mocks, just `expect(true).toBe(true"
    ")`) to confirm the runner itself is not the issue.\n\n#### 3. **Try Without Mocks*"
    "*\n- Temporarily remove all `mock.module` calls and see if the test completes. If"
    " it does, reintroduce mocks one by one to isolate the problematic one.\n\n#### 4. "
    "**Update Bun**\n- Ensure you are using the latest version of Bun, as test runner "
    "and mocking improvements are frequent.\n\n---\n\n**Next step:**  \nI will add a manua"
    "l timeout to the test to see if it triggers, and if so, we’ll know for sure the "
    "test is hanging inside the async logic.\n\n---\n\n```diff\n  describe('startSession',"
    " () => {\n    it('creates a session with explicit repo', async () => {\n+     cons"
    "t timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('Test t"
    "imed out')), 5000));\n+     const test = (async () => {\n        console.log('Test"
    ": creates a session with explicit repo - start');\n        Object.keys(sessionSto"
    "re).forEach(k => delete sessionStore[k]);\n```\n\n```diff\n        expect(result.ses"
    "sionRecord.repoUrl).toBe('https://github.com/foo/bar.git');\n        console.log("
    "'Test: creates a session with explicit repo - end');\n+     })();\n+     await Pro"
    "mise.race([test, timeout]);\n    });\n  \n```\n\n---\n\nCancelled"
)

ANSWERS = (
    ("its hanging again, does the test runner not have any sort of timeout?", EDOBRY),
    # made up: a short report of work done, then a later step cancelled
    (
        None,
        "Done. I fixed the test: the parser now strips whitespace before splitting.\n\nCancelled",
    ),
    (None, "I cancelled the job because it was hanging. The test now passes."),
    (None, "The request was cancelled because the server timed out; I added a retry around it."),
    (
        "What does aider print when I press Ctrl-C twice?",
        "It prints this:\n\n> ^C KeyboardInterrupt",
    ),
    ("Which jobs ran?", "Here is the run:\n\n- build: passed\n- test: passed\n- deploy: Cancelled"),
    # piggya2a-labs/ainative-frontend#68 (corpus, an answer): a bot's footer after a rule
    (
        None,
        "## 后端变化记录\n\n**来源**: [`agent-gateway@d6beaad`](https://github.com/piggya2a-labs/"
        "agent-gateway/commit/d6beaad)\n\n**摘要**: Claude 分析失败\n\n**前端影响**: 无需改动\n\n"
        "---\n*由 Backend Sync Agent 自动记录*",
    ),
    # sitecake/sitecake#47 (corpus, an answer): a person's last line, not a client's status
    (
        "Non-functional demo\n\nThe link to the demo redirects to ... which is a blank page.",
        "Sorry guys. What happened is that we are overwhelmed with visits from ProductHunt and"
        " HackerNews. Our demo is unable to cope with so much uploaded content and hard disk"
        " fills within 30 minutes. Then it breaks. :( \n\nWe are working on it....",
    ),
    # docs.aimlapi.com 5xx errors (corpus, an answer): the last item of a list of codes
    (
        None,
        "These codes indicate issues on the server side.\n500 Internal Server Error - An"
        " unexpected error occurred on the server.\n502 Bad Gateway - A downstream service"
        " returned an invalid response.\n504 Gateway Timeout - The generation did not finish"
        " within the allowed time limit.",
    ),
)


@pytest.mark.parametrize(("question", "text"), ANSWERS)
def test_a_finished_answer_or_a_talk_about_cancelling_stays_an_answer(
    question: str | None, text: str
) -> None:
    failure, names = hand(text, question) if question else hand(text)
    assert not failure, names
    assert "cut_turn" not in names
