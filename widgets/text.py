"""A very small Markdown-to-HTML converter for the Rules panel.

Headings (#), bullet and numbered lists, paragraphs, **bold**, *italic*
and `code`; everything else is escaped text.

    >>> markdown_to_html("# Goal\\nReach **nine**.\\n\\n- one\\n- two")
    '<h3>Goal</h3>\\n<p>Reach <b>nine</b>.</p>\\n<ul><li>one</li><li>two</li></ul>'
"""

from __future__ import annotations

import re

from .svg import esc


def _inline(text: str) -> str:
    text = esc(text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"<i>\1</i>", text)
    return text


def markdown_to_html(source: str) -> str:
    blocks: list[str] = []
    para: list[str] = []
    items: list[str] = []
    list_tag = ""

    def flush() -> None:
        nonlocal list_tag
        if para:
            blocks.append("<p>" + _inline(" ".join(para)) + "</p>")
            para.clear()
        if items:
            blocks.append(f"<{list_tag}>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + f"</{list_tag}>")
            items.clear()
            list_tag = ""

    for raw in str(source or "").splitlines():
        line = raw.strip()
        heading = re.match(r"(#{1,6})\s+(.*)", line)
        bullet = re.match(r"[-*+]\s+(.*)", line)
        numbered = re.match(r"\d+[.)]\s+(.*)", line)
        if not line:
            flush()
        elif heading:
            flush()
            level = min(6, len(heading.group(1)) + 2)
            blocks.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif bullet or numbered:
            tag = "ul" if bullet else "ol"
            if para or (items and list_tag != tag):
                flush()
            list_tag = tag
            items.append((bullet or numbered).group(1))
        elif items and raw[:1] in (" ", "\t"):
            items[-1] += " " + line
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return "\n".join(blocks)
