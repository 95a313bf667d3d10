"""The judge's registry of evidence: every signal that reads a reply, in the order
`tether judge --explain` prints them, and `read_reply`, which reads them.

Gateways, relays and clients put their own failure texts where the model's reply should be:
quota notices, rate-limit messages, "overloaded", an HTML error page, a JSON error object, an
SSE error frame printed as text, `null`, a content-filter replacement, an error appended to a
partial answer; models refuse, stop mid-way, ask back, or answer in a form never asked for. No
single phrase list catches them, because real texts carry ids, advice, links and explanations
around the phrase. So the judge weighs evidence: each signal is a small named function that
reads the reply (and the request it answers) and returns a weight, positive for "failure",
negative for "answer". The reply is a failure when the weights add up to the threshold (1.0).

Where each question is answered:
- what a signal reads: its module's docstring (`*_signals.py`), and one line per signal beside
  its weight in `weights.py`;
- the phrases: data (`judge_signals.json`), extendable by configuration;
- how the found evidence is summed and weighed: `evidence_weighing.py`;
- when a reading may stop early, its verdict settled: `settling.py` (and a long reply with no
  failure shape at its start or end is cleared with no full reading: `clearing.quick_clear`);
- the learned signal, read last and only where it could tip a verdict: `learned.py`.
"""

from __future__ import annotations

from collections.abc import Mapping

from tether.messages import Request, Usage
from tether.reliability import (
    ai_excuse_signals,
    answer_language_signals,
    blocked_signals,
    config_signals,
    cut_turn_signals,
    declined_signals,
    empty_patch_signals,
    fill_in_signals,
    form_signals,
    grader_signals,
    identity_signals,
    lecture_signals,
    missing_input_signals,
    model_cannot_signals,
    next_item_signals,
    outline_signals,
    query_hint_signals,
    ranking_signals,
    reasoning_left_signals,
    record_format_signals,
    scrambled_code_signals,
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
    generator_error_heading,
    guide_heading,
    handles_errors,
    inputs_summarised,
    instruction_sections,
    json_schema,
    lists_failures,
    names_itself,
    occurs_when,
    summarises_document,
    topic_list,
)
from tether.reliability.empty_input_signals import input_said_empty
from tether.reliability.envelope_signals import envelope
from tether.reliability.evidence_weighing import evidence, weighing
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
from tether.reliability.hollow_summary_signals import (
    no_changes_summarised,
    summary_failed,
    transcript_missing,
)
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
from tether.reliability.requested_harm import refuses_harm, refuses_harmless
from tether.reliability.runtime_message_signals import runtime_message
from tether.reliability.settling import settled_early
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
    stops_mid_script,
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
    config_signals.code_cut_open,
    refuses_harmless,
    no_changes_summarised,
    summary_failed,
    transcript_missing,
    ranking_signals.label_not_offered,
    ranking_signals.fields_missing,
    ranking_signals.ids_unfinished,
    grader_signals.verdict_malformed,
    answer_language_signals.wrong_language,
    empty_patch_signals.patch_without_lines,
    ranking_signals.score_missing,
    missing_input_signals.asks_for_input,
    input_said_empty,
    reasoning_left_signals.reasoning_unfinished,
    reasoning_left_signals.answer_block_empty,
    generator_error_heading,
    inputs_summarised,
    instruction_sections,
    query_hint_signals.query_not_written,
    scrambled_code_signals.code_lines_scrambled,
    config_signals.completion_left_open,
    stops_mid_script,
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
    ranking_signals.ranking_given,
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
        early = settled_early(reply, weights, read, settle_below, toward_failure, BOUNDED, SETTLING)
        if early is not None:
            return Reading(early, threshold)
    lifted: tuple[Signal, ...] | None = None
    if settle_below is not None:
        first = tuple(s for fn in FAILURE_SIDE for s in read[fn])
        first_evidence = evidence(first)
        if first_evidence + toward_failure < settle_below:
            return Reading(first, threshold)
        if first_evidence < settle_below:  # only the learned signal could lift it to the bar
            lifted = tuple(learned(reply, weights, first))
            if first_evidence + evidence(lifted) < settle_below:
                return Reading((*first, *lifted), threshold)
    read.update((fn, tuple(fn(reply, weights))) for fn in ANSWER_SIDE if fn not in read)
    found = tuple(s for fn in SIGNALS if fn is not learned for s in read[fn])
    hand = (*found, *weighing(reply, weights, found))
    if settle_below is not None and lifted is None:
        # the learned signal is read only where it could move the reading across the bar
        score = round(sum(s.weight for s in hand), 3)
        if not settle_below - toward_failure <= score <= settle_below + toward_answer:
            return Reading(hand, threshold)
    if lifted is None:
        lifted = tuple(learned(reply, weights, (s for fn in FAILURE_SIDE for s in read[fn])))
    return Reading((*hand, *lifted), threshold)
