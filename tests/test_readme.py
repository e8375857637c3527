"""README tells the truth: its Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_example_runs(capsys):
    """The README's Python block runs and prints what its comments say."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks, "README has no Python example"
    for code in blocks:
        exec(compile(code, str(README), "exec"), {})
    out = capsys.readouterr().out
    assert "South: assign Duty Tokens to the Small Number Group (1-3)" in out


def test_readme_names_the_two_commands_and_the_screenshot():
    """The README gives `make play` and `make test`, and its screenshot exists."""
    text = README.read_text()
    assert "make play" in text and "make test" in text
    for image in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text):
        assert (README.parent / image).is_file(), image
