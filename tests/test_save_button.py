"""The Save button (widgets/save.py), driven without a browser through the messages the page sends.

What Python sends back to the page is caught by replacing ``send``.  The download in Chromium is in
tests/browser/test_save_resume_widgets.py.
"""

from __future__ import annotations

import pytest
import traitlets

from widgets.save import (
    FAILED_MESSAGE,
    MAX_SAVE_BYTES,
    NO_PROVIDER_MESSAGE,
    WIRE_LIMIT_BYTES,
    SaveButton,
    safe_filename,
)


def make(provider=None, **kwargs):
    """A SaveButton whose messages to the page are kept in ``.sent`` and its errors in ``.errors``."""
    saver = SaveButton(provider=provider, **kwargs)
    saver.sent, saver.errors = [], []
    saver.send = lambda content, buffers=None: saver.sent.append(content)
    saver.on_error(saver.errors.append)
    return saver


def press(saver: SaveButton, request="view-1") -> None:
    """What the page sends when the button is pressed."""
    saver.receive({"event": "save", "request": request}, [])


def test_a_press_sends_the_providers_file_to_the_page():
    """A press calls the provider at that moment and sends its (name, text) back with the press's id."""
    moves = []
    saver = make(lambda: (f"game-move{len(moves)}.json", f'{{"moves": {len(moves)}}}'))
    moves.append("a")
    press(saver)
    assert saver.sent == [{"event": "file", "name": "game-move1.json", "text": '{"moves": 1}', "request": "view-1"}]
    assert saver.errors == [] and saver.message == ""


def test_save_in_python_does_what_a_press_does_and_returns_what_was_sent():
    """save() sends the file (for every view: request None) and returns (name, text)."""
    saver = make(lambda: ("a.json", "{}"))
    assert saver.save() == ("a.json", "{}")
    assert saver.sent == [{"event": "file", "name": "a.json", "text": "{}", "request": None}]


def test_a_provider_that_raises_sends_nothing_and_tells_the_player_without_a_traceback():
    """A failing provider sends nothing; on_error gets a plain sentence, never the exception's internals."""
    def broken():
        raise RuntimeError("/srv/secret/path.py line 3: KeyError 'hand'")

    saver = make(broken)
    press(saver)
    assert saver.sent == []
    assert saver.errors == [FAILED_MESSAGE] and saver.message == FAILED_MESSAGE
    assert "/srv" not in saver.errors[0] and "Traceback" not in saver.errors[0]


def test_a_providers_value_error_is_told_in_its_own_words():
    """ninekit's own refusals (ValueError) are worded for players and are passed on."""
    def refuse():
        raise ValueError("save is 2,000,000 bytes; a ninekit save is at most 1,000,000 bytes")

    saver = make(refuse)
    assert saver.save() is None and saver.sent == []
    assert saver.errors == ["Could not save this game: save is 2,000,000 bytes; a ninekit save is at most "
                            "1,000,000 bytes."]


def test_text_over_the_save_limit_is_not_sent():
    """A text over MAX_SAVE_BYTES (counted in UTF-8 bytes) is refused; exactly at the limit is sent."""
    saver = make(lambda: ("big.json", "x" * (MAX_SAVE_BYTES + 1)))
    press(saver)
    assert saver.sent == [] and len(saver.errors) == 1 and "1,000,001 bytes" in saver.errors[0]
    saver.on_save(lambda: ("edge.json", "x" * MAX_SAVE_BYTES))
    press(saver)
    assert len(saver.sent) == 1 and saver.message == ""  # a successful save clears the earlier message
    # Characters are not bytes: 400,000 three-byte characters are 1.2 MB.
    saver.on_save(lambda: ("wide.json", "€" * 400_000))
    assert saver.save() is None and "1,200,000 bytes" in saver.errors[-1]


def test_max_bytes_is_bounded_and_not_sent_to_the_page():
    """The limit Python enforces is not synced (the page cannot raise it) and stays under the websocket limit."""
    saver = SaveButton()
    assert saver.max_bytes == MAX_SAVE_BYTES and "max_bytes" not in saver.get_state()
    with pytest.raises(traitlets.TraitError):
        saver.max_bytes = WIRE_LIMIT_BYTES + 1
    with pytest.raises(traitlets.TraitError):
        SaveButton(max_bytes=0)


@pytest.mark.parametrize("made", [None, "just text", ("a.json",), ("a.json", b"bytes"), ("a.json", 5),
                                  ("a.json", "\ud800 lone surrogate")])
def test_a_provider_returning_the_wrong_thing_is_an_error_not_a_crash(made):
    """Anything but (name, str text) that can be written as UTF-8 is refused with the plain failure message."""
    saver = make(lambda: made)
    press(saver)
    assert saver.sent == [] and saver.errors == [FAILED_MESSAGE]


def test_no_provider_yet_says_there_is_nothing_to_save():
    """Pressing Save before any provider is registered tells the player, and sends nothing."""
    saver = make()
    press(saver)
    assert saver.sent == [] and saver.errors == [NO_PROVIDER_MESSAGE]


@pytest.mark.parametrize("content", [None, "save", [], {}, {"event": "file"}, {"event": "SAVE"},
                                     {"event": "save", "request": 7}, {"event": "save", "request": "x" * 65},
                                     {"event": ["save"]}])
def test_malformed_messages_from_the_page_are_ignored(content):
    """A message that is not exactly a save press is ignored: the provider is not called, nothing is said."""
    calls = []
    saver = make(lambda: calls.append(1) or ("a.json", "{}"))
    saver.receive(content, [])
    assert calls == [] and saver.sent == [] and saver.errors == []


def test_a_disabled_button_ignores_presses():
    """While disabled, a press that still arrives (a hostile page) does nothing; enabled again, it saves."""
    calls = []
    saver = make(lambda: calls.append(1) or ("a.json", "{}"), disabled=True)
    assert saver.get_state()["disabled"] is True
    press(saver)
    assert saver.save() is None and calls == [] and saver.sent == []
    saver.disabled = False
    press(saver)
    assert calls == [1] and len(saver.sent) == 1


def test_the_file_name_cannot_name_a_folder_or_be_empty():
    """The name sent to the page has no folders or control characters, is not hidden, and is never empty."""
    saver = make(lambda: ("../../.bashrc\n", "{}"))
    assert saver.save() == ("_.._.bashrc_", "{}")
    assert safe_filename("C:\\Users\\x.json") == "C_Users_x.json"
    assert safe_filename("...") == "ninekit-save.json"
    long = safe_filename("n" * 500 + ".json")
    assert len(long) == 120 and long.endswith(".json")


def test_a_failing_error_handler_or_closed_comm_does_not_raise():
    """An on_error handler that raises is logged; a send that fails (closed comm) becomes an error message."""
    saver = make(lambda: ("a.json", "{}"))
    saver.on_error(lambda message: 1 / 0)

    def closed(content, buffers=None):
        raise RuntimeError("comm closed")

    saver.send = closed
    press(saver)  # must not raise
    assert saver.errors == [FAILED_MESSAGE]


def test_note_and_looks_are_in_the_widget_state():
    """The note, label and disabled flag reach the page; the button is an ipywidgets-styled <button>."""
    saver = SaveButton(note="The file holds every seat's secrets.")
    state = saver.get_state()
    assert state["note"] == "The file holds every seat's secrets."
    assert state["description"] == "Save" and state["disabled"] is False
    assert 'document.createElement("button")' in saver._esm and "jupyter-button widget-button" in saver._esm
    assert "URL.revokeObjectURL" in saver._esm


