"""csv: a value computed from a generated CSV of orders (a sum, a mean, a count, a maximum).

The check finds the expected value(s) among the answer's numbers, within a cent. The solver
reads the README (what "revenue" means) and the CSV's head, filters the rows it needs with a
regex search, and answers with the value it computed from them.
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

REGIONS = ("north", "south", "east", "west", "central", "coast")
PRODUCTS = ("widget", "gadget", "bolt", "gear", "valve", "spring", "cable", "panel")
STATUSES = ("paid", "refunded", "pending")
NAMES = ("orders", "sales", "shop_orders", "web_orders", "export", "order_lines")
CENT = 0.01
ROW = r"^\d+,[\d-]+,{region},{product},\d+,[\d.]+,{status}$"


@dataclass(frozen=True)
class Order:
    id: int
    date: str
    region: str
    product: str
    units: int
    price: float
    status: str

    @property
    def revenue(self) -> float:
        return self.units * self.price

    def line(self) -> str:
        return (
            f"{self.id},{self.date},{self.region},{self.product},{self.units},"
            f"{self.price:.2f},{self.status}"
        )


def _orders(rng: random.Random) -> list[Order]:
    regions = rng.sample(REGIONS, 4)
    products = rng.sample(PRODUCTS, 5)
    first = rng.randint(1000, 9000)
    orders = []
    for i in range(rng.randint(60, 140)):
        month, day = rng.randint(1, 6), rng.randint(1, 28)
        status = rng.choices(STATUSES, weights=(70, 15, 15))[0]
        orders.append(
            Order(
                first + i,
                f"2025-{month:02d}-{day:02d}",
                rng.choice(regions),
                rng.choice(products),
                rng.randint(1, 20),
                rng.randint(250, 9999) / 100,
                status,
            )
        )
    return orders


def _most(values: list[str]) -> str:
    """The value that occurs most often (ties: the first seen): a subset worth asking about."""
    return max(dict.fromkeys(values), key=values.count)


def make(rng: random.Random, index: int, python: str) -> Task:
    orders = _orders(rng)
    path = f"data/{rng.choice(NAMES)}.csv"
    shape = index % 6
    any_ = r"[a-z]+"
    if shape == 0:
        region = rng.choice(sorted({o.region for o in orders if o.status == "paid"}))
        rows = [o for o in orders if o.region == region and o.status == "paid"]
        value = round(sum(o.revenue for o in rows), 2)
        question = (
            f"What is the total revenue of the paid orders in the {region} region? "
            "Give it in dollars, to the cent."
        )
        pattern = ROW.format(region=region, product=any_, status="paid")
        expect = [number(value, CENT)]
        answer = (
            f"The {len(rows)} paid orders in the {region} region brought ${value:,.2f} "
            "in revenue (units x unit_price, summed)."
        )
    elif shape == 1:
        product = _most([o.product for o in orders])
        rows = [o for o in orders if o.product == product]
        value = round(sum(o.units for o in rows) / len(rows), 2)
        question = (
            f"On average, how many units does an order of `{product}` have (orders of every "
            "status)? Round to two decimals."
        )
        pattern = ROW.format(region=any_, product=product, status=any_)
        expect = [number(value, CENT)]
        answer = (
            f"{len(rows)} orders are for {product}, with {sum(o.units for o in rows)} units in "
            f"all: {value:.2f} units per order on average."
        )
    elif shape == 2:
        month = _most([o.date[:7] for o in orders if o.status == "refunded"] or ["2025-01"])
        rows = [o for o in orders if o.date.startswith(month) and o.status == "refunded"]
        value = round(sum(o.revenue for o in rows), 2)
        question = (
            f"How many orders dated {month} were refunded, and how much revenue did those "
            "orders amount to? Give the amount to the cent."
        )
        pattern = rf"^\d+,{month}-\d\d,{any_},{any_},\d+,[\d.]+,refunded$"
        expect = [number(len(rows)), number(value, CENT)]
        answer = f"{len(rows)} orders dated {month} were refunded; their revenue was ${value:,.2f}."
    elif shape == 3:
        status = rng.choice(("pending", "refunded"))
        rows = [o for o in orders if o.status == status] or orders[:1]
        top = max(rows, key=lambda o: o.revenue)
        value = round(top.revenue, 2)
        question = (
            f"Which {status} order has the largest revenue, and what is that revenue? Give the "
            "order id and the amount to the cent."
        )
        pattern = ROW.format(region=any_, product=any_, status=status)
        expect = [number(top.id), number(value, CENT)]
        answer = (
            f"Order {top.id} ({top.units} x ${top.price:.2f}, {top.product}, {top.region}) is "
            f"the {status} order with the largest revenue: ${value:,.2f}."
        )
    elif shape == 4:
        region = rng.choice(sorted({o.region for o in orders}))
        product = _most([o.product for o in orders if o.region == region])
        rows = [o for o in orders if o.region == region and o.product == product]
        value = sum(o.units for o in rows)
        question = (
            f"How many units of `{product}` were ordered in the {region} region, counting "
            "orders of every status?"
        )
        pattern = ROW.format(region=region, product=product, status=any_)
        expect = [number(value)]
        answer = f"{value} units of {product} were ordered in {region}, in {len(rows)} orders."
    else:
        limit = rng.choice((100, 150, 200, 250, 300))
        rows = [o for o in orders if o.status == "paid" and o.revenue > limit]
        value = len(rows)
        question = (
            f"How many paid orders have a revenue above ${limit}, and what is the revenue of "
            "those orders together? Give the amount to the cent."
        )
        pattern = ROW.format(region=any_, product=any_, status="paid")
        total = round(sum(o.revenue for o in rows), 2)
        expect = [number(value), number(total, CENT)]
        answer = (
            f"{value} paid orders have a revenue above ${limit}; together they brought "
            f"${total:,.2f}."
        )
    csv = "order_id,date,region,product,units,unit_price,status\n"
    csv += "".join(o.line() + "\n" for o in orders)
    files = {
        path: csv,
        "README.md": (
            "# Orders export\n\n"
            f"{path}: one row per order. `units` x `unit_price` is the order's revenue "
            "(in dollars); `status` is paid, refunded or pending.\n"
        ),
    }
    prompt = f"Using {path}: {question}"
    solver = (
        turn(call("list_files", path="."), call("read_file", path="README.md")),
        turn(call("read_file", path=path, limit=5), text="The columns first."),
        turn(call("search", pattern=pattern, path=path), text="Now the rows that count."),
        final(answer),
    )
    return Task(
        id="",
        kind="csv",
        prompt=prompt,
        files=files,
        hidden=answer_hidden({"numbers": expect}),
        checks=(ANSWER_CHECK_COMMAND,),
        solver=solver,
    )
