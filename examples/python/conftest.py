import pytest

from postline_fake import Fake


@pytest.fixture
def fake():
    """A fresh `postline fake` per test, its clock frozen so time moves only when told."""
    running = Fake()
    running.control("POST", "/fake/clock", {"freeze": True})
    yield running
    running.stop()
