"""Shared helpers for the tests that are not naive models (those are in reference.py).

Hypothesis strategies for random games and strategies, conversions between the library's values
and the reference's, mutations of a list of moves, and the check that a counterexample holds.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

from hypothesis import strategies as st
from reference import closure, naive_named, permute, replay, to_number, to_vector

from devilcoins.blind.chain import chain
from devilcoins.coins.notation import Coins, Strategy
from devilcoins.coins.search import belief_search
from devilcoins.core.game import Game
from devilcoins.core.symmetry import Group
from devilcoins.core.tables import class_table
from devilcoins.notebook import play

NAMES = ("cyclic", "dihedral", "none", "full")

#: Coins text: 1 to 12 coins, H and T.
coins_text = st.text(alphabet="HT", min_size=1, max_size=12)

# --- any rotating-table game ------------------------------------------------------------------


def vec(game: Game, x: int) -> tuple[int, ...]:
    """State or move number x of the game as a vector of values."""
    return to_vector(int(x), game.n, game.values)


def num(game: Game, values) -> int:
    """A vector of values as the game's state or move number."""
    return to_number(values, game.values)


def quick_to_solve(game: Game) -> bool:
    """Whether solve_game settles the game without a long belief search.

    The chain and the certificate are quick at any size here; the belief search (limited hands,
    a list of moves, a goal that is not a subgroup) is kept to games with few classes, since
    its dominance check makes it slow on games with many (group none: each state its own class).
    """
    c = chain(game)
    search = c.complete and (
        game.hands is not None or game.moves is not None or not c.goal_is_subgroup
    )
    return not search or class_table(game).size <= 12


@st.composite
def games(draw, max_states: int = 4096, max_n: int = 6, observe: bool = False):
    """(game, elements): a random valid game and its group's elements (by definition/closure)."""
    sizes = [(n, m) for n in range(1, max_n + 1) for m in range(2, 6) if m**n <= max_states]
    n, m = draw(st.sampled_from(sizes))
    if draw(st.booleans()):
        name = draw(st.sampled_from(NAMES))
        group = Group.named(name, n)
        elements = naive_named(name, n)
    else:
        gens = draw(st.lists(st.permutations(range(n)), min_size=1, max_size=2))
        text = "; ".join(" ".join(map(str, g)) for g in gens) or "none"
        group = Group.parse(text, n)
        elements = closure([tuple(g) for g in gens], n)
    hands = draw(st.none() | st.integers(1, n))
    moves = None
    if draw(st.integers(0, 3)) == 0:
        vectors = st.tuples(*[st.integers(0, m - 1)] * n)
        moves = tuple(draw(st.lists(vectors, min_size=1, max_size=6, unique=True)))
    goal, goal_states = draw(st.sampled_from(["zero", "zero", "same", "states"])), ()
    if goal == "states":  # a union of orbits of a few random states: closed under the group
        picks = draw(st.lists(st.integers(0, m**n - 1), min_size=1, max_size=3))
        union = {permute(g, to_vector(x, n, m)) for x in picks for g in elements}
        goal_states = tuple(sorted(union, key=lambda v: to_number(v, m)))
    seen = "blind"
    if observe:
        seen = draw(st.sampled_from(["blind", "sight"] + (["touch"] if hands else [])))
    game = Game(n, m, group, hands, moves, goal, goal_states, seen)
    return game, elements


# --- the coin game: strategies as flip masks --------------------------------------------------


def found(n: int) -> Strategy:
    """The belief search's shortest strategy for n coins (which must exist)."""
    result = belief_search(n)
    assert result.strategy is not None
    return Strategy.from_masks(result.strategy)


def mask_of(move) -> int:
    """A move (set of positions) as a flip mask."""
    return sum(1 << p for p in move)


def masks_of(strategy) -> list[int]:
    """A strategy's moves as flip masks."""
    return [mask_of(m) for m in strategy]


def strategy_of(masks) -> Strategy:
    """Flip masks as a Strategy."""
    return Strategy({p for p in range(m.bit_length()) if m >> p & 1} for m in masks)


