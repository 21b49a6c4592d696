"""Solvers for the two solitaires (placeholder)."""
