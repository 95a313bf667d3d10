"""The judge against its corpus of real texts: the split is by source, and the tune part holds.

The test part is never asserted on here (that would be tuning on it); `bench/judge_corpus.py`
measures it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tether.messages import Message, Request, Turn
from tether.reliability import corpus
from tether.reliability.judge import DETECTOR, judge, read_text
from tether.stand import StandThread, build_stand

DEFAULT_TASK = "Fix the failing test in tests/test_parse.py and tell me what you changed."
LANGUAGES = {"en", "zh", "ja", "ko", "ru", "de", "fr", "es", "pt"}


def _request(sample: corpus.Sample) -> Request:
    return Request(messages=(Message.text("user", sample.prompt or DEFAULT_TASK),))


def test_the_corpus_is_large_varied_and_sourced() -> None:
    samples = corpus.load()
    labels = Counter(s.label for s in samples)
    assert labels["failure"] >= 300 and labels["answer"] >= 200, labels
    assert {s.language for s in samples} >= LANGUAGES
    for s in samples:
        assert s.text.strip() and s.source and s.group and s.shape
    assert len({s.text for s in samples}) == len(samples), "a text is in the corpus twice"


def test_no_source_straddles_the_split() -> None:
    by_group: dict[str, set[str]] = {}
    for s in corpus.load():
        by_group.setdefault(s.group.strip().lower(), set()).add(s.split)
    assert all(len(parts) == 1 for parts in by_group.values())
    parts = Counter(s.split for s in corpus.load())
    assert parts["test"] >= 150 and parts["tune"] >= 150, parts


# Measured when the last batch of texts was added (2026-12-01): 30 of 1,154 answers of the tune
# part are taken for failures, 27 of them from that batch (short human replies about outages,
# one-line fix reports naming status codes, quoted error pages). A ratchet: lower it as the
# judge improves, never raise it to let a change pass. The target is none.
# A second batch (answers_jan.jsonl, 176 answers in the tune part, each with its question) took
# 5 false alarms when it was added, 2 after tuning on it; the earlier texts went from 30 to 29:
# 31 in all. (A batch of new texts may add its own count; a change of the judge may not.)
# A third batch (lookalikes_apis.jsonl: answers about other APIs' rate limits and errors, most
# without their question) took 17 false alarms in its 175 tune texts when it was added, 15 after
# one general signal (an HTTP message's head is a protocol example); the earlier texts stayed at
# 31: 46 in all. A fourth (replies_outages.jsonl: 169 answers about outages, each with its
# question) took 3 in its 103 tune texts (two operators' outage notices in Korean): 49. A fifth
# (intl_locales.jsonl: texts in 14 languages, the answers mostly without their question) took
# 15 in its 44 tune answers, 14 after explanation words in Spanish, Portuguese, French, German,
# Italian, Indonesian, Turkish, Vietnamese and Polish: 63. Then answer evidence that no failure
# text of the tune part carries (a limit stated as a rate, a fix report, a status code spoken of
# as a thing, the name of a mechanism such as "rate limiting"): 48; a line that labels an
# example, markdown rendered as HTML read as text, two weights checked on both halves of the
# tune part's sources (coverage 0.4, quoted 0.75): 40. Three batches of answers came in while
# that round ran, each with its question, and were measured with its judge, never tuned on:
# answers_threads.jsonl (issue threads, forums, eval sets) 1 of 122 tune texts,
# answers_intl_threads.jsonl (13 languages other than English) 0 of 111, answers_code_docs.jsonl
# (error-handling code, API docs' error bodies, explained logs) 2 of 101: 43.
# Then the learned signal (learned.py: character 3- and 4-grams, trained on this tune part with
# the hand signals' score as its offset, clipped at 0.25 either way): 30. Its model was fitted
# on these very texts, so this moves less on texts it never saw (source-group 5-fold CV inside
# the tune part: 43 -> 44; the test part, measured once: 56 -> 44 of 1,299).
# answers_api_threads.jsonl (answers with their question from API support threads, outage
# threads and FAQs of 178 sources no earlier batch used), measured before it joined: 3 of 138
# tune texts; then the model retrained on the grown tune part: 31 of 2,122.
# Then concepts instead of phrases (a canned notice's parts, pairs of words that say "no reply"
# or "cut short", a text that names itself a change, a reply that opens with a condition), each
# found in three source groups or more, checked on both halves of the tune part's sources, and
# the model retrained: 29.
# answers_threads_docs.jsonl (answers with their question from AI apps' threads, docs and FAQs
# of 105 sources no earlier batch used), measured before it joined with the concepts above: 1 of
# 89 tune texts; the model retrained on the grown tune part: 28 of 2,211.
# Then a writer speaking ABOUT a failure (addresses the asker, sets causes against each other,
# cites a standard or a source, reports what it did, a cause and a fix under labels, codes as a
# kind, a past state, a condition in CJK clause order or before the object it shows), a status
# not said by a list of codes or deep in a CJK text, a page in a fence shown, a checklist's last
# item, each firing on no tune failure in either half of the sources, the model retrained: 17
# (source-group 5-fold CV inside the tune part: 46 -> 35).
# answers_maintainers_docs.jsonl (maintainers' replies about outages and fixes, translated docs
# and FAQs of 114 sources no earlier batch used, 64% not English), measured before it joined: 3
# of its 92 tune texts; the model retrained on the grown tune part: 18 of 2,303.
# answers_outages_tables_prompts.jsonl (maintainers' outage replies, tables of error codes,
# retry code, prompts that demand a bare "unknown", 89 new sources), measured before it joined:
# 1 of its 66 tune texts; the model retrained: 19 of 2,369.
# answers_qa_fix_reports.jsonl (Q&A pages, fix reports and FAQs about errors, quotas and
# outages, 76 new sources, 64% not English), measured before it joined with every change of
# the round: 1 of its 84 tune texts; the model retrained: 20 of 2,453.
# answers_news_outages_niche_apis.jsonl (outage news in eleven languages, status-page incident
# summaries, rate-limit threads of regional and niche APIs, 215 new sources), measured before it
# joined with every change of the round: 5 of its 147 tune texts; the model retrained: 25 of 2,600.
# A writer's report about another party's outage (greeting a handle in any language, a fix said
# to have landed, "theo <source>", the failure placed on their side, a CJK sentence after a
# quoted error object): 3 of those 5 cleared, no catch lost; the model retrained: 22 of 2,600.
# A diagnosis (a checklist of working and failing parts, how often a failure comes back, usage
# within a limit, a cause named), a CJK paragraph, a reply to a report that the service is down,
# an example under an "Errors" heading: 12 of those 22 cleared, no catch lost; retrained: 10.
# A bot's stand-ins that hand the turn back, its own mind or machinery out of order, the app's
# controls, error fields, a set-up asked of the user (tests/reliability/test_judge_misses_round7.py):
# the same 22, before and after the model retrained.
# Both branches merged, the model retrained: 10.
# Ten batches from 418 new sources (relays' and servers' pages, bots in CJK, Russian and sixteen
# more languages, frameworks' canned outputs, saved chat histories; answers demanded, recorded
# or explaining in other languages), measured before they joined with every change of round 7
# but the persona and learned-signal branches: their tune halves brought 2 more; retrained: 12.
# The persona branch merged (its stand-ins after a plain task; the bot's machinery given a bad
# day now read only after one too, and no stand-in where a given text is to be translated or
# rewritten), the model retrained: 13.
# "The API will return:" before an error body, in more languages (introduced); retrained: 11.
# The notices branch merged with the persona branch, the model retrained: 12.
# The learned signal's margins within 0.05 of nothing weigh nothing (the dead zone, chosen on
# held-out figures: source-group CV 46 -> 44 false alarms, leave-one-file-out 47 -> 45, the
# same or more caught): one answer a faint learned margin had cleared on its own training
# texts is flagged again: 23 of 2,600 (an in-sample figure; held out, the model flags fewer).
# Every branch of round 7 merged, the model retrained with its dead zone ("you're right" to the
# asker weighing 0.6, as a reply agreeing with the user sat on the bar without the model): 14.
# Round 8: docs that explain errors in many languages join the training folder (1,128 texts:
# held out, leave-one-file-out 34 -> 32 false alarms, the test part 54 -> 50), and two batches
# of new sources join unchanged (91 tune answers, 4 of them flagged once the model is retrained): 17.
# A manual about errors (doc_markup, handles_errors, bold_status; "not getting an error" a
# witness's words; hand false alarms 41 -> 40), retrained: one hand false alarm at 1.003 the
# new model no longer clears ("Does the text show up after you refresh ...?"): 18.
# Failure words in the main languages merged with it, the model retrained: 17.
# Answers about errors in many languages (the general present of "occurs", a code defined, "not
# X but Y", the others it hit, a "Source:" label, code_parts, ...; hand 40 -> 24), retrained: 14.
# Failure words of more languages merged with it (hand 24 flagged), the model retrained: 13.
# Round 9: two batches of new sources joined (246 tune answers: explanations and replies about
# errors, 60% not English, most without their question), nothing tuned on them, retrained: 26.
# Round 9's misses as concepts (hand false alarms held at 51), retrained: 26.
# Writing ABOUT an error (a fix landed, a fault found, a release named, the asker's screenshot,
# a JSON Schema, a command typed at a prompt; hand 51 -> 40 flagged), retrained: 19.
# Both merged, then two more batches of new sources joined (58 tune answers: docs, incident
# reports in 16 languages), nothing tuned on them, the model retrained: 20.
# Round 10: the learned signal reads the failure-side hand signals that fired and the reply's
# shapes beside its n-grams (held out file by file: 45 -> 37 flagged, hand alone 42); fitted on
# these texts it clears fewer of them than the n-grams alone did: 25.
# Round 10's batches joined (nothing tuned on them), the model retrained (judge/8): 32.
# How often a failure comes back is recurrence in 20 languages (hand 62 -> 61), retrained: 32.
# A changelog title in other languages is a change note (hand 61 -> 54), retrained: 32.
# 'Not available' with a word of time inside (it, es, pt; hand 54 held), retrained: 32.
# Round 11's batches joined (621 more tune texts, nothing tuned on them), retrained: 32.
# Round 11's second concepts merged (hand 57 held), retrained: 32.
# Round 12's four batches joined (141 tune answers from 117 new sources; one flagged when
# measured fresh, nothing tuned on them), retrained: 33.
# Round 12's misses (notice lists, key required, nothing made, compounds; hand 57 held), on
# the round-11 tune part: 32.
# Merged with round 12's batches, retrained: 33.
# Round 12's answer concepts, on the round-11 tune part:
# Round 12, answers: a definition's copula (ru/uk "— это", ar "يشير إلى", th), a last line that
# defines, a guide's title asking what an error is or how to fix it (hand 57 -> 51 flagged,
# 3,784 caught held), retrained: 29.
# An example's heading over an error object, a code counted ("502 errors", "503s"), a status in
# italics, a question about what the asker sees (hand 51 -> 46, 3,784 held), retrained: 25.
# "Occurs" / "can occur" in tr, it, ru, ja, ko; a Chinese change title ("修改 ..."); "not X but
# Y" in id and vi, "terkadang" (hand 46 -> 42, 3,784 held), retrained: 23.
# All merged, retrained: 24.
# Round 13 (eng64): core failure words in their common spellings and bare forms (th, id, uz,
# he, fa; hand 45 held), retrained: 24.
# A Chinese bot's mind gone astray as its own state (开小差, 有点混乱, 迷糊了, 失灵了; hand 45
# held), retrained: 24.
# Belarusian and Estonian notice words, "no he podido", "não obtive resposta", "没有产生任何内容",
# German "versuch es noch einmal" (hand 45 held), retrained: 24.
# Round 13, answers: a setting's quantity in code is no status (`delay: 500`), "see https://..."
# is a citation, connectives of explaining in it/tr/pl, Polish "occurs when", a person's casual
# talk ("yeah", "afaik": speaks_casually) (hand 45 -> 40, 3,935 held), retrained: 22.
# Round 13's five batches joined (330 tune texts; hand 45 -> 50), retrained: 27.
# Round 13, failures: "ё" read plain, a host's page to the site's owner, an object's fields on
# one line, a template's fallback slot and error slot, a translator's output, a budget run out
# Round 13, the new files' answers: a heading that names a guide, a solution or a diagnosis, a
# status's name as a Korean topic, an error named in code as a kind of error, a failure called
# normal or expected, a bold callout label (hand 50 -> 46, 4,110 caught held), retrained: 25.
# All merged with round 13's second part (hand 52 -> 47), retrained: 27.
# Every round-13 concept merged (hand 43), retrained: 25.
# Round 13's leftovers (eng70: details pointers, Korean not-valid, Russian incorrect, _REQUIRED
# Round 13, the thin languages' core failure words and sorry words (hand 43 held), retrained: 25.
# Round 14 (eng72): Lua tracebacks, a short notice in a script the task does not use, an error
# page's status slot in its title (hand 43 held), retrained: 25.
# Round 14 joined (572 texts, 8,940 in the tune part): hand 48, retrained: 29; with eng72 merged,
# hand 48, retrained: 29.
# Round 14 English (eng73): a refused identity, crash reports in sections, a bot's own trouble
# as "I", "Fixed:" labels (hand 48 held), retrained: 29.
# Round 14 (eng74): persona stand-ins (Romanian stand-in words, a bot's own states, stuck or
# choking on the request, still starting up; a stand-in's hedge is no explanation; hand 48
# held), retrained: 29.
# Round 14 (eng75): stand-ins where a value belongs, traces in markdown reports, server pages
# as text, "I'm a language model", bracketed error tags (hand 48 held), retrained: 29.
# Round 14 (eng76): core failure words in other languages, a quote opened with the low mark, a
# label that ends the line before a notice's causes (hand 48 held), retrained: 29.
# Round 14's answers (eng77): a slip of the writer's in the thread, an incident told in the past,
# a cause found in review, a PR's "Switching it to", a schedule of counted cases, "happened to
# me", "keep in mind", "in this case", a reference page's date line and "When ..., the API
# returns" (hand 48 -> 39, 4,390 caught held), retrained: 23.
# eng73-eng77 merged (judge/11): hand 39, retrained: 23.
# Round 15 joined (633 texts, 9,324 in the tune part): hand 51, retrained: 30.
# Round 15's misses (eng79): thin languages' notice words, server pages' stock lines,
# self-named stand-ins and constants, problem objects, a cause put down to what the asker uses
# (hand 39 -> 38), retrained: 23.
# Round 15 (eng79): Italian, Finnish, Ukrainian core failure words (hand 38 held), retrained: 23.
# Round 15's answers (eng80): write-ups about an error in more languages (a cause's heading,
# "## السبب", a heading naming the fix, "# حل مشكلة", "কেন এই error"), errors as a kind
# ("常見錯誤", "通用错误码"), a list of errors each with its fix, thanks for the report in more
# languages, a bot's server said to be back, a type's declaration on a reference page, a news
# report's netizens and its opening time after emphasis (hand 39 -> 33, 4,438 caught held),
# retrained: 17.
# ... and an article's prose before the page it shows (not a page), a reference entry's cause
# and fix headings on lines of their own ("可能原因 ... 处理步骤") (hand 33 -> 31), retrained: 16.
# Round 15 joined and eng79-eng80 merged: hand 42, retrained: 22.
# Round 16's answers (eng84): a changelog entry citing its commit, an outage a service went
# through, Japanese's past progressive and "を表し", hedges and "as explained" / "note that" in
# Italian, Portuguese, Spanish, French, "in the case of", asking the reporter for details or a
# reproduction, "I'm assuming" (hand 42 -> 32, 4,668 caught held), retrained: 18.
# Round 16's five batches joined (181 tune answers), retrained: 32 (hand 56); eng85's envelope
# fields, loop cap, casual register and inability alone (no answer flagged by any): held,
# retrained: 32 (hand 56).
# Round 16 (eng83): the tune part's misses, on the failure side only: held, hand 42,
# retrained: 22.
# Round 16's nine batches joined (4,785 tune answers) and eng82-eng85 merged (judge/12): hand 53,
# retrained: 31.
# Round 17's first seven batches joined (5,406 tune answers: context-limit explanations,
# humans' short outage replies, write-ups quoting error bodies), retrained: 56 (hand 91).
# ... and its last three (FAQ entries, incident updates, recorded model replies, stand-ins):
# 5,679 tune answers, retrained: 65 (hand 106).
# Round 17 (eng88): the answer side: a tracker's thread (an issue closed, a feature wished
# for), a failure said not to come from a party, mine-too and back-in-service replies, an error
# read for what it tells, a limit's habit (超了就会出错, 場合に発生するエラー) or a code glossed in
# Chinese, what the caller must do, release-note lines and credits, cause/fix labels in bold or
# table cells, a snake_case code in bold (hand 106 -> 84, 5,254 caught held), retrained: 50.
# Round 17 (eng89): thin languages' answer words (because, for example, means, a condition's
# opener, "I fixed"), a short deferral to a request that proposes something ("let's date" ->
# "I'm too busy, perhaps later") (hand 84 -> 82), retrained: 48.
# Round 17 (eng87): the failure side only (page marks, return codes, traces, context and queue
# words): held, hand 106 -> 106, retrained: 65.
# Round 17's ten batches joined and eng86-eng89 merged (judge/13): hand 82, retrained: 49.
# Round 18's first six batches joined (6,377 tune answers: humans' replies in the threads of
# small integrations and Asian providers, explanations in eight languages, recorded agent
# conversations), retrained: 100 (hand 173).
# ... and its last four (content filters beside models' own refusals, short replies a prompt
# demanded, in-character bot replies, mid-size languages): 6,627 tune answers, retrained: 117
# (hand 196).
# eng91: people's replies in issue threads read as such (a person's own trial, "can't
# reproduce", 我这边测试正常; an error spoken of as a thing, 这个报错; "+1", "any update?", 同问;
# a link to an issue or a commit; a change in a numbered release; a person wondering aloud):
# hand 196 -> 174, retrained: 107.
# Round 18, eng92 (the answer side's structures: a problem or a cause and its solution labelled,
# a maintainer's "Fixed." and a failure said to be gone, a list under an error made its topic,
# an in-character bot asked why it fell silent): hand 196 -> 181, retrained: 108.
# Round 18 (eng93), the failure side's stand-ins (progress lines, empty markers, slows_down, a
# character's line after a stage direction, mid-size languages' notices): hand 196 -> 196,
# retrained: 116.
# Round 18, the failure side (eng94: a bare object's key and a repr's argument no quotation, a
# service's log ending in a Go or Rust panic a trace, a run's status labelling its error, a
# footer under a bare rule no part of the notice, a provider's error number an error object,
# urllib3's "Max retries exceeded"; hand false alarms held at 196), retrained: 116.
# Round 18's ten batches joined and eng90-eng94 merged, change_note's failed change (judge/14):
# hand 160, retrained: 100.
# Round 19: a success envelope no error object (hand held at 160, retrained 100); the first
# eight batches joined (agent frameworks' final outputs, local runners, cloud providers' bodies,
# RAG and support platforms, people's short thread replies, voice assistants, generated
# artifacts, appended errors), learned signal retrained: hand 206, retrained: 132.
# Round 19, agent frameworks' final outputs (eng95: a loop's tool record, its complaint about
# the model's output, runs ended short, notices closed by a stop word): hand held at 206 (the
# same answers), retrained: 132.
# Round 19, eng96: degenerate output (a letter repeated, control tokens bare, a loop, the prompt
# echoed), local runners' notices, KoboldCpp's typed notice object: hand 206 -> 206, retrained:
# 132.
# Round 19, eng99 (people's replies in bot and voice-assistant threads: a guess at the cause, a
# fix told as talk, questions back, the asker's log read, a limit set on purpose, every
# conventional commit type): hand 206 -> 187, retrained: 120.
# Round 19, eng97: cut_off (a voice assistant cut off from its servers), broken_off (an error
# where the answer broke off), took-too-long / too-large words: hand 206 -> 205, retrained: 131.
# Round 19, eng98: providers' docs and people's replies (occurs_when, names_itself,
# names_origin, a mid-paragraph "When ..., the API returns", test:/调整 - change notes):
# hand 206 -> 197, retrained: 125.
# Round 19's last two batches joined (code-review and repo bots, workplace chat bots; a Slack
# emoji shortcode no lead-in's colon) and eng95-eng100 merged (judge/15): hand 193, retrained:
# 123.
# Round 20's eight batches joined (1,655 texts: self-explaining notices, broken model outputs,
# translation tools, eval outputs, CJK community bots, answer engines, structured output, thin
# languages), before any tuning on them: hand 244, retrained: 153.
# Round 20, eng103: a notice that explains itself (own_cause), a fix under a "Solution:" label
# (cause_and_fix), an answer engine's "no relevant information": hand 244 -> 241, retrained: 151.
# Round 20, eng106: thin languages' limit-reached pair words (and compounds), core words;
# a JSON record flagged as an error with a runtime's crash message; the asked-for thing said
# absent in brackets: hand 244 -> 244, retrained: 152.
# Round 20, eng102 (broken outputs: control tokens in long replies, gpt-oss channels glued,
# tokens doubled, a call printed with no tools, NO_REPLY after text; a broken text is not
# written): hand 244 -> 244, retrained: 151.
# Round 20, eng104: works_elsewhere reads a Chinese person's "X works, but Y fails" in one
# sentence (not negated, no 请): hand 244 -> 241, retrained: 151.
# Round 20, eng105 (translation tools: `rendered`, the given text translated as asked, its error
# words the text's): hand 244 -> 229, retrained: 145.
# Round 20's eng102-eng107 merged (judge/16), with a notice's failure words counted among its
# words in another script (off_topic), a rule of when an error appears in Arabic, a heading that
# asks a question over a list, a service's "not a problem with your request" no contrast: hand
# 223, retrained: 139.
# Round 21 joined (17 batches, 3,544 texts: image, voice and office bots, support widgets, Asian
# messengers' bots, tool-call errors, model servers' outputs, coding agents, fr/es/it), learned
# signal retrained, no hand change: hand 307, retrained: 186.
# Round 21's eng108-eng114 merged (judge/17): hand 294, retrained: 181.
# Round 22 joined (8 batches, 3,157 texts: game and stream characters, clients' empty bubbles,
# filters and guard outputs, stack traces, Chinese threads, demanded short outputs, data and
# browser agents), learned signal retrained, no hand change: hand 334, retrained: 206.
# Round 22's eng115-eng122 merged (judge/18): hand 325, retrained: 200.
# Round 23 joined (5 batches, 1,700 texts: newest API shapes, SDK error strings of many
# programming languages, demo-app frameworks, plugins of less common environments, small CJK
# web apps) with eng123, eng125 and eng126 merged (judge/19; the branches that moved a check
# set nobody read, or narrowed what a request excuses), learned signal retrained: hand 349,
# retrained: 215.
# Round 24 joined (4 batches, 1,156 texts: home and voice assistants, support and low-code bot
# platforms, office, notebook and IDE assistants, regional providers in many languages) with
# eng128, eng129 and eng130 merged (judge/20; runtime error output, an app's setup notices,
# what a request about a failure or for a translation excuses): hand 360, retrained: 225.
# Round 25 joined (2,074 texts: eval runs' recorded outputs, team-chat and voice-skill apps,
# editor and terminal AI plugins, business apps' AI features, web apps' locale files, digests
# bots committed) with eng133, eng134 and eng135 merged (judge/21; stand-ins, runtime output,
# answers written as source code): hand 390, retrained: 231.
# Round 26 joined (2,409 texts: fallback strings hard-coded in bots' code, voice assistants'
# dialog fallbacks, outputs bots committed, eval and benchmark outputs, Q&A pages and news
# quoting assistants, mobile AI apps' strings) with eng137 (a stock line that answers nothing),
# eng132 (a persona's state lines), eng138 (trainer settings, none kept) and eng139 (speed,
# verdict-neutral) merged (judge/22): hand 451, retrained: 243.
# Round 27 joined (1,651 texts: broken generations in many scripts, voice-skill lines with
# their requests, bots' fallbacks in compiled languages, agent run logs, AI translation
# outputs, agent frameworks' stock outputs) with eng140 (a reply template that answers the
# request), eng141 (smaller European languages) and eng142 (a reply that ends in a loop)
# merged (judge/23): hand 473, retrained: 264. Round 28 joined (1,378 texts: chat histories,
# transform meta-replies, bot tests and specs, data files, review bots) with eng144 (a reply that
# talks about the text a transform request gave), eng145, eng146, eng147 and eng149 merged
# (judge/24): hand 521, retrained: 290; with the learned signal's dead zone 0.15 (four of the
# judge's own test cases kept): 317. Round 29 joined (1,040 texts: coding-agent chat histories,
# benchmark answer files, LLM-translated docs, CJK bot plugins, generated content, AI
# extensions) with eng150 (reply templates), eng151, eng152, eng153 and eng155 merged
# (judge/25): hand 545, retrained: 346. Round 30 joined (982 texts: agents' histories with
# cut-off turns, meta-replies in translated docs, benchmark answer files, generated sites,
# AI plugins' locale fallbacks, relays' errors as replies) with eng156 (a turn a client's status
# line cut off), eng157 (Vietnamese keeps its marks; content words in every script), eng158
# (module splits), eng159 (translation meta-replies) and eng161 (thin-language vocabulary)
# merged (judge/26): hand 554, retrained: 351. Round 31 joined (1,104 texts: coding agents'
# last messages quoted in trackers, agent run trajectories, machine-translation outputs, voice
# assistants' replies, non-English chat bots' fallbacks, LLM outputs stored as data) with eng162
# (a reply asking for the text it was given), eng163 (sentence loops, base-model continuations)
# and eng166 (speed, no verdict moved) merged (judge/27): hand 585, retrained: 380. Round 32
# joined (1,260 texts: notebooks' output cells, recorded API cassettes, LLM-as-judge outputs,
# vision-language outputs, MCP tool errors as replies, code-generation outputs, summarizers'
# outputs) with eng169 (a line sent bare to translate), eng170 (an agent's give-up as its final
# answer), eng172 (persona lines that answer) and eng173 (reply.py split, speed) merged
# (judge/28): hand 595, retrained: 372. Round 33 joined (1,411 texts: chat datasets' assistant
# turns, shell-command generators, AI text published by mistake, alt-text and caption
# generators, document-extraction outputs, generated docs and commit messages, e-mail and
# helpdesk drafts, planners' outputs, domain QA outputs) with eng174 (degenerate generations),
# eng175 (a model's disclaimer of the image it was given), eng178 (tool envelopes, errors as a
# kind) and eng179 (the addressee's state as data, speed) merged (judge/29): hand 603,
# retrained: 379 (the tune part grew by 412 answers). Round 34 joined (1,626 texts: code tasks
# answered without code, graders without the verdict, AI commit messages, vision outputs,
# harmless domain questions refused, recorded cassettes, 2026's tracker errors, seven languages'
# app failures, bots' in-character fallbacks, short thread replies; 595 answers in the tune
# part): judge/29 on the grown part 423; with eng181, eng182, eng183, eng184 and eng185 merged
# (judge/30): hand 651, retrained: 402. Round 35 joined (759 texts: agent turns that only
# announce their work, reasoning replies with no answer, document OCR, chat-template debris, app
# strings in eight more languages, text-to-SQL generations, generations cut at the token limit;
# 273 answers in the tune part): judge/30 on the grown part 409; with eng186, eng187, eng188,
# eng189, eng190, eng191 (its first part) and eng192 merged (judge/31): hand 622, retrained: 389.
# Round 36 joined (494 texts: agents' turns with their tool-call record, code completions,
# tool-use benchmarks' final answers, agents' last turns in Chinese, Japanese and Korean and in
# committed session transcripts; 280 answers in the tune part, 82 of them turns that carried
# tool calls): judge/31 on the grown part 401 (it reads a tool-call turn's words as a final
# text); with eng193 to eng198 merged (judge/32, the record's tool calls and finish reason
# passed to the judge): hand 619, retrained: 392. Round 37 joined (1,088 texts: voice skills'
# and dialog bots' lines, pipelines' committed artifacts, chat-ops plugins' test replies,
# over-refusal evaluations' outputs, coding agents' final comments; 360 answers in the tune
# part): judge/32 on the grown part 404; with eng199 to eng205 merged (judge/33): hand 643,
# retrained: 407. Round 38 joined (525 texts: agent CLIs' last messages in trackers, over-
# refusals beside justified refusals, LLM annotation outputs; 149 answers in the tune part):
# judge/33 on the grown part 420; with eng206 to eng213 merged (judge/34): hand 631, retrained:
# 417. Round 39 joined (705 texts: LLM test generators', query rewriters' and title
# generators', a doc-translation pipeline's, graders' of student work and README generators'
# stored outputs; 264 answers in the tune part): judge/34 on the grown part 426; with eng214 to
# eng223 merged (judge/35): hand 614, retrained: 401. Round 40 joined (869 texts: operations
# explainers', conversation compaction summaries, web-scraping extractions, subtitle
# translations, code conversions and quiz generators' outputs; 295 answers in the tune part):
# judge/35 on the grown part 403; with eng225 to eng231 merged (judge/36): hand 614, retrained:
# 399. Round 41 joined (1,101 texts: knowledge-graph extraction caches, creative and marketing
# writing, agent memory extraction, rerankers', routers' and graders' outputs; 337 answers in
# the tune part): judge/36 on the grown part 450 (graph extractors' records read as template
# tokens); with eleven branches and the review's mends merged (judge/37): hand 606, retrained:
# 405. Round 42 joined (948 texts: synthetic instruction datasets' responses, config and
# regex generators', replies cut in other languages, career and productivity generators', AI
# bots' summaries in pull requests; 356 answers in the tune part): judge/37 on the grown part
# 409; with seven branches and the review's mends merged (judge/38): hand 610, retrained: 402.
# Round 43 joined (326 texts: coding agents' patch predictions, research reports, diagram and
# podcast scripts, math and proof generators, MT-Bench-style answer files; 119 answers in the
# tune part): judge/38 on the grown part 407; with nine branches and the review's mends merged
# (judge/39): hand 614, retrained: 408 (the hand signals flag 1 fewer than judge/38's 615).
# Round 44 joined (713 texts: long-context benchmark predictions, reasoning models' eval
# samples, small and fine-tuned models' instruction-following eval outputs; 223 answers in the
# tune part): judge/39 on the grown part 413; with eight branches and the review's mends merged
# (judge/40): hand 616, retrained: 411.
TUNE_FALSE_ALARMS_AT_MOST = 411
# Failures of the tune part the judge misses, the same kind of ratchet. Until the second batch
# of failure texts (failures_jan.jsonl) it was "at most 5%" (57 of 1,154); that batch brought 37
# misses in its 165 tune texts (bots' canned persona replies in 15 languages, relay templates),
# 24 after tuning on it: 81 of 1,319 (6.1%). The target is recall >= 95%.
# A third batch (failures_bots.jsonl) brought 36 misses in its 119 tune texts, 22 after core
# failure words in languages the judge lacked and "I cannot ..." no longer counted as a model's
# first person; the earlier texts went from 81 to 79: 101 of 1,438 (7.0%). ("I cannot ..." was
# then narrowed to answering verbs, so that a model's "I could not do that" stays an answer: +2.)
# A fourth (failures_apps.jsonl: clients' and apps' texts, mostly English) brought 9 in its 90
# tune texts: 112 of 1,528 (7.3%). The fifth (intl_locales.jsonl) brought 17 in its 49; the
# explanation words cost one earlier failure (a notice that explains its cause): 130 of 1,577;
# a bot's deferral ("give me a moment", "still thinking", in nine languages) as no-reply
# words: 129. Then concepts in all the languages they apply to (an unexpected error, "ask again",
# "the response is empty", "please log in", "not configured", a persona unwell or asking to be
# told again, a bot's acknowledgment), an apology's sentence and no-reply words after "I" as a
# notice's voice, not an answer's first person: 85 of 1,577 (5.4%); a progress notice, a queue,
# a placeholder dressed in signs, "no <thing> available", no-reply words at 0.55: 73 (4.6%).
# Three batches of failures came in while that round ran, measured with its judge, never tuned
# on: failures_pages.jsonl (error pages of CDNs, WAFs and gateways, SDK errors printed as
# replies) 15 misses in 110 tune texts, failures_bots_intl.jsonl (bots' canned replies in 12
# languages) 27 in 124, failures_small_apps.jsonl (small bots', extensions' and relays'
# stand-ins, placeholders, appended errors) 15 in 82: 130 of 1,893 (6.9%).
# The learned signal (fitted on these texts, see above): 118 of 1,893 (6.2%); in source-group
# 5-fold CV inside the tune part 130, on the test part (measured once) 145 -> 141 of 1,113.
# failures_companions.jsonl (companion, tutor and chat bots' fallbacks, placeholders and filter
# texts from 51 sources no earlier batch used, half of them persona replies), measured before
# it joined: 33 misses in 92 tune texts; the model retrained on the grown tune part: 142 of
# 1,985 (7.2%).
# Then the same round of concepts (a short reply made only of a canned notice's parts with
# nothing of the task, "no reply" and "cut short" said by two words in 17 languages, failure
# words of existing concepts in Vietnamese, Turkish, Persian, Italian, Polish, Indonesian and
# Russian, "Error:" as a label in ten more languages), the model retrained: 100 of 1,985 (5.0%).
# failures_bots_widgets.jsonl (chat bots', widgets', extensions' and plugins' notices, persona
# replies and placeholders from 100 sources no earlier batch used, in 16 languages), measured
# before it joined: 13 misses in 95 tune texts; the model retrained: 112 of 2,080 (5.4%).
# The answer signals of a writer speaking about a failure (see above), the model retrained:
# 110 (in source-group CV 127 -> 120).
# failures_chat_bots_intl.jsonl (small bots' and widgets' canned replies in 16 languages, a
# quarter of them persona replies) and failures_relays_frameworks.jsonl (relays', gateways',
# self-hosted servers' and agent frameworks' error texts), 124 sources no earlier batch used,
# measured before they joined: 21 misses in 109 tune texts and 6 in 77; the model retrained on
# the grown tune part: 131 of 2,266 (5.8%).
# failures_pages_traces_placeholders.jsonl (error, block and challenge pages of proxies, servers
# and anti-bot services, tracebacks, reprs and placeholders bots posted, 49 new sources),
# measured before it joined: 14 misses in its 51 tune texts; the model retrained: 144 of 2,317.
# Then (another engineer, on the tune part before the three batches above joined):
# A bot's line about its own mind, unfilled template slots, runtime crash messages, a cut
# traceback, an HTML shell and an error page's rendered text; the model retrained: 87 (4.2%).
# A code's stand-in after a label, a limit said reached (five languages), Arabic notices'
# words; the model retrained: 86 (4.1%). A stream's frames printed line by line, a template
# slot weighed as its own evidence; the model retrained: 82 (3.9%).
# All of it together, the model retrained on the grown tune part: 111 of 2,317 (4.8%).
# failures_apps_relays_reported.jsonl (AI apps' and relays' notices users reported seeing,
# coding agents' rate-limit rows, Hugging Face Spaces' fallbacks, 66 new sources), measured
# before it joined with every change of the round: 23 misses in its 81 tune texts; the model
# retrained: 130 of 2,398 (5.4%).
# Then a chat bot handing the turn back ("ask me again later", "换个话题", in 15 languages) or
# only not knowing, to a task ("Weiß ich nicht!"), its own technical trouble said in the present
# or still thinking, a canned notice's parts in more languages as stems (sleepy, dizzy, busy;
# "あとで", "lát nữa"), a note in brackets that nothing is there in any language ("(vacío)"),
# work in progress said where the reply goes, Go's and Python's template slots, the same 20
# false alarms; the model retrained: 115 (in source-group CV 147 -> 131; untuned batches 21 -> 19).
# A failed request's stock phrases in twenty more languages as translation catalogs word them
# (and answer words in the same languages): 122 alone; both, with the model retrained on them
# and on the training folder's locale strings: 104 of 2,398 (4.3%).
# failures_bots_personas_placeholders, failures_assistants_more_languages (voice assistants and
# AI plugins, 31 languages), failures_agent_bridges_reprs (coding agents' chat bridges, Go and
# Python error reprs), 151 new sources, measured before they joined with every change of the
# round: 54 misses in their 208 tune texts; the model retrained: 157 of 2,606 (6.0%).
# Then a voice assistant's lines in its skills' languages (sorry, cannot understand or reach the
# service, an error occurred, processing your request; '(no response)' in th/el/bn/fi/hu), a
# bot's own AI out of order ('my AI', 'mon IA'), a notice wrapped whole in markdown emphasis,
# trouble communicating with its servers, crashed, the same 25 false alarms; the model
# retrained: 129 (in source-group CV 165 -> 139 missed, 48 -> 45 false alarms; untuned
# batches 16 missed and 3 false alarms, unchanged).
# With a writer's report about another party's outage (the fa branch: 156 alone), both
# merged and the model retrained: 129.
# The answer evidence of a diagnosis, a CJK paragraph and an outage reply (the fa branch's
# round 7) lost no catch; the model retrained on it catches one more: 128.
# Round 7 (test_judge_misses_round7.py): stand-ins that ask to wait, to say more, to ask clearer,
# to ask a search or a human; not understanding; looping thoughts, napping machinery; a wait in
# minutes no task specific; limits in other words; the app's controls; error fields; a set-up
# asked of the user: 129 -> 89 by the hand signals, 93 with the model retrained (in
# source-group CV 140 -> 106 missed, 46 -> 44 false alarms).
# Both branches merged, the model retrained: 91.
# The ten batches of round 7 (304 tune failures, 261 new tune sources): 48 more; retrained: 139.
# A chat bot's stand-ins that speak only of itself, after a plain task (stands_by, at_rest,
# cannot_talk_now, own_machinery, not_understood), a line about the bot answering "How are
# you?": 129 -> 107 with the model as it was, the same 22 false alarms; the model retrained: 109
# (in source-group CV 140 -> 121 missed, 46 -> 44 false alarms).
# That branch merged after the ten batches joined, the model retrained: 131.
# Machinery notices (stopped runs, guardrails, empty retrieval, switched off, retry logs): 119.
# The notices branch merged with the persona branch, the model retrained: 111.
# merged and the model retrained: 129. The learned signal's dead zone: 128 (held out:
# source-group CV 140 missed either way, leave-one-file-out 145 -> 140).
# Every branch of round 7 merged, the model retrained with its dead zone: 113.
# Round 8: the training folder's docs and two batches of new sources (83 tune failures) joined,
# nothing tuned on them, the model retrained: 129.
# A pronoun no longer read inside host names and paths, no standard in a charset, a traceback
# without its indentation read as one (three hand readings, all caught), retrained: 128.
# A manual about errors (three answer signals; no hand catch lost), retrained: 124.
# Failure words in the main languages (a failed step, declined forms, no permission, 'not
# getting an error' no failure word, a problem that occurred with words between; hand signals
# 152 -> 149 missed, 41 -> 40 flagged), retrained: 126.
# Both merged, the model retrained: 122.
# Answers about errors in many languages (hand misses unchanged, 149), retrained: 121.
# Failure words of more languages and a bot's canned lines (could not, quota exceeded, not in
# time, rejected, a few minutes; hand signals 149 -> 119 missed, 40 flagged), retrained: 111.
# Both merged (hand signals 119 missed, 24 flagged), the model retrained: 111.
# Round 9: two batches of new sources joined (218 tune failures: bots' canned lines in 25
# languages, code-review bots' notices), nothing tuned on them, the model retrained: 145.
# Round 9's misses as concepts (a could-not near a reply, a limit hit or reset, a bot's job
# skipped; hand 159 -> 139 missed), retrained: 128.
# The answer-side signals of round 9's false alarms merged with them (no catch lost), then two
# more batches of new sources joined (61 tune failures: voice assistants', plugins' and
# translators' notices), nothing tuned on them, the model retrained: 129.
# A review bot's notice about "this pull request" names no change of its own, retrained: 127.
# Scandinavian "i" and Dutch "je" read by the words around them, no first person: 126.
# run_stopped reads a longer report's head when the rest is its output (Engine Failure): 124.
# One reply.specific for every short line (a slash between words, a wait in 5 phút): 123.
# Round 10: the learned signal re-weighs the failure-side hand signals that fired (held out
# file by file: caught 3,127 -> 3,139, hand alone 3,131), retrained: 126.
# Both merged (round 10's hand-signal mends and the re-weighing model), retrained: 121.
# Round 10's batches joined (new sources: developer tools, messenger bots, apps, default error
# pages, personas; answers of maintainers, docs, short replies, commits), nothing tuned on them,
# the model retrained (judge/8): 172.
# "Come back later/tomorrow" as retry advice in 13 languages; a recurrence told is not off
# the task (round 10's concepts), retrained: 171.
# off_topic reads Vietnamese syllable pairs and Latin without accents (hand 184 -> 183): 171.
# How often a failure comes back is recurrence in 20 languages (hand 183 held), retrained: 172.
# Saying no error appears is a witness in 16 languages (not_seeing; hand 183 held): 172.
# own_machinery's two lists merged (one of parts; a bad day one kind of trouble; French j'ai
# no AI): 9 readings of 187,744 moved, no verdict (hand 183 held): 172.
# A changelog title in other languages is a change note (hand 183 held), retrained: 171.
# 'Not available' with a word of time inside (it, es, pt; hand 183 -> 182), retrained: 170.
# Round 11's batches joined (217 more tune failures, nothing tuned on them), retrained: 193;
# its second three batches (132 more tune failures), retrained: 200.
# Round 11's hand concepts (above) merged with its batches, retrained: 198.
# Round 11's second hand concepts (Turkish endings, fenced one-line errors, hedges in a
# short notice), made on the first part alone:
# Turkish "could not" read as a verb's ending (-AmAdI, -AmIyor, -AmAz), retrained: 190.
# A failure sentence over a fenced line of its error (or a template slot) is a report: 189.
# A hedge in a short notice ("maybe a blocked prompt") is its own guess, no explanation: 188.
# Both merged, with "exceeds the maximum length" and "an error occurred" (uk, ru, be) in more
# words (hand 3,783 -> 3,784 caught, 57 false alarms held), retrained: 192.
# Round 12's four batches joined (147 tune failures, 10 missed when measured fresh, nothing
# tuned on them), retrained: 202.
# Round 12's misses (on the round-11 tune part): a notice's remedies listed under a label,
# an API key said required in 60 languages, "No X generated" as a placeholder, a compound headed by the error noun (-fejl,
# -feil, -sfel, -fout) or holding a quota (hand 3,784 -> 3,798 caught, 57 held), retrained: 178.
# A promise to reply once checked ("确认好马上告诉你") hands back (hand 3,800), retrained: 176.
# Merged with round 12's batches, retrained: 186.
# Round 12's answer concepts, on the round-11 tune part:
# Round 12, answers: definitions, a defining last line, a guide's title (hand 205 held): 192.
# An example's heading, codes counted, italics, a question to the asker (205 held): 191.
# "Occurs" in more languages, Chinese change titles, contrasts in id/vi (205 held): 191.
# All merged, retrained: 185.
# Round 13 (eng64): core failure words in their common spellings and bare forms: Thai
# "โควต้า", "ลองใหม่", "ไม่ตอบกลับ"; Indonesian "respon"; Uzbek "keyinroq urinib"; Hebrew
# "לא החזיר", Persian "برنگرداند" (hand 3,935 -> 3,939 caught, 45 held), retrained: 181.
# A Chinese bot's mind gone astray as its own state ("开小差", "有点混乱", "迷糊了", "失灵了",
# "需要多一点时间思考"; hand 3,939 -> 3,944, 45 held), retrained: 176.
# Belarusian ("нешта пайшло не так", "памылка", "паспрабуйце яшчэ раз") and Estonian
# ("vabandame", "tehnilised probleemid") notice words; a first person's could-not or no answer
# ("no he podido", "não obtive resposta", "沒有產生任何內容"); German "versuch es gleich noch
# einmal" (hand 3,944 -> 3,951, 45 held), retrained: 169.
# Thai "ไม่ตอบกลับ" taken back out of no_reply (a Thai definition of a 504 says it: hand
# 3,951 -> 3,950, 45 held), model not retrained: 170.
# Round 13's answer concepts (quantity keys, citations, connectives, casual talk; hand 201
# held), retrained: 184.
# Round 13's five batches joined (188 tune failures; hand 201 -> 214), retrained: 199.
# Round 13, failures: "ё" read plain, an owner's page, fields on one line, fallback and error slots,
# a translator's output, a budget run out (hand 214 -> 205), retrained: 190.
# Slots indexing a response or calling str(), `$X$`, `{ $x }`, between escaped backticks; a
# Russian limit exhausted (hand 205 -> 198), retrained: 186.
# Round 13, the new files' answers: guide headings, a Korean topic, a code named as an error,
# called normal, bold callouts (hand 214 held), retrained: 197.
# All merged with round 13's second part (178 tune texts), hand 4,184/4,394, retrained: 193.
# Both halves of round 13 with every round-13 concept merged (eng64, eng65, eng67, eng68), hand
# 4,201/4,394, retrained: 179.
# Round 13's leftovers (eng70): hand 4,201 -> 4,204/4,394, retrained: 176.
# Round 13, the thin languages' core failure words and sorry words (hand 4,201 -> 4,209),
# retrained: 170.
# eng69 (failure words of the languages the corpus has least) and eng70 ("for details" in
# other languages, Korean "not a valid X", Russian "incorrect") merged, hand 4,212, retrained: 166.
# Round 14 (eng72): Lua tracebacks, a short notice in a script the task does not use, an error
# page's status slot in its title (hand 4,212 -> 4,221), retrained: 154.
# Round 14 joined (4,617 failures in the tune part): hand 4,380, retrained: 220; with eng72
# merged, hand 4,390, retrained: 209.
# Round 14 English (eng73): a refused identity, crash reports in sections, a bot's own trouble
# as "I" (hand 4,390 -> 4,398), retrained: 203.
# Round 14 (eng74): persona stand-ins (Romanian stand-in words, a bot's own states, stuck or
# choking on the request, still starting up; a stand-in's hedge is no explanation; hand
# 4,390 -> 4,405), retrained: 198.
# Round 14 (eng75): stand-ins where a value belongs, traces in markdown reports, server pages
# as text, "I'm a language model", bracketed error tags (hand 4,390 -> 4,401), retrained: 198.
# Round 14 (eng76): core failure words in other languages (unavailable, maintenance, too many
# requests, timed out, could not, no reply, does not work), work in progress in Russian and
# Swahili, Turkish did-not-answer (hand 4,390 -> 4,408), retrained: 190.
# Round 14's answers (eng77): hand 4,390 held, retrained: 209 (4,408 caught).
# eng73-eng77 merged (judge/11): hand 4,438, retrained: 167 (4,450 caught).
# Round 15 joined (4,844 failures in the tune part): hand 4,637, retrained: 192 (4,652 caught).
# Round 15's misses (eng79): "too many requests", "could not" and bot checks in thin languages,
# a lone Latin name in another script's notice, servers' stock error page lines, self-named
# stand-ins, constants alone, RFC 9457 problem objects, Gemini's blockReason (hand 4,438 ->
# 4,466), retrained: 136 (4,481 caught).
# Round 15 (eng79): Italian "non funziona", Finnish "yhteysongelma", Ukrainian "перевищує ліміт"
# (hand 4,466 -> 4,469), retrained: 133 (4,484 caught).
# Round 15's answers (eng80): hand 4,438 held, retrained: 166 (4,451 caught); with an article's
# page and a reference entry's headings: held, 166.
# Round 15 joined and eng79-eng80 merged (4,844 failures): hand 4,668, retrained: 160 (4,684
# caught).
# Round 16's answers (eng84): hand 4,668 held, retrained: 159 (4,685 caught).
# Round 16's five batches joined (5,046 failures), retrained: 187 (4,859 caught, hand 4,843);
# eng85: a JSON envelope whose fields report the failure, an agent loop's cap reached, trouble
# in a bot's casual register (romanized Hindi, colloquial Indonesian) (hand 4,843 -> 4,859),
# retrained: 171 (4,875 caught); a whole reply one clause of inability in Vietnamese or Thai
# ("Không soạn được.") (hand 4,862), retrained: 168 (4,878 caught).
# Round 16 (eng83): short notices by class in words not seen before, thin languages' core
# words, a validator's verdict on a request field, a fenced slot, a page's stock line, control
# tokens, Hinglish and Bengali hand-backs (hand 4,668 -> 4,702), retrained: 124 (4,720 caught).
# Round 16's nine batches joined (5,159 failures) and eng82-eng85 merged (judge/12): hand
# 4,986, retrained: 154 (5,005 caught).
# Round 17's first seven batches joined (5,401 failures: context-limit notices, review bots,
# saved error pages, the thinnest languages, persona fallbacks), retrained: 212 (5,189 caught,
# hand 5,165).
# ... and its last three (SDK stand-ins, errors after partial answers, SSE frames, recorded
# transcripts): 5,508 failures, retrained: 231 (5,277 caught, hand 5,254).
# Round 17 (eng88): the answer side only: held, hand 5,254, retrained: 231 (5,277 caught).
# Round 17 (eng89): the core words of failure notices (error, failed, unexpected, try again,
# later, service, connection, unavailable, limit exceeded, busy, no reply) in ~35 thin
# languages as vocabulary data; persona fallbacks (scattered thoughts, "not quite myself", a
# moody API, a smoking processor, "I'm starting up", "I'll be back online shortly", "you've
# asked too many questions") (hand 5,254 -> 5,295), retrained: 194 (5,314 caught).
# Round 17 (eng87): an error page's marks weigh up to three and its text is no writer's
# (IIS, Varnish, nginx), return codes (`rc`), fetch's own words, .NET frames in the runtime's
# language, no prose in a trace, conversation-too-long and Chinese queue words: hand 254 -> 236
# misses (5,272 caught), retrained: 216 (5,292 caught).
# Round 17's ten batches joined and eng86-eng89 merged (judge/13): hand 5,313, retrained: 178
# (5,330 caught).
# Round 18's first six batches joined (5,780 failures: small integrations, Asian providers'
# error bodies, traces shown as the bot's message, platforms' and model servers' errors),
# retrained: 212 (5,568 caught, hand 5,564).
# ... and its last four (content-filter stand-ins, placeholders, persona fallbacks, mid-size
# languages' locale notices): 5,938 failures, retrained: 266 (5,672 caught, hand 5,675).
# eng91 (thread replies read as a person's, answer side only): hand 5,675 -> 5,675 caught,
# retrained: 261 (5,677 caught).
# Round 18, eng92 (answer-side readings only; hand catches unchanged at 5,675), retrained: 261
# (5,677 caught).
# Round 18 (eng93): placeholders (a bot's progress line "AI is thinking...", "<empty_content>",
# "Empty String :(", "res_text", self-named stand-ins), persona cooldowns (slows_down), a
# character's line after its stage direction, mid-size languages' locale notices (hr, sl, cs,
# fa, tr, az, bn, te, si, th, ro, pl): hand misses 263 -> 224, retrained: 227 (5,711 caught).
# Round 18, the failure side (eng94: error bodies read past quoting, logs ending in panics,
# "Agent failed before reply:", appended errors behind escaped breaks, footers under a bare
# rule, provider error numbers, urllib3's message, Slavic and South Asian words; hand 263 -> 245),
# retrained: 248 (5,690 caught, hand 5,693).
# Round 18's ten batches joined and eng90-eng94 merged (judge/14): hand 5,728, retrained: 206
# (5,732 caught); an "I" or "my" inside a no-reply or refusal phrase is no writer's: hand held,
# retrained: 205.
# Round 19: own_trial's 我这边 only before trial words (hand 210, retrained 204); the first
# eight batches joined, learned signal retrained: hand 285, retrained: 276 (6,110 caught).
# Round 19, agent frameworks' final outputs (eng95: tool_record "Command x returned: []",
# format_fault "no valid tool request found", run_stopped "ended without emitting" and "...
# Stopped.", step_limit's next request, Python's and JS's TypeErrors as the result): hand
# 285 -> 269, retrained: 260 (6,126 caught).
# Round 19, eng96: degenerate output (a letter repeated, control tokens bare, a loop, the prompt
# echoed), local runners' notices, KoboldCpp's typed notice object: hand 285 -> 264, retrained:
# 256.
# Round 19, eng99 (answer-side readings only; hand misses held at 285), retrained: 276 (6,110
# caught).
# Round 19, eng97: cut_off, broken_off, took-too-long / too-large words: hand 285 -> 261,
# retrained: 257 (6,129 caught).
# Round 19, eng98 (providers' docs and people's replies, answer side): hand held at 285,
# retrained: 275 (6,111 caught).
# Round 19's ten batches joined and eng95-eng100 merged (judge/15): hand 232 (6,265 caught),
# retrained: 222 (6,275 caught).
# Round 20's eight batches joined, before any tuning on them: hand 323 (6,613 of 6,936 caught),
# retrained: 316 (6,620 caught).
# Round 20, eng103: own_cause ("The request timed out. This might be due to ..."), an answer
# engine's "could not find any relevant information", zh "已达" limits: hand 323 -> 316 (6,620
# caught), retrained: 308 (6,628 caught).
# Round 20, eng106: thin languages' limit-reached pair words (and compounds), unavailable/retry/
# failure/overload/timeout words; a crash record; the asked-for thing absent in brackets:
# hand 323 -> 304 (6,632 caught), retrained: 297 (6,639 caught).
# Round 20, eng102 (broken outputs, as above): hand 323 -> 313 (6,623 caught), retrained: 306
# (6,630).
# Round 20, eng104 (works_elsewhere's Chinese "works, but"): hand 323 (6,613), retrained: 316
# (6,620).
# Round 20, eng105 (translation tools: `failed_segment`, a tool's marker or a subtitle cue's
# "ERROR" in a rendering's place; `declines_rendering`): hand 323 -> 318 (6,618 caught),
# retrained: 307 (6,629 caught).
# Round 20's eng102-eng107 merged (judge/16), with the same four readings: hand 282 (6,654
# caught), retrained: 274 (6,662 caught).
# Round 21 joined (3,544 texts), learned signal retrained, no hand change: hand 444 (7,553 of
# 7,997 caught), retrained: 447 (7,550 caught).
# Round 21's eng108-eng114 merged (judge/17): hand 371 (7,626 caught), retrained: 380 (7,617
# caught).
# Round 22 joined (3,157 texts), learned signal retrained, no hand change: hand 478 (8,186 of
# 8,664 caught), retrained: 488 (8,176 caught).
# Round 22's eng115-eng122 merged (judge/18): hand 435 (8,229 caught), retrained: 448 (8,216
# caught).
# Round 23 joined (1,700 texts) with eng123, eng125 and eng126 merged (judge/19): hand 506
# (8,696 of 9,202 caught), retrained: 519 (8,683 caught).
# Round 24 joined (1,156 texts) with eng128, eng129 and eng130 merged (judge/20): hand 533
# (9,037 of 9,570 caught), retrained: 546 (9,024 caught).
# Round 25 joined (2,074 texts) with eng133, eng134 and eng135 merged (judge/21): hand 649
# (9,593 of 10,242 caught), retrained: 658 (9,584 caught).
# Round 26 joined (2,409 texts) with eng132, eng137, eng138 and eng139 merged (judge/22): hand
# 823 (10,090 of 10,913 caught), retrained: 823 (10,090 caught); with one home for a
# template's slot (`slot_signals.SLOT`, Python's `%(name)s` in it) and retrained: 824.
# Round 27 joined (1,651 texts) with eng140, eng141 and eng142 merged (judge/23): hand 976
# (10,384 of 11,360 caught), retrained: 971 (10,389 caught). Round 28 joined (1,378 texts)
# with five branches merged (judge/24): hand 1,075 (10,606 of 11,681), retrained: 1,075;
# dead zone 0.15: 1,046 (10,635 caught). Round 29 joined (1,040 texts) with five branches
# merged (judge/25): hand 1,182 (10,792 of 11,974), retrained: 1,149 (10,825 caught).
# Round 30 joined (982 texts) with five branches merged (judge/26): hand 1,283 (10,992 of
# 12,275), retrained: 1,258 (11,017 caught). Round 31 joined (1,104 texts) with three branches
# merged (judge/27): hand 1,378 (11,259 of 12,637), retrained: 1,361 (11,276 caught); with
# long replies (over 1,500 characters) no longer kept from the quick clear for eng163's readings
# (2 KB answers 196 -> 17 us): hand 1,379, 1,362. Round 32 joined (1,260 texts, 459 failures
# in the tune part, most of them loops, cut-offs and refusals of harmless tasks stored as data)
# with four branches merged (judge/28): hand 1,620 (11,476 of 13,096), retrained: 1,615 (11,481
# caught). Round 33 joined (1,411 texts, 430 failures in the tune part, a third of them missed
# before any change: chat datasets' cut-off turns, generated READMEs and commit messages that
# are a summary or an error) with four branches merged (judge/29): hand 1,699 (11,827 of
# 13,526), retrained: 1,713 (11,813 caught). Round 34 joined (1,626 texts, 392 failures in the
# tune part: code stubs and refusals of code, graders' outputs cut before the verdict, refusals
# of harmless questions): judge/29 on the grown part 1,887; with five branches merged
# (judge/30): hand 1,761 (12,157 of 13,918), retrained: 1,782 (12,136 caught). Round 35 joined
# (759 texts, 233 failures in the tune part: agent turns that only announce their work, text-to-
# SQL refusals and prose, generations cut at the token limit, OCR stand-ins): judge/30 on the
# grown part 1,910; with seven branches merged (judge/31): hand 1,791 (12,360 of 14,151),
# retrained: 1,812 (12,339 caught). Round 36 joined (494 texts, 138 failures in the tune part:
# agents' turns that only announce their work, in transcripts and in Chinese, Japanese and
# Korean; code completions that loop or wander; tool-use benchmarks' give-ups): judge/31 on the
# grown part 1,889; with six branches merged (judge/32): hand 1,794 (12,495 of 14,289),
# retrained: 1,807 (12,482 caught). Round 37 joined (1,088 texts, 286 failures in the tune part:
# voice and dialog fallbacks, chat-ops plugins' error replies, refusals of harmless requests,
# coding agents' give-ups): judge/32 on the grown part 1,967; with seven branches merged
# (judge/33): hand 1,893 (12,682 of 14,575), retrained: 1,899 (12,676 caught). Round 38 joined
# (525 texts, 117 failures in the tune part: agent CLIs' error lines and false "done"s,
# over-refusals, annotation refusals and garbled labels): judge/33 on the grown part 1,932; with
# eight branches merged (judge/34): hand 1,786 (12,906 of 14,692), retrained: 1,806 (12,886
# caught). Round 39 joined (705 texts, 177 failures in the tune part: test generators' refusals
# and announcements, chat titles that are refusals or chatter, translations refused, graders'
# provider errors, README cells holding HTTP notices): judge/34 on the grown part 1,936; with
# ten branches merged (judge/35): hand 1,829 (13,040 of 14,869), retrained: 1,849 (13,020
# caught). Round 40 joined (869 texts, 208 failures in the tune part: provider errors shown as
# an ops explanation, compaction errors stored as the summary, NA-filled extractions, refusals
# and notes written into subtitles, code conversions refused or cut, quizzes never written):
# judge/35 on the grown part 1,950; with seven branches merged (judge/36): hand 1,797 (13,280 of
# 15,077), retrained: 1,820 (13,257 caught); a call in a model's own markup left to
# lost_tool_call (no tools offered: nothing lost): hand 1,798, retrained 1,821. Round 41
# joined (1,101 texts, 251 failures in the tune part: prose, code and questions in place of a
# graph extractor's records, memories that are chatter or an error, refusals of a story,
# rankings and choices not given): judge/36 on the grown part 2,029; with eleven branches and
# the review's mends merged (judge/37): hand 1,882 (13,445 of 15,327), retrained: 1,893
# (13,434 caught). Round 42 joined (948 texts, 239 failures in the tune part: refusals, questions
# back and echoes in instruction datasets, cut configs, replies cut in Japanese, Korean, Russian
# and Chinese, agent steps saved as a resume or itinerary, hollow pull-request summaries):
# judge/37 on the grown part 2,063; with seven branches and the review's mends merged
# (judge/38): hand 1,984 (13,582 of 15,566), retrained: 1,998 (13,568 caught). Round 43 joined
# (326 texts, 77 failures in the tune part: loops, cut chains of thought, refusals, claims of
# missing input, English answers to Korean and Japanese tasks, stray-file patches): judge/38 on
# the grown part 2,037; with nine branches and the review's mends merged (judge/39): hand 1,928
# (13,715 of 15,643), retrained: 1,952 (13,691 caught). Round 44 joined (713 texts, 240
# failures in the tune part: loops, summaries cut at the token limit, chains of thought never
# closed or cut before their answer, empty answer blocks, template debris, questions back,
# refusals of harmless tasks): judge/39 on the grown part 2,067; with eight branches and the
# review's mends merged (judge/40): hand 1,943 (13,940 of 15,883), retrained: 1,968 (13,915
# caught).
TUNE_MISSES_AT_MOST = 1968


@pytest.mark.timeout(600)  # every tune text read once (~140 s quiet, 4+ min on a loaded machine)
def test_the_tune_part_holds_its_targets() -> None:
    """What the weights were tuned on: no more misses and false alarms than the ratchets
    above. A change to a signal that breaks this is a regression on real texts."""
    missed, alarms, failures, answers = [], [], 0, 0
    for s in corpus.samples("tune"):
        flagged = judge(corpus.turn_of(s), _request(s)) is not None
        if s.label == "failure":
            failures += 1
            if not flagged:
                missed.append(s.text[:80])
        else:
            answers += 1
            if flagged:
                alarms.append(s.text[:80])
    assert len(alarms) <= TUNE_FALSE_ALARMS_AT_MOST, alarms
    assert len(missed) <= TUNE_MISSES_AT_MOST, missed
    assert failures and answers


def test_explain_names_each_signal_with_its_weight() -> None:
    reading = read_text('API Error: 529 {"type":"error","error":{"type":"overloaded_error"}}')
    names = {s.name for s in reading.signals}
    assert {"error_object", "status_code", "client_prefix"} <= names
    assert reading.failure and reading.score == round(sum(s.weight for s in reading.signals), 3)


def test_tether_judge_explain_prints_the_signals() -> None:
    record = {
        "request": {"model": "m", "messages": [{"role": "user", "content": "Fix the test"}]},
        "reply": {
            "content": "Rate limit reached. Please try again later.",
            "finish_reason": "stop",
        },
    }
    run = subprocess.run(
        [sys.executable, "-m", "tether", "judge", "--explain", "--json"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    body = json.loads(run.stdout)
    assert body["verdict"] == "gateway" and body["detector"] == DETECTOR
    assert any(s["name"] == "vocabulary:rate_limit" for s in body["signals"])
    assert body["score"] >= body["threshold"]


@pytest.mark.timeout(30)
def test_the_stand_draws_real_failures_from_the_test_part_only() -> None:
    from openai import OpenAI

    test_texts = {s.text for s in corpus.samples("test", "failure")}
    tune_texts = {s.text for s in corpus.samples("tune")}
    with StandThread(build_stand(faults=["gateway-real"], seed=3)) as url:
        client = OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0)
        seen = set()
        for i in range(6):
            reply = client.chat.completions.create(
                model="sim-large", messages=[{"role": "user", "content": f"task {i}"}]
            )
            text = reply.choices[0].message.content or ""
            assert text in test_texts and text not in tune_texts
            seen.add(text)
    assert len(seen) > 1


@pytest.mark.timeout(30)
def test_the_stand_draws_the_same_real_failure_for_a_run_whatever_the_order() -> None:
    """The lab's runs overlap: a run's text must not depend on which other run asked first."""
    from openai import OpenAI

    def texts(order: list[int]) -> dict[int, str]:
        with StandThread(build_stand(faults=["gateway-real"], seed=3)) as url:
            client = OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0)
            found = {}
            for i in order:
                reply = client.chat.completions.create(
                    model="sim-large", messages=[{"role": "user", "content": f"task {i}"}]
                )
                found[i] = reply.choices[0].message.content or ""
            return found

    forward, backward = texts([0, 1, 2, 3]), texts([3, 2, 1, 0])
    assert forward == backward and len(set(forward.values())) > 1


@pytest.mark.timeout(900)  # every tune text read by both judges: it grows with the corpus,
# and a loaded 2-core machine reads it three times slower
def test_bench_judge_corpus_runs() -> None:
    bench = Path(__file__).parents[2] / "bench" / "judge_corpus.py"
    run = subprocess.run(
        [sys.executable, str(bench), "--split", "tune"],
        capture_output=True,
        text=True,
        timeout=880,
    )
    assert run.returncode == 0, run.stderr
    assert "judge/1 recall" in run.stdout and f"{DETECTOR} on the tune part" in run.stdout


def test_bench_judge_corpus_leaves_out_a_held_batch(tmp_path: Path) -> None:
    """A half kept unread (to check that a change generalises) is neither counted nor listed
    with --misses; a file that cannot be read is a usage error that names it."""
    bench = Path(__file__).parents[2] / "bench" / "judge_corpus.py"
    records = [
        {"label": "failure", "text": text, "source": "https://x.example", "group": group}
        for text, group in (
            ("Error 429: Too Many Requests. Please retry later.", "a.example"),
            ("upstream connect error or disconnect/reset before headers", "b.example"),
            ("The quota of this key is used up, contact the admin.", "c.example"),
        )
    ]
    batch, held = tmp_path / "batch.jsonl", tmp_path / "held.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    held.write_text(json.dumps(records[1]) + "\n", "utf-8")
    run = subprocess.run(
        [sys.executable, str(bench), "--batch", str(batch), "--leave-out", str(held), "--misses"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "without 1 text(s)" in run.stdout and ": 2 texts from 2 sources" in run.stdout
    assert "slowest " in run.stdout and "0 over 0.3 s" in run.stdout  # timed, never quoted
    assert "upstream connect error" not in run.stdout
    missing = subprocess.run(
        [sys.executable, str(bench), "--leave-out", str(tmp_path / "nope.jsonl")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert missing.returncode == 2 and "nope.jsonl: cannot be read" in missing.stderr


def test_judge_settings_in_a_configuration_file(tmp_path: Path) -> None:
    from tether.agent.runtime import create_agent_runtime, load_config
    from tether.errors import ConfigError
    from tether.proxy.config import load_proxy_config

    path = tmp_path / "agent.toml"
    path.write_text(
        '[judge]\nphrases = ["our proxy is napping"]\nweights = { status_code = 0.8 }\n',
        encoding="utf-8",
    )
    from tether.stand import StandThread

    with StandThread() as url:
        from tether.providers import OpenAIProvider

        runtime = create_agent_runtime(
            load_config(path),
            providers=[OpenAIProvider(url + "/v1", "sim-large")],
            workspace=tmp_path,
            store=None,
        )
    config = runtime.chain.judge_config
    assert config.all_weights["status_code"] == 0.8
    turn = Turn(content="Our proxy is napping.", finish_reason="stop", termination="stop")
    assert judge(turn, None, config=config) is not None
    assert judge(turn, None) is None  # the shipped judge does not know that gateway

    proxy = tmp_path / "proxy.toml"
    proxy.write_text(
        '[[upstreams]]\nbase_url = "http://127.0.0.1:9/v1"\n[judge]\nweights = { nope = 1.0 }\n',
        encoding="utf-8",
    )
    from tether.proxy.forward import Upstreams

    with pytest.raises(ConfigError, match="judge: unknown judge weight"):
        Upstreams(load_proxy_config(proxy))


@pytest.mark.timeout(1200)  # two readings of every text: its time grows with the corpus
def test_a_verdict_read_in_part_is_the_verdict_of_the_full_reading() -> None:
    """The judge stops reading once the failure evidence is below the bar (the answer signals
    can only lower the score). On every text of both parts (this checks the shortcut, not the
    verdicts), the shortcut agrees with the full reading, and no answer signal ever weighs
    toward failure. Read for its side only (the answer signals before the learned model), it
    agrees too, and a failure's reading is the settled one (a verdict's detail quotes it)."""
    from tether.reliability.guard import CONFIDENT_MARGIN
    from tether.reliability.judge import DEFAULT_CONFIG
    from tether.reliability.reading import THRESHOLD
    from tether.reliability.settling import most as most_of
    from tether.reliability.signals import ANSWER_SIDE, BOUNDED, SETTLING

    answer_side = {fn.__name__ for fn in ANSWER_SIDE}
    # a side-only reading counts each bounded signal at its most until read: one signal, no more
    weights = DEFAULT_CONFIG.all_weights
    most = {n: most_of(weights, BOUNDED, fn) for fn, names in BOUNDED.items() for n in names if n}
    assert set(SETTLING) == {*ANSWER_SIDE, *BOUNDED} and len(SETTLING) == len(set(SETTLING))
    for sample in corpus.samples():
        request = _request(sample)
        full = read_text(sample.text, request)
        quick = read_text(sample.text, request, settle_below=THRESHOLD)
        side = read_text(sample.text, request, settle_below=THRESHOLD, side_only=True)
        assert quick.failure == full.failure == side.failure, sample.text[:80]
        assert side == quick or not side.failure, sample.text[:80]
        head, bar = sample.text[:160], THRESHOLD - CONFIDENT_MARGIN  # what holdback asks
        held = read_text(head, settle_below=bar).score <= bar
        assert (read_text(head, settle_below=bar, side_only=True).score <= bar) == held, head
        for signal in full.signals:
            if signal.name.split(":")[0] in answer_side:
                assert signal.weight <= 0, (signal, sample.text[:80])
            assert signal.weight <= most.get(signal.name, signal.weight), (signal, sample.text[:80])
        for names in BOUNDED.values():
            assert sum(s.name in names for s in full.signals) <= 1, sample.text[:80]


@pytest.mark.parametrize(
    ("text", "first_person"),
    [
        # a whole reply of one clause of inability with no tool call before it is a skill's
        # stock line, no answer's "I" (round 38); after the model's own calls it is its account
        # of them (test_judge_round27_request_intent)
        ("I could not do that.", False),
        ("I could not reproduce the timeout; the test passes 200 times in a row.", True),
        ("I cannot process this request as it triggered safety guidelines.", False),
        ("Sorry, I haven't been configured with an AI source yet.", False),
        ("我暂时无法回答这个问题", False),
        # an apology's own sentence says nothing of who answers; the next sentence's "I" does
        ("I'm sorry, my child. I can't respond to your request", False),
        ("I'm sorry, I misread the question. I changed the parser to skip blank lines.", True),
        ("I'm sorry for the confusion: the test passes now.", True),
        ("I'd prefer to not respond to that.", False),  # a filter's canned refusal
        ("API 또는 모델 출력에 문제가 있을 수 있습니다.", False),  # 문제가 is "problem", not "I"
        ("제가 parse.py를 고쳤습니다.", True),
        ("我們正在維護中", False),  # "we" in traditional Chinese, as 我们 in simplified
        # no-reply words right after the "I": the voice of a notice that will not answer
        ("I need to gather my thoughts for a moment", False),
        ("I'm having trouble understanding.", False),
        ("I could not reproduce the crash; the fix is in parse.py.", True),
        ("I'd rather not change the public API; I added a helper instead.", True),
    ],
)
def test_first_person_is_an_answers_unless_it_cannot_answer(text: str, first_person: bool) -> None:
    names = {s.name for s in read_text(text).signals}
    assert ("first_person" in names) is first_person, read_text(text).signals


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("The free tier allows 5 calls per second; past that the API answers 429.", True),
        ("默认500条/秒，超过后会被限流。", True),  # noqa: RUF001
        ("Without a key the limit is 5 requests/seconds.", True),
        ("Rate limit reached on requests per min (RPM): Limit 3, Used 3, Requested 1.", False),
        ("Limit: 3 / min. Please try again in 20s.", False),
    ],
)
def test_a_limit_stated_as_a_rate_is_documentation(text: str, stated: bool) -> None:
    names = {s.name for s in read_text(text).signals}
    assert ("rate_stated" in names) is stated, read_text(text).signals


@pytest.mark.parametrize(
    ("text", "defines"),
    [
        ("A 529 means the provider is overloaded; retry with backoff.", True),
        ("This error occurs when the key has no credit left.", True),
        (
            "You exceeded your current quota. For more information on this error, read the docs.",
            False,
        ),
    ],
)
def test_a_pointer_to_the_docs_defines_nothing(text: str, defines: bool) -> None:
    names = {s.name for s in read_text(text).signals}
    assert ("defines" in names) is defines, read_text(text).signals


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("The 429 error means the key sent too many requests.", True),
        ("Le serveur renvoie une erreur 503 quand il est en maintenance.", True),
        ("503 Service Unavailable is the correct response here.", True),
        ("A 429 Too Many Requests response carries a Retry-After header.", True),
        ("Error 429: too many requests, please retry later.", False),
        ("HTTP 503 Service Unavailable", False),
        ("Request failed with status code 429", False),
    ],
)
def test_a_code_spoken_of_as_a_thing_is_talked_about(text: str, named: bool) -> None:
    names = {s.name for s in read_text(text).signals}
    assert ("names_code" in names) is named, read_text(text).signals


def test_text_rendered_from_markdown_is_no_page_and_a_head_in_pre_is_an_example() -> None:
    rendered = (
        "<p>The <code><strong>429 Too Many Requests</strong></code> status says the user sent "
        "too many requests.</p>\n<p>A <code>Retry-After</code> header may say how long to wait.</p>"
    )
    names = {s.name for s in read_text(rendered).signals}
    assert not names & {"html_page", "html_doc"}, names
    page = "<html><head><title>429 Too Many Requests</title></head><body>nginx</body></html>"
    assert "html_page" in {s.name for s in read_text(page).signals}
    head = "<pre>HTTP/1.1 429 Too Many Requests\nRetry-After: 3600</pre>"
    assert "http_message" in {s.name for s in read_text(head).signals}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ('The proxy said "upstream request timeout" and then closed the connection.', True),
        ("> upstream request timeout\n\nThat is Envoy's text: raise its route timeout.", False),
        ("Envoy logs this:\n> upstream request timeout\nRaise the route timeout.", True),
        ("ClientResponseError: 424, message='Failed Dependency', url='https://x/v1'", False),
        ('<RpcError of RPC that terminated with:\ndetails = "Quota exceeded"\n>', False),
    ],
)
def test_a_field_value_or_a_closing_sign_is_no_quotation(text: str, quoted: bool) -> None:
    names = {s.name for s in read_text(text).signals}
    assert ("quoted" in names) is quoted, read_text(text).signals


def test_a_line_that_labels_an_example_introduces_it() -> None:
    text = 'Example error response body:\n{"message": "Requested resource not found"}'
    assert "introduced" in {s.name for s in read_text(text).signals}
    alone = '{"message": "Requested resource not found"}'
    assert "introduced" not in {s.name for s in read_text(alone).signals}
