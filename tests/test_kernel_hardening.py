"""A public app's kernel and the comm messages a hostile page can send it (widgets/kernel.py).

One real kernel (jupyter_client) for the whole module, in the repository, showing a GameApp and a
few stock widgets.  The ``hardening`` fixture sends every malformed message below twice over the
shell channel, the way a page's websocket could: once as the kernel comes (to prove that the test
can see a leak at all), then again after ``harden_comms()``.  The tests read what came back on
iopub, the channel the page receives.
"""

from __future__ import annotations

import ast
import json
import os
import queue
import re
import sys
import time
from pathlib import Path

import pytest

from widgets.kernel import NOTICE, harden_comms

jupyter_client = pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")

REPO = Path(__file__).resolve().parents[1]
STARTUP_TIMEOUT = 60.0  # seconds for the kernel to start and run the set-up cell
REPLY_TIMEOUT = 30.0  # seconds for any one request or batch of messages
QUIET = 0.5  # seconds to keep listening after the last reply: stderr is flushed every 0.2 s

SETUP = """
import json
import warnings
import ipywidgets as w
from IPython.display import display
import widgets

app = widgets.GameApp("nine_knights", seed=1)
probe_button = w.Button(description="Probe")
probe_upload = w.FileUpload()
clicks = []
probe_button.on_click(lambda _button: clicks.append(1))
# A widget whose callback warns: the warning names the file and line that warned.
probe_warner = w.Button(description="Warner")
warned = []
probe_warner.on_msg(lambda _w, _content, _b: warned.append(1) or warnings.warn(f"odd message #{len(warned)}"))
display(app, probe_button, probe_upload, probe_warner)
ids = {"board": app.board.model_id, "button": probe_button.model_id, "layout": probe_button.layout.model_id,
       "upload": probe_upload.model_id, "warner": probe_warner.model_id}
"""

# A traceback, or a path on the server, in anything the kernel publishes.
LEAK = re.compile(
    r"Traceback|site-packages|File \"|"
    + re.escape(str(REPO))
    + "|"
    + re.escape(sys.prefix)
    + r"|(?<![\w.:/])/(?:usr|home|opt|srv|root|tmp|work|var|lib)/"
)
NOTICE_TEXT = re.compile(re.escape(NOTICE).replace(re.escape("{error}"), r"\w+") + r"\n")


def _update(key, state, buffer_paths=()):
    return lambda ids: {"comm_id": ids[key], "data": {"method": "update", "state": state,
                                                      "buffer_paths": list(buffer_paths)}}


def _data(key, data):
    return lambda ids: {"comm_id": ids[key], "data": data}


