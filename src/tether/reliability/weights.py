"""The weight each judge signal carries: failure evidence adds it, answer evidence takes it
away (`signals.read_reply` weighs them). One table, so a weight is tuned in one place; the
weights of a writer speaking about a failure are data (`judge_signals.json`, `weights`)."""

from __future__ import annotations

from tether.reliability.lexicon import SHIPPED

DEFAULT_WEIGHTS: dict[str, float] = {
    # failure evidence
    "coverage": 0.4,  # failure words make up at least a third of the message's letters
    "short_notice": 0.4,  # a message of at most 200 characters with failure words
    "stock_notice": 0.5,  # ... made only of a canned notice's parts, nothing of the task
    "self_state": 1.1,  # a short reply about the speaker's own mind failing, nothing of the task
    "hands_back": 1.0,  # ... or handing the turn back to the user ("ask me again later")
    "knows_nothing": 1.0,  # ... or only not knowing, to a task ("Weiß ich nicht!")
    "stands_by": 1.0,  # ... or only "I'm here, give me a moment", to a task
    "at_rest": 1.0,  # ... or only resting, asleep, on a break ("Estoy descansando un ratito")
    "out_of_sorts": 1.0,  # ... or only tired, dazed, distracted ("*yawns* I'm so sleepy")
    "only_a_shrug": 1.0,  # ... or only a shrug ("¯\\_(ツ)_/¯", "🤷"), to a task
    "narrated_silence": 1.0,  # ... or a narrator's "The innkeeper doesn't respond."
    "medium_silent": 1.0,  # ... or its spirits, stars or cards silent ("The spirits are silent")
    "slows_down": 1.0,  # ... or only telling the user to slow down ("慢一点", "Not so fast!")
    "cannot_talk_now": 1.0,  # ... or only unable to talk now ("今はお話しできないの…")
    "own_machinery": 1.0,  # ... or its own AI, server or signal in trouble ("my AI is napping")
    "cut_off": 1.0,  # ... or cut off from its servers or the internet ("I can't reach the servers")
    "own_outage": 0.5,  # a service saying it is down or asleep ("O chatbot está fora do ar")
    "bad_response": 0.5,  # a bad response said received ("Invalid response from server")
    "not_understood": 1.0,  # ... or only "I didn't understand", with no word of the task
    "only_an_aside": 1.0,  # ... or only a stage direction, no spoken line ("*stares blankly*")
    "bot_fallback": 1.5,  # a support bot's "didn't get that" with coaching ("Try saying ...")
    "support_offline": 0.7,  # a support widget's "all agents are busy", "email us only"
    "domain_outcome": 0.6,  # a support bot's "the slot you asked for is not available" (answer)
    "rejected_choice": 0.6,  # a bot's "that is not a valid option, choose 1 to 4" (answer)
    "error_object": 1.2,
    "error_object_part": 0.5,  # an error object inside a longer text
    "html_page": 1.2,
    "html_doc": 0.5,  # an HTML document with no error in its title
    "empty_page": 0.8,  # ... with next to no text (a bot check's or a loader's shell)
    "page_text": 0.7,  # an error page's text as rendered ("Ray ID: ...", "What happened?")
    "sse_frame": 1.2,
    "stream_framing": 1.2,  # ... or the whole reply a stream's frames, line by line
    "sdk_object": 1.2,  # a client library's response object printed whole
    "envelope": 1.2,  # ... or a wire envelope (an MCP tool result) with no answer inside
    "status_code": 0.6,
    "client_prefix": 0.5,
    "diagnostics": 0.3,
    "placeholder": 2.0,
    "filtered_stand_in": 2.0,  # a filter's replacement ("[Content removed]", "SAFETY")
    "asked_stand_in": 2.5,  # (answer side) a stand-in the request demands ("translate 'No answer'")
    "tail_error": 1.2,
    "broken_off": 4.0,  # ... after an answer broken off mid-token, or after escaped line breaks
    "ends_mid_clause": 5.0,  # a reply cut inside a clause (outweighs a long prose answer's -3.5)
    "stops_mid_sentence": 5.0,  # ... or a model's closed prose whose last line runs on, unclosed
    "stops_mid_code": 5.0,  # ... or its code, in a fence never closed, on a statement left open
    "cut_turn": 4.0,  # a client's status line after a started turn ("...\n---\nCancelled")
    "stack_trace": 1.2,  # the reply is a stack trace or an exception as a runtime prints it
    "runtime_message": 1.2,  # ... or a runtime's crash message alone ("... is not a function")
    "object_repr": 1.2,  # ... a runtime's default print of a value (`<coroutine object ...>`)
    "runtime_prose": 1.0,  # ... a trace's runtime stock sentences, each (Node's rejection), up to 3
    "template_slot": 1.0,  # a message template with a slot never filled ("Error: {e}")
    "color_code": 0.5,  # a game chat's formatting code opening the reply ("§c[Bot] ...")
    "app_controls": 0.7,  # a remedy through the app's controls ("use /new", "the retry button")
    "error_fields": 0.8,  # an error record as fields, one per line ("Code: ..." / "ID: ...")
    "zero_output": 0.6,
    "run_stopped": 1.0,  # a run that stopped, as a status line ("The agent stopped responding")
    "guardrail_verdict": 1.0,  # a guardrail's verdict ("Potential PII detected in input")
    "nothing_retrieved": 1.2,  # a retrieval that found nothing ("no relevant agent found")
    "command_failed": 1.5,  # a bot's error line to a command ("Unknown user 'doris'")
    "switched_off": 1.0,  # a part of the app switched off ("Gemini models are disabled")
    "setup_unmet": 1.2,  # an agent's own setup unmet ("Chat model is not set!")
    "setup_asked": 1.1,  # an app's setup asked or its state ("Please select a model.")
    "input_unread": 1.2,  # an agent's input unreadable ("The page could not be read")
    "task_outcome": 0.8,  # an agent's finding on the task's objects ("The query returned no rows")
    "retry_log": 1.2,  # a client's retry log: the same error line again after "Retrying in"
    "own_cause": 0.6,  # an event of this exchange, then "This may be due to ...": its own cause
    "failed_status": 2.0,  # a JSON envelope whose fields say it failed ("success": false)
    "empty_record": 2.0,  # ... or an extracted record whose every field is "NA", "" or null
    "source_unread": 2.4,  # a summary's source said unread, the summary withheld
    "step_failed": 2.0,  # a step's own error while fetching its input, no result given
    "step_limit": 1.0,  # an agent loop's cap reached ("Recursion limit of 25 reached")
    "casual_trouble": 1.0,  # trouble in a bot's casual register ("kuch gadbad ho gaya")
    "inability_alone": 1.0,  # one clause of inability, the whole reply ("⚠️ Không dịch được.")
    "gave_up": 1.4,  # an agent's last turn: the task not done ("I was unable to find the answer")
    "announces_only": 2.2,  # only the work announced for this turn ("Let me check the logs:")
    "ends_announcing": 1.8,  # ... or a short report ending on the next step ("Now let me ...")
    "under_way": 4.0,  # ... or said started, its progress to be shown elsewhere (a placeholder)
    "under_way_quoting": 4.0,  # ... its placeholder followed by the task quoted (not its words)
    "typed_tool_call": 6.0,  # a tool call typed as text, nothing ran (outweighs its report)
    "answer_unfilled": 1.6,  # ... or its answer format unfilled ("Final Answer: [your answer]")
    "declines_as_ai": 1.5,  # a short reply declining the task for being an AI ("As an AI ...")
    "code_untranslated": 5.0,  # code left in another language ("import java..." in ```python)
    "code_comments_only": 4.0,  # every code block holds comments only ("// Translated code")
    "conversion_declined": 4.5,  # no code and "I cannot translate ... code" (outweighs its advice)
    "escapes_only": 1.5,  # a string's escape codes alone ("\\u958b\\u3051"), never decoded
    "fence_unwritten": 2.0,  # a fence with nothing in it but a stop token or one keyword
    "file_cut": 5.0,  # a program, unfenced, cut mid-file ("end = j +"; outweighs its code)
    "tags_only": 2.0,  # lines of bracketed tags alone ("[EXPECTED]\n[SKIP]\n[OUTPUT]")
    "stub_code": 3.0,  # a skeleton's body unwritten ("# Your code here", `pass`), code asked
    "headings_only": 2.0,  # a report's headings alone, nothing under them ("# Assessment No: 4")
    "bodyless_function": 4.0,  # the asked function's docstring and no code (its prose counted back)
    "code_declined": 4.0,  # no code and a refusal ("I apologize, but as an AI ..."), code asked
    "code_announced": 3.0,  # code introduced as there, prose only ("The following is a script")
    "talk_for_code": 3.5,  # code asked, words with no mark of code ("Here's the test file.")
    "query_withheld": 4.0,  # no query, none can be written ("cannot generate a SQL query")
    "talks_of_output": 2.6,  # a title talked of, not given ("Here is a title for the chat")
    "placeholder_title": 1.5,  # a title step's stand-in for no title ("No Context")
    "title_not_given": 2.0,  # a chat turn where only a title was asked ("Sorry, I can't")
    "schema_in_place": 3.0,  # a schema (`CREATE TABLE ...`) and no SELECT, to a question of data
    "forum_dump": 3.0,  # a query, then a dump's `\\end{code}  Comment: ...`: a forum thread
    "answers_nothing": 1.6,  # a stock line on the exchange alone ("That's not something I can do")
    "cannot_see": 2.0,  # a short reply opening "This model does not support images"
    "disclaims_medium": 2.0,  # only "I can't see the image", an apology, an offer
    "medium_unseen": 3.5,  # it opens "I can't see the image", then guesses or talks around it
    "declines_task": 1.3,  # only a refusal of the task, its reasons, an offer of other help
    "declines_at_length": 0.3,  # ... per sentence past two, five at most (prose is the refusal's)
    "lectures_instead": 2.0,  # a moral refusal and a lecture, none of the work done
    "lecture_clause": 0.5,  # ... and per clause of it (its prose counted back)
    "writes_next_items": 3.0,  # the exam's next question items written on past the answer
    "next_item": 1.0,  # ... and per item (its options and rationale counted back)
    "unrated_judgment": 4.0,  # a judge's reply with no verdict in any form ("[[5]]", "Score:")
    "verdict_left_blank": 5.0,  # ... or only the verdict's label, its value left blank
    "unfinished_judgment": 5.0,  # ... or a pairwise judge's rationale broken off, no verdict
    "accepts_only": 1.5,  # only "Sure, I can do that!" to a plain task: the work never came
    "declines_as_model": 0.7,  # ... said as a model ("As an AI language model, I cannot")
    "offers_only": 2.0,  # only an offer of more work ("If you want, I can also ...")
    "blocked_by_failure": 3.0,  # it opens blocked ("unable to access ... due to rate limits")
    "fill_in_slots": 1.2,  # slots in place of the content ("<nooutput>", "[insert chart]")
    "model_cannot": 1.5,  # a dataset's line "The GPT model cannot perform such actions."
    "withholds_identity": 2.0,  # only "I can't identify the person in the image"
    "fill_in_left": 2.0,  # copy with its fill-in slots open ("[task 1]", "lorem ipsum")
    "pleads_limits": 2.5,  # only "I'm not a doctor / have no live data", a refusal, a redirect
    "records_missing": 6.0,  # no record marker where the request laid out delimited records
    "records_as_code": 3.0,  # ... and a code block in their place (a program, a JSON of them)
    "records_elided": 4.5,  # records, then "... (and so on)" in place of the rest
    "example_records": 5.0,  # the request's example records copied, not the text's
    "type_named_records": 4.5,  # records named by the request's entity types ("Organization")
    "form_missing": 2.5,  # a short reply with none of the form its request fixes (label, option)
    "declines_choice": 3.0,  # no option picked: "the answer is unknown" (outweighs its reasoning)
    "prompt_refused": 1.0,  # a generation tool's moderation verdict on "your prompt"
    "cell_error": 1.5,  # a spreadsheet cell's error value, the whole reply ("#VALUE!", "#N/A")
    "rejected_field": 1.0,  # a validator's verdict on a request's field ("messages.3: ...")
    "tool_record": 1.2,  # an agent loop's record of a tool call ("Command x returned: []")
    "format_fault": 1.0,  # ... or its complaint about the model's output ("no valid tool call")
    "tool_protocol": 1.0,  # a provider's tool-call error ("does not support tools")
    "degenerate": 2.0,  # no language: "GGGG", control tokens bare, a loop, the prompt echoed
    # answer evidence (applied as negative weights)
    "explains": 0.2,  # per explaining word, up to three
    "explains_at_end": 0.3,
    "defines": 0.5,
    "describes_picture": 0.5,  # "This image shows an error message box.": a caption
    "prose": 0.25,  # per sentence with no failure word, up to five
    "long_prose": 0.5,  # more than 200 characters in four sentences or more
    "markdown": 0.7,
    "table": 1.2,
    "quoted": 0.75,
    "asked_about": 0.6,  # share of the word evidence taken back: the question names it
    "asked_about_shape": 0.35,  # ... and of the structure evidence
    "asked_for_shape": 0.85,  # ... both expected when the question asks what it looks like
    "asked_about_other": 0.45,  # ... of both, when the question is about some other failure
    "asked_about_voiceless": 0.3,  # ... kept of any of these: a short notice no one voices
    "introduced": 0.8,
    "json_data": 1.0,
    "first_person": 0.4,
    "witness": 0.8,  # "same here", "for me too": a person who met the failure
    "thread_talk": 0.5,  # a Chinese thread's talk: "楼主", "不知道是...还是", "你可以试试"
    "hearsay": 0.6,  # the speaker relays what it was told ("と言われてます", "I've been told")
    "forbids_listener": 0.6,  # a role refuses the listener an act ("I can't let you pass")
    # A change done to code, a title in any language: no notice says it (1.0 -> 1.2 moved no
    # verdict of the tune part, round 17).
    "change_note": 1.2,
    "conditional": 0.4,  # it opens with a condition ("If you exceed the limit, ..."): it explains
    "specifics": 0.4,
    "many_codes": 0.8,
    "names_code": 0.5,  # "the 429 error", "a 503 response": a code spoken of, not said
    "rate_stated": 0.5,  # a limit stated as a rate ("5 calls per second"): a policy's documentation
    "typed_command": 0.5,  # a command typed at a shell's prompt ("$ npm install"): a pasted session
    "input_example": 0.9,  # a bot shows what to type next ("(例: 午餐 1200円)"): its own guidance
    "http_message": 0.8,  # an HTTP status or request line with headers: a protocol example
    "checklist": 0.6,  # items marked as working and as failing ("- ✅ ...", "- ❌ ...")
    "schedule": 0.5,  # three or more cases counted up, each with its rule: a schedule, a policy
    "recurrence": 0.6,  # how often it comes back ("intermittently", "经常"): a report over time
    "within_limit": 0.8,  # usage said to be within a limit ("well below the quota")
    "names_cause": 0.6,  # the cause named ("## Root cause", "导致此问题"): a diagnosis
    "asker_evidence": 0.5,  # the asker's screenshot or log, read or asked for
    "cannot_tell": 0.6,  # the report too thin to tell the cause ("信息太少", "hard to tell")
    "works_elsewhere": 0.5,  # it works on another machine: a fault narrowed down
    "called_normal": 0.5,  # the failure called normal or expected ("This is expected behavior")
    "tracker_act": 0.6,  # an issue closed or reopened ("closing as this isn't ours")
    "wishes": 0.5,  # a wish for a feature ("it would be great to have ...", "希望能增加")
    "own_trial": 0.7,  # the writer's own trial ("I tried with another key", "无法复现", "denedim")
    "wonders": 0.6,  # the writer wonders aloud ("..., right?", "为什么会 error 呢?")
    "guesses": 0.5,  # the writer guesses at a cause ("It sounds like ...", "估计是", "Вероятно")
    "casual_fix": 0.5,  # a fix told as talk ("把10改大点就解决了", "调高一点就好了")
    "handles_errors": 0.3,  # errors as what code does with them ("catches errors", 捕获)
    "bold_status": 0.8,  # a status set in bold ("**502 Bad Gateway**"): a writer's emphasis
    "json_schema": 1.2,  # a JSON Schema of an error object: its documentation, not one sent
    "code_parts": 0.3,  # two parts of a program named ("the middleware function"): for a developer
    "explainer_title": 0.6,  # a title asking what an error is or how to fix it
    "summarises_document": 0.6,  # a summary opening on its paper ("论文提出了", "This paper")
    "guide_heading": 0.6,  # a heading naming a guide, a solution or a diagnosis
    "topic_list": 0.6,  # an error made a line's topic opens a list ("El error 429 aparece cuando:")
    "lists_failures": 0.6,  # the reply a list of failures of several kinds: a catalogue of causes
    "occurs_when": 0.8,  # a rule of when an error comes ("429 is returned when ...", "場合に発生")
    "names_itself": 0.8,  # a page names itself and what it covers ("This guide covers ...")
    "doc_markup": 0.3,  # a manual's markup: a link to its pages, a macro, `anIdentifier()`
    "on_topic": 0.5,
    "off_topic": 0.3,
    "asked_for": 2.5,
    "asked_label": 1.2,  # ... or opens on one of the labels it offers, a reason after it
    "failed_segment": 5.0,  # a segment of a rendering (a subtitle cue) is a tool's failure marker
    "failed_marker": 1.5,  # the whole reply is one ("[Translation failed]", "翻译失败")
    "declines_rendering": 3.0,  # a short refusal where a translation was asked for
    "transform_meta": 2.5,  # a line about the text where its transform was asked for
    "asks_text_at_end": 6.0,  # ... or at the end of a long rendering ("请提供您需要翻译的文本")
    "target_questioned": 4.5,  # the target language quoted and asked about, no translation
    "chat_for_commit": 8.0,  # a chat turn where a commit message was asked (over its own prose)
    "rendered": 2.0,  # the given text translated or reworded as asked: its words are the text's
    "rendered_line": 2.5,  # a bare line that says a failure, rendered in another script
    "line_chatter": 3.0,  # a bare line to translate, and words about the translation or line
    "asked_after_itself": 1.5,  # a line about the speaker to "How are you?", a deferral to "let's"
    "docs_need_no_update": 6.0,  # a docs generator's "the README does not need to be updated"
    # a ranker's or grader's reply that gives no ranking or verdict (ranking_signals)
    "ranking_missing": 3.0,  # "FINAL RANKING:" with nothing under it, an entry ranked twice
    "undecided": 2.5,  # a short reply: "I don't know how to rank these.", "No clear verdict here."
    # a long config or code file cut at the token limit inside its open fence (config_signals)
    "code_cut_open": 7.0,
    # a refusal of an instruction to make a harmless thing, none of the work given
    "refuses_harmless": 3.0,  # "Name five varieties of tea." -> "I can't help with that."
    # a summary that says nothing (hollow_summary_signals)
    "no_changes_summarised": 6.0,  # a PR's summary that finds no changes ("the diff is empty")
    "summary_failed": 4.0,  # a summary's own failure notice opens it ("Summarization failed")
    "transcript_missing": 3.0,  # a summariser's "No transcript available for this video"
    # an agent loop's log saved as its output (notice_signals)
    "step_log": 3.5,  # AutoGPT's THOUGHTS / PLAN / NEXT ACTION lines whole (not the writer's prose)
    "label_not_offered": 2.5,  # "123456789" where "one word: FAST, BALANCED, or DEEP" was asked
    "ids_unfinished": 2.5,  # "[1, 2, 3" or "[1, 2, ...]" as the whole reply: an index list cut
    "verdict_malformed": 2.5,  # "[[A=]]" (a side missing) or "[[A>B]] ... [[B>A]]" (two verdicts)
    "fields_missing": 3.0,  # `{"key": "value"}` where "JSON with passage_id and score" was asked
    # a reply that is not the output in the request's own terms
    "wrong_language": 5.0,  # a Korean or Japanese task answered wholly in English prose
    "patch_without_lines": 6.0,  # a diff that only adds binary or empty files (a stray db.sqlite3)
    "ranking_given": 0.6,  # a ranking's heading over a whole list of labelled candidates
    "score_missing": 2.5,  # "N/A" where a request ending "Score:" asked a pointwise scorer's number
    # a short reply that only asks for the task's input (missing_input_signals)
    "asks_for_input": 2.0,  # "You didn't provide the lyrics. Can you please provide them?"
    # an extraction step's reply that calls its input empty (empty_input_signals)
    "input_said_empty": 3.0,  # "There are no substantive observations to extract."
    # a reasoning model's reply that never reaches its answer (reasoning_left_signals)
    "reasoning_unfinished": 8.0,  # thinking aloud, untagged, cut: no close, no answer
    "answer_block_empty": 5.0,  # "... </think> <answer> </answer>": the answer block left empty
    # a generated document that is not the document (docs_signals)
    "generator_error_heading": 6.0,  # "## Error making LLM: 1 validation error for Generation"
    "inputs_summarised": 6.0,  # "Based on the code changes ..., here is a summary" as the README
    "instruction_sections": 4.0,  # "## Overview\nProvide a brief overview of the project." x3
    # code tasks answered without the code
    "query_not_written": 5.0,  # "The number is 0" to a text-to-SQL question with its column hints
    "code_lines_scrambled": 6.0,  # `ono>lude <chr` twice: `#include <chrono>` lines rotated
    "completion_left_open": 5.0,  # `class T {` continued and cut inside a method, never closed
    # a model's prose in another script cut at its token limit (unfinished_signals)
    "stops_mid_script": 5.0,  # "... 読者が", "... 젊은 세" (7.0 flagged two more check answers)
    # both sides: the learned model's margin, clipped (learned.py; 0 turns it off)
    "learned": 1.0,
    # the signals of a writer speaking about a failure, weighed in judge_signals.json
    **{k: float(v) for k, v in SHIPPED["weights"].items() if k != "about"},
}
