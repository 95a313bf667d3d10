"""The lab: tasks with checks, scripted solvers, fault mixes and the experiment that shows the
naive loop's false "done"s next to tether's receipts on the same tasks, faults and seed."""