# (label, message type, content from the comm ids of the set-up cell)
CASES = [
    ("Button description is a dict", "comm_msg", _update("button", {"description": {"a": 1}})),
    ("Layout width is a list", "comm_msg", _update("layout", {"width": [1, 2]})),
    ("update with an unknown trait", "comm_msg", _update("button", {"no_such_trait": 1})),
    ("unknown method", "comm_msg", _data("button", {"method": "explode"})),
    ("no data", "comm_msg", lambda ids: {"comm_id": ids["button"]}),
    ("data is a string", "comm_msg", _data("button", "update")),
    ("data without method", "comm_msg", _data("button", {})),
    ("state is a list", "comm_msg", _data("button", {"method": "update", "state": [1, 2]})),
    ("buffer_paths into a number", "comm_msg", _update("button", {"tooltip": 1}, [["tooltip", "x"]])),
    ("Board custom content is a list", "comm_msg", _data("board", {"method": "custom", "content": [1, 2]})),
    ("Board activate with a dict id", "comm_msg",
     _data("board", {"method": "custom", "content": {"event": "activate", "id": {"x": 1}}})),
    ("Board activate of no square", "comm_msg",
     _data("board", {"method": "custom", "content": {"event": "activate", "id": "zz9"}})),
    ("Button custom content is a list", "comm_msg", _data("button", {"method": "custom", "content": [1]})),
    ("Button custom content is a string", "comm_msg", _data("button", {"method": "custom", "content": "click"})),
    ("FileUpload value is a string", "comm_msg", _update("upload", {"value": "garbage"})),
    ("FileUpload value holds junk", "comm_msg", _update("upload", {"value": [{"name": 1}]})),
    ("huge string in a Board trait", "comm_msg", _update("board", {"label": "x" * 2_000_000})),
    ("huge dict as a Button description", "comm_msg", _update("button", {"description": {"k": "x" * 200_000}})),
    ("a message that makes a widget callback warn", "comm_msg",
     _data("warner", {"method": "custom", "content": {"odd": True}})),
    ("unknown comm id", "comm_msg", lambda ids: {"comm_id": "no-such-comm", "data": {"method": "update"}}),
    ("no comm id", "comm_msg", lambda ids: {"data": {"method": "update", "state": {}}}),
    ("content is a list", "comm_msg", lambda ids: json.dumps([ids["button"]]).encode()),  # sent pre-packed
    ("comm_open of a widget that cannot exist", "comm_open",
     lambda ids: {"comm_id": "forged-1", "target_name": "jupyter.widget",
                  "data": {"state": {"_model_name": "NoSuchModel"}}}),
    ("comm_open to an unknown target", "comm_open", lambda ids: {"comm_id": "forged-2", "target_name": "no.such"}),
    ("comm_close of an unknown comm", "comm_close", lambda ids: {"comm_id": "no-such-comm"}),
]
LABELS = [label for label, _type, _make in CASES]


# ------------------------------------------------------------------ helpers
def _wait_reply(client, msg_id: str, timeout: float = REPLY_TIMEOUT) -> dict:
    """The shell reply to ``msg_id`` (skipping stale replies, e.g. from wait_for_ready's kernel_info)."""
    deadline = time.monotonic() + timeout
    while True:
        reply = client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply


def _run(client, code: str, **expressions) -> dict:
    """Execute ``code``; return the reply content with user expressions evaluated to Python values."""
    msg_id = client.execute(code, user_expressions=expressions)
    content = _wait_reply(client, msg_id)["content"]
    assert content["status"] == "ok", f"{code!r} failed: {content.get('ename')}: {content.get('evalue')}"
    values = {}
    for name, result in content.get("user_expressions", {}).items():
        assert result["status"] == "ok", f"{name}: {result}"
        values[name] = ast.literal_eval(result["data"]["text/plain"])
    content["values"] = values
    return content


def _drain(client) -> None:
    while True:
        try:
            client.get_iopub_msg(timeout=0.2)
        except queue.Empty:
            return


def _send_all(client, messages) -> tuple[list[str], list[tuple[str | None, dict]]]:
    """Send raw shell messages (type, content); wait until the kernel has handled them all.

    The kernel drops some malformed messages without a reply or a status, so a kernel_info_request
    follows them: the shell channel is handled in order, so once it is answered the others are done.
    Returns the msg_ids sent, in order, and every iopub message but status, as (msg_id it answers, or
    None if it answers none of them, message).
    """
    sent = []
    for msg_type, content in messages:
        msg = client.session.msg(msg_type, content)
        client.session.send(client.shell_channel.socket, msg)
        sent.append(msg["header"]["msg_id"])
    sentinel = client.kernel_info()
    got = []
    deadline = time.monotonic() + REPLY_TIMEOUT
    quiet_until = None
    while True:
        now = time.monotonic()
        if quiet_until is not None and now >= quiet_until:
            _wait_reply(client, sentinel)
            return sent, got
        assert now < deadline, f"the kernel did not handle {len(sent)} messages within {REPLY_TIMEOUT} s"
        try:
            msg = client.get_iopub_msg(timeout=0.1)
        except queue.Empty:
            continue
        parent = msg["parent_header"].get("msg_id")
        if msg["msg_type"] != "status":
            got.append((parent if parent in sent else None, msg))
        elif msg["content"].get("execution_state") == "idle" and parent == sentinel and quiet_until is None:
            quiet_until = time.monotonic() + QUIET


