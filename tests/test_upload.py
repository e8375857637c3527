"""The Load button (widgets/upload.py), driven without a browser through the messages the page sends.

The browser side (the size check before reading, the reset input) is in
tests/browser/test_upload_widget.py.
"""

from __future__ import annotations

import pytest
import traitlets

from widgets.upload import (
    EMPTY_MESSAGE,
    FAILED_MESSAGE,
    MALFORMED_MESSAGE,
    MAX_SAVE_BYTES,
    UNREADABLE_MESSAGE,
    WIRE_LIMIT_BYTES,
    LoadButton,
    format_size,
    too_large_message,
)


class Recorder:
    def __init__(self, loader: LoadButton):
        self.loads: list[tuple[str, bytes]] = []
        self.refusals: list[str] = []
        loader.on_load(lambda name, data: self.loads.append((name, data)))
        loader.on_refuse(self.refusals.append)


def browser_load(loader: LoadButton, name: str, data: bytes, declared_size: int | None = None) -> None:
    """What the page sends for a chosen file: the declared size in the content, the bytes as one buffer."""
    size = len(data) if declared_size is None else declared_size
    loader.receive({"event": "load", "name": name, "size": size}, [memoryview(data)])


def test_default_limit_is_the_save_limit():
    """The Load button's limit is ninekit's save limit and the browser gets a copy of it."""
    loader = LoadButton()
    assert loader.max_bytes == MAX_SAVE_BYTES == 1_000_000
    assert loader.get_state()["_max_bytes"] == MAX_SAVE_BYTES
    assert "max_bytes" not in loader.get_state()  # the page cannot raise the limit Python enforces
    loader.max_bytes = 2_000
    assert loader.get_state()["_max_bytes"] == 2_000
    with pytest.raises(traitlets.TraitError):
        loader.max_bytes = WIRE_LIMIT_BYTES + 1
    with pytest.raises(traitlets.TraitError):
        LoadButton(max_bytes=0)


def test_a_file_within_the_limit_reaches_the_handler_as_bytes():
    """A file within the limit reaches on_load handlers as (name, bytes) and clears an earlier refusal."""
    loader = LoadButton()
    rec = Recorder(loader)
    loader.message = "an earlier refusal"
    browser_load(loader, "game.json", b'{"format": 1}')
    assert rec.loads == [("game.json", b'{"format": 1}')] and type(rec.loads[0][1]) is bytes
    assert rec.refusals == [] and loader.message == ""


def test_the_real_size_is_checked_not_the_declared_one():
    """Load never trusts the browser's declared size: 9.5 MB declared as 1 byte is refused by its real size."""
    loader = LoadButton()
    rec = Recorder(loader)
    browser_load(loader, "big.json", b" " * 9_500_000, declared_size=1)
    assert rec.loads == []
    assert rec.refusals == ["That file is 9.5 MB; a ninekit save is at most 1 MB."]
    assert loader.message == rec.refusals[0]
    # ... and a small file declared huge is loaded: the declared size is not used at all.
    browser_load(loader, "small.json", b"{}", declared_size=50_000_000)
    assert rec.loads == [("small.json", b"{}")] and loader.message == ""


def test_exactly_at_the_limit_loads_one_byte_more_is_refused():
    """A save of exactly max_bytes loads; one byte more is refused."""
    loader = LoadButton(max_bytes=100)
    rec = Recorder(loader)
    assert loader.load("edge.json", b"x" * 100)
    assert not loader.load("over.json", b"x" * 101)
    assert [name for name, _ in rec.loads] == ["edge.json"]
    assert rec.refusals == ["That file is 101 bytes; a ninekit save is at most 100 bytes."]


def test_a_refusal_from_the_browser_is_reported_with_the_limit():
    """A file the browser refused as too large is reported in words, with its size and the limit."""
    loader = LoadButton()
    rec = Recorder(loader)
    loader.receive({"event": "refuse", "reason": "too_large", "name": "big.json", "size": 9_500_000})
    assert rec.refusals == ["That file is 9.5 MB; a ninekit save is at most 1 MB."]
    assert rec.loads == []
    # A size that is not an int above the limit still gives a clear refusal.
    for size in ("9.5 MB", True, -3, 10):
        loader.receive({"event": "refuse", "reason": "too_large", "size": size})
        assert rec.refusals[-1] == "That file is too large; a ninekit save is at most 1 MB."
    loader.receive({"event": "refuse", "reason": "unreadable", "name": "x.json"})
    assert rec.refusals[-1] == UNREADABLE_MESSAGE