def changed(masks, i: int, new: int) -> list[int]:
    """The moves with move i (0-based) replaced by new."""
    return [*masks[:i], new, *masks[i + 1 :]]


def dropped(masks, i: int) -> list[int]:
    """The moves without move i (0-based)."""
    return [*masks[:i], *masks[i + 1 :]]


def swapped(masks, i: int, j: int) -> list[int]:
    """The moves with moves i and j (0-based) swapped."""
    out = list(masks)
    out[i], out[j] = out[j], out[i]
    return out


@st.composite
def small_strategy(draw, low: int = 1, high: int = 6, longest: int = 40):
    """(n, masks): a number of coins and a random list of flip masks for it."""
    n = draw(st.integers(low, high))
    masks = draw(st.lists(st.integers(0, 2**n - 1), max_size=longest))
    return n, masks


def assert_beats(strategy, n: int, counter) -> None:
    """The counterexample (of the coin game for n coins) is well formed and, replayed, never
    shows all heads."""
    assert counter is not None
    assert counter.game == Game(n) and counter.start is not None and counter.start < 2**n
    turns = counter.rotations
    assert len(turns) == len(strategy)
    assert all(r is not None and 0 <= r < n for r in turns)
    states = replay(counter.start, turns, masks_of(strategy), n)
    assert all(states), f"all heads after move {states.index(0)}"
    if n <= 64:
        start = Coins.from_mask(counter.start, n)
        final = play(strategy, start, devil=lambda i, coins: turns[i - 1], canonical=False)
        assert "T" in final


def solve_tree(game):
    """The solved game whose strategy is a tree (the verdict's ``tree``)."""
    from devilcoins import solve

    return solve(game).tree


def check_tree(sol) -> bool:
    """Whether the one checker (observed.replay, through verify) accepts a solved tree: replayed
    against every start and every turn, it wins within its length."""
    from devilcoins import verify

    if not sol.winnable or sol.length is None:
        return False
    v = verify(sol.game, {**sol.strategy_json(), "length": sol.length})
    return v.wins and v.won_at is not None and v.won_at <= sol.length


def check_devil(sol) -> bool:
    """Whether the checker of the Devil's trap (``traps``) accepts a lost game's trap."""
    from devilcoins.families import family_of

    if sol.winnable or not sol.trap:
        return False
    return bool(family_of(sol.game).trap_holds(sol.game, sol.trap))


def evidence_of(verdict, name: str):
    """The verdict's piece of evidence of that name (it must have one)."""
    found = [e for e in verdict.evidence if e.name == name]
    assert found, f"no evidence {name!r} in {[e.name for e in verdict.evidence]}"
    return found[0]


def evidence_kind(verdict, kind):
    """The verdict's pieces of evidence of that kind (``EvidenceKind``)."""
    return [e for e in verdict.evidence if e.kind is kind]


def json_evidence(data: dict, name: str) -> dict:
    """The piece of evidence of that name in a verdict's JSON (it must have one)."""
    found = [e for e in data["evidence"] if e["name"] == name]
    assert found, f"no evidence {name!r} in {[e['name'] for e in data['evidence']]}"
    return found[0]


def detail(response) -> str:
    """The message of a refused API request."""
    return response.json()["detail"]


def table_sight(game):
    """(length or None, policy) of a sight game by the first solver: the next class of every
    state under every class of moves as one table, then rounds of value iteration over it."""
    import numpy as np

    from devilcoins.core.tables import class_table
    from devilcoins.observed.sight import moves_up_to_turns

    t = class_table(game)
    moves = moves_up_to_turns(game)
    inf = np.iinfo(np.int32).max
    nxt = np.stack([t.index_of[t.add(t.orbit_states, int(a))] for a in moves]).astype(np.int32)
    starts = t.orbit_start[:-1]
    val = np.full(t.size, inf, dtype=np.int64)
    val[: t.n_goal] = 0
    d = 0
    while True:
        d += 1
        worst = np.maximum.reduceat(val[nxt], starts, axis=1)
        new = (worst.min(axis=0) < d) & (val == inf)
        if not new.any():
            break
        val[new] = d
    worst = np.maximum.reduceat(val[nxt], starts, axis=1)
    weight = (t.digits[moves] != 0).sum(axis=1)
    policy = {}
    for c in range(t.n_goal, t.size):
        if val[c] != inf:
            score = worst[:, c] * (game.n + 1) + weight
            policy[int(t.reps[c])] = (int(moves[int(np.argmin(score))]), int(val[c]))
    outside = val[t.n_goal :]
    if (outside == inf).any():
        return None, policy
    return (int(outside.max()) if len(outside) else 0), policy


