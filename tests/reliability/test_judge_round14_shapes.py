"""Round 14 (engineer 72): the shapes that generalise worst (stack traces, personas,
placeholders, HTML pages): concepts on made-up texts, each with an answer that must stay one."""

from __future__ import annotations

from tests.reliability.judging import hand

# Lua prints its error message, then `stack traceback:`, then one frame a line (`file:line: in
# function 'name'`, `[C]: in ?`), tab-indented; a plugin host passes it on as the reply.
LUA_TRACES = (
    "Error running plugin callback: .../plugins/chat/lua/chat/stream.lua:118: attempt to call"
    " a nil value (field 'on_done')\nstack traceback:\n\t.../plugins/chat/lua/chat/stream.lua:118:"
    " in function 'finish'\n\t.../plugins/chat/lua/chat/stream.lua:64: in function"
    " <.../plugins/chat/lua/chat/stream.lua:60>",
    "lua: main.lua:12: bad argument #1 to 'decode' (string expected, got nil)\nstack traceback:\n"
    "\t[C]: in function 'decode'\n\tmain.lua:12: in main chunk\n\t[C]: in ?",
)


def test_a_lua_stack_traceback_is_a_stack_trace() -> None:
    for text in LUA_TRACES:
        failure, names = hand(text)
        assert failure and "stack_trace" in names, (names, text[:60])


def test_a_lua_traceback_quoted_then_explained_stays_an_answer() -> None:
    text = (
        "Your config calls `on_done` before it is defined, so Lua stops with this:\n\n"
        "```\nstack traceback:\n\tinit.lua:40: in function 'setup'\n\tinit.lua:3: in main chunk\n"
        "```\n\nMove the `local function on_done()` block above `setup()` in init.lua and the"
        " error goes away, because a local function only exists after its definition runs."
    )
    failure, names = hand(text, "Why does my neovim config crash on start?")
    assert not failure, names
