"""The entry page in a real browser: Debian's Chromium driven by Playwright, with a phone's
screen and touch (tap a space, tap the number pad) and a laptop's keyboard (type and Tab
through the cells in the order of the CSV). The page's score is held against `sheetgen
score` on the CSV the page downloads.

Set SHEETGEN_SCREENSHOTS to a folder to keep the screenshots taken on the way."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from serving import Running, make_server, run
from test_app import request

from sheetgen.cli import main
from sheetgen.games import game_of, resolve_map

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}, "has_touch": False}

pytestmark = pytest.mark.slow

if not shutil.which(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        yield p


def browser(playwright: Any, profile: Path, device: dict[str, Any]) -> Any:
    """A fresh Chromium profile with ``device``'s screen and input."""
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True,
        accept_downloads=True, **device)


def shoot(page: Any, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("SHEETGEN_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.read_bytes().startswith(b"\x89PNG")


def tap_keys(page: Any, *keys: str) -> None:
    for key in keys:
        page.tap(f'#pad button[data-key="{key}"]')


def standings(page: Any) -> dict[str, int]:
    rows = page.locator("#standings tbody tr")
    return {rows.nth(i).locator(".name").inner_text(): int(rows.nth(i).locator(".score")
                                                            .inner_text())
            for i in range(rows.count())}


@pytest.fixture
def live_page(tmp_path: Path) -> Iterator[Running]:
    yield from run(make_server(tmp_path / "boards", seed=7))


def test_a_board_tapped_on_a_phone_scores_as_sheetgen_score(
        playwright: Any, live_page: Running, tmp_path: Path) -> None:
    context = browser(playwright, tmp_path / "profile", PHONE)
    page = context.pages[0]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_page.url)
    page.wait_for_selector("#hit-layer .hit")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    page.tap('#hit-layer [data-row="WA"]')
    tap_keys(page, "1", "2", "circle")
    assert page.inner_text("#pad-value") == "(12)"
    tap_keys(page, "ok")  # WA written; the pad moves on to OR, the next row of the CSV
    page.locator("#pad-space", has_text="Oregon").wait_for()
    tap_keys(page, "2", "0", "ok")
    page.locator("#pad-space", has_text="Idaho").wait_for()
    tap_keys(page, "*", "ok")
    page.locator("#pad-space", has_text="Montana").wait_for()
    tap_keys(page, "1", "0", "0")  # a third digit is refused, and said
    assert page.inner_text("#pad-value") == "10"
    assert "At most two digits" in page.inner_text("#pad-error")
    tap_keys(page, "ok")
    page.locator("#pad-space", has_text="Wyoming").wait_for()
    shoot(page, "phone-pad", tmp_path)
    tap_keys(page, "close")
    assert page.locator('#value-layer text[data-row="WA"]').text_content() == "12"
    assert page.locator("#route-layer").get_attribute("data-route") == "MT-ID-WA-OR"
    assert standings(page) == {"Ann": 5, "Ben": 0}  # 10, star, (12), 20
    # the other player's sheet
    page.tap('#player-tabs button:has-text("Ben")')
    page.tap('#hit-layer [data-row="CA"]')
    tap_keys(page, "x", "circle", "ok")  # a cross cannot be circled: the pad ignores it
    page.wait_for_selector('#value-layer text[data-row="CA"]')
    page.tap('#pad button[data-key="close"]')
    page.tap("#undo")
    page.wait_for_selector('#value-layer text[data-row="CA"]', state="detached")
    # a second phone fills in the rest; this page follows it
    game_map = resolve_map("usa")
    from test_app import enter  # the API as another page uses it

    for i, space in enumerate(game_map.spaces):
        for player in ("Ann", "Ben"):
            cells = live_page.server.store.get("usa").cells[player]
            if space.id not in cells:
                status, _ = enter(live_page, "usa", player, space.id,
                                  f"{(i * 7 + len(player)) % 100:02d}")
                assert status == 200
    expect(page.locator("#value-layer text")).to_have_count(len(game_map.spaces), timeout=15000)
    page.tap('#player-tabs button:has-text("Ann")')
    shoot(page, "phone-map", tmp_path)
    page.locator("#score").scroll_into_view_if_needed()
    shoot(page, "phone-standings", tmp_path)
    shown = standings(page)
    with page.expect_download() as download:
        page.tap("#download-csv")
    board = tmp_path / "downloaded.csv"
    download.value.save_as(board)
    template = game_of(game_map).template_csv(game_map, ["Ann", "Ben"])
    assert board.read_text().splitlines()[:2] == template.splitlines()[:2]
    assert board.read_text().splitlines()[2].startswith("WA,(12),")
    result = CliRunner().invoke(main, ["score", str(board), "--json"])
    assert result.exit_code == 0, result.output
    scored = json.loads(result.stdout)
    assert shown == {p["name"]: p["score"] for p in scored["players"]}
    route = page.locator("#route-layer").get_attribute("data-route")
    assert route == "-".join(next(p["route"] for p in scored["players"] if p["name"] == "Ann"))
    # legality so far for the seed is shown for each player
    page.wait_for_selector('#legality [data-player="Ann"]')
    with page.expect_download() as pdf:
        page.tap("#download-pdf")
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")
    # a reload keeps the board, the player and the values
    page.reload()
    page.wait_for_selector('#value-layer text[data-row="WA"]')
    assert page.locator('#player-tabs button[aria-selected="true"]').inner_text() == "Ann"
    assert errors == []
    context.close()


def test_keyboard_entry_tabs_through_the_csv_order(playwright: Any, live_page: Running,
                                                   tmp_path: Path) -> None:
    context = browser(playwright, tmp_path / "profile", LAPTOP)
    page = context.pages[0]
    page.goto(live_page.url)
    page.wait_for_selector("#cells input")
    order = [s.id for s in resolve_map("usa").spaces]
    page.focus(f"#cell-{order[0]}")
    seen = []
    for text in ["7", "(12)", "*", "x", "-16"]:
        seen.append(page.evaluate("document.activeElement.dataset.row"))
        page.keyboard.type(text)
        page.keyboard.press("Tab")
    assert seen == order[:5]
    expect(page.locator(f"#cell-{order[4]}")).to_have_value("(16)")
    assert live_page.server.store.get("usa").cells["Ann"] == {
        order[0]: "07", order[1]: "(12)", order[2]: "*", order[3]: "x", order[4]: "(16)"}
    # a refused entry: the reader's own message, the cell marked, nothing written
    page.focus(f"#cell-{order[5]}")
    page.keyboard.type("100")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#cell-{order[5]}.error")
    assert page.inner_text("#message") == ("usa.csv:8:2: expected a number 0-99; got '100', "
                                           "outside 0-99")
    assert order[5] not in live_page.server.store.get("usa").cells["Ann"]
    shoot(page, "laptop", tmp_path)
    context.close()


def opened(playwright: Any, live: Running, tmp_path: Path, device: dict[str, Any]
           ) -> tuple[Any, Any]:
    """A browser of ``device`` with the page open and its map drawn: (context, page)."""
    context = browser(playwright, tmp_path / "profile", device)
    page = context.pages[0]
    page.goto(live.url)
    page.wait_for_selector("#hit-layer .hit")
    return context, page


def test_dice_trip_has_its_own_pad(playwright: Any, tmp_path: Path) -> None:
    for live in run(make_server(tmp_path / "boards", map_id="germany", players=("Ann",))):
        context, page = opened(playwright, live, tmp_path, PHONE)
        game_map = resolve_map("germany")
        plain = next(s for s in game_map.spaces if s.colour is None)
        coloured = next(s for s in game_map.spaces if s.colour is not None)
        page.tap(f'#hit-layer [data-row="{plain.id}"]')
        keys = page.locator("#pad-keys button")
        labels = [keys.nth(i).inner_text() for i in range(keys.count())]
        assert labels[:6] == ["1", "2", "3", "4", "5", "6"] and "7" not in labels
        assert page.locator('#pad-keys [data-key="circle"]').is_disabled()
        tap_keys(page, "3", "4", "ok")
        page.tap(f'#hit-layer [data-row="{coloured.id}"]')
        # the pad is redrawn for the tapped city once the last entry's answer is in
        expect(page.locator("#pad-space")).to_contain_text(coloured.name)
        expect(page.locator('#pad-keys [data-key="circle"]')).to_be_enabled()
        tap_keys(page, "3", "4", "circle", "ok")  # 34 twice: the reader's message
        page.wait_for_selector("#pad-error:not([hidden])")
        assert "34 is written twice for Ann" in page.inner_text("#pad-error")
        tap_keys(page, "clear", "5", "2", "circle", "ok")
        expect(page.locator(f'#value-layer text[data-row="{coloured.id}"]')).to_have_text(
            "(52)")
        tap_keys(page, "close")
        page.tap("#cell-variant")  # the variant row: points 0-8
        labels = [keys.nth(i).inner_text() for i in range(keys.count())]
        assert labels[:9] == [str(n) for n in range(9)]
        tap_keys(page, "3", "ok")
        expect(page.locator("#cell-variant")).to_have_value("3")
        shoot(page, "phone-dicetrip", tmp_path)
        state = live.server.store.get("germany")
        assert state.cells["Ann"] == {plain.id: "34", coloured.id: "(52)", "variant": "3"}
        assert state.score()["players"][0]["variant_points"] == 3
        context.close()


def covered(page: Any, selector: str) -> bool:
    """Whether something else is drawn over the middle of ``selector`` (the pad over the
    standings): the element at that point is not it nor inside it."""
    return not page.evaluate("""(sel) => {
        const el = document.querySelector(sel);
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (r.width === 0 || y < 0 || y > innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === el || el.contains(hit));
    }""", selector)


def test_the_open_pad_shows_the_standings_and_a_board_not_legal(
        playwright: Any, live_page: Running, tmp_path: Path) -> None:
    """The pad covered the standings and the "not legal" line under the map: it shows the
    shown player's standing and verdict itself, and the page scrolls clear of it."""
    context, page = opened(playwright, live_page, tmp_path, PHONE)
    page.tap('#hit-layer [data-row="WA"]')
    tap_keys(page, "9", "9", "circle", "ok")  # no turn of seed 7 writes (99) in WA
    page.locator("#pad-space", has_text="Oregon").wait_for()
    expect(page.locator("#pad-legality")).to_contain_text("not legal for seed 7: WA holds")
    assert not covered(page, "#pad-legality")
    expect(page.locator("#pad-standings")).to_have_text("1. Ann 2 \u00b7 2. Ben 0")
    assert page.locator("#pad-standings b").inner_text() == "1. Ann 2"
    for part in ("#standings tbody", '#legality [data-player="Ann"]'):  # scrolled up
        page.eval_on_selector(part, "e => e.scrollIntoView({block: 'start'})")
        assert not covered(page, part), part
    shoot(page, "phone-pad-status", tmp_path)
    context.close()


def test_the_pad_takes_two_digits_and_the_variant_one(playwright: Any, tmp_path: Path) -> None:
    for live in run(make_server(tmp_path / "boards", map_id="germany", players=("Ann",))):
        context, page = opened(playwright, live, tmp_path, PHONE)
        plain = next(s for s in resolve_map("germany").spaces if s.colour is None)
        page.tap(f'#hit-layer [data-row="{plain.id}"]')
        tap_keys(page, "3", "4", "5")
        assert page.inner_text("#pad-value") == "34"
        assert "At most two digits (two dice)" in page.inner_text("#pad-error")
        tap_keys(page, "close")
        page.tap("#cell-variant")
        tap_keys(page, "3", "4")
        assert page.inner_text("#pad-value") == "3"
        assert "One digit, 0-8" in page.inner_text("#pad-error")
        context.close()


def test_a_finished_board_is_legal_not_legal_so_far(playwright: Any, live_page: Running,
                                                    tmp_path: Path) -> None:
    from legal_boards import legal_board

    from sheetgen.games.ontour.grammar import format_boards

    game_map = resolve_map("usa")
    board = legal_board("usa", 7, "Ann")
    text = format_boards(game_map, [board])
    status, _, _ = request(live_page.url, "PUT", "/api/boards/usa/csv", text.encode(),
                           {"X-Sheetgen": "1"})
    assert status == 200
    context = browser(playwright, tmp_path / "profile", LAPTOP)
    page = context.pages[0]
    page.goto(live_page.url)
    expect(page.locator('#legality [data-player="Ann"]')).to_have_text(
        "Ann: legal for seed 7", timeout=30000)
    page.focus(f"#cell-{game_map.spaces[-1].id}")
    page.keyboard.press("Delete")
    page.keyboard.press("Enter")  # the last cell emptied: the board is not full
    expect(page.locator('#legality [data-player="Ann"]')).to_have_text(
        "Ann: legal so far for seed 7", timeout=30000)
    context.close()


def test_a_refused_board_name_says_what_a_name_is(playwright: Any, live_page: Running,
                                                  tmp_path: Path) -> None:
    """The browser said "Please match the requested format" without the format: the
    page says the rule, beside the field and when it is broken."""
    context, page = opened(playwright, live_page, tmp_path, LAPTOP)
    page.click("#new-board")
    assert "letters, digits, - or _" in page.inner_text("#new-name-hint")
    page.fill("#new-name", "our board!")
    page.click('#new-form button[type="submit"]')
    expect(page.locator("#new-error")).to_contain_text(
        "expected 1-48 letters, digits, '-' or '_', starting with a letter or digit")
    assert page.eval_on_selector("#new-name", "e => e.validationMessage") == ""
    assert page.locator("#new-dialog").get_attribute("open") is not None
    page.fill("#new-name", "our-board")
    page.click('#new-form button[type="submit"]')
    expect(page.locator("#new-dialog")).not_to_have_attribute("open", "")
    expect(page.locator("#board-select")).to_have_value("our-board")
    context.close()


def test_the_first_load_says_what_it_waits_for(playwright: Any, live_page: Running,
                                               tmp_path: Path) -> None:
    """The first load showed an empty page until the map came: the page says it loads
    the boards, then that it draws the map, and says nothing once the map is there."""
    context = browser(playwright, tmp_path / "profile", PHONE)
    page = context.pages[0]
    held: list[Any] = []
    page.route("**/api/setup", lambda route: held.append(route))
    page.route("**/api/maps/**", lambda route: held.append(route))
    page.goto(live_page.url, wait_until="domcontentloaded")
    expect(page.locator("#loading")).to_have_text("Loading the boards\u2026")
    assert not covered(page, "#loading")
    shoot(page, "phone-loading", tmp_path)
    held.pop().continue_()
    expect(page.locator("#loading")).to_have_text("Drawing the map of usa\u2026")
    held.pop().continue_()
    page.wait_for_selector("#hit-layer .hit")
    expect(page.locator("#loading")).to_be_hidden()
    context.close()