def atlas_fields(entry) -> tuple:
    """An atlas entry's answer, without its seconds: what two runs must agree on."""
    return (
        str(entry.game),
        entry.status,
        entry.winnable,
        entry.length,
        entry.method,
        entry.known,
        entry.agrees,
        entry.note,
    )


# --- the touch games on the page (/api/touch/*) -----------------------------------------------

#: The library's H and T as the page's glasses.
WORD = {"H": "up", "T": "down"}


def tree_of(data: dict) -> dict:
    """The touch tree as nested dicts, built from shared nodes where the route sends those."""
    if "tree" in data:
        return data["tree"]
    nodes = {d["node"]: {"reach": d["reach"], "moves_left": d["left"]} for d in data["nodes"]}
    for d in data["nodes"]:
        nodes[d["node"]]["outcomes"] = [
            {"felt": felt, "set": new, "next": "win" if then == "win" else nodes[then]}
            for felt, new, then in d["outcomes"]
        ]
    return nodes[0]


def play_the_tree(client, game: str, node: dict) -> tuple[dict, list]:
    """Follow the tree until the bell rings, checking each answer of the routes: the last state,
    and each round's reach, what was felt and what was set."""
    played = []
    for _ in range(12):
        r = client.post("/api/touch/feel", json={"game": game, "positions": node["reach"]})
        assert r.status_code == 200, r.text
        state = r.json()
        assert state["stage"] == "set" and state["reach"] == node["reach"]
        assert "glasses" not in state  # the tray stays hidden
        felt = state["felt"]
        outcome = next(o for o in node["outcomes"] if [WORD[c] for c in o["felt"]] == felt)
        glasses = [WORD[c] for c in outcome["set"]]
        r = client.post("/api/touch/set", json={"game": game, "glasses": glasses})
        assert r.status_code == 200, r.text
        state = r.json()
        played.append((node["reach"], felt, glasses))
        if state["won"]:  # the tree's win, or a lucky bell against the random Devil
            assert state["bell"] and state["stage"] == "won", state
            return state, played
        assert outcome["next"] != "win" and "glasses" not in state
        node = outcome["next"]
    raise AssertionError("the tree never rang the bell")


# --- the page in a browser ---------------------------------------------------------------


class Held:
    """The page's requests to a route, held back until released: an answer that comes late."""

    def __init__(self, page, pattern: str):
        self.routes: list = []
        page.route(pattern, lambda route: self.routes.append(route))

    def release(self) -> None:
        """Let every held request through (at least one must have been held)."""
        assert self.routes, "nothing was held: the page never asked"
        for route in self.routes:
            route.continue_()


def settled(pg) -> None:
    """Wait until every section of the page just loaded has set out its first game or picture
    (a click before that races the page's own first requests): page.errors, where collected,
    shows with a first game that failed."""
    from playwright.sync_api import expect

    expect(pg.locator("#watch-step")).to_have_text("move 0 of 15")
    status = pg.locator("#play-status")
    expect(status).not_to_have_text("A game is being set out…")
    errors = getattr(pg, "errors", None)
    assert ": 0 moves" in status.inner_text(), (pg.locator("#play-message").inner_text(), errors)
    expect(pg.locator("#why-move")).to_contain_text("Move 1 of 15")
    expect(pg.locator("#why-devil-status")).to_contain_text("The coins show")
    expect(pg.locator("#touch-status")).to_contain_text("0 rounds played")


