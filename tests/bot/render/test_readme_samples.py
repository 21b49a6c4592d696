"""The README's sample boards are what the code renders today (tests.support.samples)."""

from __future__ import annotations

from tests.support.samples import README, SAMPLES, readme_blocks


def test_every_readme_sample_is_the_code_s_current_screen() -> None:
    blocks = readme_blocks(README.read_text(encoding="utf-8"))
    assert set(blocks) == set(SAMPLES), "a sample block is missing from README or unknown"
    stale = [name for name, make in SAMPLES.items() if blocks[name] != make()]
    assert not stale, f"README samples out of date: {stale} (run python -m tests.support.samples)"
