"""A session recorded through `postline record` and replayed by `postline fake --replay`, from
Python: the same requests get the same statuses and bodies, whatever key they carry, and a request
that was not recorded gets 501 `not_recorded`."""

import json
import os
import re
import signal
import subprocess
import urllib.error
import urllib.request

from postline_fake import POSTLINE, Answer, Fake


def call(base_url, method, path, key, body=None):
    """One v1 call to `base_url`; a refusal is an Answer too."""
    data = None if body is None else json.dumps(body).encode()
    sent = urllib.request.Request(base_url + "/api/v1" + path, data=data, method=method)
    sent.add_header("Authorization", f"Bearer {key}")
    if body is not None:
        sent.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(sent, timeout=60) as response:
            return Answer(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


def session(base_url, key):
    """Channels, a draft, its approval refused for its AI-isms, then acknowledged, and a 404."""
    answers = [call(base_url, "GET", "/channels", key)]
    draft = call(
        base_url,
        "POST",
        "/content",
        key,
        {"body": "In today's fast-paced world, we delve into launches.", "channelId": "ch_x_acme"},
    )
    answers.append(draft)
    item = draft.json["items"][0]["id"]
    answers.append(call(base_url, "PATCH", f"/content/{item}", key, {"status": "pending"}))
    answers.append(
        call(
            base_url,
            "PATCH",
            f"/content/{item}",
            key,
            {"status": "pending", "acknowledgeAiIsms": True},
        )
    )
    answers.append(call(base_url, "GET", "/content/cnt_missing", key))
    return answers


def record(live, out):
    """Runs the session through `postline record` in front of `live`; returns its answers."""
    recorder = subprocess.Popen(
        ["node", POSTLINE, "record", "--out", str(out), "--to", live.base_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        proxy = re.search(r"listening on (\S+)", recorder.stdout.readline()).group(1)
        answers = session(proxy, live.api_key)
    finally:
        recorder.send_signal(signal.SIGINT)
        recorder.wait(timeout=10)
    assert recorder.returncode == 0, recorder.stderr.read()
    return answers


def test_a_recorded_session_replays_with_its_statuses_and_bodies(tmp_path):
    out = tmp_path / "session.json"
    live = Fake()
    try:
        recorded = record(live, out)
    finally:
        live.stop()
    assert [a.status for a in recorded] == [200, 201, 409, 200, 404]
    assert os.stat(out).st_mode & 0o777 == 0o600
    text = out.read_text()
    assert live.api_key not in text
    assert "olivia@acme.test" not in text

    replay = Fake("--replay", str(out))
    try:
        replayed = session(replay.base_url, "pl_test_any_key_at_all")
        assert [a.status for a in replayed] == [200, 201, 409, 200, 404]
        exchanges = json.loads(text)["exchanges"]
        assert [a.json for a in replayed] == [e["response"]["body"] for e in exchanges]
        print("replayed:", " ".join(f"{e['request']['method']} {e['request']['path']} {a.status}"
                                    for e, a in zip(exchanges, replayed)))

        unrecorded = call(replay.base_url, "GET", "/brand", "pl_test_any_key_at_all")
        assert unrecorded.status == 501
        assert unrecorded.json["error"]["code"] == "not_recorded"
        print("unrecorded:", unrecorded.status, unrecorded.json["error"]["message"])
    finally:
        replay.stop()
