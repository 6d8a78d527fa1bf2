"""Steering `postline fake` over HTTP from Python: the rate window, a dropped connection after a
create, a planned slot, a long-poll on the request journal, a reset and a seed from a file."""

import json
import threading
import urllib.error

import pytest

from postline_fake import Fake

CHANNEL = "ch_linkedin_olivia"


def create(fake, text):
    return fake.api("POST", "/content", {"body": text, "channelId": CHANNEL})


def test_the_11th_create_is_refused_with_429_and_passes_after_the_clock_moves(fake):
    for index in range(10):
        assert create(fake, f"Post {index}.").status == 201
    eleventh = create(fake, "Post 11.")
    assert eleventh.status == 429
    assert eleventh.json["error"]["code"] == "rate_limited"
    assert int(eleventh.headers["Retry-After"]) > 0
    fake.control("POST", "/fake/clock", {"advance": 60_000})
    assert create(fake, "Post 11, a minute later.").status == 201


def test_a_connection_dropped_after_a_create_leaves_the_item_once(fake):
    fault = fake.control(
        "POST", "/fake/faults", {"kind": "dropAfterWrite", "method": "POST", "path": "/content"}
    )
    assert fault["remaining"] == 1
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        create(fake, "Sent once, answered never.")
    items = fake.api("GET", "/content?limit=100").json["items"]
    assert [i["content"] for i in items].count("Sent once, answered never.") == 1
    journal = fake.control("GET", "/fake/requests?method=POST&path=/content")
    assert [r["outcome"] for r in journal["requests"]] == ["dropped"]
    assert fake.control("GET", "/fake/faults")["faults"] == []


def test_an_approved_item_publishes_when_the_clock_passes_its_planned_slot(fake):
    # A Monday at 06:00 UTC: the week's slots of the day are all ahead.
    fake.control("POST", "/fake/clock", {"set": "2030-01-07T06:00:00Z"})
    item = create(fake, "Planned for the next slot.").json["items"][0]
    answer = fake.api("PATCH", f"/content/{item['id']}", {"status": "pending"}).json
    planned_at = answer["item"]["scheduledAt"]
    assert "2030-01-07T06:00:00.000Z" < planned_at
    early = fake.control("POST", "/fake/clock", {"advance": 60_000})
    assert early["published"] == []
    moved = fake.control("POST", "/fake/clock", {"set": planned_at})
    assert item["id"] in moved["published"]
    assert fake.api("GET", f"/content/{item['id']}").json["item"]["status"] == "published"


def test_a_wait_on_the_journal_sees_a_request_sent_from_another_thread(fake):
    after = fake.control("GET", "/fake/requests")["next"]
    sender = threading.Timer(0.2, lambda: create(fake, "From another thread."))
    sender.start()
    journal = fake.control(
        "GET", f"/fake/requests?after={after}&method=POST&path=/content&wait=10000&count=1"
    )
    sender.join()
    assert journal["reached"] is True
    assert journal["requests"][0]["status"] == 201


def test_a_reset_goes_back_to_the_seed_and_the_key_keeps_working(fake):
    before = len(fake.api("GET", "/content?limit=100").json["items"])
    assert create(fake, "Gone after the reset.").status == 201
    answer = fake.control("POST", "/fake/reset", {})
    assert answer["apiKey"] == fake.api_key
    assert len(fake.api("GET", "/content?limit=100").json["items"]) == before


def test_a_seed_from_a_file(tmp_path):
    seed = {
        "now": "2026-03-02T09:00:00Z",
        "workspace": {
            "name": "Seeded Studio",
            "channels": [{"id": "ch_x_seeded", "platform": "x", "displayName": "Seeded on X"}],
            "content": [
                {"id": "cnt_seeded", "content": "From the seed file.", "channelId": "ch_x_seeded"}
            ],
        },
        "otherWorkspace": False,
    }
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(seed))
    seeded = Fake("--seed", str(path))
    try:
        assert seeded.details["channelIds"] == ["ch_x_seeded"]
        items = seeded.api("GET", "/content").json["items"]
        assert [(i["id"], i["content"]) for i in items] == [("cnt_seeded", "From the seed file.")]
        assert seeded.control("GET", "/fake/clock")["now"] == "2026-03-02T09:00:00.000Z"
        # The same seed over HTTP: POST /fake/reset {"seed": ...}.
        seeded.control("POST", "/fake/clock", {"advance": 3_600_000})
        seeded.control("POST", "/fake/reset", {"seed": seed})
        assert seeded.control("GET", "/fake/clock")["now"] == "2026-03-02T09:00:00.000Z"
    finally:
        seeded.stop()


def test_a_bad_seed_file_is_refused_with_the_json_path_of_each_problem(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"workspace": {"channels": [{"id": "ch_a"}]}}))
    with pytest.raises(RuntimeError) as refused:
        Fake("--seed", str(path))
    assert "$.workspace.channels[0].platform" in str(refused.value)
