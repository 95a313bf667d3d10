"""The lab's outputs: the JSON scripts read, the Markdown report and the SVG chart.

The chart is written by hand as SVG (no plotting dependency): two panels, the false "done" rate
and the solve rate, one group of bars per failure shape (and "all"), one bar per harness.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from tether.lab.experiment import SEED_PROMISE, LabResult, by_shape, summarize
from tether.lab.mixes import __doc__ as MIXES_DOC

COLORS = {"naive": "#c0392b", "tether": "#2471a3", "tether-hedge": "#1e8449"}
DEFINITIONS = (
    "- **said done**: the harness reported success (naive: a reply without a tool call; "
    "tether: status `done` or `answered`).\n"
    "- **solved**: every check of the task passed on the workspace and the final answer.\n"
    "- **false done**: said done, and the check failed or the reply taken for the answer was "
    "not an answer (the judge's verdict on it).\n"
    "- **honest failure**: did not say done (error, budget spent, `failed`, `unverified`, ...).\n"
    "- **said done where impossible**: said done on a run where no candidate could get past a "
    "step (the `dead-end` and `slump-backup` mixes), out of those runs.\n"
    "- **runs the lab could not check**: a signal from outside stopped the lab's own check "
    "before it decided (the check's quote names the signal and whether tether sent it), and "
    "nothing else measured a failure: neither solved nor a false done.\n"
)


def lab_json(result: LabResult, *, runs: bool = True) -> dict[str, Any]:
    s = result.settings
    harnesses = {h: summarize([r for r in result.runs if r.harness == h]) for h in s.harnesses}
    body: dict[str, Any] = {
        "mix": s.mix.name,
        "seed": s.seed,
        "tasks": len(result.tasks),
        "harnesses": harnesses,
        "by_shape": {h: by_shape([r for r in result.runs if r.harness == h]) for h in s.harnesses},
        "timing_s": {k: round(v, 3) for k, v in result.timing.items()},
        "gate": result.gate,
        # per tether harness: the limits its probes of the stand set, the loop's stalls
        "limits": result.limits,
        "seed_promise": SEED_PROMISE,  # what the seed reproduces, load or not
    }
    if runs:
        body["runs"] = [r.to_json() for r in result.runs]
    return body


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100.0 * part / whole:.0f}%)" if whole else "0/0"


ROWS = (
    ("runs", "runs"),
    ("said done", "said_done"),
    ("solved", "solved"),
    ("false done", "false_done"),
    ("honest failures", "honest_failures"),
    ("said done where impossible", "impossible_said_done"),
    ("retries", "retries"),
    ("hedges", "hedges"),
    ("failovers", "failovers"),
    ("breaker trips", "breaker_trips"),
    ("runs a time limit cut", "runs_cut"),  # their outcome is the clock's, not the seed's
    # a signal killed the lab's own check before it decided: neither solved nor a false done
    ("runs the lab could not check", "unmeasured"),
    ("wall median (s)", "wall_s_median"),
    ("wall p95 (s)", "wall_s_p95"),
    ("input tokens", "input_tokens"),
    ("output tokens", "output_tokens"),
    ("cost (USD)", "cost_usd"),
    ("cost of priced runs (USD)", "cost_usd_priced"),
    ("priced runs", "priced_runs"),
)


def table_rows(body: dict[str, Any]) -> list[list[str]]:
    """The main table: one row per figure, one column per harness."""
    harnesses = body["harnesses"]
    rows = []
    for label, key in ROWS:
        row = [label]
        for figures in harnesses.values():
            value = figures[key]
            if key in ("said_done", "solved", "false_done", "honest_failures"):
                row.append(_rate(value, figures["runs"]))
            elif key == "impossible_said_done":
                row.append(_rate(value, figures["impossible"]))
            elif value is None:
                row.append("-")
            else:
                row.append(f"{value:g}" if isinstance(value, float) else str(value))
        rows.append(row)
    return rows


def markdown(result: LabResult, chart_name: str = "chart.svg") -> str:
    body = lab_json(result, runs=False)
    names = list(body["harnesses"])
    lines = [
        f"# tether lab: mix `{body['mix']}`, seed {body['seed']}, {body['tasks']} tasks",
        "",
        f"![false done and solve rates per harness and failure shape]({chart_name})",
        "",
        "| | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    lines += ["| " + " | ".join(row) + " |" for row in table_rows(body)]
    lines += ["", "## By failure shape", ""]
    lines += [
        "| shape | harness | runs | said done | solved | false done | honest failures | "
        "how they ended |"
    ]
    lines += ["|---|---|---|---|---|---|---|---|"]
    for harness, shapes in body["by_shape"].items():
        for shape, f in shapes.items():
            ends = ", ".join(f"{k} {v}" for k, v in f["honest_ends"].items()) or "-"
            lines.append(
                f"| {shape} | {harness} | {f['runs']} | {f['said_done']} | {f['solved']} | "
                f"{f['false_done']} | {f['honest_failures']} | {ends} |"
            )
    gate = body["gate"]
    lines += [
        "",
        "## Traces",
        "",
        f"`tether check` on the tether runs' traces: {gate.get('complete', 0)} of "
        f"{gate.get('checked', 0)} complete (every span ended, root status derived from its "
        "children).",
        "",
        "## Time",
        "",
        *(f"- {k}: {v:.2f} s" for k, v in body["timing_s"].items()),
        "",
        *limits_lines(body["limits"]),
        "## Definitions",
        "",
        DEFINITIONS,
        "## The mixes",
        "",
        (MIXES_DOC or "").split("\n\n", 1)[-1].strip(),
        "",
        "## Runs",
        "",
        "| harness | task | shape | faults | status | termination | verdict | checks | wall s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in result.runs:
        checks = ", ".join(c["status"] for c in r.checks) or "-"
        lines.append(
            f"| {r.harness} | {r.task} | {r.shape} | {' '.join(r.faults) or '-'} | {r.status} | "
            f"{r.termination or '-'} | {r.verdict or '-'} | {checks} | {r.wall_s:.2f} |"
        )
    return "\n".join(lines) + "\n"


def limit_line(harness: str, c: dict[str, Any]) -> str:
    """One harness's limits and the loop's stalls, in a sentence."""
    healthy = (
        f"healthy first byte {c['healthy_median_s']:.3f} s median, {c['healthy_p90_s']:.3f} s p90 "
        f"({c['probes']} probes)"
        if c.get("probes")
        else "no probe answered (the floors)"
    )
    return (
        f"{harness}: slow first byte at {c['slow_first_byte_s']:.3f} s, silence limit "
        f"{c['silence_s']:.3f} s, first-byte limit {c['first_byte_s']:g} s; {healthy}; the event "
        f"loop stalled {c['stalls']} times (20 ms or more), {c['stalled_s']:.3f} s in all "
        f"(longest {c['longest_stall_s']:.3f} s), which kept {c['excused_slow']} first bytes "
        "from counting as slow"
    )


def limits_lines(limits: dict[str, dict[str, Any]]) -> list[str]:
    """The report's section on the limits each tether harness ran with (lab/timing.py)."""
    if not limits:
        return []
    return [
        "## Limits",
        "",
        "Set before each harness's runs from probes of the stand's healthy model (floors: slow "
        "at 0.2 s, silence 0.5 s, first byte 1 s); a first byte's time excludes the event "
        "loop's stalls that reach up to its reading (not those the loop came back from "
        "before the byte arrived).",
        "",
        *(f"- {limit_line(h, c)}" for h, c in limits.items()),
        "",
    ]


