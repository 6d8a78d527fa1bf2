"""A `postline fake` for Python tests: starts it, and speaks to it with the standard library.

The fake serves the Postline Agent API under /api/v1 and its control plane under /fake/
(reset, clock, faults, keys, the request journal): see docs/testing.md, "Other languages".
"""

import json
import os
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The built command of this repository; a project of yours would run `npx postline fake`.
POSTLINE = os.environ.get("POSTLINE_BIN", str(REPO / "dist" / "cli" / "postline.js"))


class Answer:
    """One HTTP answer: its status, headers and JSON body (None when empty)."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.json = json.loads(body) if body else None


class Fake:
    """A running `postline fake --json`, stopped by `stop()`."""

    def __init__(self, *args, env=None):
        self.process = subprocess.Popen(
            ["node", POSTLINE, "fake", "--port", "0", "--json", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
        )
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"postline fake did not start: {self.process.stderr.read()}")
        self.details = json.loads(line)
        self.base_url = self.details["baseURL"]
        # A replay (`--replay FILE`) takes any key, and prints none.
        self.api_key = self.details.get("apiKey")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def request(self, method, path, body=None, headers=None):
        """Any request to the fake; a refusal is an Answer too, not an exception."""
        data = None if body is None else json.dumps(body).encode()
        sent = urllib.request.Request(self.base_url + path, data=data, method=method)
        for name, value in (headers or {}).items():
            sent.add_header(name, value)
        try:
            with urllib.request.urlopen(sent, timeout=60) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read())

    def api(self, method, path, body=None, key=None):
        """A v1 call with the fake's key (or `key`)."""
        headers = {"Authorization": f"Bearer {key or self.api_key}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        return self.request(method, "/api/v1" + path, body, headers)

    def control(self, method, path, body=None):
        """A control call: JSON in and out; every write says Content-Type: application/json."""
        headers = {} if method == "GET" else {"Content-Type": "application/json"}
        answer = self.request(method, path, body if method != "GET" else None, headers)
        assert answer.status < 300, f"{method} {path}: {answer.status} {answer.json}"
        return answer.json