def _send_cases(client, ids) -> tuple[dict[str, list[dict]], list[dict]]:
    """Send every case; return (iopub messages per case label, messages no case can be blamed for)."""
    sent, got = _send_all(client, [(msg_type, make(ids)) for _label, msg_type, make in CASES])
    labels = dict(zip(sent, LABELS))
    per_case: dict[str, list[dict]] = {label: [] for label in LABELS}
    stray = []
    for parent, msg in got:
        (per_case[labels[parent]] if parent is not None else stray).append(msg)
    return per_case, stray


def _leaks(messages: list[dict]) -> list[str]:
    """What of ``messages`` carries a traceback or a server path (shortened, for the failure report)."""
    found = []
    for msg in messages:
        text = json.dumps(msg["content"], default=str)
        match = LEAK.search(text)
        if match:
            start = max(0, match.start() - 60)
            found.append(f"{msg['msg_type']}: ...{text[start:match.end() + 60]}...")
    return found


def _output(messages: list[dict]) -> list[dict]:
    """The messages a page would show as output (everything but widget state traffic)."""
    return [m for m in messages if m["msg_type"] not in ("comm_msg", "comm_open", "comm_close")]


# ------------------------------------------------------------------ the kernel
def _kernel_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    return env


@pytest.fixture(scope="module")
def hardening(tmp_path_factory):
    """One kernel: the cases sent before and after ``harden_comms()``; yields a namespace of the results."""
    log_path = tmp_path_factory.mktemp("kernel") / "kernel-stderr.log"
    manager = jupyter_client.KernelManager(kernel_name="python3")
    with open(log_path, "w") as log:
        manager.start_kernel(cwd=str(REPO), stderr=log, env=_kernel_env())
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=STARTUP_TIMEOUT)
        msg_id = client.execute(SETUP)
        reply = _wait_reply(client, msg_id, STARTUP_TIMEOUT)["content"]
        assert reply["status"] == "ok", f"the set-up cell failed: {reply.get('ename')}: {reply.get('evalue')}"
        ids = json.loads(_run(client, "", ids="json.dumps(ids)")["values"]["ids"])
        _drain(client)
        before, before_stray = _send_cases(client, ids)
        hardened = _run(client, "from widgets.kernel import harden_comms", ok="harden_comms()")["values"]["ok"]
        _drain(client)
        after, after_stray = _send_cases(client, ids)

        class Results:
            pass

        results = Results()
        results.client, results.ids, results.log_path, results.hardened = client, ids, log_path, hardened
        results.before, results.before_stray, results.after, results.after_stray = (
            before, before_stray, after, after_stray)
        yield results
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


# ------------------------------------------------------------------ tests
def test_without_hardening_malformed_messages_do_leak(hardening):
    """Keeps this file honest: without harden_comms(), malformed comm messages stream tracebacks and paths."""
    leaked = {label for label in LABELS if _leaks(hardening.before[label])}
    assert leaked, "no malformed message leaked before harden_comms(): these tests could not see a leak"
    # The ones found when this was written (ipywidgets 8.1, ipykernel 7): at least the flagship must leak.
    assert "Button description is a dict" in leaked
    assert "no data" in leaked and "Button custom content is a list" in leaked
    assert "a message that makes a widget callback warn" in leaked


def test_harden_comms_reports_success_in_a_kernel(hardening):
    """harden_comms() returns True in an IPython kernel."""
    assert hardening.hardened is True


@pytest.mark.parametrize("label", LABELS)
def test_malformed_comm_message_never_streams_a_traceback(hardening, label):
    """A malformed comm message never streams a traceback or a server path to the client."""
    assert _leaks(hardening.after[label]) == []
    assert _leaks(hardening.after_stray) == []


