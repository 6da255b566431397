"""``sheetgen serve``: a local page to enter boards on a phone or a laptop, with the score
worked out after every entry (needs ``pip install 'sheetgen[serve]'``)."""

from __future__ import annotations

import contextlib
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


def _bind(host: str, port: int, backlog: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:  # '::' takes IPv4 too, as the printed addresses say
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise UserError(f"--host/--port: cannot listen on {host}:{port} "
                        f"({exc.strerror or exc})") from None
    except (ValueError, TypeError) as exc:  # a host name no resolver takes ('\x80', 'a\0')
        sock.close()
        raise UserError(f"--host: {host!r} is not a host name or address ({exc})") from None
    sock.listen(backlog)
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
              help="The address to listen on. One off loopback (e.g. 0.0.0.0 for phones on "
                   "the same network, printed as this computer's network addresses) puts "
                   "a random access token in the address, required on every request.")
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
        import ifaddr  # noqa: F401 - the interfaces' addresses (sheetgen.serve.address)
        import uvicorn

        from sheetgen.serve.address import (
            LoopbackHosts,
            is_loopback,
            lan_addresses,
            parse_ip,
            url_host,
        )
        from sheetgen.serve.app import Server, create_app, new_token
        from sheetgen.serve.boards import EntryError, new_board
        from sheetgen.serve.games import entry_kind, map_view
        from sheetgen.serve.gate import BACKLOG, Gate, server_config
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
    sock = _bind(host, port, BACKLOG)
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
            try:
                store.put(first)
                store.save(first)
            except EntryError as exc:  # its file is a link or a pipe: said, left alone
                note(f"--boards: {exc.problems[0]}")
                store.boards.pop(first.name, None)
    except BaseException:
        sock.close()
        raise
    bound_host, bound = sock.getsockname()[:2]
    address = parse_ip(bound_host)
    assert address is not None  # a bound socket's own address
    loopback = is_loopback(address)
    token = None if loopback else new_token()
    hosts = LoopbackHosts(address, bound) if loopback else None
    server = Server(store, default_map=game_map.id, players=names, seed=seed, paper=paper)
    app = create_app(server, token=token, hosts=hosts)
    shown = [address] if not address.is_unspecified else lan_addresses(address)
    path = f"/{token}/" if token else "/"
    urls = [f"http://{url_host(a)}:{bound}{path}" for a in shown]
    click.echo(f"sheetgen serve: {game_map.title}, boards in {folder}/")
    if urls:
        click.echo(f"Open {urls[0]}")
        click.echo(qr_text(urls[0]), nl=False)
        for other in urls[1:]:
            click.echo(f"or {other}")
    else:
        click.echo(f"Open http://127.0.0.1:{bound}{path}")
        click.echo(qr_text(f"http://127.0.0.1:{bound}{path}"), nl=False)
        click.echo("This computer has no network address other than loopback: phones "
                   "cannot reach it until it joins a network.")
    if loopback:
        click.echo("Only this computer can open it; --host 0.0.0.0 lets phones on the same "
                   "network in (with the access token in the address).")
    click.echo("Stop with Ctrl-C.")
    config = server_config(app, Gate())
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        server.close()
        sock.close()


COMMANDS = (serve_command,)
