"""Shared test settings: hypothesis runs derandomized so CI is repeatable; the environment speaks English."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise(monkeypatch):
    """The CLI speaks the environment's language; a tester's own locale must not change the tests."""
    monkeypatch.setenv("LANGUAGE", "en")
