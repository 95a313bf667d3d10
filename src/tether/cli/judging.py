"""`tether audit` and `tether judge`: exchange records re-judged offline."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import orjson
import typer

from tether.cli.common import (
    EXIT_NOT_ACCEPTED,
    EXIT_OK,
    command,
    fail,
)

_RECORD_HELP = (
    "an exchange record is one JSON object with api, request and reply, "
    "as `tether stand --log FILE` writes one per line"
)


def _finding_line(finding: Any) -> str:
    """`line N  VERDICT  excerpt` for a finding of tether.audit."""
    from tether.audit import HTTP_ERROR, MALFORMED_LINE

    if finding.verdict == MALFORMED_LINE:
        return f"line {finding.line}  malformed line  {finding.detail}"
    if finding.verdict == HTTP_ERROR:
        return f"line {finding.line}  {HTTP_ERROR} {finding.status}  {finding.excerpt}"
    verdict = finding.verdict or "answer"
    return f"line {finding.line}  {verdict}  {finding.excerpt}"


@command()
def audit(
    file: Annotated[str, typer.Argument(help="A JSONL log of exchange records.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Re-judge every exchange record of a log, offline: which turns were not answers?

    Exit 0 when every turn is an answer; 1 when any is not (or a line is not a record);
    2 when the file cannot be read.
    """
    from tether.audit import audit_lines, summarize

    fix = f"give a JSONL log of exchange records ({_RECORD_HELP})"
    try:
        with open(file, encoding="utf-8-sig") as lines:
            findings = audit_lines(lines)
    except FileNotFoundError:
        fail(f"{file}: no such file; {fix}")
    except IsADirectoryError:
        fail(f"{file} is a directory; {fix}")
    except UnicodeDecodeError:
        fail(f"{file} is not UTF-8 text; {fix}")
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}; {fix}")
    summary = summarize(findings)
    bad = summary["not_answers"] + summary["malformed_lines"]
    if json_out:
        body = {"records": [f.as_json() for f in findings], "summary": summary}
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
    else:
        text = [_finding_line(f) for f in findings if f.verdict is not None]
        fixed = ("total", "answers", "not_answers", "malformed_lines")
        kinds = ", ".join(f"{k} {n}" for k, n in summary.items() if k not in fixed)
        text.append(f"by verdict: {kinds or 'none'}")
        text.append(
            f"total {summary['total']}: {summary['answers']} answers, "
            f"{summary['not_answers']} not answers, {summary['malformed_lines']} malformed lines"
        )
        sys.stdout.write("\n".join(text) + "\n")
    raise typer.Exit(EXIT_NOT_ACCEPTED if bad else EXIT_OK)


@command()
def judge(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Print every signal read in the reply's text.")
    ] = False,
) -> None:
    """Judge ONE exchange record read from stdin: is its turn an answer?

    Exit 0 when it is; 1 when it is not (or the record is an HTTP error); 2 when stdin is not
    one exchange record. --explain prints the evidence weighed on the reply's text: each
    signal with its weight (positive: a failure; negative: an answer) and their sum.
    """
    from tether.audit import MALFORMED_LINE, audit_text, explain_text, learned_pushes
    from tether.reliability.learned import shown

    fix = f"pipe one record into `tether judge` ({_RECORD_HELP}); for a log use `tether audit`"
    if sys.stdin is None or sys.stdin.isatty():
        fail(f"stdin: nothing piped in; {fix}")
    try:
        text = sys.stdin.buffer.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(f"stdin is not UTF-8 text; {fix}")
    if not text.strip():
        fail(f"stdin is empty; {fix}")
    finding = audit_text(text)
    if finding.verdict == MALFORMED_LINE:
        fail(f"stdin is not an exchange record: {finding.detail}; {fix}")
    reading = explain_text(text) if explain else None
    learned = any(s.name == "learned" for s in reading.signals) if reading else False
    pushes = learned_pushes(text) if learned else ([], [])
    if json_out:
        body = finding.as_json()
        del body["line"]
        if reading is not None:
            body["score"] = reading.score
            body["threshold"] = reading.threshold
            body["signals"] = [
                {"name": s.name, "weight": s.weight, "evidence": s.evidence}
                for s in reading.signals
            ]
            if learned:
                body["learned"] = {
                    side: [{"ngram": shown(g), "weight": w} for g, w in found]
                    for side, found in zip(("toward_failure", "toward_answer"), pushes, strict=True)
                }
        sys.stdout.write(orjson.dumps(body).decode() + "\n")
    else:
        verdict = finding.verdict or "answer"
        head = f"{verdict} ({finding.detector})" + (f": {finding.detail}" if finding.detail else "")
        sys.stdout.write(head + "\n" + (f"  {finding.excerpt}\n" if finding.excerpt else ""))
        if explain and reading is None:
            sys.stdout.write("no reply text to weigh\n")
        elif reading is not None:
            lines = [
                f"  {s.weight:+6.2f}  {s.name:<24} {s.evidence[:70]!r}" for s in reading.signals
            ]
            for side, found in zip(("failure", "answer"), pushes, strict=True):
                if found:
                    grams = ", ".join(f"{shown(g)!r} {w:+.2f}" for g, w in found)
                    lines.append(f"          (learned) toward {side}: {grams}")
            lines.append(
                f"  {reading.score:+6.2f}  sum (a failure text from {reading.threshold:.2f})"
            )
            sys.stdout.write("\n".join(lines) + "\n")
    raise typer.Exit(EXIT_OK if finding.is_answer else EXIT_NOT_ACCEPTED)
