"""Round 24 (engineer 128): a runtime's error output printed where the answer should be, in the
shapes that are not a trace's frames: PowerShell's error record (its position line in the
shell's languages, its `+ ` lines and fields; 7's `Line |` frame), R's console error (base R's
`Error in f() :` in R's languages, rlang's over cli's bullets), Swift's `DecodingError` printed
whole, a Python traceback run together on one line; and more trace grammars: IPython's header
and arrows, .NET's inner exceptions, Unity's frames, Android's logcat prefix, Dart's async gap.
Made-up replies, both sides: the output alone is a failure; a writer quoting it inside an
explanation, a list of tips that names its fields, code that handles the error, an answer."""

from __future__ import annotations

import pytest

from tests.reliability.judging import hand

OUTPUTS = (
    # Windows PowerShell, English, a script's position
    "Invoke-RestMethod : The remote server returned an error: (502) Bad Gateway.\n"
    "At C:\\tools\\ask.ps1:9 char:8\n"
    "+ $out = Invoke-RestMethod -Uri $api -Method Post -Body $payload\n"
    "+        ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
    "    + CategoryInfo          : InvalidOperation: (System.Net.HttpWebRequest:HttpWebRequest)"
    " [Invoke-RestMethod], WebException\n"
    "    + FullyQualifiedErrorId : WebCmdletWebResponseException,"
    "Microsoft.PowerShell.Commands.InvokeRestMethodCommand",
    # German, pasted without its indentation
    'Get-Content : Der Pfad "D:\\bot\\prompt.txt" kann nicht gefunden werden, da er nicht '
    "vorhanden ist.\nIn Zeile:1 Zeichen:1\n+ Get-Content D:\\bot\\prompt.txt\n"
    "+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
    "+ CategoryInfo          : ObjectNotFound: (D:\\bot\\prompt.txt:String) [Get-Content], "
    "ItemNotFoundException\n"
    "+ FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetContentCommand",
    # Chinese
    "Invoke-WebRequest : 无法连接到远程服务器\n所在位置 行:3 字符: 5\n"
    "+     Invoke-WebRequest -Uri $url\n+     ~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
    "    + CategoryInfo          : InvalidOperation: (System.Net.HttpWebRequest:HttpWebRequest)"
    " [Invoke-WebRequest]\uff0cWebException\n"
    "    + FullyQualifiedErrorId : WebCmdletWebResponseException,"
    "Microsoft.PowerShell.Commands.InvokeWebRequestCommand",
    # Russian and Korean position lines
    "Invoke-RestMethod : \u0423\u0434\u0430\u043b\u0435\u043d\u043d\u044b\u0439 \u0441\u0435\u0440\u0432\u0435\u0440 "
    "\u0432\u043e\u0437\u0432\u0440\u0430\u0442\u0438\u043b \u043e\u0448\u0438\u0431\u043a\u0443: (503).\n"
    "\u0441\u0442\u0440\u043e\u043a\u0430:2 \u0437\u043d\u0430\u043a:9\n+ $x = Invoke-RestMethod $u\n+         ~~~~~~~~~~~~~~~~~~~\n"
    "    + FullyQualifiedErrorId : WebCmdletWebResponseException,"
    "Microsoft.PowerShell.Commands.InvokeRestMethodCommand",
    "Get-Item : \uacbd\ub85c\ub97c \ucc3e\uc744 \uc218 \uc5c6\uc2b5\ub2c8\ub2e4.\n\uc704\uce58 \uc904:1 \ubb38\uc790:1\n"
    "+ Get-Item .\\model.bin\n+ ~~~~~~~~~~~~~~~~~~~~\n"
    "    + CategoryInfo          : ObjectNotFound: (model.bin:String) [Get-Item], "
    "ItemNotFoundException\n"
    "    + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetItemCommand",
    # PowerShell 7's ConciseView
    "Invoke-RestMethod: D:\\agent\\run.ps1:21\nLine |\n"
    "  21 |  $r = Invoke-RestMethod $endpoint -Headers $h -Body $b\n"
    "     |       ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
    "     | Response status code does not indicate success: 503 (Service Unavailable).",
    # R, rlang over cli's bullets
    "Error in `ask_model()`:\n\u2716 `temperature` must be a number, not a character vector.\n"
    "\u2139 Pass `temperature = 0.2`.",
    # R, rlang's chain and backtrace
    "Error in `httr2::req_perform()`:\n! HTTP 503 Service Unavailable.\n"
    "Run `rlang::last_trace()` to see where the error occurred.",
    # R, base, French
    'Erreur dans open.connection(con, "rb") : \n  HTTP error 500.\nCalls: reply -> fromJSON',
    # R, base, German
    "Fehler in library(ellmer) : es gibt kein Paket namens \u2018ellmer\u2019\nExecution halted",
    # Swift's DecodingError printed whole
    "Decoding failed: typeMismatch(Swift.Int, Swift.DecodingError.Context(codingPath: "
    '[CodingKeys(stringValue: "usage", intValue: nil)], debugDescription: "Expected to '
    'decode Int but found a string instead.", underlyingError: nil))',
    # Python's traceback run together on one line
    'Traceback (most recent call last): File "/srv/app/handler.py", line 61, in reply '
    'text = data["output"][0] IndexError: list index out of range',
    # IPython's header and arrow
    "---------------------------------------------------------------------------\n"
    "AttributeError                            Traceback (most recent call last)\n"
    "Cell In[12], line 4\n      2 out = llm.invoke(q)\n----> 4 print(out.contents)\n\n"
    "AttributeError: 'AIMessage' object has no attribute 'contents'",
    # .NET's inner exceptions
    "System.AggregateException: One or more errors occurred. (A task was canceled.)\n"
    " ---> System.Threading.Tasks.TaskCanceledException: A task was canceled.\n"
    "   --- End of inner exception stack trace ---\n"
    "   at Npc.Brain.ThinkAsync(String line)\n"
    "   --- End of stack trace from previous location ---\n"
    "   at Npc.Brain.Reply(String line)",
    # Unity's frames
    "KeyNotFoundException: The given key 'reply' was not present in the dictionary.\n"
    "ShopKeeper.OnAnswer (System.String json) (at Assets/Scripts/ShopKeeper.cs:88)\n"
    "ShopKeeper+<Talk>d__9.MoveNext () (at Assets/Scripts/ShopKeeper.cs:60)",
    # Flutter through Android's logcat
    "E/flutter (21344): [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled "
    "Exception: SocketException: Connection refused\n"
    "E/flutter (21344): #0      ApiClient.post (package:app/api_client.dart:31:9)\n"
    "E/flutter (21344): <asynchronous suspension>",
    # a Ruby namespace and a bracketed code before the colon
    "OpenAI::Errors::RateLimitError: status 429",
    "DioException [receive timeout]: The request took longer than 0:01:00.000000 to receive "
    "data.\n#0      DioMixin.fetch (package:dio/src/dio_mixin.dart:509:7)\n"
    "<asynchronous suspension>",
)


