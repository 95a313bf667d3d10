"""Can a reply be cleared as an answer without a full reading?

Most replies are answers, and the judge runs on every one: a long reply with no failure shape at
its start or end, or a reply with no failure word, brace, tag or status at all, is cleared
here before any signal is read. Each signal module whose failures need no failure word exports a
precheck (`reply.Precheck`, listed in `MAY_FIRE`), so such a reply is read, not cleared; and
the replies to some requests are all read (`read_whole`).
"""

from __future__ import annotations

from tether.messages import Request
from tether.reliability import (
    ai_excuse_signals,
    announced_code_signals,
    appended_request_signals,
    blocked_signals,
    bodyless_signals,
    capability_signals,
    casual_signals,
    choice_signals,
    command_reply_signals,
    config_signals,
    cut_turn_signals,
    declined_signals,
    degenerate_signals,
    exchange_signals,
    failure_signals,
    fill_in_signals,
    filter_signals,
    form_signals,
    forum_dump_signals,
    generation_signals,
    give_up_signals,
    grader_signals,
    identity_signals,
    inability_signals,
    lecture_signals,
    limits_signals,
    line_rendering_signals,
    loop_signals,
    model_cannot_signals,
    next_item_signals,
    notice_signals,
    outline_signals,
    persona_signals,
    query_signals,
    reasoning_left_signals,
    setup_signals,
    source_left_signals,
    status_fields_signals,
    step_limit_signals,
    stub_code_signals,
    support_signals,
    talk_only_signals,
    target_language_signals,
    title_step_signals,
    tool_protocol_signals,
    transcript_signals,
    transform_signals,
    typed_call_signals,
    unfinished_signals,
)
from tether.reliability.code_talk_signals import code_request, may_talk
from tether.reliability.commit_message_signals import commit_request
from tether.reliability.error_objects import CODE_WORD
from tether.reliability.form_signals import form_request
from tether.reliability.grader_signals import grading_request
from tether.reliability.lexicon import Lexicon
from tether.reliability.machine_marks import HTML
from tether.reliability.record_format_signals import records_request, without_records
from tether.reliability.rendering_signals import may_mark
from tether.reliability.reply import LONG_CHARS, SHORT_CHARS, TAIL_CHARS, Precheck
from tether.reliability.trace_signals import EXCEPTION_LINE

# What may make a module's failure signals fire on a reply with no failure word, each module's
# own word (`reply.Precheck`): a reply one of them may hold is not cleared unread. The cheapest
# first (each module's own length bound is its first test).
MAY_FIRE: tuple[Precheck, ...] = (
    step_limit_signals.may_fire,  # an agent loop's cap reached
    casual_signals.may_fire,  # trouble in a casual register
    inability_signals.may_fire,  # one clause of inability, the whole reply
    give_up_signals.may_fire,  # an agent's give-up or its answer format unfilled
    talk_only_signals.may_announce,  # only the work announced ("Let me check the logs:")
    exchange_signals.may_fire,  # a stock line about the exchange ("not something I can do")
    support_signals.may_fire,  # a bot's fallback ("سمجھ نہیں ...", "I'm not able to sing, but")
    generation_signals.may_fire,  # a vision notice, a cell's error
    capability_signals.may_fire,  # a disclaimer of the medium ("I can't see images")
    declined_signals.may_fire,  # the task declined ("I can't write that. Is there ...")
    ai_excuse_signals.may_fire,  # a task declined for being an AI ("As an AI language model")
    limits_signals.may_fire,  # a plea of the model's limits ("I'm not a doctor")
    lecture_signals.may_fire,  # a refusal that lectures ("I cannot ... as it is not ethical")
    next_item_signals.may_fire,  # the exam's next question written on ("Question: ... A) ...")
    choice_signals.may_fire,  # no option picked ("the answer is unknown")
    degenerate_signals.may_fire,  # no language: a letter repeated, control tokens, a loop
    notice_signals.may_fire,  # a validator's verdict on a field; a run stopped, a guardrail
    failure_signals.may_fire,  # words that say a failure together, a canned notice's parts
    persona_signals.may_fire,  # a persona's stand-in ("I'm on a break")
    tool_protocol_signals.may_fire,  # a provider's error about tool calling
    setup_signals.may_fire,  # an app's part named in a short reply (its setup asked)
    filter_signals.may_fire,  # a filter's replacement ("This response was filtered.")
    transform_signals.may_fire,  # a line about the text a transform was asked for
    appended_request_signals.may_fire,  # a rendering ending on a request for its text
    target_language_signals.may_fire,  # the target language questioned ("what "mo" refers to")
    line_rendering_signals.may_fire,  # words about a translation, to a bare line
    cut_turn_signals.may_fire,  # a client's status that cut a started turn ("Cancelled")
    unfinished_signals.may_fire,  # a reply cut inside a clause ("Hello! How can I")
    grader_signals.may_fire,  # a pairwise judge's rationale broken off before its verdict
    talk_only_signals.may_accept,  # only an acceptance of the task ("Sure, I can do that!")
    source_left_signals.may_fire,  # code left in its source language, or comments only
    stub_code_signals.may_fire,  # a skeleton's body unwritten ("# Your code here", `pass`)
    bodyless_signals.may_fire,  # the asked function's docstring and no code under it
    outline_signals.may_fire,  # a report's headings alone ("# Assessment No: 4", "## Date:")
    typed_call_signals.may_fire,  # a tool's call typed as text ("<run_terminal_cmd>\n{...}")
    talk_only_signals.may_offer,  # an offer of more work alone ("If you want, I can also ...")
    talk_only_signals.may_be_under_way,  # the work started, its progress shown elsewhere
    query_signals.may_fire,  # no query where one was the work ("cannot write a SQL query")
    announced_code_signals.may_fire,  # code introduced as there, prose only
    forum_dump_signals.may_fire,  # a forum thread written on ("\\end{code}  Comment: ...")
    blocked_signals.may_fire,  # the speaker blocked by a failure ("unable to ... due to ...")
    fill_in_signals.may_fire,  # fill-in slots left open ("[task 1], [task 2]", "lorem ipsum")
    model_cannot_signals.may_fire,  # a dataset's line "The GPT model cannot perform such actions"
    command_reply_signals.may_fire,  # a chat-ops bot's error line ("Unknown user 'doris'")
    identity_signals.may_fire,  # a vision reply that withholds who is shown ("can't identify")
    title_step_signals.may_fire,  # a title talked of, not given ("Here is a title for ...")
    reasoning_left_signals.may_fire,  # thinking aloud never closed, an empty <answer> block
)


