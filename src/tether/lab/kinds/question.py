"""question: a question about a generated package, answered with numbers.

"How many functions in pkg/ take a parameter named exactly `timeout`, and what is the largest
default?" The package has look-alikes (`timeout_s`, `default_timeout`, mentions in comments and
calls) so a careless count is wrong. The check finds both numbers in the answer. The solver
lists the package, searches for the name, then for the signatures, reads one module and answers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tether.lab.kinds.base import (
    ANSWER_CHECK_COMMAND,
    Task,
    answer_hidden,
    call,
    final,
    number,
    turn,
)

PACKAGES = ("netclient", "jobs", "syncer", "storage", "gateway", "worker", "mailer", "crawler")
MODULES = ("http", "queue", "cache", "auth", "files", "events", "metrics", "mail", "search", "jobs")
VERBS = (
    "fetch",
    "send",
    "load",
    "store",
    "sync",
    "poll",
    "flush",
    "open",
    "push",
    "pull",
    "scan",
    "index",
    "parse",
    "render",
    "probe",
    "drain",
)
NOUNS = (
    "user",
    "order",
    "page",
    "batch",
    "token",
    "record",
    "event",
    "report",
    "item",
    "file",
    "queue",
    "lease",
)
POSITIONAL = ("path", "key", "items", "payload", "url", "name", "data", "client")
# the parameter asked about, and the defaults it may take
PARAMS: dict[str, tuple[int, ...]] = {
    "timeout": (5, 10, 15, 20, 30, 45, 60, 90, 120, 180),
    "retries": (1, 2, 3, 4, 5, 6, 8, 10),
    "batch_size": (16, 32, 50, 64, 100, 128, 200, 250, 500),
    "max_items": (25, 50, 75, 100, 200, 300, 500, 1000),
}
AGGREGATES = ("largest", "smallest", "sum")


@dataclass
class Function:
    module: str
    name: str
    signature: str
    default: int | None  # the asked parameter's default, None when it does not take it


def _function(rng: random.Random, module: str, name: str, param: str) -> Function:
    args = rng.sample(POSITIONAL, rng.randint(1, 2))
    default: int | None = None
    if rng.random() < 0.45:
        default = rng.choice(PARAMS[param])
        args.append(f"{param}={default}")
    roll = rng.random()
    if roll < 0.2:
        args.append(f"{param}_s={rng.choice(PARAMS[param])}")  # a look-alike
    elif roll < 0.35:
        args.append(f"default_{param}={rng.choice(PARAMS[param])}")
    if rng.random() < 0.3:
        args.append("verbose=False")
    return Function(module, name, f"def {name}({', '.join(args)}):", default)


def _source(pkg: str, module: str, functions: list[Function], param: str) -> str:
    lines = [
        f'"""{module}: part of the {pkg} package."""',
        "",
        "import logging",
        "",
        "log = logging.getLogger(__name__)",
        "",
    ]
    for i, f in enumerate(functions):
        lines += ["", f.signature, f'    """{f.name.replace("_", " ").capitalize()}."""']
        if i % 3 == 1:
            lines.append(f"    # {param} is passed through to the transport unchanged")
        lines += [f'    log.debug("{f.name} called")', f"    return {{'op': '{f.name}'}}", ""]
    first = functions[0] if functions else None
    if first is not None and first.default is not None:  # mentions it, does not take it
        nones = ", ".join("None" for a in first.signature.split("(")[1].split(", ") if "=" not in a)
        lines += ["", "def _warm_up():", f"    return {first.name}({nones}, {param}=1)", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def make(rng: random.Random, index: int, python: str) -> Task:
    pkg = rng.choice(PACKAGES)
    param = list(PARAMS)[index % len(PARAMS)]
    aggregate = AGGREGATES[(index // len(PARAMS) + index) % len(AGGREGATES)]
    modules = sorted(rng.sample(MODULES, rng.randint(4, 6)))
    names = [f"{v}_{n}" for v in VERBS for n in NOUNS]
    rng.shuffle(names)
    functions: list[Function] = []
    for module in modules:
        functions += [_function(rng, module, names.pop(), param) for _ in range(rng.randint(3, 6))]
    taking = [f for f in functions if f.default is not None]
    while len(taking) < 3:  # enough to make counting matter
        f = next(f for f in functions if f.default is None)
        f.default = rng.choice(PARAMS[param])
        f.signature = f.signature[:-2] + f", {param}={f.default}):"
        taking.append(f)
    taking = [f for f in functions if f.default is not None]  # in file order
    defaults = [f.default for f in taking if f.default is not None]
    value = (
        sum(defaults) if aggregate == "sum" else (max if aggregate == "largest" else min)(defaults)
    )
    files = {f"{pkg}/__init__.py": f'"""{pkg}: client helpers."""\n'}
    for module in modules:
        mine = [f for f in functions if f.module == module]
        files[f"{pkg}/{module}.py"] = _source(pkg, module, mine, param)
    files["README.md"] = f"# {pkg}\n\nHelpers, one module per concern, in {pkg}/.\n"
    ask = {
        "largest": "what is the largest default value it has among them",
        "smallest": "what is the smallest default value it has among them",
        "sum": "what do its default values among them add up to",
    }[aggregate]
    prompt = (
        f"How many functions defined in {pkg}/ take a parameter named exactly `{param}`, and "
        f"{ask}? Answer with both numbers."
    )
    chosen = next(
        f for f in taking if f.default == (max(defaults) if aggregate == "sum" else value)
    )
    listed = ", ".join(f"{f.name} ({f.module}.py, {f.default})" for f in taking)
    if aggregate == "sum":
        result = f"Their defaults add up to {value}."
    else:
        result = f"The {aggregate} default is {value}, in {chosen.name} ({pkg}/{chosen.module}.py)."
    # a module with a look-alike, else the chosen one's: what a careful reader opens to confirm
    lookalike = next(
        (
            f
            for f in functions
            if f"{param}_s=" in f.signature or f"default_{param}=" in f.signature
        ),
        chosen,
    )
    solver = (
        turn(call("list_files", path=pkg), text=f"Let me look at {pkg}/ first."),
        turn(call("search", pattern=rf"\b{param}\b", path=pkg)),
        turn(
            call("search", pattern=rf"def \w+\(.*\b{param}=", path=pkg, glob="*.py"),
            text=f"Now only the signatures that take `{param}` itself.",
        ),
        turn(call("read_file", path=f"{pkg}/{lookalike.module}.py")),
        final(
            f"{len(taking)} functions in {pkg}/ take a parameter named exactly `{param}`: "
            f"{listed}. {result} Look-alikes such as `{param}_s` and `default_{param}` "
            "are different parameters and are not counted."
        ),
    )
    return Task(
        id="",
        kind="question",
        prompt=prompt,
        files=files,
        hidden=answer_hidden({"numbers": [number(len(taking)), number(value)]}),
        checks=(ANSWER_CHECK_COMMAND,),
        solver=solver,
    )
