"""Refusals made before any route is chosen, under gunicorn as `serve` runs it: a request line
or headers over gunicorn's limits, HTTP that does not parse, a method the URL does not take.
Each is answered in the API's JSON error shape, never with an HTML page."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from server.runtime.redis_process import RedisProcess
from server.runtime.web_process import WebProcess
from tests.support.processes import service_env


@pytest.fixture(scope="module")
def web(redis_server: RedisProcess) -> Iterator[WebProcess]:
    with WebProcess(service_env(redis_server.url)) as process:
        yield process


def exchange(web: WebProcess, request: bytes) -> tuple[int, dict[str, str], Any]:
    """Sends raw bytes; the status, headers and JSON body of the answer (gunicorn closes the
    connection after a refusal)."""
    with socket.create_connection(("127.0.0.1", web.port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {
        name.lower(): value.strip()
        for name, _, value in (line.partition(":") for line in header_lines)
    }
    return int(status_line.split()[1]), headers, json.loads(body)


MALFORMED = {
    "a request line of 5,000 bytes": (b"GET /api/v1/" + b"x" * 5000 + b" HTTP/1.1\r\n\r\n", 414),
    "a header of 10,000 bytes": (b"GET / HTTP/1.1\r\nX-Big: " + b"x" * 10_000 + b"\r\n\r\n", 431),
    "200 headers": (b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 200 + b"\r\n", 431),
    "no HTTP at all": (b"HELLO THERE\r\n\r\n", 400),
    "a space in a header's name": (b"GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
    "an unknown HTTP version": (b"GET / HTTP/7.1\r\n\r\n", 400),
    "a chunk size that is not hex": (  # met by the app, reading the body
        b"POST /api/v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        400,
    ),
    "an unknown transfer coding": (
        b"POST /api/v1/players HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
        400,
    ),
}

CODES = {"uri_too_long", "headers_too_large", "bad_request", "unreadable_body"}


def test_what_gunicorn_refuses_is_refused_in_json(web: WebProcess) -> None:
    for case, (request, expected) in MALFORMED.items():
        status, headers, body = exchange(web, request)
        assert status == expected, (case, status, body)
        assert headers["content-type"] == "application/json", case
        error = body["error"]
        assert set(error) == {"code", "message", "details"} and error["message"], (case, error)
        assert error["code"] in CODES, (case, error)
    assert requests.get(f"{web.url}/api/v1/health", timeout=10).ok


def test_a_method_the_url_does_not_take_is_405_with_allow(web: WebProcess) -> None:
    for method, path, allowed in (
        ("PUT", "/api/v1/me", {"GET", "PATCH", "DELETE"}),
        ("DELETE", "/api/v1/games", {"GET", "POST"}),
        ("POST", "/api/v1/health", {"GET"}),
    ):
        response = requests.request(method, web.url + path, timeout=10)
        assert response.status_code == 405, (path, response.text)
        assert response.headers["Content-Type"] == "application/json"
        assert response.json()["error"]["code"] == "method_not_allowed"
        named = {m.strip() for m in response.headers["Allow"].split(",")}
        assert allowed <= named <= allowed | {"HEAD", "OPTIONS"}, (path, named)