def quick_clear(text: str, lexicon: Lexicon) -> bool:
    """True when `text` cannot be a failure text, found without a full reading: a long reply
    whose start has no failure structure and whose last line is no error; a reply with no
    failure word, brace, tag or status at all."""
    n = len(text)
    if n > LONG_CHARS:
        head = text[:200].lstrip().lower()
        if head.startswith(("<", "{", "[", "```", "data:", "event:", "traceback", "error")):
            return False
        if lexicon.prefixes.match(head) is not None:
            return False
        if text.find("<", 0, 600) >= 0 and HTML.search(text[:600]):  # (a tag's sign first)
            return False
        if degenerate_signals.head_degenerate(text[:200].strip()):
            return False  # no language from its start: a letter repeated, control tokens
        if may_mark(text):
            return False  # a segment of a rendering in a tool's failure marker
        first = head.split("\n", 1)[0]
        if len(first) < 160 and lexicon.has_trigger(first):
            return False
        if degenerate_signals.ends_on_token(text):
            return False  # a stop token the server left at the end
        if transcript_signals.may_fire_long(text):
            return False  # a transcript of a subtitle credit over and over
        if loop_signals.may_loop_at_end(text):
            return False  # an answer's start, then a loop until the token limit
        if loop_signals.may_ladder_at_end(text.rstrip()):
            return False  # code's case said again with the next figure until the limit
        if cut_turn_signals.may_end_cut(text, lexicon):
            return False  # a turn of thoughts and tool records a client's status cut off
        if source_left_signals.may_be_cut(text):
            return False  # a program cut mid-file ("end = j +")
        if config_signals.may_be_cut(text):
            return False  # a config or code file cut inside its open fence ("To: 65")
        if unfinished_signals.ends_on_opening(text):
            return False  # an answer cut inside a clause by the token limit
        if grader_signals.may_fire(text, "", lexicon):
            return False  # a pairwise judge's rationale broken off before its verdict
        if status_fields_signals.record_failed(head) is not None:
            return False  # a run's record of its failure, its error body after its fields
        if head.startswith(query_signals.SCHEMA_HEADS):
            return False  # a schema in place of the query that reads it
        if forum_dump_signals.may_fire(text, "", lexicon):
            return False  # a forum thread written on past the answer
        if appended_request_signals.may_fire(text, "", lexicon):
            return False  # a rendering ending on a request for its text ("请提供...翻译的文本")
        if next_item_signals.may_fire(text, "", lexicon):
            return False  # an exam's next question written on past the answer
        if reasoning_left_signals.may_fire(text, head, lexicon):
            return False  # thinking aloud never closed, an empty <answer> block at the end
        last = text[text.rstrip().rfind("\n") + 1 :].strip()
        if len(last) > TAIL_CHARS:  # a paragraph of prose, not an appended error line
            return True
        return not (lexicon.has_trigger(last.lower()) or last[:1] in "{[<(" or "{" in last)
    if n <= SHORT_CHARS:
        return False  # a placeholder or a demanded short reply: read it
    low = text.lower()
    if lexicon.has_trigger(low):
        return False  # (before the modules' own words: a reply with a failure word is read)
    for may_fire in MAY_FIRE:
        if may_fire(text, low, lexicon):
            return False  # a failure a module reads in words the vocabulary does not have
    return (
        "{" not in text
        and "<" not in text
        and "%" not in text  # a template's `%s` slot
        and ':"' not in text  # a stream's `0:"...` part
        and CODE_WORD.search(text) is None
        and EXCEPTION_LINE.match(text) is None
    )


def read_whole(request: Request | None, text: str = "") -> bool:
    """Whether the reply `text` to `request` is read, not cleared unread: every reply to a
    judge's request (its long rationale may lack the verdict, in words no failure vocabulary
    has) and to one that asks for a commit message (a chat turn in the message's place has no
    failure word); a short one to a request that fixes its reply's form (a line without the
    label or the number asked has no failure word either), to one for a title or a rewritten
    query (chatter in its place has none), to one for code (talk in its place has none), or to
    one that lays out delimited records (a markdown list in their place has none).
    Each request is read once
    (`once.last_asked`)."""
    if grading_request(request) or commit_request(request):
        return True
    if len(text) <= title_step_signals.NOT_GIVEN_CHARS and title_step_signals.title_request(
        request
    ):
        return True
    if code_request(request) and may_talk(text):  # (the request's reading is kept)
        return True  # (talk in place of the asked code has no failure word either)
    if records_request(request) and without_records(text):
        return True  # (a markdown list in place of the laid-out records has none either)
    return len(text) <= form_signals.FORM_CHARS and form_request(request)
