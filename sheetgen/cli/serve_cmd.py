"""``sheetgen serve``: a local page to enter boards on a phone or a laptop, with the score
worked out after every entry (needs ``pip install 'sheetgen[serve]'``)."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import click

from sheetgen.cli.common import (
    DEFAULT_OUTPUT_DIR,
    MAX_TEMPLATE_PLAYERS,
    SEED,
    PathName,
    UserError,
    game_errors,
    honour,
    load_game,
    map_argument,
    note,
    paper_option,
    players_option,
)
from sheetgen.templates import Paper

DEFAULT_PLAYERS = ("Player 1", "Player 2")
LOOPBACK = "127.0.0.1"


def _is_loopback(host: str) -> bool:
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _shown_host(host: str) -> str:
    """The host to print in the address: a wildcard address becomes this machine's name
    on the network (its address when the name resolves to one)."""
    if host in ("0.0.0.0", "::", ""):
        try:
            found = socket.gethostbyname(socket.gethostname())
        except OSError:
            found = ""
        return found if found and not found.startswith("127.") else socket.gethostname()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise UserError(f"--host/--port: cannot listen on {host}:{port} "
                        f"({exc.strerror or exc})") from None
    except (ValueError, TypeError) as exc:  # a host name no resolver takes ('\x80', 'a\0')
        sock.close()
        raise UserError(f"--host: {host!r} is not a host name or address ({exc})") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


@click.command("serve")
@map_argument("scoring", metavar="[MAP]", required=False, default="usa")
@click.option("--seed", type=SEED, default=None,
              help="The seeded game being played: the page shows whether each board so far "
                   "could come from it.")
@players_option(MAX_TEMPLATE_PLAYERS, "Player names of the first board (default: Player "
                "1,Player 2).")
@click.option("--host", default=LOOPBACK, show_default=True,
              help="The address to listen on. Another than 127.0.0.1 (e.g. 0.0.0.0 for "
                   "phones on the same network) puts a random access token in the "
                   "address, required on every request.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port (0: any free port).")
@click.option("--boards", "folder", type=PathName(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT_DIR / "boards", show_default=True,
              help="Where the boards are saved (each as BOARD.csv and its undo history "
                   "BOARD.json).")
@paper_option
def serve_command(map_id: str, seed: int | None, players: list[str] | None, host: str,
                  port: int, folder: Path, paper: Paper) -> None:
    """Serve a page to enter boards on a phone or laptop, with the live score.

    Prints the page's address and a QR code of it. Tap a space on the map (or the list
    under it), type its number on the pad; the best route, the score and the standings
    follow every entry. Download the scoring CSV (the same file `sheetgen template` plus
    typing gives) or the annotated PDF, or load a CSV to go on with it. Boards are saved
    after every entry and are there again after a restart. Stop with Ctrl-C.

    \b
    Examples:
      sheetgen serve usa --players Ann,Ben
      sheetgen serve germany --seed 7
      sheetgen serve europe --host 0.0.0.0 --port 8034
    """
    try:
        import uvicorn

        from sheetgen.serve.app import Server, create_app, new_token
        from sheetgen.serve.boards import EntryError, new_board
        from sheetgen.serve.games import entry_kind, map_view
        from sheetgen.serve.store import Store
        from sheetgen.serve.terminal import qr_text
    except ImportError as exc:
        raise UserError(f"sheetgen serve needs the serve extra: pip install "
                        f"'sheetgen[serve]' ({exc.name or exc} is missing)") from None
    game, game_map = load_game(map_id)
    with game_errors():
        entry_kind(game_map)
        map_view(game_map.id)
    honour(game)
    if seed is not None:
        with game_errors("--seed: "):
            game.make_script(game_map, seed)
    names = players if players is not None else list(DEFAULT_PLAYERS)
    try:
        first = new_board(game_map.id, game_map.id, names)
    except EntryError as exc:
        raise UserError(f"--players: {exc.problems[0]}") from None
    try:
        if folder.exists() and not folder.is_dir():
            raise UserError(f"--boards: {folder} is a file, not a folder")
    except OSError as exc:
        raise UserError(f"--boards: {folder} cannot be used ({exc.strerror or exc})") from None

    # Listen first: a port that is taken leaves no folder and no board behind.
    sock = _bind(host, port)
    try:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"--boards: {folder} cannot be made ({exc.strerror or exc})"
                            ) from None
        store = Store(folder)
        store.load()
        for line in store.skipped:
            note(line)
        if game_map.id not in store.boards:
            store.put(first)
            store.save(first)
    except BaseException:
        sock.close()
        raise
    bound = sock.getsockname()[1]
    loopback = _is_loopback(host)
    token = None if loopback else new_token()
    hosts = (frozenset({f"127.0.0.1:{bound}", f"localhost:{bound}", f"[::1]:{bound}"})
             if loopback else None)
    server = Server(store, default_map=game_map.id, players=names, seed=seed, paper=paper)
    app = create_app(server, token=token, hosts=hosts)
    shown = LOOPBACK if loopback else _shown_host(host)
    address = f"http://{shown}:{bound}/" + (f"{token}/" if token else "")
    click.echo(f"sheetgen serve: {game_map.title}, boards in {folder}/")
    click.echo(f"Open {address}")
    click.echo(qr_text(address), nl=False)
    if loopback:
        click.echo("Only this computer can open it; --host 0.0.0.0 lets phones on the same "
                   "network in (with the access token in the address).")
    click.echo("Stop with Ctrl-C.")
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=2)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        server.close()
        sock.close()


COMMANDS = (serve_command,)
