"""Round 22 (engineer 118): a runtime's crash printed where the answer should be, in the trace
grammars of more runtimes: a Rust backtrace and a Java or JavaScript trace pasted without their
indentation, IPython's frames, a console panel's border before each line, Flutter's error box,
a browser overlay's call stack (Next.js), PHP's fatal error and its `#0` frames, Ruby's `from`
frames, Elixir's `** (Error)`, Dart's `#0` frames, Node's module-not-found report, C++'s
`terminate called`, Swift's and Perl's crash lines; and the runtimes' one-line messages (Python's
NameError, Ruby's NoMethodError on nil, PHP's calls and headers, Objective-C's selector).
Made-up replies, both sides: the traces alone are failures; an explanation that quotes one, or
says when an exception is raised, is an answer."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

TRACES = (
    # Rust, a backtrace pasted without its indentation
    "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: ParseIntError "
    "{ kind: InvalidDigit }', src/config.rs:44:10\nstack backtrace:\n"
    "0: rust_begin_unwind\nat /rustc/90c54180/library/std/src/panicking.rs:578:5\n"
    "1: core::result::unwrap_failed\nat /rustc/90c54180/library/core/src/result.rs:1687:5",
    # Rust, one line with its hint
    "thread 'main' panicked at 'index out of bounds: the len is 2 but the index is 9', "
    "C:\\dev\\tool\\src\\main.rs:77:13 note: run with `RUST_BACKTRACE=1` environment variable "
    "to display a backtrace",
    # IPython's frames inside an agent's log panel
    " \u2502   Code execution failed\n \u2502   Traceback (most recent call last):\n"
    " \u2502     Cell In[4], line 2\n \u2502       total = frame['amount'].sum()\n"
    " \u2502     File /opt/venv/lib/pandas/core/frame.py:3807 in __getitem__\n"
    " \u2502       indexer = self.columns.get_loc(key)\n"
    " \u2502     File /opt/venv/lib/pandas/core/indexes/base.py:3804 in get_loc\n"
    " \u2502       raise KeyError(key) from err\n \u2502   ",
    # Flutter's error box
    "\u2550\u2550\u2550\u2550\u2550\u2550 Exception caught by widgets library "
    "\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\n"
    "A RenderFlex overflowed by 112 pixels on the right.\n"
    "The relevant error-causing widget was:\n"
    "Row Row:file:///lib/screens/profile_header.dart:31:16\n"
    "\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550",
    # a browser overlay's call stack
    "Unhandled Runtime Error\nError: Text content does not match server-rendered HTML.\n"
    "See more info here: https://example.dev/docs/hydration\nCall Stack\ncheckForUnmatchedText\n"
    "node_modules/react-dom/cjs/react-dom.development.js (4412:0)\ndiffHydratedProperties\n"
    "node_modules/react-dom/cjs/react-dom.development.js (9870:0)",
    # JavaScript and Java frames without indentation
    "TypeError: Cannot read properties of null (reading 'length')\n"
    "at countRows (/srv/report/table.js:18:22)\nat buildReport (/srv/report/index.js:40:9)\n"
    "at async main (/srv/report/index.js:77:3)",
    'Exception in thread "worker-3" java.lang.IllegalArgumentException: bad port\n'
    "at org.acme.net.Endpoint.parse(Endpoint.java:51)\n"
    "at org.acme.net.Client.connect(Client.java:20)",
    # PHP
    "PHP Fatal error:  Uncaught Error: Call to undefined method Cart::sum() in "
    "/var/www/shop/checkout.php:33\nStack trace:\n#0 /var/www/shop/index.php(12): "
    "checkout()\n#1 {main}\n  thrown in /var/www/shop/checkout.php on line 33",
    "Warning: Undefined variable $total in /var/www/shop/cart.php on line 58",
    # Ruby, Elixir, Dart
    "lib/invoice.rb:12:in `due_date': undefined method `+' for nil:NilClass (NoMethodError)\n"
    "\tfrom lib/invoice.rb:30:in `overdue?'\n\tfrom bin/run:4:in `<main>'",
    '** (KeyError) key :region not found in: %{name: "x"}\n'
    "    lib/deploy.ex:22: Deploy.target/1\n    lib/deploy.ex:9: Deploy.run/0",
    "Unhandled exception:\nFormatException (FormatException): Invalid radix-10 number\n"
    "#0      int.parse (dart:core-patch/integers_patch.dart:52:25)\n"
    "#1      main (file:///home/u/bin/calc.dart:6:17)",
    # Node's module not found
    "node:internal/modules/cjs/loader:1078\n  throw err;\n  ^\n\n"
    "Error: Cannot find module 'dotenv'\nRequire stack:\n- /srv/bot/main.js\n"
    "    at Module._resolveFilename (node:internal/modules/cjs/loader:1075:15)\n"
    "    at Module._load (node:internal/modules/cjs/loader:920:27)\n\nNode.js v18.16.0",
    # C++, Swift, Perl, Objective-C
    "terminate called after throwing an instance of 'std::bad_alloc'\n"
    "  what():  std::bad_alloc\nAborted (core dumped)",
    "Fatal error: Unexpectedly found nil while unwrapping an Optional value",
    "Can't locate JSON/XS.pm in @INC (you may need to install the JSON::XS module) "
    "(@INC contains:\n   /usr/local/lib/perl5\n   /usr/share/perl5\n   .).\n"
    "   BEGIN failed--compilation aborted.",
    "-[UILabel setTitle:]: unrecognized selector sent to instance 0x7fb1c2d04a10",
    # one-line runtime messages
    "name 'session_id' is not defined",
    "undefined method 'strip' for nil",
)


@pytest.mark.parametrize("text", TRACES)
def test_a_trace_alone_is_a_failure(text: str) -> None:
    failure, _ = hand(text)
    assert failure, text


ANSWERS = (
    # an explanation that quotes the trace
    "Your script panics at `thread 'main' panicked at 'called Option::unwrap() on a None "
    "value'` because `env::args().nth(1)` is `None` when you run it without an argument. "
    "Match on it instead and print a usage line when it is missing.",
    "The `NameError: name 'session_id' is not defined` comes from line 14: `session_id` is "
    "only set inside the `if` branch. Define it before the branch, for example "
    "`session_id = None`, and the test passes.",
    "That Flutter warning means the Row is wider than the screen. Wrap the long Text in an "
    "Expanded widget so it can shrink, and the overflow stripe goes away.",
    # when an exception is raised: a definition, not the exception
    "KeyError is raised when you look up a key that is not in the dictionary; use "
    "`d.get(key)` when the key may be missing.",
    "Eine NullPointerException wird ausgelöst, wenn du auf ein Objekt zugreifst, das null ist.",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_an_explained_trace_is_an_answer(text: str) -> None:
    failure, _ = hand(text)
    assert not failure, text


def test_a_trace_asked_for_is_an_answer() -> None:
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/run.py", line 8, in <module>\n'
        "    main()\n"
        "KeyError: 'user'"
    )
    failure, _ = hand(trace, "Run run.py and paste the full traceback it prints, nothing else.")
    assert not failure
