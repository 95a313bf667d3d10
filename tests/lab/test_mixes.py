"""Fault mixes: exact shares of runs, drawn from the seed, one transient fault per run."""

from __future__ import annotations

import pytest

from tether.errors import UsageError
from tether.lab.mixes import MIXES, draw, get_mix


def test_seed_oct_gives_the_seeds_shares_exactly_and_the_same_draw_for_the_same_seed() -> None:
    turns = [6] * 46
    runs = draw(MIXES["october"], turns, seed=1)
    shapes = [r.shape for r in runs]
    # 13% of 46 = 6 gateway texts, 2% = 1 empty stream, 3% = 1 loop cut: as the seed counted
    assert sum(1 for r in runs if "gateway" in r.shapes) == 6
    assert sum(1 for r in runs if "empty" in r.shapes) == 1
    assert sum(1 for r in runs if "loop" in r.shapes) == 1
    assert all(len(r.shapes) <= 1 for r in runs)  # one disguised failure per run
    assert all(step < 6 for r in runs for step in r.at)
    assert [r.slow for r in runs] == [i >= int(0.6 * 46) for i in range(46)]
    assert draw(MIXES["october"], turns, seed=1) == runs
    assert [r.shape for r in draw(MIXES["october"], turns, seed=2)] != shapes


def test_calm_has_no_faults_and_storm_several_per_run_at_different_steps() -> None:
    assert all(r.shape == "none" and not r.at for r in draw(MIXES["calm"], [5] * 20, 0))
    storm = draw(MIXES["storm"], [5] * 20, 0)
    assert all(len(r.shapes) == 3 and len(r.at) == 3 for r in storm)


def test_an_unknown_mix_names_the_known_ones() -> None:
    with pytest.raises(UsageError, match="calm, october, storm"):
        get_mix("stormy")


def test_dead_end_faults_every_candidate_on_every_try_at_one_step() -> None:
    runs = draw(MIXES["dead-end"], [5] * 20, seed=0)
    impossible = [r for r in runs if r.impossible]
    assert len(impossible) == 8  # 10% each of four shapes, of 20 runs
    for r in impossible:
        assert r.shape.startswith("all:") and set(r.lasting.values()) == {"everyone"}
        (step,) = r.at
        assert r.primary_faults()[step][1] is None  # every serve, not just the first
        assert r.backup_faults() == {step: (r.at[step], None)}
    assert all(not r.at and not r.backup_faults() for r in runs if not r.impossible)


def test_slump_backup_fails_the_primary_and_slows_the_backup_for_the_last_half() -> None:
    runs = draw(MIXES["slump-backup"], [5] * 20, seed=0)
    assert [r.backup_slow for r in runs] == [i >= 10 for i in range(20)]
    down = [r for r in runs if r.at]
    assert len(down) == 6 and all(set(r.lasting.values()) == {"primary"} for r in down)
    assert all(r.backup_faults() == {} for r in runs)  # the backup is slow, never faulted
    # recovery is impossible exactly where the primary is down and the backup slumps
    assert [r.impossible for r in runs] == [bool(r.at) and r.backup_slow for r in runs]
    assert {r.shape for r in down if r.backup_slow} <= {
        "down:gateway+backup-slow",
        "down:http+backup-slow",
    }
