"""``sheetgen serve`` on the command line: the address and its QR code printed, the
access token off loopback, user errors in one line."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from sheetgen.cli import main
from sheetgen.serve.terminal import light_rows, qr_text

BLOCKS = {"\u2588": (True, True), "\u2580": (True, False), "\u2584": (False, True),
          " ": (False, False)}


def decode_terminal_qr(lines: list[str]) -> list[str]:
    """Read a code printed with half blocks back into pixels (light where a block is
    drawn, as a dark terminal shows it) and decode it with zxing."""
    zxingcpp = pytest.importorskip("zxingcpp")
    width = len(lines[0])
    scale = 6
    image = Image.new("L", (width * scale, len(lines) * 2 * scale), 0)
    for y, line in enumerate(lines):
        assert len(line) == width
        for x, char in enumerate(line):
            top, bottom = BLOCKS[char]
            for half, light in ((0, top), (1, bottom)):
                if light:
                    image.paste(255, (x * scale, (2 * y + half) * scale,
                                      (x + 1) * scale, (2 * y + half + 1) * scale))
    return [found.text for found in zxingcpp.read_barcodes(image)]


def test_the_terminal_code_reads_back_as_the_address() -> None:
    address = "http://192.168.1.20:8034/Zq3xvB0dKp1Yw9LmN4tR8A/"
    text = qr_text(address)
    assert decode_terminal_qr(text.rstrip("\n").split("\n")) == [address]
    rows = light_rows(address)
    assert all(rows[0]) and all(rows[-1])  # the quiet zone
    assert len(text.splitlines()) == (len(rows) + 1) // 2


START_S = 120
"""A server that has not printed its address by then is taken to hang (killed)."""


@contextmanager
def serving(tmp_path: Path, *args: str, preexec_fn: Callable[[], None] | None = None
            ) -> Iterator[tuple[list[str], subprocess.Popen[str]]]:
    """``sheetgen serve ARGS`` in a process of its own (``preexec_fn`` run in it before),
    once it printed its address: the lines printed so far and the process."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from sheetgen.cli import main; main()", "serve", *args,
         "--boards", str(tmp_path / "boards")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=preexec_fn)
    lines: list[str] = []
    watchdog = threading.Timer(START_S, process.kill)  # a server that never starts
    watchdog.start()
    try:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("Stop with Ctrl-C"):
                break
        watchdog.cancel()
        assert lines and lines[-1].startswith("Stop with Ctrl-C"), (
            f"the server did not start within {START_S} s: {lines}")
        yield lines, process
    finally:
        watchdog.cancel()
        process.terminate()
        process.wait(20)
        if process.stdout is not None:
            process.stdout.close()


def _status(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def test_serve_prints_its_address_and_a_code_of_it(tmp_path: Path) -> None:
    with serving(tmp_path, "germany", "--players", "Ann,Ben", "--seed", "7") as (lines, _):
        address = re.fullmatch(r"Open (http://127\.0\.0\.1:(\d+)/)", lines[1])
        assert address, lines
        code = [line for line in lines[2:] if line and set(line) <= set(BLOCKS)]
        assert decode_terminal_qr(code) == [address.group(1)]
        port = int(address.group(2))
        assert _status(port, "/") == 200
        assert _status(port, "/api/boards/germany") == 200
    saved = (tmp_path / "boards" / "germany.csv").read_text()
    assert saved.splitlines()[1] == "city,Ann,Ben"


def test_another_host_needs_the_token_in_the_address(tmp_path: Path) -> None:
    with serving(tmp_path, "usa", "--host", "0.0.0.0") as (lines, _):
        address = re.fullmatch(r"Open http://[^/]+:(\d+)/([A-Za-z0-9_-]{22})/", lines[1])
        assert address, lines
        port, token = int(address.group(1)), address.group(2)
        assert _status(port, f"/{token}/api/setup") == 200
        assert _status(port, "/api/setup") == 403
        assert _status(port, f"/{token[:-1]}x/api/setup") == 403
    with serving(tmp_path, "usa", "--host", "0.0.0.0") as (again, _):
        assert again[1].split("/")[3] != token  # a new token at each start


@pytest.mark.parametrize(("args", "message"), [
    (["byways"], "Highways & Byways has no scoring CSV to enter on the page"),
    (["narnia"], "unknown map 'narnia'"),
    (["usa", "--players", "Ann,ann"], "--players: 'ann' is given twice"),
    (["usa", "--seed", "-1"], "Invalid value for '--seed'"),
])
def test_user_errors_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["serve", *args, "--boards", str(tmp_path / "b")])
    assert result.exit_code in (1, 2)
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_port_in_use_is_a_user_error(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "usa", "--port", str(port),
                                           "--boards", str(tmp_path / "b")])
    assert result.exit_code == 1
    assert f"--host/--port: cannot listen on 127.0.0.1:{port}" in result.output


def _get(host: str, port: int, path: str, headers: dict[str, str] | None = None) -> int:
    conn = http.client.HTTPConnection(host, port, timeout=20)
    try:
        conn.request("GET", path, headers=headers or {})
        return conn.getresponse().status
    finally:
        conn.close()


