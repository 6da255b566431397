"""Where the server listens and what address it prints.

Whether the server is "this computer only" is decided by the address its socket is bound
to (not by the words given to ``--host``): every 127.x.y.z, ``::1`` and an IPv4-mapped
loopback (``::ffff:127.0.0.1``) are loopback. A wildcard address (``0.0.0.0``, ``::``)
is printed as this machine's addresses on its network interfaces (read from the
interfaces themselves, no name lookup and no network traffic), private LAN addresses
first: a phone cannot resolve the machine's host name, but it can open its address.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_LAN = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]
"""Home and office networks (RFC 1918), the addresses a phone on the same Wi-Fi has."""


def parse_ip(text: str) -> IPAddress | None:
    """The address ``text`` spells (brackets and an IPv6 zone allowed), else None."""
    try:
        return ipaddress.ip_address(text.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


def plain(address: IPAddress) -> IPAddress:
    """An IPv4-mapped IPv6 address as the IPv4 address it is; any other unchanged."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def is_loopback(address: IPAddress) -> bool:
    """Whether only this computer can reach ``address`` (IPv4-mapped loopback too)."""
    return plain(address).is_loopback


def url_host(address: IPAddress) -> str:
    """``address`` as the host of a URL: IPv4 as is (a mapped one as its IPv4 form),
    IPv6 in brackets."""
    address = plain(address)
    return f"[{address.compressed}]" if address.version == 6 else str(address)


def _rank(address: IPAddress) -> tuple[int, int, int]:
    lan = next((i for i, net in enumerate(_LAN) if address in net), len(_LAN))
    return (address.version, lan, int(address))


def usable(address: IPAddress) -> bool:
    """An address a phone on the network could open (not loopback, link-local,
    multicast or unspecified)."""
    return not (address.is_loopback or address.is_link_local or address.is_multicast
                or address.is_unspecified or address.is_reserved)


def interface_addresses() -> list[IPAddress]:
    """Every address of this machine's network interfaces (``ifaddr`` reads them from the
    operating system: ``getifaddrs`` on Linux and macOS)."""
    import ifaddr

    found: list[IPAddress] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            address = parse_ip(text)
            if address is not None and address not in found:
                found.append(address)
    return found


def lan_addresses(bound: IPAddress, found: list[IPAddress] | None = None) -> list[IPAddress]:
    """The addresses a phone can open a server bound to the wildcard ``bound`` at, best
    first: private IPv4 (192.168/16, 10/8, 172.16/12), other IPv4, then IPv6 when the
    socket is IPv6 (``::`` takes both). ``found``: the interfaces' addresses (default:
    read them)."""
    found = interface_addresses() if found is None else found
    versions = {4} if bound.version == 4 else {4, 6}
    return sorted((a for a in found if usable(a) and a.version in versions), key=_rank)


@dataclass(frozen=True)
class LoopbackHosts:
    """The Host headers a loopback server answers: its own address (in any spelling of
    it: ``127.0.0.2``, ``[::ffff:127.0.0.1]``) with its port, and ``localhost`` when it
    listens where that name leads (127.0.0.1 or ::1). Anything else is another site's
    name that resolves here (DNS rebinding) and is refused."""

    address: IPAddress
    port: int

    def allows(self, host: str) -> bool:
        host = host.strip().lower()
        name, port = host, ""
        if host.startswith("["):
            end = host.find("]")
            name, port = host[:end + 1], host[end + 1:]
            if port and not port.startswith(":"):
                return False
            port = port[1:]
        elif host.count(":") == 1:
            name, port = host.split(":")
        elif ":" in host:
            return False
        if (int(port) if port.isdigit() and len(port) <= 5 else -1 if port else 80) != self.port:
            return False
        if name == "localhost":
            return plain(self.address) in (ipaddress.ip_address("127.0.0.1"),
                                           ipaddress.ip_address("::1"))
        if name.startswith("[") != name.endswith("]"):
            return False
        address = parse_ip(name) if "%" not in name else None
        if address is None or (address.version == 6) != name.startswith("["):
            return False
        return plain(address) == plain(self.address)