# rich's boxed traceback
RICH = (
    "\u256d\u2500\u2500\u2500 Traceback (most recent call last) \u2500\u2500\u2500\u256e\n"
    "\u2502 /opt/tool/cli.py:77 in summarize           \u2502\n"
    "\u2502   75 \u2502   out = chain.invoke(doc)            \u2502\n"
    '\u2502 \u2771 77 \u2502   return out["summary"]           \u2502\n'
    "\u2502 /opt/tool/cli.py:90 in main                \u2502\n"
    "\u2502   90 \u2502   print(summarize(text))             \u2502\n"
    "\u2570\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u256f\n"
    "TypeError: string indices must be integers, not 'str'"
)

OUTPUTS += (
    # a terminal's colours around IPython's, a page's `<pre>`
    "\x1b[0;31mValueError\x1b[0m                                Traceback (most recent call last)\n"
    "Cell \x1b[0;32mIn[9], line 2\x1b[0m\n\x1b[0;32m----> 2\x1b[0m score \x1b[38;5;241m=\x1b[39m "
    "\x1b[38;5;28mfloat\x1b[39m(reply)\n\x1b[0;31mValueError\x1b[0m: could not convert string "
    "to float: 'N/A'",
    '<pre>Traceback (most recent call last):\n  File "/srv/hook.py", line 14, in post\n'
    "    body = payload[\"message\"]\nKeyError: 'message'\n</pre>",
)