def test_a_loopback_address_is_printed_as_it_listens_and_answered(tmp_path: Path) -> None:
    """127.0.0.2 is loopback (no token) and the address printed is the one it listens on;
    a request to it (Host 127.0.0.2:PORT) is answered, a foreign Host still refused."""
    with serving(tmp_path, "usa", "--host", "127.0.0.2") as (lines, _):
        address = re.fullmatch(r"Open http://127\.0\.0\.2:(\d+)/", lines[1])
        assert address, lines
        port = int(address.group(1))
        assert _get("127.0.0.2", port, "/api/setup") == 200
        assert _get("127.0.0.2", port, "/api/setup", {"Host": "evil.example"}) == 421
        assert _get("127.0.0.2", port, "/api/setup", {"Host": f"127.0.0.1:{port}"}) == 421


def test_an_ipv4_mapped_loopback_is_loopback(tmp_path: Path) -> None:
    with serving(tmp_path, "usa", "--host", "::ffff:127.0.0.1") as (lines, _):
        address = re.fullmatch(r"Open http://127\.0\.0\.1:(\d+)/", lines[1])
        assert address, lines  # no token: only this computer can reach it
        port = int(address.group(1))
        assert _get("127.0.0.1", port, "/api/setup") == 200
        for spelled in ("[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "localhost"):
            assert _get("127.0.0.1", port, "/api/setup", {"Host": f"{spelled}:{port}"}) == 200
        assert _get("127.0.0.1", port, "/api/setup", {"Host": f"127.0.0.2:{port}"}) == 421


def test_a_wildcard_prints_the_interfaces_addresses(tmp_path: Path) -> None:
    """0.0.0.0: the addresses printed (and the QR code's) are this machine's interface
    addresses, not its host name, which a phone cannot resolve; each answers."""
    import ifaddr

    own = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
           if isinstance(ip.ip, str) and not ip.ip.startswith("127.")}
    with serving(tmp_path, "usa", "--host", "0.0.0.0") as (lines, _):
        urls = [line.split(" ", 1)[1] for line in lines if line.startswith(("Open ", "or "))]
        hosts = [re.fullmatch(r"http://([0-9.]+):(\d+)/[A-Za-z0-9_-]{22}/", u) for u in urls]
        assert all(hosts), lines
        assert {h.group(1) for h in hosts if h} == own
        code = [line for line in lines[2:] if line and set(line) <= set(BLOCKS)]
        assert decode_terminal_qr(code) == [urls[0]]
        for url in urls:
            host, port, token = re.findall(r"http://([0-9.]+):(\d+)/([^/]+)/", url)[0]
            assert _get(host, int(port), f"/{token}/api/setup") == 200


def test_lan_addresses_are_the_usable_ones_private_first() -> None:
    from ipaddress import ip_address as ip

    from sheetgen.serve.address import lan_addresses

    found = [ip(a) for a in ("127.0.0.1", "::1", "203.0.113.9", "fe80::1", "172.20.0.5",
                             "10.1.2.3", "192.168.1.20", "169.254.3.3", "fd00::2")]
    assert [str(a) for a in lan_addresses(ip("0.0.0.0"), found)] == [
        "192.168.1.20", "10.1.2.3", "172.20.0.5", "203.0.113.9"]
    assert [str(a) for a in lan_addresses(ip("::"), found)] == [
        "192.168.1.20", "10.1.2.3", "172.20.0.5", "203.0.113.9", "fd00::2"]


def test_start_up_takes_under_200_mb_whatever_the_boards_folder_holds(tmp_path: Path) -> None:
    """A symbolic link out of the folder (where the first board would be written) and one
    in a loop, a pipe named *.csv, a 300 MB CSV and a 150 MB history: each skipped in one
    line, the server starts, and its peak memory stays under 200 MB."""
    folder = tmp_path / "boards"
    folder.mkdir()
    (tmp_path / "elsewhere.csv").write_text("# map: usa\nspace,Ann\n")
    (folder / "usa.csv").symlink_to(tmp_path / "elsewhere.csv")
    (folder / "loop.csv").symlink_to(folder / "loop.csv")
    os.mkfifo(folder / "pipe.csv")
    with open(folder / "huge.csv", "wb") as handle:
        handle.truncate(300 * 1024 * 1024)
    CliRunner().invoke(main, ["template", "usa", "-o", str(folder / "kept.csv")])
    with open(folder / "kept.json", "wb") as handle:
        handle.truncate(150 * 1024 * 1024)
    with serving(tmp_path, "usa") as (lines, process):
        peak = _peak_kib(process.pid)
        port = int(re.findall(r"Open http://127\.0\.0\.1:(\d+)/", "\n".join(lines))[0])
        assert _status(port, "/api/boards/kept") == 200
    for name in ("usa.csv", "loop.csv", "pipe.csv", "huge.csv", "kept.json"):
        assert any(f"{name} " in line or f"{name}:" in line for line in lines), (name, lines)
    assert "Traceback" not in "\n".join(lines)
    assert (tmp_path / "elsewhere.csv").read_text() == "# map: usa\nspace,Ann\n"
    print(f"\npeak memory of serve's start: {peak / 1024:.0f} MB")
    assert peak < 200 * 1024


def _peak_kib(pid: int) -> int:
    """The process's peak resident memory so far (Linux: VmHWM), KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    pytest.skip("no /proc/PID/status here")
