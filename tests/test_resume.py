"""Keeping games in progress (widgets/resume.py): the server-side store and the browser half's messages.

The page's side (localStorage across a reload, the leave guard) is in tests/browser/test_save_resume_widgets.py.
"""

from __future__ import annotations

import json
import os
import stat
import time

import pytest
import traitlets

import widgets.resume_store
from widgets.resume import (
    MAX_ENTRY_BYTES,
    STORAGE_PREFIX,
    ResumeLink,
    ResumeStore,
    default_directory,
    valid_token,
)

GOOD = "abcdefghijklmnopqrstuvwx"


@pytest.fixture
def store(tmp_path):
    return ResumeStore(tmp_path / "games")


def _entries(store) -> list[str]:
    """The folder's files but the store's key (``.secret``)."""
    return sorted(name for name in os.listdir(store.directory) if name != ".secret")


# ------------------------------------------------------------------ tokens
def test_new_tokens_are_random_well_formed_and_distinct(tmp_path):
    """new_token() gives 48 URL-safe characters (24 random, 8 of the client's tag, 16 of their signature),
    different every time, that valid_token accepts and the store knows it issued."""
    store = ResumeStore(tmp_path)
    tokens = {store.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(valid_token(t) == t and len(t) == 48 and store.issued(t) for t in tokens)


@pytest.mark.parametrize("bad", ["../x", "../../../../etc/passwd", "a" * 65, "short", "", "abcdefghijklmnop/",
                                 "abcdefghijklmnop\x00", "abcdefghijklmnop.json", "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐ",
                                 "abcdefghijklmnopqrstuvwx\n", None, 1234567890123456789, b"abcdefghijklmnopqrst",
                                 ["abcdefghijklmnopqrst"]])
def test_token_validation_rejects_traversal_lengths_and_non_strings(store, bad):
    """Only 16-64 of A-Z a-z 0-9 _ - is a token: no path, no NUL, no newline, no lookalikes, no non-str."""
    assert valid_token(bad) is None
    assert store.path_for(bad) is None
    assert store.get(bad) is None
    assert store.put(bad, {"save": "{}"}) is False
    store.drop(bad)  # no error
    assert not store.directory.exists() or os.listdir(store.directory) == []


def test_file_names_are_hashes_inside_the_directory(store):
    """A token's file sits directly in the store's folder and its name does not reveal the token, nor the
    client's address; a token the store did not issue has no file at all."""
    token = store.new_token("10.0.0.5")
    path = store.path_for(token)
    assert path.parent == store.directory and token[:24] not in path.name and path.suffix == ".json"
    assert "10.0.0.5" not in path.name and "10.0.0.5" not in token
    assert store.path_for(GOOD) is None and store.path_for(token.swapcase()) is None


# ------------------------------------------------------------------ put / get / drop
def test_put_then_get_round_trips_the_payload(store):
    """What put keeps, get returns, as a new dict; another token gets nothing."""
    token = store.new_token()
    payload = {"save": '{"format": 1, "moves": []}', "seats": ["human", "computer"], "viewer": 0}
    assert store.put(token, payload) is True
    assert store.get(token) == payload
    assert store.get(store.new_token()) is None


def test_directory_and_files_are_private(tmp_path):
    """The folder is created (with its parents) 0o700 at the first put; files are 0o600."""
    store = ResumeStore(tmp_path / "a" / "b" / "games")
    assert not store.directory.exists()  # constructing a store touches nothing
    GOOD = store.new_token()  # a token this store issued (its key is kept in the folder, made now)
    assert store.put(GOOD, {})
    assert stat.S_IMODE(store.directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(store.path_for(GOOD).stat().st_mode) == 0o600


def test_put_overwrites_atomically_through_a_temp_file(store, monkeypatch):
    """put writes a temp file in the same folder and os.replace()s it over the entry; no temp file is left."""
    GOOD = store.new_token()  # a token this store issued
    assert store.put(GOOD, {"n": 1})
    calls = []
    real_replace = os.replace

    def spy(src, dst):
        calls.append((os.path.dirname(src), os.path.basename(src), str(dst)))
        assert json.loads(open(src, encoding="utf-8").read())["payload"] == {"n": 2}  # complete before the swap
        assert store.get(GOOD) == {"n": 1}  # readers still see the old entry until the swap
        return real_replace(src, dst)

    monkeypatch.setattr(widgets.resume_store.os, "replace", spy)
    assert store.put(GOOD, {"n": 2})
    assert len(calls) == 1 and calls[0][0] == str(store.directory) and calls[0][2] == str(store.path_for(GOOD))
    assert store.get(GOOD) == {"n": 2}
    assert _entries(store) == [store.path_for(GOOD).name]


def test_a_failed_write_keeps_the_old_entry_and_leaves_no_temp_file(store, monkeypatch):
    """If the swap fails (disk full, ...), put returns False, the old entry is intact, the temp file is gone."""
    GOOD = store.new_token()  # a token this store issued
    assert store.put(GOOD, {"n": 1})

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(widgets.resume_store.os, "replace", fail)
    assert store.put(GOOD, {"n": 2}) is False
    assert store.get(GOOD) == {"n": 1}
    assert _entries(store) == [store.path_for(GOOD).name]


def test_payloads_over_the_size_bound_or_not_json_are_refused(store):
    """Payloads over max_bytes (default 2 * MAX_SAVE_BYTES), non-dicts and non-JSON values are not kept."""
    GOOD = store.new_token()  # a token this store issued
    assert store.max_bytes == MAX_ENTRY_BYTES == 2_000_000
    assert store.put(GOOD, {"save": "x" * MAX_ENTRY_BYTES}) is False
    assert store.put(GOOD, {"save": "x" * 1_000_000}) is True
    for bad in ([1, 2], "text", None, {"x": object()}, {"x": float("nan")}, {"x": {1, 2}}):
        assert store.put(GOOD, bad) is False
    assert store.get(GOOD) == {"save": "x" * 1_000_000}


def test_drop_forgets_a_game(store):
    """drop removes the entry; dropping again or an unknown token is harmless."""
    GOOD = store.new_token()  # a token this store issued
    store.put(GOOD, {"n": 1})
    store.drop(GOOD)
    assert store.get(GOOD) is None
    store.drop(GOOD)
    store.drop(store.new_token())


@pytest.mark.parametrize("content", [b"", b"not json", b"\xff\xfe", b"[1, 2]", b'{"payload": {}}',
                                     b'{"ninekit_resume": 1, "payload": [1]}', b'{"ninekit_resume": 2, "payload": {}}',
                                     b"[" * 100_000])
def test_malformed_files_read_as_nothing(store, content):
    """A damaged or foreign file under a token's name gives None, never an exception."""
    GOOD = store.new_token()  # a token this store issued
    store.put(GOOD, {})
    store.path_for(GOOD).write_bytes(content)
    assert store.get(GOOD) is None


def test_an_oversized_file_is_not_read(tmp_path):
    """A file larger than max_bytes (written by someone else) is ignored rather than loaded."""
    store = ResumeStore(tmp_path, max_bytes=100)
    GOOD = store.new_token()  # a token this store issued
    store.put(GOOD, {})
    store.path_for(GOOD).write_text(json.dumps({"ninekit_resume": 1, "payload": {"x": "y" * 200}}))
    assert store.get(GOOD) is None


# ------------------------------------------------------------------ expiry and sweeping
def test_ttl_zero_expires_at_once_and_get_deletes_it(tmp_path):
    """With ttl 0 nothing is ever returned, and reading an expired entry deletes its file."""
    keeper = ResumeStore(tmp_path)
    GOOD = keeper.new_token()  # a token issued by a store on this folder (it shares the folder's key)
    assert keeper.put(GOOD, {"n": 1})  # written by a store that keeps games
    store = ResumeStore(tmp_path, ttl_seconds=0)
    assert store.path_for(GOOD).exists()
    assert store.get(GOOD) is None
    assert not store.path_for(GOOD).exists()
    assert store.put(GOOD, {"n": 2}) is True and store.get(GOOD) is None


def test_entries_expire_after_ttl_by_the_clock(tmp_path):
    """An entry is there until ttl_seconds after its last write, then gone (time moved on with a fake clock)."""
    now = [time.time()]
    store = ResumeStore(tmp_path, ttl_seconds=3600, clock=lambda: now[0])
    GOOD = store.new_token()  # a token this store issued
    store.put(GOOD, {"n": 1})
    now[0] += 3599
    assert store.get(GOOD) == {"n": 1}
    now[0] += 2
    assert store.get(GOOD) is None


def test_sweep_deletes_expired_entries_and_stale_temp_files(tmp_path):
    """sweep() removes entries older than ttl and temp files left by a crash; fresh entries stay."""
    store = ResumeStore(tmp_path, ttl_seconds=3600)
    old, fresh = store.new_token(), store.new_token()
    store.put(old, {}), store.put(fresh, {})
    past = time.time() - 7200
    os.utime(store.path_for(old), (past, past))
    stale = tmp_path / ".tmp-crashed.part"
    stale.write_text("half")
    os.utime(stale, (past, past))
    other = tmp_path / "README.txt"  # not ours: left alone
    other.write_text("hi")
    assert store.sweep() == 1
    assert store.get(fresh) == {} and store.get(old) is None
    assert not stale.exists() and other.exists()


def test_sweep_keeps_only_the_newest_max_entries(tmp_path):
    """Beyond max_entries, sweep deletes the oldest entries (by last write) played more than a day ago."""
    store = ResumeStore(tmp_path, max_entries=10)
    tokens = [store.new_token() for _ in range(6)]
    base = time.time() - 3 * 24 * 3600
    for i, token in enumerate(tokens):
        store.put(token, {"i": i})
        os.utime(store.path_for(token), (base + i, base + i))
    store.max_entries = 3
    assert len(store) == 6
    assert store.sweep() == 3
    assert [store.get(t) for t in tokens] == [None, None, None, {"i": 3}, {"i": 4}, {"i": 5}]


def test_a_flood_of_new_games_never_pushes_out_a_game_played_today(tmp_path):
    """Kept games stay kept: one client opening 1,200 new games (each token issued by the server) cannot push
    out another student's game played in the last day; beyond the bound the new games are simply not kept,
    and an older game (played days ago) is the one that makes room."""
    store = ResumeStore(tmp_path, max_entries=1000)
    days_ago, today = store.new_token(), store.new_token()
    store.put(days_ago, {"who": "a student last week"})
    past = time.time() - 3 * 24 * 3600
    os.utime(store.path_for(days_ago), (past, past))
    store.put(today, {"who": "a student this morning"})
    kept = sum(store.put(store.new_token(), {"flood": n}) for n in range(1200))
    store.sweep()
    assert store.get(today) == {"who": "a student this morning"}
    assert store.get(days_ago) is None  # it made room
    assert kept == 999 and len(store) == 1000


def test_one_client_keeps_at_most_max_per_client_games_and_pushes_out_only_its_own(tmp_path):
    """Kept games stay kept: one client (one address) opening 1,200 new games keeps only its newest
    max_per_client; every other student's game, and their next new game, is still kept and offered."""
    store = ResumeStore(tmp_path, max_entries=1000, max_per_client=100)
    theirs = store.new_token("10.0.0.6")
    store.put(theirs, {"who": "a student this morning"})
    flood = [store.new_token("10.0.0.5") for _ in range(1200)]
    assert all(store.put(token, {"flood": n}) for n, token in enumerate(flood))
    store.sweep()
    assert store.get(theirs) == {"who": "a student this morning"}
    assert [store.get(t) for t in flood[-100:]] == [{"flood": n} for n in range(1100, 1200)]
    assert sum(store.get(t) is not None for t in flood) == 100 and len(store) == 101
    later = store.new_token("10.0.0.7")
    assert store.put(later, {"who": "a student arriving late"}) and store.get(later)


def test_one_client_is_one_address_or_one_ipv6_network(tmp_path):
    """An IPv6 visitor can pick any address of its /64: the bound counts the /64, not each address."""
    from widgets.resume import client_key

    store = ResumeStore(tmp_path)
    a, b = client_key("2001:db8:5:6::1"), client_key("2001:db8:5:6:ffff:1:2:3")
    assert a == b == "2001:db8:5:6::/64" and client_key("2001:db8:5:7::1") != a
    assert store._tag("2001:db8:5:6::1") == store._tag("2001:db8:5:6::9") != store._tag("10.0.0.5")


def test_a_token_the_page_made_up_is_not_kept_or_offered(tmp_path):
    """Tokens are the server's: a well-formed token the page made up (or one signed by another server's key)
    is neither stored nor read back."""
    store, other = ResumeStore(tmp_path / "a"), ResumeStore(tmp_path / "b")
    made_up, foreign = "A" * 48, other.new_token()
    assert valid_token(made_up) and not store.issued(made_up) and not store.issued(foreign)
    assert store.put(made_up, {}) is False and store.put(foreign, {}) is False
    assert _entries(store) == []


def test_put_sweeps_at_most_every_few_minutes(tmp_path, monkeypatch):
    """The first put sweeps; later puts within SWEEP_INTERVAL_SECONDS do not; after it, one does again."""
    store = ResumeStore(tmp_path, max_entries=100, ttl_seconds=3600)
    sweeps = []
    real_sweep = store.sweep
    store.sweep = lambda keep=None: sweeps.append(1) or real_sweep(keep)
    clock = [1000.0]
    monkeypatch.setattr(widgets.resume_store.time, "monotonic", lambda: clock[0])
    tokens = [store.new_token() for _ in range(6)]
    for token in tokens[:5]:
        store.put(token, {})
    past = time.time() - 7200
    os.utime(store.path_for(tokens[0]), (past, past))  # expired: gone at the next sweep
    assert len(sweeps) == 1 and len(store) == 5
    clock[0] += widgets.resume_store.SWEEP_INTERVAL_SECONDS
    store.put(tokens[5], {})
    assert len(sweeps) == 2 and len(store) == 5 and store.get(tokens[0]) is None


def test_an_unwritable_directory_makes_put_a_logged_no_op(tmp_path, caplog):
    """A folder that cannot be created makes put return False with one warning; get just finds nothing."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = ResumeStore(blocker / "games")
    GOOD = store.new_token()  # a token this store issued
    with caplog.at_level("DEBUG", logger="ninekit.resume"):
        assert store.put(GOOD, {}) is False
        assert store.put(GOOD, {}) is False
    assert store.get(GOOD) is None and store.sweep() == 0 and len(store) == 0
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and "games will not be kept" in warnings[0].getMessage()


def test_a_directory_refusing_writes_makes_put_a_no_op(tmp_path, monkeypatch):
    """If the folder refuses new files (permissions, a read-only disk), put returns False, not raise."""
    store = ResumeStore(tmp_path)
    GOOD = store.new_token()  # a token this store issued

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(widgets.resume_store.tempfile, "mkstemp", refuse)
    assert store.put(GOOD, {}) is False
    assert store.get(GOOD) is None


def test_default_directory_follows_the_environment(tmp_path, monkeypatch):
    """$NINEKIT_RESUME_DIR wins, then $XDG_CACHE_HOME/ninekit/games, then ~/.cache/ninekit/games."""
    monkeypatch.setenv("NINEKIT_RESUME_DIR", str(tmp_path / "mine"))
    assert ResumeStore().directory == tmp_path / "mine"
    monkeypatch.delenv("NINEKIT_RESUME_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert default_directory() == tmp_path / "cache" / "ninekit" / "games"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_directory() == tmp_path / "home" / ".cache" / "ninekit" / "games"


# ------------------------------------------------------------------ ResumeLink
def make_link(**kwargs):
    link = ResumeLink(**kwargs)
    link.sent, link.tokens = [], []
    link.send = lambda content, buffers=None: link.sent.append(content)
    link.on_token(link.tokens.append)
    return link


def test_the_pages_token_reaches_handlers_validated():
    """A well-formed token is passed on; a missing or malformed one arrives as None."""
    link = make_link(key="nine_knights")
    for token in (GOOD, None, "../../x", 42, "a" * 65):
        link.receive({"event": "token", "token": token})
    link.receive({"event": "token"})
    assert link.tokens == [GOOD, None, None, None, None, None]
    assert link.token is None


@pytest.mark.parametrize("content", [None, "token", [], {}, {"event": "remember", "token": GOOD},
                                     {"event": "Token", "token": GOOD}])
def test_other_messages_from_the_page_are_ignored(content):
    """Only {"event": "token"} means anything; the rest never reaches the handlers."""
    link = make_link(key="k")
    link.receive(content)
    assert link.tokens == []


def test_remember_and_forget_tell_the_page():
    """remember(token) and forget() send the page what to keep in localStorage; a bad token raises."""
    link = make_link(key="k")
    link.remember(GOOD)
    link.forget()
    assert link.sent == [{"event": "remember", "token": GOOD}, {"event": "forget"}]
    with pytest.raises(ValueError):
        link.remember("../x")
    assert len(link.sent) == 2


def test_a_failing_handler_or_closed_comm_does_not_raise():
    """A handler that raises is logged and the next one still runs; a closed comm does not raise."""
    link = ResumeLink(key="k")
    seen = []
    link.on_token(lambda token: 1 / 0)
    link.on_token(seen.append)
    link.receive({"event": "token", "token": GOOD})
    assert seen == [GOOD]

    def closed(content, buffers=None):
        raise RuntimeError("comm closed")

    link.send = closed
    link.remember(GOOD)
    link.forget()


def test_the_link_is_invisible_stores_only_the_token_and_checks_its_key():
    """No layout space, only key and guard_leave in the state, the storage key named, and a safe key."""
    link = ResumeLink(key="nine_knights")
    assert link.layout.display == "none"
    state = link.get_state()
    assert state["key"] == "nine_knights" and state["guard_leave"] is False
    assert STORAGE_PREFIX == "ninekit-resume:" and STORAGE_PREFIX in link._esm
    assert 'localStorage.setItem(storageKey(model), msg.token)' in link._esm  # the token, and nothing else
    assert 'removeEventListener("beforeunload", onBeforeUnload)' in link._esm
    assert "if (guarding) listen(false)" in link._esm  # the guard goes with the widget
    for bad in ("", "a b", "x" * 65, "../k"):
        with pytest.raises(traitlets.TraitError):
            ResumeLink(key=bad)


def test_the_page_template_carries_the_leave_gate_verbatim():
    """Leaving mid-game asks first, and "Stay" keeps the kernel: the ninekit template loads LEAVE_GATE_SCRIPT
    before Voila's own scripts (whose beforeunload listener shuts the kernel down)."""
    from pathlib import Path

    from widgets.resume import LEAVE_GATE_SCRIPT

    template = Path(__file__).resolve().parents[1] / "serving/jupyter/nbconvert/templates/ninekit/index.html.j2"
    text = template.read_text()
    assert LEAVE_GATE_SCRIPT.strip() in text, "copy widgets/front/leave_gate.js into the template again"
    assert text.index(LEAVE_GATE_SCRIPT.strip()) < text.index("{{ super() }}"), "the gate must come first"
