"""One module per task kind; each has `make(rng, index, python) -> Task` (see tether.lab.tasks)."""
