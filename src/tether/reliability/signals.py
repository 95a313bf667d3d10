"""The evidence behind the `gateway` verdict: is a reply's text a failure, not the model's answer?

Gateways, relays and clients put their own failure texts where the model's reply should be:
quota notices, rate-limit messages, "overloaded", an HTML error page, a JSON error object, an
SSE error frame printed as text, `null`, a content-filter replacement, an error appended to a
partial answer. No single phrase list catches them, because real texts carry ids, advice, links
and explanations around the phrase. So the judge weighs evidence: each signal below is a small
named function that reads the reply (and the request it answers) and returns a weight, positive
for "failure", negative for "answer". The reply is a failure when the weights add up to the
threshold (1.0). `tether judge --explain` prints every signal that fired, with its weight.

Failure evidence:   vocabulary (per class, in nine languages), coverage (failure words make up
                    the message), short_notice, stock_notice, self_state (a bot speaking of its
                    own mind: "my brain is buffering"), hands_back (a bot handing
                    the turn back: "ask me again later"), knows_nothing (only "I don't
                    know", to a task), stands_by ("I'm here, give me a moment",
                    to a task), at_rest ("I'm on a break"), out_of_sorts ("I'm so
                    sleepy"), medium_silent ("the spirits are silent"), narrated_silence
                    ("The guard ignores you."), only_a_shrug ("🤷"), slows_down
                    ("慢一点", "Not so fast!"), cannot_talk_now ("can't talk now"),
                    own_machinery ("my AI is taking a nap"), cut_off
                    ("I can't reach the servers right now": a voice assistant cut off
                    from its servers), not_understood
                    ("sorry, I didn't get that"), error_object (JSON, a Python dict, a
                    Rust or Go struct), html_page, empty_page (an HTML shell with no text),
                    page_text (an error page's rendered text), sse_frame, stream_framing (a
                    stream's frames line by line), sdk_object (a response
                    object printed), envelope (a response or tool result as JSON, no
                    answer inside), status_code, client_prefix, diagnostics (ids, timestamps,
                    request ids), placeholder, tail_error, broken_off (an error
                    where the answer broke off mid-token), ends_mid_clause (a reply
                    cut inside a clause: "Hello! How can I"), stops_mid_sentence (a
                    model's closed prose whose last line runs on, cut at its token
                    limit), stops_mid_code (its code, in a fence never closed, on a
                    statement left open: "x ="), cut_turn (a client's status
                    line ending a started turn: "I'll read the test." then "Cancelled"),
                    stack_trace, runtime_message (a
                    runtime's crash message alone), template_slot (`Error: {e}` never filled),
                    app_controls (a remedy through the app's own controls: "send /new", "the
                    retry button"), error_fields (an error record as fields, one per line),
                    zero_output, run_stopped (a run that stopped, as a status line),
                    guardrail_verdict (a guardrail's verdict stands in for the answer),
                    nothing_retrieved (a retrieval or a router found nothing: "no results"),
                    command_failed (a chat-ops bot's error line to a command: "Unknown
                    user 'doris'", "Page specified must be an integer."),
                    switched_off (a part of the app switched off: "models are disabled"),
                    retry_log (a client's retry log: the same error again after "Retrying"),
                    own_cause (an event of this exchange, then its cause guessed: "The
                    request timed out. This might be due to ..."),
                    rejected_field (a validator's verdict on a field of the request:
                    "messages.3.content: field required"), tool_record (an agent loop's
                    record of a tool call passed on as the reply: "Command web_search
                    returned: []"), format_fault (its complaint that the model's output
                    missed the loop's form: "Message misformat, no valid tool request
                    found"), tool_protocol (a provider's error about tool calling or
                    structured output: "... does not support tools", "tool_use_failed",
                    "No object generated"), failed_status (an envelope whose
                    own fields say it failed: `"success": false`), step_limit (an agent
                    loop's cap reached), casual_trouble (trouble in a casual register:
                    "kuch gadbad ho gaya"), inability_alone (one clause of inability, the
                    whole reply: "Không dịch được."), gave_up (an agent's last turn says
                    the task was not done: "I was unable to find the information."),
                    announces_only (an agent's turn only announces the work to come:
                    "Now let me update the tests:", "I'll start by reading the config."),
                    ends_announcing (a short report that ends on the next step
                    announced: "Shrunk them. Now let me write the document."),
                    under_way (the work said started, its progress to be shown
                    elsewhere: "started fixing the issue! You can monitor the progress here"),
                    under_way_quoting (that placeholder with the task quoted after it:
                    "I'm starting to work on it ... Original issue description: > ..."),
                    declines_as_ai (a task declined for being an AI: "As an AI language
                    model, I cannot write this chapter."),
                    answer_unfilled (its answer format unfilled: "[your answer here]"),
                    stub_code (a skeleton's body unwritten: "# Your code here", `pass`),
                    bodyless_function (the asked function's docstring and no code under it),
                    headings_only (a report's headings and nothing under them: "# Assessment
                    No: 4" then "## Date: ..."),
                    typed_tool_call (a tool's call typed as text, its JSON arguments in a
                    tag of its name: "<run_terminal_cmd>\n{...}\n</run_terminal_cmd>"),
                    code_declined (no code, a refusal, where code was asked),
                    code_untranslated (code left in its source language: Java in a
                    ```python fence), code_comments_only (code blocks of comments only),
                    conversion_declined (no code, "I cannot translate Python code to Java"),
                    escapes_only (a string's escape codes alone: "\\u958b\\u3051"),
                    fence_unwritten ("```python\nimport", a fence and a stop token),
                    tags_only (lines of bracketed tags: "[EXPECTED]\n[SKIP]"),
                    file_cut (a program, unfenced, cut mid-file: "end = j +"),
                    code_announced (code introduced as there and only prose: "The
                    following is a bash script that will ..."),
                    talk_for_code (code asked in the imperative, words with no mark of
                    code: "Here's the JUnit 5 test file for the code provided."),
                    query_withheld (no query, and it says none can be written: "It is not
                    possible to write a meaningful SQL query"), schema_in_place (a schema,
                    `CREATE TABLE ...`, and no SELECT, to a question of data),
                    talks_of_output (a title or a query talked of, not given: "Here is a
                    title for the conversation", "The user wants a title"),
                    placeholder_title (a title step's stand-in: "No Context"),
                    title_not_given (a chat turn where only a title was asked),
                    forum_dump (a base model written on into a forum thread: "\\end{code}
                    Comment: I'm not sure what you're asking"),
                    answers_nothing (a stock line about the exchange alone: "That's not
                    something I can do"), disclaims_medium (only "I can't see the
                    image", an apology and an offer, where an image was the task),
                    medium_unseen (it opens so, then guesses: "Unfortunately, I'm not able
                    to view images directly, but here's a hypothetical description"),
                    declines_task (only a refusal of the task, its reasons and an offer
                    of something else: "I'm not able to write that. Is there another
                    way I can assist you?"), unrated_judgment (a judge's reply with
                    no verdict in any form, where a judgment was asked),
                    verdict_left_blank (a judge's reply with the verdict's label
                    alone, its value blank: "Score:\\n\\nRationale:"),
                    unfinished_judgment (a pairwise judge's rationale broken off
                    before its verdict), accepts_only
                    (only "Sure, I can do that!" to a plain task),
                    offers_only (only an offer of more: "If you want, I can also ..."),
                    asks_text_at_end (a rendering that ends asking for its text: "Please provide
                    the text you want translated." after the translated document),
                    target_questioned (the language to translate into quoted and asked
                    about: "Could you clarify what "mo" refers to?"),
                    chat_for_commit (a chat turn where a commit message was asked: "The
                    changes look good. Let me run the tests again"),
                    blocked_by_failure (it opens blocked: "I'm unable to access the
                    repository due to rate limits"), fill_in_left (copy with its fill-in
                    slots open: "[task 1], [task 2]", "INSERT-TEXT-HERE"), fill_in_slots
                    (slots in place of the content: "<nooutput>", "[insert chart]",
                    "<插入流程图>", a text most of which is slots), model_cannot (a
                    dataset's stand-in line: "The GPT model cannot perform such actions."),
                    withholds_identity (a vision reply that only declines to say who is
                    shown: "I'm sorry, I can't identify the person in the image."),
                    pleads_limits (only the model's limits, a refusal, a redirect: "I'm
                    not a doctor ... please consult one"), declines_choice (a
                    multiple-choice question, no option picked: "the answer is unknown"),
                    form_missing (a short reply with none of the form its request
                    fixes: no offered label, no option, no number where one was asked),
                    records_missing (no record marker where the request laid out
                    delimited records: a markdown list in place of ("entity"<|>...);
                    records_as_code: a program or a JSON there), records_elided
                    (records, then "... (and so on)"), example_records (the request's
                    example records copied), type_named_records (records named by
                    the offered types: "Organization"<|>"person"),
                    ranking_missing (a ranker's form with no ranking in it: "FINAL
                    RANKING:" and nothing under it, an entry ranked twice, `"ranked_ids":
                    "a"`, a score of NaN), undecided (a short reply that cannot decide or
                    holds no verdict: "I don't know how to rank these.", "No clear verdict
                    here."),
                    degenerate (no language: one letter repeated, control tokens bare, a
                    few words looping, the prompt echoed)
Answer evidence:    explains (cause and fix words), describes_picture ("This image shows
                    an error dialog": a caption), prose (sentences with no failure word),
                    typed_command (a shell's prompt and a command: "$ npm install"),
                    input_example (a bot's example of what to type next: "(例: 午餐 1200円)"),
                    markdown (tables, lists, headings, code), quoted (failure words in quotes),
                    witness (the writer met the failure too: "same here"), asked_about (the
                    question names the same failure), on_topic (the reply shares words with
                    the question), asked_for (the request demanded this short reply, these
                    keys, this markup), asked_after_itself (a line about the speaker, to
                    "How are you?"), refuses_harm (a refusal of a request for harmful
                    work: "build a bomb" -> "I cannot assist with that"), rejected_choice (a
                    bot's "that is not a valid option, choose 1 to 4"); a writer speaking
                    ABOUT a failure, not a service speaking AS one: addresses_asker,
                    replies_yes_no (a yes or a no opens
                    the reply to a question), speaks_casually ("yeah", "afaik": a
                    person's talk), own_slip ("Sorry, wrong repository.": a slip of the
                    writer's in the thread), contrast, cites_standard, cites_source,
                    acted, cause_and_fix, codes_as_kind, past_state, third_party, fix_landed
                    ("has been resolved", 已修复), thread_talk (a Chinese thread's talk:
                    "楼主", "不知道是...还是", "你可以试试"), hearsay ("と言われてます": what the
                    speaker was told), forbids_listener ("I can't let you pass"), found_fault,
                    next_release, asks_fix (weights in the JSON); a diagnosis: checklist (parts
                    marked working and failing), schedule (cases counted up, each with its
                    rule), recurrence (how often it comes back), within_limit (usage said to be
                    under a limit), names_cause (a cause labelled or blamed for the problem),
                    asker_evidence ("in your screenshot", "从报错来看"), cannot_tell
                    ("信息不完整无法进行判断": a report too thin to diagnose), works_elsewhere
                    ("works on another PC"); a tracker's thread: tracker_act ("closing
                    this", "kapatt\u0131m"), wishes ("it would be great to have ..."), own_trial
                    ("I tried with another key", "无法复现"), wonders ("..., right?");
                    a person's guess and talk: guesses ("It sounds like ...", 估计),
                    casual_fix ("把10改大点就解决了");
                    a manual about errors: doc_markup (links to its pages, macros, `anId()`),
                    handles_errors ("catches errors", 捕获), bold_status (`**502 ...**`),
                    summarises_document ("论文提出了...", "This paper proposes ..."),
                    code_parts (two parts of a program named: "the middleware function"),
                    json_schema (a JSON Schema of an error object), topic_list (a line that
                    makes an error its topic opens a list: "El error 429 aparece cuando:"),
                    lists_failures (the reply only a list of failures of several kinds: a
                    catalogue of causes, "- 连接超时错误", "- 认证失败", ...),
                    occurs_when (a rule of when an error comes: "429 is returned when
                    ...", "場合に発生"), names_itself ("This guide covers ...", 本页说明)
Both:               learned (a linear model over character n-grams, trained on the corpus's
                    tune part: `learned.py`)

The phrases and weights are data (`judge_signals.json`), extendable by configuration.
Pure and fast: a long reply with no failure shape at its start or end is cleared without a
full reading (`clearing.quick_clear`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tether.messages import Request, Usage
from tether.reliability import (
    ai_excuse_signals,
    answer_language_signals,
    blocked_signals,
    cut_turn_signals,
    declined_signals,
    empty_patch_signals,
    fill_in_signals,
    form_signals,
    grader_signals,
    identity_signals,
    lecture_signals,
    model_cannot_signals,
    next_item_signals,
    outline_signals,
    ranking_signals,
    record_format_signals,
    setup_signals,
    talk_only_signals,
)
from tether.reliability.about_signals import (
    acted,
    addresses_asker,
    cites_standard,
    codes_as_kind,
    contrast,
    own_slip,
    past_state,
    replies_yes_no,
    speaks_casually,
)
from tether.reliability.agent_signals import input_unread, setup_unmet, task_outcome
from tether.reliability.announced_code_signals import code_announced
from tether.reliability.answer_signals import (
    conditional,
    defines,
    explains,
    input_example,
    introduced,
    json_data,
    long_prose,
    markdown,
    prose,
    quoted,
    rate_stated,
    typed_command,
)
from tether.reliability.appended_request_signals import asks_text_at_end
from tether.reliability.bodyless_signals import bodyless_function
from tether.reliability.capability_signals import disclaims_medium, medium_unseen
from tether.reliability.caption_signals import describes_picture
from tether.reliability.casual_signals import casual_trouble
from tether.reliability.choice_signals import declines_choice
from tether.reliability.code_declined_signals import code_declined
from tether.reliability.code_signals import http_message, many_codes, names_code
from tether.reliability.code_talk_signals import talk_for_code
from tether.reliability.command_reply_signals import command_failed
from tether.reliability.commit_message_signals import chat_for_commit
from tether.reliability.degenerate_signals import degenerate
from tether.reliability.diagnosis_signals import (
    asker_evidence,
    called_normal,
    cannot_tell,
    checklist,
    names_cause,
    recurrence,
    schedule,
    within_limit,
    works_elsewhere,
)
from tether.reliability.docs_signals import (
    bold_status,
    code_parts,
    doc_markup,
    docs_need_no_update,
    explainer_title,
    guide_heading,
    handles_errors,
    json_schema,
    lists_failures,
    names_itself,
    occurs_when,
    summarises_document,
    topic_list,
)
from tether.reliability.envelope_signals import envelope
from tether.reliability.exchange_signals import answers_nothing
from tether.reliability.failure_signals import (
    app_controls,
    client_prefix,
    coverage,
    diagnostics,
    error_fields,
    error_object,
    hands_back,
    knows_nothing,
    self_state,
    short_notice,
    sse_frame,
    status_code,
    stock_notice,
    stream_framing,
    vocabulary,
)
from tether.reliability.filter_signals import filtered_stand_in
from tether.reliability.fix_signals import (
    asks_fix,
    change_note,
    fix_landed,
    found_fault,
    next_release,
)
from tether.reliability.forum_dump_signals import forum_dump
from tether.reliability.generation_signals import (
    cannot_see,
    cell_error,
    prompt_refused,
)
from tether.reliability.give_up_signals import answer_unfilled, gave_up
from tether.reliability.guard_signals import asked_verdict
from tether.reliability.guess_signals import casual_fix, guesses
from tether.reliability.in_role_signals import forbids_listener, hearsay
from tether.reliability.inability_signals import inability_alone
from tether.reliability.learned import learned, reach
from tether.reliability.lexicon import Lexicon
from tether.reliability.limits_signals import pleads_limits
from tether.reliability.line_rendering_signals import line_chatter, rendered_line
from tether.reliability.notice_signals import (
    format_fault,
    guardrail_verdict,
    nothing_retrieved,
    own_cause,
    rejected_field,
    retry_log,
    run_stopped,
    switched_off,
    tool_record,
)
from tether.reliability.own_outage_signals import bad_response, own_outage
from tether.reliability.page_signals import empty_page, html_page, page_text
from tether.reliability.person_signals import first_person, specifics, witness
from tether.reliability.persona_signals import (
    asked_after_itself,
    at_rest,
    cannot_talk_now,
    cut_off,
    medium_silent,
    narrated_silence,
    not_understood,
    only_a_shrug,
    only_an_aside,
    out_of_sorts,
    own_machinery,
    slows_down,
    stands_by,
)
from tether.reliability.printed_object_signals import object_repr, sdk_object
from tether.reliability.program_signals import source_code
from tether.reliability.query_signals import query_withheld, schema_in_place
from tether.reliability.question_signals import (
    LEXICAL,
    NOTICE_MARKS,
    STRUCTURAL,
    asked_about,
    asked_for,
    on_topic,
)
from tether.reliability.reading import THRESHOLD, Reading
from tether.reliability.record_signals import empty_record
from tether.reliability.refusal_signals import names_refused
from tether.reliability.rendering_signals import (
    declines_rendering,
    failed_segment,
    rendered,
)
from tether.reliability.reply import (
    Reply,
    Signal,
    SignalFn,
    composed,
)
from tether.reliability.requested_harm import refuses_harm
from tether.reliability.runtime_message_signals import runtime_message
from tether.reliability.slot_signals import color_code, template_slot
from tether.reliability.source_left_signals import (
    code_comments_only,
    code_untranslated,
    conversion_declined,
    escapes_only,
    fence_unwritten,
    file_cut,
    tags_only,
)
from tether.reliability.source_signals import cites_source, names_origin, third_party
from tether.reliability.stand_in_signals import placeholder, zero_output
from tether.reliability.status_fields_signals import failed_status
from tether.reliability.step_error_signals import step_failed
from tether.reliability.step_limit_signals import step_limit
from tether.reliability.stub_code_signals import stub_code
from tether.reliability.support_signals import (
    bot_fallback,
    domain_outcome,
    rejected_choice,
    support_offline,
)
from tether.reliability.tail_signals import broken_off, tail_error
from tether.reliability.target_language_signals import target_questioned
from tether.reliability.title_step_signals import (
    placeholder_title,
    talks_of_output,
    title_not_given,
)
from tether.reliability.tool_protocol_signals import tool_protocol
from tether.reliability.trace_signals import (
    runtime_prose,
    stack_trace,
)
from tether.reliability.tracker_signals import own_trial, tracker_act, wishes, wonders
from tether.reliability.transform_signals import transform_meta
from tether.reliability.troubleshooting_signals import cause_and_fix
from tether.reliability.typed_call_signals import typed_tool_call
from tether.reliability.unfinished_signals import (
    ends_mid_clause,
    stops_mid_code,
    stops_mid_sentence,
)
from tether.reliability.unread_source_signals import source_unread
from tether.reliability.weights import DEFAULT_WEIGHTS as DEFAULT_WEIGHTS
from tether.reliability.zh_thread_signals import thread_talk

# The weights, by signal name: `weights.DEFAULT_WEIGHTS` (re-exported here).


# The failure evidence, in the order `tether judge --explain` prints it.
FAILURE_SIGNALS: tuple[SignalFn, ...] = (
    placeholder,
    filtered_stand_in,
    vocabulary,
    coverage,
    short_notice,
    stock_notice,
    self_state,
    hands_back,
    knows_nothing,
    stands_by,
    at_rest,
    out_of_sorts,
    medium_silent,
    narrated_silence,
    only_a_shrug,
    slows_down,
    cannot_talk_now,
    own_machinery,
    cut_off,
    own_outage,
    bad_response,
    not_understood,
    only_an_aside,
    bot_fallback,
    support_offline,
    domain_outcome,
    error_object,
    html_page,
    empty_page,
    page_text,
    sse_frame,
    stream_framing,
    sdk_object,
    envelope,
    status_code,
    client_prefix,
    diagnostics,
    tail_error,
    broken_off,
    ends_mid_clause,
    stops_mid_sentence,
    stops_mid_code,
    cut_turn_signals.cut_turn,
    failed_segment,
    declines_rendering,
    transform_meta,
    asks_text_at_end,
    target_questioned,
    line_chatter,
    stack_trace,
    runtime_prose,
    object_repr,
    runtime_message,
    template_slot,
    color_code,
    app_controls,
    error_fields,
    zero_output,
    run_stopped,
    guardrail_verdict,
    nothing_retrieved,
    command_failed,
    switched_off,
    setup_unmet,
    setup_signals.setup_asked,
    input_unread,
    source_unread,
    step_failed,
    retry_log,
    own_cause,
    failed_status,
    empty_record,
    step_limit,
    casual_trouble,
    inability_alone,
    gave_up,
    talk_only_signals.announces_only,
    talk_only_signals.under_way,
    talk_only_signals.ends_announcing,
    answer_unfilled,
    ai_excuse_signals.declines_as_ai,
    stub_code,
    code_untranslated,
    code_comments_only,
    escapes_only,
    conversion_declined,
    fence_unwritten,
    tags_only,
    file_cut,
    bodyless_function,
    outline_signals.headings_only,
    typed_tool_call,
    code_declined,
    code_announced,
    talk_for_code,
    query_withheld,
    schema_in_place,
    talks_of_output,
    placeholder_title,
    title_not_given,
    forum_dump,
    answers_nothing,
    cannot_see,
    disclaims_medium,
    medium_unseen,
    declined_signals.declines_task,
    lecture_signals.lectures_instead,
    next_item_signals.writes_next_items,
    grader_signals.unrated_judgment,
    grader_signals.unfinished_judgment,
    talk_only_signals.accepts_only,
    talk_only_signals.offers_only,
    chat_for_commit,
    blocked_signals.blocked_by_failure,
    fill_in_signals.fill_in_left,
    fill_in_signals.fill_in_slots,
    model_cannot_signals.model_cannot,
    identity_signals.withholds_identity,
    pleads_limits,
    declines_choice,
    form_signals.form_missing,
    record_format_signals.records_missing,
    prompt_refused,
    cell_error,
    rejected_field,
    tool_record,
    format_fault,
    tool_protocol,
    degenerate,
    docs_need_no_update,
    record_format_signals.records_elided,
    record_format_signals.example_records,
    record_format_signals.type_named_records,
    ranking_signals.ranking_missing,
    ranking_signals.undecided,
    answer_language_signals.wrong_language,
    empty_patch_signals.patch_without_lines,
)
SIGNALS: tuple[SignalFn, ...] = (
    *FAILURE_SIGNALS,
    explains,
    defines,
    describes_picture,
    prose,
    long_prose,
    markdown,
    quoted,
    first_person,
    witness,
    specifics,
    change_note,
    conditional,
    json_data,
    task_outcome,
    many_codes,
    names_code,
    rate_stated,
    http_message,
    typed_command,
    input_example,
    checklist,
    schedule,
    recurrence,
    within_limit,
    names_cause,
    asker_evidence,
    cannot_tell,
    works_elsewhere,
    called_normal,
    tracker_act,
    wishes,
    own_trial,
    wonders,
    guesses,
    casual_fix,
    doc_markup,
    explainer_title,
    summarises_document,
    guide_heading,
    topic_list,
    lists_failures,
    occurs_when,
    names_itself,
    handles_errors,
    bold_status,
    code_parts,
    source_code,
    json_schema,
    addresses_asker,
    replies_yes_no,
    speaks_casually,
    own_slip,
    contrast,
    cites_standard,
    acted,
    cause_and_fix,
    codes_as_kind,
    past_state,
    fix_landed,
    thread_talk,
    hearsay,
    forbids_listener,
    found_fault,
    next_release,
    asks_fix,
    cites_source,
    third_party,
    names_origin,
    names_refused,
    refuses_harm,
    rejected_choice,
    asked_verdict,
    on_topic,
    asked_for,
    rendered,
    rendered_line,
    asked_after_itself,
    learned,
)


# The signals that can weigh toward "failure" (`on_topic` says `off_topic`); every other one
# only weighs toward "answer" (weights are never negative). When these add up to less than a
# verdict's bar, nothing else can reach it, and the verdict needs no more reading.
# `learned` weighs both ways: read last, and for a verdict only when it could tip it.
FAILURE_SIDE: tuple[SignalFn, ...] = (*FAILURE_SIGNALS, on_topic)
ANSWER_SIDE: tuple[SignalFn, ...] = tuple(
    fn for fn in SIGNALS if fn not in FAILURE_SIDE and fn is not learned
)


def _evidence(found: Iterable[Signal]) -> float:
    return round(sum(s.weight for s in found if s.weight > 0), 3)


# (evidence read in the whole reply's shape, its opening or its end: `introduced` takes none
# of it back)
_WHOLE_SHAPE = frozenset(
    (
        "stub_code",
        "code_comments_only",
        "chat_for_commit",
        "asks_text_at_end",
        "unfinished_judgment",
        "records_missing",
        "docs_need_no_update",
        "records_as_code",
        "records_elided",
        "example_records",
        "type_named_records",
    )
)


def _weighing(r: Reply, w: Mapping[str, float], found: tuple[Signal, ...]) -> list[Signal]:
    """The two signals that weigh what the others found (a full reading only)."""
    # (evidence read in the whole reply's shape, not in a part shown after a lead-in: no
    # sentence of the writer's introduces a skeleton's unwritten body, nor a judge's rationale
    # that breaks off before its verdict, nor a markdown list where records were laid out)
    evidence = sum(s.weight for s in found if s.weight > 0 and s.name not in _WHOLE_SHAPE)
    weighed = list(introduced(r, w, evidence))
    lexical = sum(s.weight for s in found if s.name.startswith(LEXICAL))
    structural = sum(s.weight for s in found if s.name in STRUCTURAL)
    # (a notice's own marks, and no answer signal that reads a writer: `voiceless_notice`)
    marked = not any(s.weight < 0 for s in (*found, *weighed)) and any(
        s.name in NOTICE_MARKS for s in found
    )
    return [*weighed, *asked_about(r, w, lexical, structural, marked)]


# The signals' weights have three decimals, the learned one's rounded to them: a sum this far
# below a bound stays below it whatever the rounding.
_ROUNDING = 0.001

# Failure-side signals a side-only reading leaves for later: costly on a mid-length answer, and
# each one signal of at most one weight (the first name's; `on_topic` weighs toward failure as
# `off_topic`, and as itself only if its weight is set below 0). Until one is read, it counts
# as the most it can weigh.
BOUNDED: dict[SignalFn, tuple[str, str]] = {
    app_controls: ("app_controls", ""),
    diagnostics: ("diagnostics", ""),
    on_topic: ("off_topic", "on_topic"),
}
EAGER: tuple[SignalFn, ...] = tuple(fn for fn in FAILURE_SIDE if fn not in BOUNDED)
# The order a side-only reading reads the rest in, until the score is settled below the bar:
# what settles most answers of the corpus soonest for its cost (a greedy order, measured on the
# texts that reach the answer side), with `explains` and `first_person` moved up for a coding
# agent's short answers ("I changed ...", "because ..."); then any answer signal not named.
_SETTLING_FIRST: tuple[SignalFn, ...] = (
    app_controls, markdown, long_prose, diagnostics, quoted, explains, first_person, on_topic,
    many_codes, specifics, bold_status, cites_standard, names_code, json_data, asked_for,
    defines, conditional, addresses_asker, http_message, contrast, json_schema, cites_source,
    checklist, fix_landed, doc_markup, found_fault, asker_evidence, change_note, next_release,
    witness, recurrence, asks_fix, prose, typed_command, codes_as_kind, rate_stated,
    names_cause, handles_errors, third_party, past_state, acted, code_parts, cause_and_fix,
    within_limit, works_elsewhere, replies_yes_no, asked_after_itself,
)  # fmt: skip
SETTLING: tuple[SignalFn, ...] = (
    *_SETTLING_FIRST,
    *(fn for fn in ANSWER_SIDE if fn not in _SETTLING_FIRST),
)


def _most(w: Mapping[str, float], fn: SignalFn) -> float:
    """The most a bounded signal can weigh toward failure with these weights."""
    toward, against = BOUNDED[fn]
    return max(0.0, w[toward], -w[against] if against else 0.0)


def _settled_early(
    r: Reply,
    w: Mapping[str, float],
    read: dict[SignalFn, tuple[Signal, ...]],
    bar: float,
    toward_failure: float,
) -> tuple[Signal, ...] | None:
    """The signals of a side-only reading settled below `bar`, the bounded signals (`BOUNDED`)
    counted at their most until read, the rest read in `SETTLING` order; None when even all of
    them do not settle it (then every signal but the learned one is in `read`). Every signal
    unread only lowers the score, and the learned one lifts it by `toward_failure` at most."""
    unread = sum(_most(w, fn) for fn in BOUNDED)
    first = tuple(s for found in read.values() for s in found)
    if _evidence(first) + unread + toward_failure < bar:
        return first
    bound = bar - toward_failure - _ROUNDING
    score = sum(s.weight for s in first)
    for fn in SETTLING:
        found = read[fn] = tuple(fn(r, w))
        if found:  # (most read nothing: no generator for them)
            score += sum(s.weight for s in found)
        if fn in BOUNDED:
            unread -= _most(w, fn)
        if score + unread < bound:
            return tuple(s for found in read.values() for s in found)
    return None


# ---------------------------------------------------------------- entry point


def read_reply(
    text: str,
    request: Request | None,
    usage: Usage | None,
    lexicon: Lexicon,
    weights: Mapping[str, float],
    threshold: float = THRESHOLD,
    settle_below: float | None = None,
    side_only: bool = False,
) -> Reading:
    """Every signal on `text` (the reply's content, stripped) and their sum. With
    `settle_below`, a reading whose failure evidence adds up to less stops there: its score
    can only fall further, so a verdict needs nothing else (an explanation does).

    With `side_only` too, a reading stops as soon as its side of `settle_below` is known: the
    failure signals but a few costly ones (`BOUNDED`, counted at their most until read) are
    read, then the rest one by one (`SETTLING`), and once they keep the score below the bar
    whatever the learned model says, neither the rest of them nor the model (the costliest
    signal) is read. A short answer that says "failed", "timeout" and "retry later" has failure
    evidence past the bar, taken back by its first answer signals (it explains, it says "I"):
    most of them, and of the costly failure signals, are never read. Below the bar, such a
    reading is then not the settled one (its score is on the same side); at or past it, it is."""
    reply = Reply(composed(text), request, usage, lexicon)
    toward_failure, toward_answer = reach(weights)
    side = side_only and settle_below is not None
    read = {fn: tuple(fn(reply, weights)) for fn in (EAGER if side else FAILURE_SIDE)}
    if side_only and settle_below is not None:
        early = _settled_early(reply, weights, read, settle_below, toward_failure)
        if early is not None:
            return Reading(early, threshold)
    lifted: tuple[Signal, ...] | None = None
    if settle_below is not None:
        first = tuple(s for fn in FAILURE_SIDE for s in read[fn])
        evidence = _evidence(first)
        if evidence + toward_failure < settle_below:
            return Reading(first, threshold)
        if evidence < settle_below:  # only the learned signal could lift it to the bar
            lifted = tuple(learned(reply, weights, first))
            if evidence + _evidence(lifted) < settle_below:
                return Reading((*first, *lifted), threshold)
    read.update((fn, tuple(fn(reply, weights))) for fn in ANSWER_SIDE if fn not in read)
    found = tuple(s for fn in SIGNALS if fn is not learned for s in read[fn])
    hand = (*found, *_weighing(reply, weights, found))
    if settle_below is not None and lifted is None:
        # the learned signal is read only where it could move the reading across the bar
        score = round(sum(s.weight for s in hand), 3)
        if not settle_below - toward_failure <= score <= settle_below + toward_answer:
            return Reading(hand, threshold)
    if lifted is None:
        lifted = tuple(learned(reply, weights, (s for fn in FAILURE_SIDE for s in read[fn])))
    return Reading((*hand, *lifted), threshold)
