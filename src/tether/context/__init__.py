"""Counting and fitting what is sent to a model."""
