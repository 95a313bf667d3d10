"""Traces: every run leaves a span DAG; the gate decides whether it closed."""