# A JSON parser's words on a body that was no JSON, as each runtime prints them, alone.
PARSER_MESSAGES = (
    "Expecting value: line 1 column 1 (char 0)",
    "Request failed: Unterminated string starting at: line 1 column 40 (char 39)",
    "json: cannot unmarshal number into Go struct field Reply.text of type string",
    "missing field `content` at line 1 column 211",
    "Expected BEGIN_ARRAY but was STRING at line 1 column 1 path $",
    "'E' is an invalid start of a value. Path: $ | LineNumber: 0 | BytePositionInLine: 0.",
    "Cannot destructure property 'text' of 'undefined' as it is undefined.",
    'can only concatenate str (not "NoneType") to str',
)


@pytest.mark.parametrize("text", PARSER_MESSAGES)
def test_a_parsers_message_alone_is_a_failure(text: str) -> None:
    failure, _ = hand(text)
    assert failure


def test_a_parsers_message_explained_is_an_answer() -> None:
    failure, _ = hand(
        "`Expecting value: line 1 column 1 (char 0)` means `json.loads` was given an empty "
        "string or an HTML page, so print `resp.status_code` and `resp.text` before you parse "
        "it; the API probably returned an error page.",
        "What does Expecting value: line 1 column 1 mean?",
    )
    assert not failure


@pytest.mark.parametrize("text", OUTPUTS)
def test_a_runtimes_error_output_alone_is_a_failure(text: str) -> None:
    failure, _ = hand(text)
    assert failure


def test_riches_box_is_read_as_a_trace() -> None:
    # (its source lines' words still count for the answer side: the signal, not the verdict)
    _, found = hand(RICH)
    assert "stack_trace" in found


ANSWERS = (
    # a writer quoting a PowerShell record between an explanation and a fix
    "PowerShell is telling you the endpoint rejected the key:\n\n```\n"
    "Invoke-RestMethod : The remote server returned an error: (401) Unauthorized.\n"
    "At line:1 char:1\n+ Invoke-RestMethod -Uri $uri\n"
    "    + FullyQualifiedErrorId : WebCmdletWebResponseException\n```\n\n"
    "Set `$env:API_KEY` in the same session and send it as `Bearer $env:API_KEY`; then the "
    "call goes through.",
    # tips that name a record's fields in a `+` list
    "When you log PowerShell errors, keep these:\n+ $_.Exception.Message for the text\n"
    "+ $_.CategoryInfo for the kind of error\n+ $_.FullyQualifiedErrorId to tell them apart\n"
    "+ $_.InvocationInfo.PositionMessage for the line",
    # R: an explanation around rlang's error, and code that handles one
    "The script stops because the provider throttles you. httr2 reports it like this:\n\n"
    "Error in `req_perform()`:\n! HTTP 429 Too Many Requests.\n\nAdd `req_retry(max_tries = 4)` "
    "to the request in `R/ask.R`, so httr2 waits and tries again, and lower the loop's rate "
    "with `Sys.sleep(1)` between prompts.",
    "```r\nout <- tryCatch(ask(prompt), error = function(e) {\n"
    '  message("Error in ask(): ", conditionMessage(e))\n  NULL\n})\n```',
    # Swift: what the cases are, and code that catches one
    "`DecodingError.keyNotFound` means a key your `Decodable` type needs was missing; its "
    "`DecodingError.Context(codingPath:debugDescription:underlyingError:)` says where. Make the "
    "property optional if the API can leave it out.",
    "```swift\ncatch DecodingError.typeMismatch(let type, let context) {\n"
    '    print("Expected \\(type) at \\(context.codingPath)")\n}\n```',
    # a writer describing a traceback on one line
    'Read it from the bottom: Traceback (most recent call last): File "app.py", line 3 is '
    "only where the report starts, and the last line names the exception, so start there and "
    "then look at the frame just above it.",
    # Ruby code that rescues a namespaced error
    "```ruby\nbegin\n  client.chat(parameters: params)\nrescue OpenAI::Errors::RateLimitError\n"
    "  sleep 5\n  retry\nend\n```",
)


@pytest.mark.parametrize("text", ANSWERS)
def test_a_quoted_or_handled_error_is_an_answer(text: str) -> None:
    failure, _ = hand(text)
    assert not failure