# --- the page's play section (browser tests) ---------------------------------------------------


def positions(page):
    """The play table's positions."""
    return page.locator("#play-table .position")


def checked(page) -> list[int]:
    """The positions chosen on the play table."""
    return positions(page).evaluate_all(
        "gs => gs.filter(g => g.getAttribute('aria-checked') === 'true')"
        ".map(g => Number(g.dataset.position))"
    )


#: The order the play menus are chosen in: the faces and the group first, as they limit N.
PLAY_MENUS = ("values", "group", "goal", "observe", "n", "hands", "devil")


def start(
    page, n: int | str | None = None, devil: str | None = "adversarial", **menus: str
) -> None:
    """A new game on the play table from the menus (None leaves a menu as it is), once the page
    shows it.  It first waits for the game the page set out on load: that answer, landing after
    the click, would otherwise pass for the new game and then be replaced under the test."""
    from playwright.sync_api import expect

    table = page.locator("#play-table")
    expect(table).to_have_attribute("data-game", re.compile("."))
    chosen = {**menus, "devil": devil} | ({} if n is None else {"n": str(n)})
    for name in PLAY_MENUS:
        if chosen.get(name) is not None:
            page.select_option(f"#play-{name}", chosen[name])
    before = table.get_attribute("data-game")
    page.click("#new-game")
    expect(table).not_to_have_attribute("data-game", before)
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")


# --- the page's glasses section (browser tests) -------------------------------------------------


def glass(page, i: int):
    """Glass i on the tray."""
    return page.locator(f"#touch-tray .glass[data-position='{i}']")


def new_touch_game(page, button: str = "#touch-new") -> None:
    """Press the button and wait until the page holds the new game it asked for (the one the
    page set out on load says "0 rounds played" too, so it is waited for first)."""
    touch = "devilcoins.touch"  # the page's glasses section (app.js exposes it to the tests)
    page.wait_for_function(f"() => {touch}.game !== null")  # the game set out on load has landed
    before = page.evaluate(f"() => {touch}.game")
    page.click(button)
    page.wait_for_function(f"b => {touch}.game !== null && {touch}.game !== b", arg=before)


def set_held(page, want: list[str]) -> None:
    """Set the glasses held to want ("up" or "down" each) and press Set."""
    from playwright.sync_api import expect

    for k, value in enumerate(want):
        button = page.locator(f"#touch-set-{k}")
        if not button.inner_text().endswith(value):
            button.click()
        expect(button).to_contain_text(f": {value}")
    page.click("#touch-set")


def feel(page, reach: list[int]) -> None:
    """Choose the glasses of reach on the tray and press Feel, once the setters show."""
    from playwright.sync_api import expect

    for p in reach:
        glass(page, p).click()
    page.click("#touch-feel")
    expect(page.locator("#touch-setters")).to_be_visible()


def follow_touch_tip(page) -> None:
    """Feel the glasses the tip names, then set them as it says."""
    import re

    from playwright.sync_api import expect

    tip = page.locator("#touch-tip")
    expect(tip).to_have_attribute("data-feel", re.compile(r"^\d(,\d)*$"))
    feel(page, [int(p) for p in tip.get_attribute("data-feel").split(",")])
    expect(tip).to_have_attribute("data-set", re.compile(r"^\w+(,\w+)*$"))
    set_held(page, tip.get_attribute("data-set").split(","))


def win_by_the_tip(page, most: int = 12) -> int:
    """Follow the tip round after round (follow_touch_tip) until the bell rings; the rounds
    played (each waited for in the rounds played list)."""
    from playwright.sync_api import expect

    history = page.locator("#touch-history li")
    for played in range(1, most + 1):
        follow_touch_tip(page)
        expect(history).to_have_count(played)
        if page.locator("#touch-message.win").count():
            return played
    raise AssertionError(f"the tip did not ring the bell in {most} rounds")


# --- starting the same game again: a seed, and the routes without a browser -------------------


