"""Reading the Prometheus text that /metrics answers (for the tests)."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(text: str, name: str, **labels: str) -> float:
    """The sample `name{labels}` in `text`; 0 when absent (a counter not yet counted)."""
    return samples(text).get((name, frozenset(labels.items())), 0.0)
