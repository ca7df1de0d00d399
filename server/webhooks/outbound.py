"""Requests the service sends out, to addresses its players chose: a security boundary.

A webhook's address is anyone's to choose, so it could point inside the network the worker
runs in (Redis, a cloud's metadata service, a router's page). So: https only; the host is
resolved once, every address it resolves to must be globally reachable (`public`: no private,
loopback, link-local, multicast, reserved, site-local or other special-purpose address, nor one
that carries such an IPv4 address inside an IPv6 one), and the request is sent to the very
address that was checked (the TLS certificate still checked
against the host's name), so a name that resolves anew to an inside address (DNS rebinding)
cannot slip through between the check and the connection. Timeouts are short, and a redirect is
never followed: it counts as a failure, wherever it leads. `allow_loopback` (tests only) lets
plain http reach loopback addresses, and nothing else.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

CONNECT_SECONDS = 2.0
READ_SECONDS = 3.0
"""Each wait for the other end: a post to an address that never answers gives up after 2 s, to
one that stops answering on the way after 3 s, so one hook holds a worker only that long."""
MAX_ANSWER = 64 * 1024
"""Of an answer, only this much is read (for a failure's log line)."""

Resolver = Callable[..., list[tuple[Any, ...]]]


class Refused(Exception):
    """The address may not be sent to; sending again will not change that."""


class Failed(Exception):
    """The request was sent and did not succeed (an error status, a redirect, a timeout, a
    connection refused): worth trying again later."""


@dataclass(frozen=True)
class Target:
    """A checked address: where to connect, and the name to ask for there."""

    scheme: str
    host: str
    address: str
    port: int
    path: str


NOT_GLOBAL = tuple(
    ipaddress.ip_network(network)
    for network in (
        "192.0.0.0/24",  # IETF protocol assignments (anycast services among them)
        "192.88.99.0/24",  # the 6to4 relays' anycast, deprecated
        "fec0::/10",  # site-local, deprecated but still routed inside some networks
        "64:ff9b:1::/48",  # NAT64 for local use
        "3fff::/20",  # documentation
        "5f00::/16",  # SRv6 segment identifiers
    )
)
"""Special-purpose ranges (IANA's registries) that are not globally reachable, which Python
3.11's `is_global` still counts as global."""
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
NAT64 = ipaddress.ip_network("64:ff9b::/96")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _low32(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address:
    return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)


def public(address: Address) -> bool:
    """Whether a packet to `address` may only reach the public internet: globally reachable,
    not multicast, and so is every IPv4 address it carries. An IPv4 address mapped into IPv6
    (::ffff:a.b.c.d) or translated by the well-known NAT64 prefix (64:ff9b::a.b.c.d) is that
    IPv4 address under another name; an IPv4-compatible one (::a.b.c.d) is deprecated and never
    public; 6to4 (2002:AABB:CCDD::) and Teredo (2001::/32) tunnel to the IPv4 addresses they
    carry, which must be public as well as the address itself."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return public(address.ipv4_mapped)
        if address in NAT64:
            return public(_low32(address))
        if address in IPV4_COMPATIBLE:
            return False
        carried = [address.sixtofour] if address.sixtofour is not None else []
        carried += list(address.teredo or ())
        if not all(public(inside) for inside in carried):
            return False
    return (
        address.is_global
        and not address.is_multicast
        and not address.is_reserved
        and not any(address in network for network in NOT_GLOBAL)
    )


def _allowed(text: str, allow_loopback: bool) -> bool:
    address = ipaddress.ip_address(text.partition("%")[0])
    return public(address) or (allow_loopback and address.is_loopback)


def check_url(url: str, allow_loopback: bool = False) -> tuple[str, str, int, str]:
    """(scheme, host, port, path) of an address one may send to, as far as can be told
    without resolving it; Refused with the reason otherwise."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise Refused(f"not an address: {error}") from None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme != "https" and not (allow_loopback and scheme == "http"):
        raise Refused("a webhook's address starts with https://")
    if not host or parts.username is not None or parts.password is not None:
        raise Refused("a webhook's address names a host, and no user or password")
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None and not _allowed(host, allow_loopback):
        raise Refused(f"{host} is not a public address")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host, port or (443 if scheme == "https" else 80), path


def resolve(url: str, allow_loopback: bool, resolver: Resolver = socket.getaddrinfo) -> Target:
    """The address to send to: the host resolved once, every address it has checked."""
    scheme, host, port, path = check_url(url, allow_loopback)
    try:
        found = resolver(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise Failed(f"{host} does not resolve: {error}") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    if not addresses:
        raise Failed(f"{host} does not resolve")
    inside = [address for address in addresses if not _allowed(address, allow_loopback)]
    if inside:
        raise Refused(f"{host} resolves to {inside[0]}, which is not a public address")
    return Target(scheme, host, addresses[0], port, path)


def post(target: Target, body: bytes, headers: dict[str, str]) -> int:
    """POST `body` to the checked address; its status if 2xx, else Failed."""
    # Imported here: only the worker posts, and urllib3 brings in ssl, which a web process
    # (gevent) must not import before gunicorn's worker patches it.
    import urllib3

    timeout = urllib3.Timeout(connect=CONNECT_SECONDS, read=READ_SECONDS)
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            timeout=timeout,
            retries=False,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
        )
    else:
        pool = urllib3.HTTPConnectionPool(
            target.address, target.port, timeout=timeout, retries=False
        )
    name = f"[{target.host}]" if ":" in target.host else target.host
    default_port = 443 if target.scheme == "https" else 80
    host = name if target.port == default_port else f"{name}:{target.port}"
    sent = {**headers, "Host": host, "Content-Type": "application/json"}
    try:
        with pool:
            answer = pool.urlopen(
                "POST",
                target.path,
                body=body,
                headers=sent,
                redirect=False,
                preload_content=False,
                assert_same_host=False,
            )
            status = answer.status
            body = answer.read(MAX_ANSWER, decode_content=False)
            answer.release_conn()
    except urllib3.exceptions.HTTPError as error:
        raise Failed(f"{target.host} ({target.address}): {error}") from None
    if 300 <= status < 400:
        raise Failed(f"{target.host} answered {status}, a redirect, which is never followed")
    if not 200 <= status < 300:
        raise Failed(f"{target.host} answered {status}: {body[:200]!r}")
    return status
