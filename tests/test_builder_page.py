"""The scenario builder's board and the card shelf in Debian's Chromium, with no
Jupyter server, as test_board_page.py draws the board: the ES module loaded into a
plain page, what it sends handed to the Python side, and the new view sent back.

A position is built as a person builds it (cards picked and put with "Put here",
a card dragged onto a zone, a counter's number typed), saved as a scenario file,
loaded back and checked to be that position. The card browser draws every card
of a game with the game's card templates."""

from __future__ import annotations

import pytest
from test_board_page import DRAW, PAGE, SIZES, WIDGETS

from tablekit.core.scenario import build, parse
from tablekit.widgets.board import esm
from tablekit.widgets.browser import CardBrowser
from tablekit.widgets.builder import ScenarioBuilder


def draw(page, view: dict, main: str = "board.js", key: str = "view") -> None:
    page.set_content(PAGE.format(css=(WIDGETS / "board.css").read_text(encoding="utf-8")))
    page.evaluate(DRAW.replace("{view, error: \"\"}", f"{{{key}: view, error: \"\"}}"), [esm(main), view])
    page.locator(".tk-app").wait_for()


def relay(page, builder: ScenarioBuilder) -> list:
    """What the page sent goes to the builder's board; its new view back to the page.
    Returns the refusals, in words (None for an edit made)."""
    said = [builder.board.handle(msg) for msg in page.evaluate("() => window.sent.splice(0)")]
    page.evaluate("(view) => window.tkModel.set('view', view)", builder.board.view)
    return said


def zone_of(page, uid: str) -> str:
    return page.locator(f'.tk-card[data-uid="{uid}"]').first.evaluate("(el) => el.closest('.tk-zone').dataset.zone")


@pytest.mark.parametrize("size", SIZES)
def test_a_position_built_on_the_board_is_saved_loaded_and_checked(browser, size, tmp_path, output_dir):
    b = ScenarioBuilder("mirkwood", players=["Ana"], seed=3, start="setup", title="Built by hand")
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    ctx.route("**/*", lambda route: route.abort())  # nothing from the network
    page = ctx.new_page()
    try:
        draw(page, b.board.view)
        # no controls of play: the builder edits, it does not play
        assert page.locator(".tk-control").count() == 0 and page.locator(".tk-edit").is_visible()
        assert page.locator("button.tk-put").first.is_disabled()  # nothing picked yet
        staged = list(b.state.zones["staging"])
        deck = b.state.zones["encounter_deck"]
        card = deck[-1]  # a face-down card: the builder shows it face up
        page.locator(f'.tk-card[data-uid="{card}"]').click()
        assert relay(page, b) == [None] and b.card.value == card
        assert page.locator(f'.tk-card[data-uid="{card}"]').first.get_attribute("aria-pressed") == "true"
        assert card in page.locator(".tk-edit").inner_text() or b.board.view["cards"][card]["name"] in \
            page.locator(".tk-edit").inner_text()
        put = page.locator('button.tk-put[data-put="staging"]')
        assert put.is_enabled()
        put.click()
        assert relay(page, b) == [None]
        assert b.state.zones["staging"] == [*staged, card] and zone_of(page, card) == "staging"

        # a drag: the encounter deck's first card onto the staging area, before its first card
        other = b.state.zones["encounter_deck"][0]
        page.locator(f'.tk-card[data-uid="{other}"]').drag_to(
            page.locator(f'[data-zone="staging"] .tk-card[data-uid="{b.state.zones["staging"][0]}"]'))
        assert relay(page, b) == [None]
        assert b.state.zones["staging"][0] == other and zone_of(page, other) == "staging"

        # a counter typed: inside its domain, then outside it (refused, said, nothing changed)
        box = page.locator('.tk-counter-input[data-counter="threat"]')
        assert box.is_visible() and box.get_attribute("max") == "50"
        box.fill("34")
        box.press("Enter")
        assert relay(page, b) == [None] and b.state.player("Ana")["threat"] == 34
        box = page.locator('.tk-counter-input[data-counter="threat"]')
        assert box.input_value() == "34"
        box.fill("51")
        box.press("Enter")
        assert relay(page, b) == ["Threat is 0 to 50, not 51"] and b.state.player("Ana")["threat"] == 34
        page.evaluate("(e) => window.tkModel.set('error', e)", b.board.error)
        assert "Threat is 0 to 50" in page.locator(".tk-banner").inner_text()

        # a card's counter, typed where the picked card is shown
        hero = next(u for u in b.state.zones["Ana/heroes"])
        page.locator(f'.tk-card[data-uid="{hero}"]').click()
        relay(page, b)
        page.locator(f'.tk-card[data-uid="{hero}"]').scroll_into_view_if_needed()
        panel = page.locator(".tk-edit").bounding_box()  # down the table, the card picked stays in sight
        assert panel["y"] >= 0 and panel["y"] + panel["height"] <= size[1], panel
        damage = page.locator('.tk-edit .tk-counter-input[data-counter="damage"]')
        damage.fill("2")
        damage.press("Enter")
        assert relay(page, b) == [None] and b.state.cards[hero]["damage"] == 2
        page.screenshot(path=str(output_dir / f"builder-mirkwood-{size[0]}x{size[1]}.png"))
        # the board does not scroll sideways
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    finally:
        ctx.close()

    # saved, loaded and checked: the file gives the position built
    b.on_save()
    path = tmp_path / b.file_name()
    path.write_text(b.yaml_text(), encoding="utf-8")
    g = build(parse(path.read_text(encoding="utf-8"), str(path)), str(path))
    assert g.state.zones["staging"][:1] == [other] and card in g.state.zones["staging"]
    assert g.state.player("Ana")["threat"] == 34 and g.state.cards[hero]["damage"] == 2