def chart_svg(result: LabResult) -> str:
    """Two panels of grouped bars: false done rate and solve rate, per shape and harness."""
    body = lab_json(result, runs=False)
    harnesses = list(body["harnesses"])
    shapes = ["all", *sorted({s for h in body["by_shape"].values() for s in h})]

    def figures(h: str, shape: str) -> dict[str, Any]:
        found: dict[str, Any] = (
            body["harnesses"][h] if shape == "all" else body["by_shape"][h].get(shape, {})
        )
        return found

    bar, gap, group_gap = 18, 2, 22
    group_w = len(harnesses) * (bar + gap) + group_gap
    left, top, panel_h, panel_gap = 50, 40, 160, 70
    width = left + len(shapes) * group_w + 20
    height = top + 2 * panel_h + panel_gap + 60
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18" font-size="13">tether lab, mix {escape(body["mix"])}, '
        f"seed {body['seed']}, {body['tasks']} tasks</text>",
    ]
    for p, (title, key) in enumerate((("false done rate", "false_done"), ("solve rate", "solved"))):
        y0 = top + p * (panel_h + panel_gap)
        out.append(f'<text x="{left}" y="{y0 - 6}" font-size="12">{title}</text>')
        for tick in (0, 50, 100):
            y = y0 + panel_h - panel_h * tick / 100
            out.append(
                f'<line x1="{left}" x2="{width - 20}" y1="{y}" y2="{y}" stroke="#ddd"/>'
                f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{tick}%</text>'
            )
        for g, shape in enumerate(shapes):
            x0 = left + g * group_w + group_gap / 2
            for i, h in enumerate(harnesses):
                f = figures(h, shape)
                runs = f.get("runs", 0)
                rate = f.get(key, 0) / runs if runs else 0.0
                bh = max(panel_h * rate, 1.5)  # a 0% bar stays visible as a line
                x = x0 + i * (bar + gap)
                out.append(
                    f'<rect x="{x}" y="{y0 + panel_h - bh}" width="{bar}" height="{bh}" '
                    f'fill="{COLORS.get(h, "#777")}"><title>{h} {shape}: '
                    f"{f.get(key, 0)}/{runs}</title></rect>"
                    # the value on the bar: the count and the share, readable without hovering
                    f'<text x="{x + bar / 2}" y="{y0 + panel_h - bh - 3}" font-size="9" '
                    f'text-anchor="middle">{f.get(key, 0)}/{runs}</text>'
                )
            runs_here = max((figures(h, shape).get("runs", 0) for h in harnesses), default=0)
            out.append(
                f'<text x="{x0 + len(harnesses) * (bar + gap) / 2}" y="{y0 + panel_h + 14}" '
                f'text-anchor="middle">{escape(shape)} (n={runs_here})</text>'
            )
    ly = height - 20
    for i, h in enumerate(harnesses):
        x = left + i * 90
        out.append(
            f'<rect x="{x}" y="{ly - 10}" width="12" height="12" fill="{COLORS.get(h, "#777")}"/>'
            f'<text x="{x + 16}" y="{ly}">{escape(h)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_report(result: LabResult, out: Path) -> list[Path]:
    """report.md, chart.svg and runs.json in `out` (created)."""
    import orjson

    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "report.md", out / "chart.svg", out / "runs.json"]
    paths[0].write_text(markdown(result, paths[1].name), encoding="utf-8")
    paths[1].write_text(chart_svg(result), encoding="utf-8")
    paths[2].write_bytes(orjson.dumps(lab_json(result), option=orjson.OPT_INDENT_2))
    return paths
