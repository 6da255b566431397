"""The entry server over HTTP: the same files as the command line, and safe by default
(a test per security item: no token, a wrong token, an oversized body, a path in a board
name, two writers at once, a foreign Host, a change without the page's header)."""

from __future__ import annotations

import concurrent.futures
import http.client
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from serving import Running, make_server, run

from sheetgen.cli import main
from sheetgen.csvio import MAX_FILE_BYTES
from sheetgen.games import game_of, resolve_map
from sheetgen.serve.app import MAX_JSON_BYTES, MAX_JSON_DEPTH, BadRequest, parse_json
from sheetgen.serve.jsontext import json_depth


def request(url: str, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.request(method, parts.path.rstrip("/") + path, body=body, headers=headers or {})
        response = conn.getresponse()
        return (response.status, response.read(),
                {k.lower(): v for k, v in response.getheaders()})
    finally:
        conn.close()


def call(live: Running, method: str, path: str, data: Any = None) -> tuple[int, Any]:
    body = None if data is None else json.dumps(data).encode()
    headers = {"X-Sheetgen": "1", "Content-Type": "application/json"} if method != "GET" else {}
    status, raw, _ = request(live.url, method, path, body, headers)
    return status, json.loads(raw) if raw.startswith((b"{", b"[")) else raw


def enter(live: Running, board: str, player: str, row: str, text: str) -> tuple[int, Any]:
    return call(live, "POST", f"/api/boards/{board}/cell",
                {"player": player, "row": row, "text": text})


def test_entries_score_as_sheetgen_score_does_on_the_downloaded_csv(live: Running,
                                                                     tmp_path: Path) -> None:
    for row, text in [("WA", "12"), ("OR", "(20)"), ("ID", "*"), ("NV", "31"), ("UT", "x")]:
        status, view = enter(live, "usa", "Ann", row, text)
        assert status == 200, view
    status, view = enter(live, "usa", "Ben", "CA", "05")
    status, raw, headers = request(live.url, "GET", "/api/boards/usa/board.csv")
    assert status == 200
    assert headers["content-disposition"] == 'attachment; filename="usa.csv"'
    game_map = resolve_map("usa")
    template = game_of(game_map).template_csv(game_map, ["Ann", "Ben"])
    typed = (template.replace("\nWA,,", "\nWA,12,").replace("\nOR,,", "\nOR,(20),")
             .replace("\nID,,", "\nID,*,").replace("\nNV,,", "\nNV,31,")
             .replace("\nUT,,", "\nUT,x,").replace("\nCA,,", "\nCA,,05"))
    assert raw.decode() == typed
    # the saved file is the same bytes
    assert (live.folder / "usa.csv").read_bytes() == raw
    # a full board for `sheetgen score`: the rest crossed, on the page too
    for space in game_map.spaces:
        for player in ("Ann", "Ben"):
            if space.id not in view["cells"][player]:
                status, view = enter(live, "usa", player, space.id, "x")
                assert status == 200
    _, raw, _ = request(live.url, "GET", "/api/boards/usa/board.csv")
    board = tmp_path / "board.csv"
    board.write_bytes(raw)
    result = CliRunner().invoke(main, ["score", str(board), "--json"])
    assert result.exit_code == 0, result.output
    scored = json.loads(result.stdout)
    assert [(p["name"], p["score"], p["route"]) for p in scored["players"]] == [
        (p["name"], p["score"], p["route"]) for p in view["score"]["players"]]
    assert view["score"]["players"][0]["route"] == ["WA", "OR", "ID", "NV"]


def test_undo_load_and_pdf(live: Running) -> None:
    enter(live, "usa", "Ann", "WA", "12")
    enter(live, "usa", "Ann", "WA", "14")
    status, view = call(live, "POST", "/api/boards/usa/undo", {"player": "Ann"})
    assert view["cells"]["Ann"] == {"WA": "12"}
    assert view["undone"] == {"player": "Ann", "row": "WA", "text": "12"}
    # load a CSV into a new board; blank cells are allowed, errors are the reader's
    csv_text = "# map: germany\ncity;Cy\nKiel;(52)\n"
    status, raw, _ = request(live.url, "PUT", "/api/boards/trip/csv", csv_text.encode(),
                             {"X-Sheetgen": "1"})
    problems = json.loads(raw)["problems"]
    assert status == 422
    assert problems[0] == ("trip.csv:3:2: parentheses mark a number written with a die of "
                           "the city's colour, and Kiel is not a coloured city; expected 52 "
                           "without parentheses")
    good = resolve_map("germany")
    text = "\n".join(["# map: germany", "city,Cy"] + [f"{s.name}," for s in good.spaces])
    text = text.replace("\nHamburg,", "\nHamburg,34") + "\nvariant,2\n"
    status, raw, _ = request(live.url, "PUT", "/api/boards/trip/csv",
                             text.encode("utf-16"), {"X-Sheetgen": "1"})
    assert status == 200, raw
    view = json.loads(raw)
    assert view["cells"]["Cy"] == {"Hamburg": "34", "variant": "2"}
    assert view["score"]["players"][0]["variant_points"] == 2
    status, pdf, headers = request(live.url, "GET", "/api/boards/usa/scored.pdf")
    assert status == 200 and pdf.startswith(b"%PDF")
    assert headers["content-disposition"] == 'attachment; filename="usa-scored-a4.pdf"'
    assert len(PdfReader(__import__("io").BytesIO(pdf)).pages) == 3  # Ann, Ben, standings


def test_legality_so_far_for_the_seed(live: Running) -> None:
    script = game_of(resolve_map("usa")).make_script(resolve_map("usa"), 7)
    card, number = script.setup_cells[0]
    space = resolve_map("usa").card_spaces(card)[0]
    enter(live, "usa", "Ann", space, f"({number:02d})")
    status, verdict = call(live, "GET", "/api/boards/usa/legality")
    assert verdict["decided"] and verdict["players"][0] == {
        "player": "Ann", "legal": True, "problem": None, "finished": False}
    others = [s for s in resolve_map("usa").space_ids if s != space]
    enter(live, "usa", "Ben", others[0], "(99)")
    status, verdict = call(live, "GET", "/api/boards/usa/legality")
    ben = verdict["players"][1]
    assert ben["legal"] is False
    assert "which no turn of seed 7 could have written there" in ben["problem"]


def test_boards_survive_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    for live in run(make_server(folder)):
        enter(live, "usa", "Ann", "WA", "12")
        enter(live, "usa", "Ann", "OR", "14")
        call(live, "POST", "/api/boards", {"name": "table-2", "map": "paris",
                                           "players": ["Cy"]})
        enter(live, "table-2", "Cy", "1a", "(3)")
    for live in run(make_server(folder)):
        status, view = call(live, "GET", "/api/boards/usa")
        assert view["cells"]["Ann"] == {"WA": "12", "OR": "14"}
        status, view = call(live, "POST", "/api/boards/usa/undo", {"player": "Ann"})
        assert view["cells"]["Ann"] == {"WA": "12"}  # the history came back too
        status, view = call(live, "GET", "/api/boards/table-2")
        assert view["cells"]["Cy"] == {"1a": "(03)"}
    assert sorted(p.name for p in folder.iterdir()) == [
        "table-2.csv", "table-2.json", "usa.csv", "usa.json"]


# --- safe by default ----------------------------------------------------------------------

TOKEN = "t0k3n-for-tests-only-aaaaaaaaaa"


@pytest.fixture
def guarded(tmp_path: Path) -> Any:
    yield from run(make_server(tmp_path / "boards"), token=TOKEN)


PATHS = ["/", "/app.js", "/api/setup", "/api/boards", "/api/boards/usa",
         "/api/boards/usa/board.csv", "/api/boards/usa/scored.pdf", "/api/maps/usa"]


def test_no_token_is_refused_on_every_path(guarded: Running) -> None:
    bare = f"http://127.0.0.1:{guarded.port}"
    for path in PATHS:
        status, body, _ = request(bare, "GET", path)
        assert status == 403, path
        assert b"access token" in body
    status, _, _ = request(bare, "POST", "/api/boards/usa/cell",
                           json.dumps({"player": "Ann", "row": "WA", "text": "1"}).encode(),
                           {"X-Sheetgen": "1"})
    assert status == 403
    assert "WA" not in (guarded.folder / "usa.csv").read_text().split("\nOR")[0].split("WA,")[1]


def test_a_wrong_token_is_refused(guarded: Running) -> None:
    for wrong in (TOKEN[:-1], TOKEN + "x", TOKEN.upper(), "api"):
        for path in PATHS:
            status, _, _ = request(f"http://127.0.0.1:{guarded.port}/{wrong}", "GET", path)
            assert status == 403, (wrong, path)
    for path in PATHS:
        status, _, _ = request(guarded.url, "GET", path)
        assert status == 200, path


def test_a_foreign_host_is_refused_on_loopback(live: Running) -> None:
    status, body, _ = request(live.url, "GET", "/api/setup", headers={"Host": "evil.example"})
    assert status == 421
    status, _, _ = request(live.url, "GET", "/api/setup",
                           headers={"Host": f"localhost:{live.port}"})
    assert status == 200


def test_a_change_needs_the_pages_header(live: Running) -> None:
    status, _, _ = request(live.url, "POST", "/api/boards/usa/cell",
                           json.dumps({"player": "Ann", "row": "WA", "text": "1"}).encode(),
                           {"Content-Type": "text/plain"})
    assert status == 403
    _, view = call(live, "GET", "/api/boards/usa")
    assert view["cells"]["Ann"] == {}


def test_an_oversized_body_is_refused(live: Running) -> None:
    big = json.dumps({"player": "Ann", "row": "WA", "text": "1" * MAX_JSON_BYTES}).encode()
    status, body, _ = request(live.url, "POST", "/api/boards/usa/cell", big,
                              {"X-Sheetgen": "1"})
    assert status == 413 and b"at most 16384 bytes" in body
    huge = b"# map: usa\n" + b"x" * MAX_FILE_BYTES
    status, _, _ = request(live.url, "PUT", "/api/boards/big/csv", huge, {"X-Sheetgen": "1"})
    assert status == 413
    # without a Content-Length (chunked), the body is counted as it comes
    parts = urlsplit(live.url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.putrequest("POST", "/api/boards/usa/cell")
    conn.putheader("X-Sheetgen", "1")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    chunk = b"x" * 8192
    try:
        for _ in range(4):
            conn.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server may answer and close before the whole body is sent
    assert conn.getresponse().status == 413
    conn.close()
    assert not (live.folder / "big.csv").exists()


def test_a_path_in_a_board_name_reaches_no_file(live: Running, tmp_path: Path) -> None:
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for name in ["../escape", "..%2F..%2Fescape", "%2e%2e", "a.csv", ".json"]:
        status, _ = call(live, "POST", "/api/boards", {"name": name, "map": "usa",
                                                       "players": ["A"]})
        assert status == 422, name
        status, _, _ = request(live.url, "PUT", f"/api/boards/{name}/csv",
                               b"# map: usa\nspace,A\n", {"X-Sheetgen": "1"})
        assert status in (404, 422), name
        status, _, _ = request(live.url, "GET", f"/api/boards/{name}/board.csv")
        assert status in (404, 422), name
    for path in ["/../../etc/passwd", "/fonts/../../boardio.py", "/static/app.js",
                 "/api/maps/..%2Fusa", "/api/maps/byways"]:
        status, body, _ = request(live.url, "GET", path)
        assert status == 404, path
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_two_writers_at_once_lose_nothing(live: Running) -> None:
    """Two phones enter one board at the same time, each its own player, then both the
    same cell: every entry lands, in the board, the saved file and the undo history."""
    game_map = resolve_map("usa")
    rows = list(game_map.space_ids)

    def phone(player: str, offset: int) -> list[int]:
        codes = []
        for i, row in enumerate(rows):
            status, _ = enter(live, "usa", player, row, f"{(i + offset) % 100:02d}")
            codes.append(status)
        for i in range(20):
            status, _ = enter(live, "usa", player, "WA" if player == "Ann" else "OR",
                              f"({i:02d})")
            codes.append(status)
        return codes

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(phone, ["Ann", "Ben"], [0, 50]))
    assert all(code == 200 for codes in results for code in codes)
    _, view = call(live, "GET", "/api/boards/usa")
    for player, offset in (("Ann", 0), ("Ben", 50)):
        expected = {row: f"{(i + offset) % 100:02d}" for i, row in enumerate(rows)}
        expected["WA" if player == "Ann" else "OR"] = "(19)"
        assert view["cells"][player] == expected
    assert view["version"] == 2 * (len(rows) + 20)
    saved = (live.folder / "usa.csv").read_text()
    assert saved == live.server.store.get("usa").csv()
    history = json.loads((live.folder / "usa.json").read_text())["history"]
    assert len(history) == 2 * (len(rows) + 20)


def _two_hosts(port: int, path: str, first: str, second: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.putrequest("GET", path, skip_host=True)
        conn.putheader("Host", first)
        conn.putheader("Host", second)
        conn.endheaders()
        return conn.getresponse().status
    finally:
        conn.close()


def test_two_host_headers_are_refused(live: Running, guarded: Running) -> None:
    own = f"127.0.0.1:{live.port}"
    assert _two_hosts(live.port, "/api/setup", "evil.example", own) == 400
    assert _two_hosts(live.port, "/api/setup", own, own) == 400
    assert _two_hosts(guarded.port, f"/{TOKEN}/api/setup", "a.example", "b.example") == 400
    status, _, _ = request(guarded.url, "GET", "/api/setup")
    assert status == 200


def test_json_nested_past_the_limit_is_a_bad_request(live: Running) -> None:
    """5,000 levels fit the 16 KiB limit and overran Python's recursion limit (HTTP 500)."""
    for deep in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2000 + b"1" + b"}" * 2000,
                 b"[" * MAX_JSON_BYTES):
        status, body, _ = request(live.url, "POST", "/api/boards/usa/cell", deep,
                                  {"X-Sheetgen": "1"})
        assert status == 400, body
        assert b"nested deeper than" in body
    status, body, _ = request(live.url, "POST", "/api/boards/usa/cell", b"{not json",
                              {"X-Sheetgen": "1"})
    assert status == 400 and b"not JSON" in body
    # brackets inside strings are not nesting
    status, view = enter(live, "usa", "Ann", "WA", "[" * 40 + "12")
    assert status == 422


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,:'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(alphabet='[]{}"\\ab'), inner, max_size=3),
    max_leaves=30)


@given(_values)
def test_json_depth_is_the_nesting_of_the_value(value: Any) -> None:
    raw = json.dumps(value).encode()
    assert json_depth(raw, 1000) == _depth(value)
    assert parse_json(raw) == value if _depth(value) <= MAX_JSON_DEPTH else True


@given(st.binary(max_size=200) | st.text(alphabet='[]{}"\\1,:').map(str.encode))
def test_any_body_parses_or_is_a_bad_request(raw: bytes) -> None:
    try:
        value = parse_json(raw)
    except BadRequest as exc:
        assert str(exc).startswith("bad request: ")
    else:
        assert _depth(value) <= MAX_JSON_DEPTH
