"""The entry page's web application (Starlette): the page, its assets and a JSON API.

Safe by default:

* the server listens on 127.0.0.1 unless told otherwise, and on a loopback address only
  answers requests whose one Host header names that address (no page on another site can
  reach it through a name that resolves to 127.0.0.1); a request with two Host headers is
  refused wherever it listens;
* on any other address an access token, random for each start, is the first segment of
  every path (``http://HOST:PORT/TOKEN/``): a request without it, or with another, is
  refused before anything else is read;
* a request body is read only up to its limit (a CSV upload: the scoring CSV's own limit,
  anything else: ``MAX_JSON_BYTES``); a request that changes something must carry the
  header ``X-Sheetgen`` (a page on another site cannot send it without asking first);
* every cell, name and file goes through the scoring CSV reader's rules and messages;
  board names are checked against ``BOARD_NAME`` and no part of a request ever names a
  file: the assets are a fixed table read at start-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from sheetgen.csvio import MAX_FILE_BYTES, BoardFormatError, decode
from sheetgen.games import GameError
from sheetgen.serve.address import LoopbackHosts
from sheetgen.serve.boards import (
    BoardState,
    EntryError,
    board_from_csv,
    check_board_name,
    new_board,
)
from sheetgen.serve.games import entry_maps, map_view
from sheetgen.serve.jsontext import json_depth
from sheetgen.serve.legality import Checker
from sheetgen.serve.store import Store
from sheetgen.templates import Paper

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
T = TypeVar("T")

MAX_JSON_BYTES = 16 * 1024
"""The largest request body other than a CSV upload."""
MAX_JSON_DEPTH = 8
"""The deepest nesting of arrays and objects a JSON body may have (the page sends 2):
16 KiB of ``[`` is 16,384 levels, past Python's recursion limit."""
CHANGE_HEADER = "x-sheetgen"
"""Every request that changes something carries this header (the page's script sets it)."""
SECURITY_HEADERS = {
    "content-security-policy": ("default-src 'self'; img-src 'self' data:; "
                                "style-src 'self'; script-src 'self'; connect-src 'self'; "
                                "font-src 'self'; object-src 'none'; base-uri 'none'; "
                                "frame-ancestors 'none'; form-action 'self'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}
ASSETS = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
FONTS = {
    "/fonts/OpenSans-Regular.ttf": "OpenSans-Regular.ttf",
    "/fonts/OpenSans-Bold.ttf": "OpenSans-Bold.ttf",
    "/fonts/OpenSans-CondBold.ttf": "OpenSans-CondBold.ttf",
}


def new_token() -> str:
    """A fresh access token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


async def _plain(send: Send, status: int, text: str, *, close: bool = False) -> None:
    """A refusal; ``close``: the connection is closed after it (it proved nothing)."""
    body = text.encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"),
               (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def body_limit(method: str, path: str) -> int:
    """How many bytes a request's body may hold."""
    if method == "PUT" and path.endswith("/csv"):
        return MAX_FILE_BYTES
    return MAX_JSON_BYTES


class Guard:
    """The checks every request passes before the application sees it (see the module
    text): host, token, change header, body size. The body is read here, within its
    limit, and handed on whole."""

    def __init__(self, app: ASGIApp, *, token: str | None,
                 hosts: LoopbackHosts | None) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw_headers = scope.get("headers", [])
        if sum(1 for k, _ in raw_headers if k.lower() == b"host") > 1:
            # which one a proxy or a cache took is anyone's guess: refuse (RFC 9112 3.2)
            await _plain(send, 400, "bad request: more than one Host header", close=True)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw_headers}
        if self.hosts is not None and not self.hosts.allows(headers.get("host", "")):
            await _plain(send, 421, "unknown host; open the address the server printed",
                         close=True)
            return
        path: str = scope["path"]
        if self.token is not None:
            head, _, rest = path.lstrip("/").partition("/")
            if not secrets.compare_digest(head.encode(), self.token.encode()):
                await _plain(send, 403, "forbidden: open the address the server printed, "
                                        "with its access token", close=True)
                return
            if not rest and not path.endswith("/"):
                await RedirectResponse(f"/{self.token}/")(scope, receive, send)
                return
            scope = dict(scope, root_path=scope.get("root_path", "") + f"/{self.token}")
            path = "/" + rest
        prove = scope.get("extensions", {}).get("sheetgen.prove")
        if prove is not None:  # the rightful user's connection (gate.py)
            prove()
        method = scope["method"]
        if method not in ("GET", "HEAD") and CHANGE_HEADER not in headers:
            await _plain(send, 403, f"forbidden: a change needs the {CHANGE_HEADER} header")
            return
        limit = body_limit(method, path)
        declared = headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _plain(send, 413, f"request body too large: at most {limit} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _plain(send, 413, f"request body too large: at most {limit} bytes")
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()
                         if k.encode() not in names]
                message = dict(message, headers=[*message.get("headers", []), *extra])
            await send(message)

        await self.app(scope, replay, secured)


def _error(status: int, problems: list[str] | tuple[str, ...]) -> JSONResponse:
    return JSONResponse({"error": problems[0] if problems else "error",
                         "problems": list(problems)}, status_code=status)


def _json(data: Any, status: int = 200) -> Response:
    return Response(json.dumps(data, ensure_ascii=False), status_code=status,
                    media_type="application/json")


class BadRequest(ValueError):
    """A body that is not JSON at all, or nested too deep to read (400)."""


def parse_json(raw: bytes) -> Any:
    """The JSON value of a request's body; BadRequest for one that is not JSON or nests
    deeper than ``MAX_JSON_DEPTH`` (refused before parsing: no recursion limit hit)."""
    if (raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH
            and json_depth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH):
        raise BadRequest(f"bad request: JSON nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadRequest("bad request: the body is not JSON") from None


async def _body(request: Request) -> dict[str, Any]:
    data = parse_json(await request.body())
    if not isinstance(data, dict):
        raise EntryError(["expected a JSON object"])
    return data


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise EntryError([f"expected {key!r}: a string"])
    return value


def _settled() -> None:
    """Take what lives as long as the server (the modules start-up imported, a map once
    drawn) out of the garbage collector's full sweeps: a full sweep holds every thread,
    the event loop's too, for as long as it takes (80 ms over a heap with two maps drawn
    and a 1 MiB CSV read, measured), and such objects are never garbage."""
    gc.freeze()


class Server:
    """The application's state: the boards, the seed's checker, the defaults.

    No request holds the event loop: whatever takes more than a moment (reading and
    scoring a board after an entry, drawing a map, decoding a loaded CSV, rendering the
    PDF) runs in a worker thread (``_work``), each board's changes one at a time under
    its lock, so every other client is answered meanwhile. Maps are drawn when first
    asked for, once each (``_map_json``), and ``api/setup`` draws none."""

    def __init__(self, store: Store, *, default_map: str, players: list[str],
                 seed: int | None, paper: Paper) -> None:
        from sheetgen.maps import find_map

        self.store = store
        self.default_map = default_map
        self.players = players
        self.seed = seed
        self.paper = paper
        self.checker = Checker(seed) if seed is not None else None
        self._verdicts: dict[tuple[str, int], dict[str, Any]] = {}
        self._pending: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        self._maps: dict[str, asyncio.Future[bytes]] = {}
        self.map_titles = {m: find_map(m).title for m in entry_maps()}
        self._checks = ThreadPoolExecutor(1, thread_name_prefix="sheetgen-check")
        """The seed's checks wait on their worker process here, one at a time (the
        checker takes one at a time), not in the pool the requests' work runs in."""
        self._assets = {path: resources.files("sheetgen.serve").joinpath("static", name)
                        .read_bytes() for path, (name, _) in ASSETS.items()}
        from sheetgen.resources import fonts_dir

        self._fonts = {path: (fonts_dir() / name).read_bytes() for path, name in FONTS.items()}

    @staticmethod
    async def _work(fn: Callable[[], T]) -> T:
        """``fn()`` in a worker thread: the event loop answers other clients meanwhile."""
        return await asyncio.to_thread(fn)

    # --- the page -------------------------------------------------------------------

    def asset(self, path: str) -> Callable[[Request], Awaitable[Response]]:
        """The handler of one fixed asset (read at start-up)."""
        if path in self._fonts:
            body, media = self._fonts[path], "font/ttf"
        else:
            body, media = self._assets[path], ASSETS[path][1]

        async def serve(request: Request) -> Response:
            return Response(body, media_type=media)
        return serve

    async def setup(self, request: Request) -> Response:
        maps = [{"id": m, "title": title} for m, title in self.map_titles.items()]
        return _json({"maps": maps, "default_map": self.default_map,
                      "players": self.players, "seed": self.seed,
                      "paper": self.paper.id, "boards": self.store.listing()})

    async def _map_json(self, map_id: str) -> bytes:
        """The map's view as JSON, drawn in a worker thread the first time it is asked
        for; requests that come while it is drawn wait for the same drawing."""
        drawing = self._maps.get(map_id)
        if drawing is None:
            def draw() -> bytes:
                return json.dumps(map_view(map_id), ensure_ascii=False).encode("utf-8")
            drawing = asyncio.ensure_future(self._work(draw))
            self._maps[map_id] = drawing
        try:
            body = await asyncio.shield(drawing)
        except Exception:
            if self._maps.get(map_id) is drawing:
                del self._maps[map_id]
            raise
        _settled()
        return body

    async def map(self, request: Request) -> Response:
        map_id = request.path_params["map_id"]
        if map_id not in self.map_titles:
            return _error(404, [f"unknown map {map_id[:64]!r}; maps: "
                                + ", ".join(self.map_titles)])
        return Response(await self._map_json(map_id), media_type="application/json")

    # --- boards ---------------------------------------------------------------------

    async def boards(self, request: Request) -> Response:
        return _json({"boards": self.store.listing()})

    async def create(self, request: Request) -> Response:
        data = await _body(request)
        name = _text(data, "name")
        players = data.get("players", self.players)
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise EntryError(["expected 'players': a list of names"])
        map_word = data.get("map", self.default_map)
        if not isinstance(map_word, str):
            raise EntryError(["expected 'map': a map id"])
        check_board_name(name)
        async with self.store.lock(name):
            if name in self.store.boards:
                return _error(409, [f"a board named {name!r} exists; open it or choose "
                                    "another name"])

            def make() -> dict[str, Any]:
                state = new_board(name, map_word, players)
                self.store.put(state)
                self.store.save(state)
                return state.view()
            return _json(await self._work(make), 201)

    def _board(self, request: Request) -> BoardState:
        name = request.path_params["name"]
        try:
            return self.store.get(name)
        except KeyError:
            raise LookupError(name) from None

    async def board(self, request: Request) -> Response:
        state = self._board(request)
        async with self.store.lock(state.name):
            return _json(await self._work(state.view))

    async def cell(self, request: Request) -> Response:
        data = await _body(request)
        state = self._board(request)
        player, row, text = _text(data, "player"), _text(data, "row"), _text(data, "text")

        def enter() -> dict[str, Any]:
            entry = state.apply(player, row, text)
            self.store.save(state)
            view = state.view()
            view["entry"] = {"player": entry.player, "row": entry.row, "old": entry.old,
                             "new": entry.new}
            return view
        async with self.store.lock(state.name):
            return _json(await self._work(enter))

    async def undo(self, request: Request) -> Response:
        data = await _body(request)
        state = self._board(request)
        player = _text(data, "player")

        def take_back() -> dict[str, Any]:
            entry = state.undo(player)
            if entry is not None:
                self.store.save(state)
            view = state.view()
            view["undone"] = None if entry is None else {
                "player": entry.player, "row": entry.row, "text": entry.old}
            return view
        async with self.store.lock(state.name):
            return _json(await self._work(take_back))

    async def add_player(self, request: Request) -> Response:
        data = await _body(request)
        state = self._board(request)
        name = _text(data, "name")

        def add() -> dict[str, Any]:
            state.add_player(name)
            self.store.save(state)
            return state.view()
        async with self.store.lock(state.name):
            return _json(await self._work(add))

    async def upload(self, request: Request) -> Response:
        name = request.path_params["name"]
        check_board_name(name)
        raw = await request.body()
        source = f"{name}.csv"

        def read() -> BoardState:
            try:
                text = decode(raw, source).text
            except BoardFormatError as exc:
                raise EntryError(exc.report.splitlines()) from None
            return board_from_csv(name, text, source)
        state = await self._work(read)
        async with self.store.lock(name):
            def put() -> dict[str, Any]:
                old = self.store.boards.get(name)
                if old is not None:
                    state.version = old.version + 1
                self.store.put(state)
                self.store.save(state)
                return state.view()
            return _json(await self._work(put))

    async def download_csv(self, request: Request) -> Response:
        state = self._board(request)
        async with self.store.lock(state.name):
            text = await self._work(state.csv)
        return Response(text.encode("utf-8"), media_type="text/csv; charset=utf-8",
                        headers={"content-disposition":
                                 f'attachment; filename="{state.name}.csv"'})

    async def download_pdf(self, request: Request) -> Response:
        state = self._board(request)
        async with self.store.lock(state.name):
            boards = list(state.boards)
            game, game_map = state.game, state.game_map

        def render() -> bytes:
            from sheetgen.document import document_pdf

            result = game.score(game_map, boards)
            parts = game.scored_parts(game_map, self.paper, boards, result)
            return document_pdf(parts, f"{game_map.title}: scored boards")

        pdf = await self._work(render)
        return Response(pdf, media_type="application/pdf",
                        headers={"content-disposition":
                                 f'attachment; filename="{state.name}-scored-'
                                 f'{self.paper.id}.pdf"'})

    async def legality(self, request: Request) -> Response:
        state = self._board(request)
        if self.checker is None:
            return _json({"seed": None, "decided": False, "players": [],
                          "problem": "no seed: start the server with --seed N"})
        async with self.store.lock(state.name):
            key = (state.name, state.version)
            csv_text, source = await self._work(lambda: (state.csv(), state.source()))
        if key in self._verdicts:
            return _json({**self._verdicts[key], "version": key[1]})
        task = self._pending.get(key)
        if task is None:
            checker = self.checker
            task = asyncio.get_running_loop().run_in_executor(
                self._checks, checker.check, csv_text, source)
            self._pending[key] = task
        try:
            result = await asyncio.shield(task)
        finally:
            if task.done():
                self._pending.pop(key, None)
        if result.get("decided"):
            self._verdicts[key] = result
            for old in [k for k in self._verdicts if k[0] == key[0] and k[1] < key[1]]:
                del self._verdicts[old]
        return _json({**result, "version": key[1]})

    def close(self) -> None:
        if self.checker is not None:
            self.checker.close()
        self._checks.shutdown(wait=False, cancel_futures=True)


def _handled(handler: Callable[[Request], Awaitable[Response]]
             ) -> Callable[[Request], Awaitable[Response]]:
    """User errors as JSON: 422 with the reader's lines, 404 for an unknown board."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest as exc:
            return _error(400, [str(exc)])
        except EntryError as exc:
            return _error(422, exc.problems)
        except GameError as exc:
            return _error(422, [str(exc)])
        except LookupError as exc:
            return _error(404, [f"no board named {str(exc)[:64]!r}"])
    return wrapped


def create_app(server: Server, *, token: str | None = None,
               hosts: LoopbackHosts | None = None) -> ASGIApp:
    """The application, behind its :class:`Guard`."""
    import click

    async def failed(request: Request, exc: Exception) -> Response:
        if isinstance(exc, click.ClickException):  # a board file could not be written
            return _error(500, [exc.format_message()])
        return PlainTextResponse("internal error", status_code=500)

    h = _handled
    routes = [
        *(Route(path, server.asset(path), methods=["GET"]) for path in [*ASSETS, *FONTS]),
        Route("/api/setup", h(server.setup), methods=["GET"]),
        Route("/api/maps/{map_id}", h(server.map), methods=["GET"]),
        Route("/api/boards", h(server.boards), methods=["GET"]),
        Route("/api/boards", h(server.create), methods=["POST"]),
        Route("/api/boards/{name}", h(server.board), methods=["GET"]),
        Route("/api/boards/{name}/cell", h(server.cell), methods=["POST"]),
        Route("/api/boards/{name}/undo", h(server.undo), methods=["POST"]),
        Route("/api/boards/{name}/players", h(server.add_player), methods=["POST"]),
        Route("/api/boards/{name}/csv", h(server.upload), methods=["PUT"]),
        Route("/api/boards/{name}/board.csv", h(server.download_csv), methods=["GET"]),
        Route("/api/boards/{name}/scored.pdf", h(server.download_pdf), methods=["GET"]),
        Route("/api/boards/{name}/legality", h(server.legality), methods=["GET"]),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        from sheetgen.serve.gate import quiet_accept_errors

        quiet_accept_errors(asyncio.get_running_loop())
        _settled()
        yield
        server.close()
        gc.unfreeze()  # a server run inside a longer process (the tests) lets go

    app = Starlette(routes=routes, exception_handlers={Exception: failed}, lifespan=lifespan)
    return Guard(app, token=token, hosts=hosts)