def test_malformed_comm_messages_show_at_most_a_short_notice(hardening):
    """After harden_comms(), a malformed comm message shows at most one short, path-free line on the client."""
    for label in LABELS:
        for msg in _output(hardening.after[label]):
            assert msg["msg_type"] == "stream" and msg["content"]["name"] == "stderr", (label, msg["content"])
            assert NOTICE_TEXT.fullmatch(msg["content"]["text"]), (label, msg["content"]["text"])
    assert _output(hardening.after_stray) == []
    assert _output(hardening.after["Button description is a dict"]), "the notice was not sent"


def test_the_detail_goes_to_the_server_log(hardening):
    """The full traceback of a refused comm message goes to the server log (the kernel's own stderr)."""
    deadline = time.monotonic() + REPLY_TIMEOUT
    while True:
        text = hardening.log_path.read_text()
        if "No such comm" in text or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert "[ninekit.kernel] ERROR | Exception in a widget message from the page" in text
    assert "Traceback (most recent call last)" in text and "TraitError" in text
    assert "No such comm: no-such-comm" in text  # the comm machinery's own records
    assert "UserWarning: odd message #2" in text  # warnings raised while handling a comm message
    assert max(len(line) for line in text.splitlines()) < 3000  # a huge value does not flood the log


def test_the_app_still_answers_a_legal_click(hardening):
    """After malformed comm messages, the app and the widgets they hit still answer legal clicks from the page."""
    client = hardening.client
    # Play the first decisions through the app's Python API until the board offers a square.
    advance = ("for _ in range(50):\n"
               "    if app.targets or app.state.is_over:\n"
               "        break\n"
               "    app.choose(app.choices[0])\n")
    found = _run(client, advance, square="sorted(app.targets)[0]", moves="len(app.state.history)",
                 generation="getattr(app.board, 'generation', 0)")["values"]
    _drain(client)
    content = {"event": "activate", "id": found["square"], "generation": found["generation"]}
    activate = {"comm_id": hardening.ids["board"], "data": {"method": "custom", "content": content}}
    click = {"comm_id": hardening.ids["button"], "data": {"method": "custom", "content": {"event": "click"}}}
    _sent, got = _send_all(client, [("comm_msg", activate), ("comm_msg", click)])
    assert _leaks([m for _p, m in got]) == []
    after = _run(client, "", moves="len(app.state.history)", errors="app.errors", clicks="len(clicks)")["values"]
    assert after["moves"] > found["moves"] and after["errors"] == []
    assert after["clicks"] == 1


def test_cells_keep_their_tracebacks(hardening):
    """harden_comms() touches comm messages only: a failing cell still shows its traceback (tutorials need it)."""
    client = hardening.client
    msg_id = client.execute("1 / 0")
    reply = _wait_reply(client, msg_id)["content"]
    assert reply["status"] == "error" and reply["ename"] == "ZeroDivisionError"
    assert any("Traceback" in line or "ZeroDivisionError" in line for line in reply["traceback"])
    _drain(client)


def test_harden_comms_is_idempotent(hardening):
    """Calling harden_comms() again wraps nothing twice and adds no second log handler."""
    check = """
import logging
from widgets.kernel import harden_comms, is_hardened
again = (harden_comms(), harden_comms())
shell = get_ipython()
inner_tb = getattr(shell.showtraceback.__wrapped__, "_ninekit_hardened", False)
inner_comm = getattr(shell.kernel.shell_handlers["comm_msg"].__wrapped__, "_ninekit_hardened", False)
handlers = len(logging.getLogger("Comm").handlers)
import warnings
inner_warn = getattr(warnings.showwarning.__wrapped__, "_ninekit_hardened", False)
"""
    values = _run(hardening.client, check, again="again", inner_tb="inner_tb", inner_comm="inner_comm",
                  inner_warn="inner_warn", handlers="handlers", hardened="is_hardened()")["values"]
    assert values == {"again": (True, True), "inner_tb": False, "inner_comm": False, "inner_warn": False,
                      "handlers": 1, "hardened": True}
    _drain(hardening.client)


def test_harden_comms_outside_a_kernel_does_nothing():
    """Outside an IPython kernel harden_comms() has nothing to protect and says so."""
    assert harden_comms() is False