def post_json(base_url: str, path: str, body: dict) -> dict:
    """The server's answer to a POST of body (JSON) to path."""
    import json
    import urllib.request

    request = urllib.request.Request(
        base_url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def get_json(base_url: str, path: str = "") -> dict:
    """The server's answer to a GET of path (asked again, as the page does, while the server
    says it is busy: 503 with Retry-After)."""
    import json
    import time
    import urllib.error
    import urllib.request

    for _ in range(60):
        try:
            with urllib.request.urlopen(base_url + path, timeout=60) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as err:
            if err.code != 503:
                raise
            time.sleep(float(err.headers.get("Retry-After", "1")) / 4)
    raise AssertionError(f"{base_url + path} was busy (503) every time it was asked")


def seeded(page, pattern: str, seed: int) -> None:
    """Every game the page starts by a POST to pattern ("**/api/touch/new", "**/api/new") goes
    with this seed: the same start and the same Devil's draws as a game the test started with it
    through the routes."""
    import json

    def with_seed(route) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route(pattern, with_seed)


#: The page's animation frames timed as Chrome may time them: an animation frame's time is when
#: the frame began, and that can be before the click or key that asked for the frame was handled
#: (Debian's chromium, driven by Playwright, gave frames up to 3 ms before the handler's
#: performance.now(), a few clicks in a hundred).  Here every first frame is so, by a millisecond:
#: a page that counts an animation from performance.now() meets a time before its start every
#: time, not now and then.  Later frames keep their order and their times still grow.
EARLY_FRAMES = """() => {
  if (window.earlyFrames) return;
  window.earlyFrames = true;
  const ask = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    const asked = performance.now();
    return ask((time) => callback(Math.min(time, asked) - 1));
  };
}"""


def early_frames(page) -> None:
    """From now on, the page's animation frames come timed before they were asked for
    (EARLY_FRAMES); cancelAnimationFrame still cancels them."""
    page.evaluate(EARLY_FRAMES)


# --- heavy work in worker processes (web.heavy): a task held until the test lets it go -------


def held_until(started: str, release: str) -> str:
    """In a worker process: say it started (a file), then wait for the release file."""
    import time
    from pathlib import Path

    Path(started).touch()
    while not Path(release).exists():
        time.sleep(0.01)
    return "released"


# --- a live server (web tests) ------------------------------------------------------------------


def free_port() -> int:
    """A loopback port nothing listens on now."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def healthy(url: str, timeout: float = 60.0) -> bool:
    """Whether the server at url answers /api/health with ok."""
    import json
    import urllib.request

    try:
        with urllib.request.urlopen(f"{url}/api/health", timeout=timeout) as response:
            return bool(json.loads(response.read())["ok"])
    except OSError:
        return False


@contextmanager
def live_server(timeout: float = 60.0):
    """A fresh app served by uvicorn in a thread on a free loopback port, with the protocol
    ``devilcoins serve`` uses; its URL, once it answers /api/health."""
    import threading
    import time

    import uvicorn

    from devilcoins.web.app import create_app
    from devilcoins.web.connections import TimelyProtocol

    port = free_port()
    config = uvicorn.Config(
        create_app(), host="127.0.0.1", port=port, log_level="critical", http=TimelyProtocol
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # a hang guard only
    try:
        while not healthy(url, timeout):
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError(f"the server did not answer {url}/api/health")
            time.sleep(0.05)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=timeout)


def touch_game(n: int, k: int, goal: str = "same", values: int = 2, group: str = "cyclic") -> Game:
    """The touch game of n positions with k hands, as the certificate tests name it."""
    return Game.parse(f"n={n} values={values} hands={k} goal={goal} group={group} observe=touch")


def failed_half(game: Game, cert: dict) -> str:
    """The statement of a certificate's failed half (asserting that one failed)."""
    from devilcoins import check_certificate

    checked = check_certificate(game, cert)
    assert not checked.holds
    return " ".join(e.statement for e in checked.evidence if not e.holds)