@pytest.mark.parametrize(
    "content, buffers",
    [
        ("junk", []),
        (None, []),
        ([1, 2], []),
        ({}, []),
        ({"event": "load", "name": "a.json"}, []),  # no buffer
        ({"event": "load", "name": "a.json"}, [b"{}", b"{}"]),  # two buffers
        ({"event": "load", "name": {"x": 1}}, ["not bytes"]),
        ({"event": "explode"}, []),
        ({"event": "refuse", "reason": {"x": 1}}, []),
    ],
)
def test_malformed_messages_are_refused_quietly(content, buffers):
    """A malformed message from the page is refused with a message, never raised, never loaded."""
    loader = LoadButton()
    rec = Recorder(loader)
    loader.receive(content, buffers)
    assert rec.loads == [] and rec.refusals == [MALFORMED_MESSAGE]
    assert loader.message == MALFORMED_MESSAGE


def test_a_bad_name_still_loads_and_a_long_name_is_cut():
    """The file name is only a label: a missing one becomes "", a very long one is cut."""
    loader = LoadButton()
    rec = Recorder(loader)
    loader.receive({"event": "load", "name": {"x": 1}}, [b"{}"])
    loader.receive({"event": "load", "name": "n" * 10_000 + ".json"}, [b"{}"])
    assert [name for name, _ in rec.loads] == ["", "n" * 255]


def test_an_empty_file_is_refused():
    """An empty file is refused with a message instead of reaching the handler."""
    loader = LoadButton()
    rec = Recorder(loader)
    browser_load(loader, "empty.json", b"")
    assert rec.loads == [] and rec.refusals == [EMPTY_MESSAGE]


def test_handler_errors_do_not_raise_and_load_keeps_working():
    """A load or refuse handler that raises never raises into the kernel, and the next load still works."""
    calls = []

    def broken_load(name, data):
        calls.append(name)
        if name == "bad.json":
            raise ValueError("/secret/server/path")

    def broken_refuse(message):
        calls.append(message)
        raise RuntimeError("boom")

    loader = LoadButton(on_load=broken_load, on_refuse=broken_refuse)
    browser_load(loader, "bad.json", b"{}")
    assert calls == ["bad.json", FAILED_MESSAGE]
    assert loader.message == FAILED_MESSAGE and "/secret" not in loader.message
    browser_load(loader, "good.json", b"{}")
    assert calls[-1] == "good.json" and loader.message == ""
    loader.receive("junk", [])
    assert calls[-1] == MALFORMED_MESSAGE


def test_the_widget_callback_path_from_a_comm_message():
    """The message reaches receive() through ipywidgets' own custom-message path, buffers included."""
    loader = LoadButton()
    rec = Recorder(loader)
    loader._handle_custom_msg({"event": "load", "name": "c.json", "size": 1}, [memoryview(b'{"a": 1}')])
    assert rec.loads == [("c.json", b'{"a": 1}')]


def test_sizes_are_written_for_people():
    """Sizes in messages use decimal units, like the browser's refusal."""
    assert format_size(9_500_000) == "9.5 MB" and format_size(MAX_SAVE_BYTES) == "1 MB"
    assert format_size(0) == "0 bytes" and format_size(1_500) == "1.5 kB"
    assert too_large_message(1_000_001, 1_000_000) == (
        "That file is 1,000,001 bytes; a ninekit save is at most 1,000,000 bytes.")


def test_the_browser_code_checks_before_reading_and_resets_the_input():
    """The browser code compares file.size with the limit before reading, and always resets the input."""
    esm = LoadButton._esm
    check, read = esm.index("file.size > max"), esm.index("file.arrayBuffer()")
    assert check < read
    assert 'input.value = ""' in esm[esm.index("finally"):]
    assert "model.send({ event: \"load\"" in esm and "[buffer]" in esm
    assert str(WIRE_LIMIT_BYTES) in esm and "__WIRE_LIMIT__" not in esm
    assert "fa-" not in esm  # no Font Awesome icons