def test_the_builder_board_refuses_what_is_not_an_edit_and_changes_nothing():
    b = ScenarioBuilder("creatures", players=["Ana", "Bo"], seed=1)
    before = b.state.to_json()
    for msg, words in [({"action": "step"}, "is not done here"),
                       ({"action": "move", "uid": "7S", "zone": "nowhere"}, "no zone"),
                       ({"action": "move", "uid": "no-such-card", "zone": "Ana/hand"}, "no card"),
                       ({"action": "move", "uid": "7S", "zone": "Ana/hand", "index": 3}, "0 to 0"),
                       ({"action": "counter", "seat": "Ana", "key": "treasure", "value": 3}, "worked out"),
                       ({"action": "counter", "seat": "Cy", "key": "treasure", "value": 3}, "no player"),
                       ({"action": "pick", "uid": "7S", "zone": "x"}, "takes no 'zone'")]:
        said = b.board.handle(msg)
        assert said and words in said, (msg, said)
    assert b.state.to_json() == before


@pytest.mark.parametrize("game_id", ["creatures", "mirkwood"])
def test_the_card_browser_draws_every_card_with_the_games_templates(browser, game_id, output_dir):
    cb = CardBrowser(game_id)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.route("**/*", lambda route: route.abort())
    page = ctx.new_page()
    try:
        draw(page, cb.shelf.cards, "shelf.js", key="cards")
        cards = page.locator(".tk-shelf .tk-card[data-uid]")
        assert cards.count() == len(cb.gamedef.cards)
        first = cb.shelf.cards[0]
        face = page.locator(f'.tk-card[data-uid="{first["uid"]}"]')
        assert first["name"] in face.inner_text()
        for stat in first["stats"]:  # the template's numbers, by their signs
            assert face.locator(f'[aria-label="{stat["name"]} {stat["value"]}"]').count() == 1
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        page.screenshot(path=str(output_dir / f"shelf-{game_id}.png"))
        cb.search.value = "zzz-no-such-card"
        page.evaluate("(cards) => window.tkModel.set('cards', cards)", cb.shelf.cards)
        assert page.locator(".tk-shelf .tk-card").count() == 0
        assert "No card matches" in page.locator(".tk-shelf").inner_text()
    finally:
        ctx.close()
