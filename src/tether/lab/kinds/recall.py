"""recall: facts spread over one long generated module (a few thousand lines).

Five to seven module-level constants `PREFIX_NAME = value` sit far apart among hundreds of
look-alike functions; one of them is defined again further down (the last definition wins, as
in Python), and comments mention old values. The check wants every constant named with its final
value. Half the solvers search for the definitions and read around the redefinition; the other
half read the file in pages where the search says the constants are.
"""

from __future__ import annotations

import random
from typing import Any

from tether.lab.kinds.base import ANSWER_CHECK_COMMAND, Task, answer_hidden, call, final, turn

PREFIXES = ("LIMIT", "QUOTA", "CAP", "THRESHOLD", "BUDGET", "WINDOW")
NAMES = (
    "UPLOAD",
    "EXPORT",
    "SESSION",
    "REPLAY",
    "ARCHIVE",
    "INVOICE",
    "SEARCH",
    "WEBHOOK",
    "BATCH",
    "PREVIEW",
    "IMPORT",
    "AUDIT",
    "MAILBOX",
    "THUMBNAIL",
)
FILES = ("billing", "ledger", "dispatch", "settlement", "routing", "inventory", "payroll")
WORDS = (
    "record",
    "entry",
    "account",
    "ticket",
    "payment",
    "batch",
    "order",
    "refund",
    "shipment",
    "invoice",
    "customer",
    "voucher",
    "credit",
    "claim",
)
PAGE = 300  # lines per read_file page in the paging solver


def _noise(rng: random.Random, n: int) -> list[str]:
    """One plausible, dull function (about 12 lines)."""
    a, b = rng.sample(WORDS, 2)
    x, y = rng.randint(2, 400), rng.randint(1, 90)
    return [
        f"def handle_{a}_{b}_{n}(row, options=None):",
        f'    """Normalise one {a} row for the {b} report (legacy path {n})."""',
        "    if options is None:",
        "        options = {}",
        f'    value = row.get("{a}", 0)',
        f"    if value > {x}:",
        f"        value = value - {y}",
        f'    if options.get("strict") and not row.get("{b}"):',
        f'        raise ValueError("missing {b} in {a} row")',
        f'    row["{b}_total"] = value * options.get("factor", 1)',
        "    return row",
        "",
        "",
    ]


def make(rng: random.Random, index: int, python: str) -> Task:
    prefix = rng.choice(PREFIXES)
    stem = rng.choice(FILES)
    path = f"legacy/{stem}.py"
    names = [f"{prefix}_{n}" for n in rng.sample(NAMES, rng.randint(5, 7))]
    values = {n: rng.randint(3, 400) * rng.choice((1, 5, 10)) for n in names}
    redefined = rng.choice(names)
    final_value = values[redefined] + rng.randint(1, 50) * 10
    chunks = rng.randint(200, 280)  # functions: about 2,600-3,600 lines
    # spread the definitions over the file: one per slice, the redefinition in the last slice
    slots = sorted(
        rng.randrange(k * chunks // len(names) + 1, (k + 1) * chunks // len(names))
        for k in range(len(names))
    )
    late = rng.randrange(max(slots[-1], slots[names.index(redefined)]) + 2, chunks + 2)
    lines = [
        f'"""{stem}: the legacy {stem} rules, kept for the old reports. Do not extend."""',
        "",
        "import logging",
        "",
        "log = logging.getLogger(__name__)",
        "DEFAULT_FACTOR = 1",
        "",
        "",
    ]
    where: list[int] = []  # the 1-based lines of the definitions
    late_line = 0
    for k in range(chunks + 2):
        if k in slots:
            name = names[slots.index(k)]
            where.append(len(lines) + 2)
            lines += [f"# {name.lower().replace('_', ' ')}: agreed with ops"]
            lines += [f"{name} = {values[name]}", "", ""]
        if k == late:
            where.append(late_line := len(lines) + 2)
            lines += [f"# {redefined} used to be {values[redefined]}; raised after the migration"]
            lines += [f"{redefined} = {final_value}", "", ""]
        lines += _noise(rng, k)
    text = "\n".join(lines).rstrip("\n") + "\n"
    facts = {**values, redefined: final_value}
    prompt = (
        f"{path} is a long module. Somewhere in it, several module-level constants whose names "
        f"start with `{prefix}_` are defined, spread over the whole file; some may be defined "
        "more than once (the last definition is the one that counts). List every one of them "
        "with its value."
    )
    pattern = rf"^{prefix}_\w+ ="
    listing = "\n".join(f"- {n} = {facts[n]}" for n in names)
    answer = (
        f"{path} defines {len(names)} `{prefix}_` constants:\n{listing}\n"
        f"{redefined} is defined twice; the later definition ({final_value}, line {late_line}) "
        f"replaces the earlier {values[redefined]}."
    )
    head = call("read_file", path=path, offset=1, limit=60)
    solver: tuple[dict[str, Any], ...]
    if index % 2 == 0:  # search, then read around the redefinition
        solver = (
            turn(call("list_files", path="."), head, text=f"Let me see how {path} is laid out."),
            turn(call("search", pattern=pattern, path=path)),
            turn(
                call("search", pattern=rf"\b{redefined}\b", path=path),
                text=f"{redefined} shows up twice; let me see both.",
            ),
            turn(call("read_file", path=path, offset=max(1, late_line - 5), limit=12)),
            final(answer),
        )
    else:  # read the pages that hold the definitions, two pages to a turn
        pages = sorted({(line - 1) // PAGE for line in where})
        reads = [call("read_file", path=path, offset=p * PAGE + 1, limit=PAGE) for p in pages]
        solver = (
            turn(call("list_files", path="."), head),
            turn(
                call("search", pattern=rf"^{prefix}_", path=path),
                text="Where are they? Then I read those pages.",
            ),
            *(turn(*reads[i : i + 2]) for i in range(0, len(reads), 2)),
            final(answer),
        )
    return Task(
        id="",
        kind="recall",
        prompt=prompt,
        files={path: text, "legacy/__init__.py": "", "README.md": f"# {stem}\n\nLegacy code.\n"},
        hidden=answer_hidden({"facts": facts}),
        checks=(ANSWER_CHECK_COMMAND,),
        solver=solver,
    )
