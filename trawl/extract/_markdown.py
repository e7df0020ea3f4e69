"""HTML subtree -> markdown with markdownify, tuned for code, tables and definition lists."""

from __future__ import annotations

import re
from typing import Any

import lxml.html
import markdownify
from bs4 import BeautifulSoup, Comment, Doctype, NavigableString, Tag
from lxml.html import HtmlElement
from markdownify import ATX, MarkdownConverter

from ._soup import soup_from_lxml

_LANG_CLASS_RE = re.compile(
    r"^(?:language|lang|highlight|brush|code|sourcecode|syntax)[-:_]([A-Za-z0-9_+#.-]+)$", re.I
)
_LANG_ALIASES = {
    "python3": "python",
    "py": "python",
    "py3": "python",
    "ipython": "python",
    "ipython3": "python",
    "default": "python",  # Sphinx's default highlighter is Python
    "js": "javascript",
    "sh": "bash",
    "shell": "bash",
    "console": "console",
    "none": "",
    "text": "",
    "plain": "",
    "plaintext": "",
    "nohighlight": "",
}
# helpers of markdownify that its type stubs do not declare
should_remove_whitespace_inside = markdownify.should_remove_whitespace_inside  # type: ignore[attr-defined]
should_remove_whitespace_outside = markdownify.should_remove_whitespace_outside  # type: ignore[attr-defined]
_INLINE_CONTAINERS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6", "td", "th"))
_EXTRACT_NEWLINES = re.compile(r"^(\n*)((?:.*[^\n])?)(\n*)$", flags=re.DOTALL)
_NOT_LANGS = frozenset({"notranslate", "highlight", "hljs", "prettyprint", "linenums", "code",
                        "sourcecode", "literal-block", "codehilite", "chroma", "source"})


def _lang_from_classes(classes: list[str]) -> str | None:
    for cls in classes:
        m = _LANG_CLASS_RE.match(cls)
        if m:
            lang = m.group(1).lower()
            if lang in _NOT_LANGS:
                continue
            return _LANG_ALIASES.get(lang, lang)
    return None


def code_language(pre: Tag) -> str:
    """Language of a <pre> from its classes, a <code> child's, or an ancestor's (Sphinx)."""
    candidates: list[Tag] = [pre]
    code = pre.find("code")
    if isinstance(code, Tag):
        candidates.append(code)
    parent = pre.parent
    for _ in range(3):
        if not isinstance(parent, Tag):
            break
        candidates.append(parent)
        parent = parent.parent
    for el in candidates:
        raw: Any = el.get("class") or []
        classes: list[str] = raw.split() if isinstance(raw, str) else [str(c) for c in raw]
        lang = _lang_from_classes(classes)
        if lang is not None:
            return lang
        data_lang = el.get("data-lang") or el.get("data-language")
        if isinstance(data_lang, str) and data_lang.strip():
            lang = data_lang.strip().lower()
            return _LANG_ALIASES.get(lang, lang)
    return ""


def _cell_text(text: str) -> str:
    text = text.strip().replace("\n", " ")
    text = re.sub(r"\s{2,}", " ", text)
    return text.replace("|", r"\|")


_Base: Any = MarkdownConverter  # the stubs omit the hooks overridden below


class Converter(_Base):  # type: ignore[misc]
    """markdownify with fenced code languages, robust tables and definition lists."""

    def __init__(self, **options: Any) -> None:
        defaults: dict[str, Any] = {
            "heading_style": ATX,
            "bullets": "-",
            "strong_em_symbol": "*",
            "code_language_callback": code_language,
            "escape_underscores": False,
            "escape_asterisks": False,
            "escape_misc": False,
            "table_infer_header": True,
            "newline_style": "backslash",
            "wrap": True,  # with wrap_width None: collapse source line breaks, never re-wrap
            "wrap_width": None,
            "keep_inline_images_in": ["td", "th", "a", "figure"],
        }
        defaults.update(options)
        super().__init__(**defaults)
        self._li_cache: dict[int, dict[int, int]] = {}

    # -- code -----------------------------------------------------------------
    def convert_pre(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        code = el.get_text()
        code = code.strip("\n")
        if not code.strip():
            return ""
        lang = code_language(el)
        fence = "```"
        while fence in code:
            fence += "`"
        return f"\n\n{fence}{lang}\n{code}\n{fence}\n\n"

    # -- tables ---------------------------------------------------------------
    def process_tag(self, node: Any, parent_tags: set[str] | None = None) -> str:
        """markdownify's process_tag, minus its per-tag ancestor search (quadratic on big pages),
        with tables handled by :meth:`_table`."""
        if parent_tags is None:
            parent_tags = set()
        name = node.name
        if name == "table":
            return self._table(node, parent_tags)
        remove_inside = should_remove_whitespace_inside(node)
        children: list[Any] = []
        for el in node.children:
            if isinstance(el, Tag):
                children.append(el)
            elif isinstance(el, (Comment, Doctype)):
                continue
            elif isinstance(el, NavigableString):
                if str(el).strip():
                    children.append(el)
                    continue
                prev, nxt = el.previous_sibling, el.next_sibling
                at_edge = remove_inside and (not prev or not nxt)
                if not at_edge and not (
                    should_remove_whitespace_outside(prev) or should_remove_whitespace_outside(nxt)
                ):
                    children.append(el)
        child_tags = set(parent_tags)
        child_tags.add(name)
        if name in _INLINE_CONTAINERS:
            child_tags.add("_inline")
        if name in ("pre", "code", "kbd", "samp"):
            child_tags.add("_noformat")
        strings = [self.process_element(el, parent_tags=child_tags) for el in children]
        strings = [s for s in strings if s]
        if name == "pre" or "pre" in parent_tags:
            text = "".join(strings)
        else:
            collapsed = [""]
            for child_string in strings:
                m = _EXTRACT_NEWLINES.match(child_string)
                assert m is not None
                leading_nl, content, trailing_nl = m.groups()
                if collapsed[-1] and leading_nl:
                    prev_trailing_nl = collapsed.pop()
                    leading_nl = "\n" * min(2, max(len(prev_trailing_nl), len(leading_nl)))
                collapsed.extend([leading_nl, content, trailing_nl])
            text = "".join(collapsed)
        convert_fn = self.get_conv_fn_cached(name)
        if convert_fn is not None:
            text = convert_fn(node, text, parent_tags=parent_tags)
        return str(text)

    def convert_li(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        text = (text or "").strip()
        if not text:
            return "\n"
        parent = el.parent
        if parent is not None and parent.name == "ol":
            start_attr = str(parent.get("start") or "1")
            start = int(start_attr) if start_attr.isdigit() else 1
            bullet = f"{start + self._li_position(el)}."
        else:
            bullet = "-"
        bullet += " "
        indent = " " * len(bullet)
        lines = text.split("\n")
        out = [bullet + lines[0]] + [indent + line if line else "" for line in lines[1:]]
        return "\n".join(out) + "\n"

    def _li_position(self, li: Tag) -> int:
        key = id(li.parent)
        positions = self._li_cache.get(key)
        if positions is None:
            positions = {}
            i = 0
            for child in li.parent.children if li.parent is not None else []:
                if isinstance(child, Tag) and child.name == "li":
                    positions[id(child)] = i
                    i += 1
            self._li_cache[key] = positions
        return positions.get(id(li), 0)

    def _rows(self, table: Tag) -> list[Tag]:
        rows: list[Tag] = []
        for child in table.children:
            if not isinstance(child, Tag):
                continue
            if child.name == "tr":
                rows.append(child)
            elif child.name in ("thead", "tbody", "tfoot"):
                rows.extend(c for c in child.children if isinstance(c, Tag) and c.name == "tr")
        return rows

    def _table(self, table: Tag, parent_tags: set[str]) -> str:
        rows = self._rows(table)
        inner_tags = set(parent_tags) | {"table", "_inline", "td"}
        nested = table.find("table") is not None
        if nested or not rows:
            # layout table: render its cells as blocks
            parts = []
            for cell in table.find_all(["td", "th"]):
                if cell.find_parent("table") is not table:
                    continue
                parts.append(self._block(cell, parent_tags))
            body = "\n\n".join(p for p in parts if p.strip())
            return f"\n\n{body}\n\n" if body else ""
        grid: list[list[str]] = []
        header_flags: list[bool] = []
        for row in rows:
            cells = [c for c in row.children if isinstance(c, Tag) and c.name in ("td", "th")]
            texts: list[str] = []
            for cell in cells:
                content = "".join(
                    self.process_element(ch, parent_tags=inner_tags) for ch in cell.children
                )
                texts.append(_cell_text(content))
                span = str(cell.get("colspan") or "1")
                if span.isdigit():
                    texts.extend([""] * (min(int(span), 50) - 1))
            if not any(texts):
                continue
            grid.append(texts)
            header_flags.append(
                bool(cells) and (all(c.name == "th" for c in cells)
                                 or (row.parent is not None and row.parent.name == "thead"))
            )
        if not grid:
            return ""
        width = max(len(r) for r in grid)
        if width == 1 and len(grid) <= 1:
            return f"\n\n{grid[0][0]}\n\n"
        grid = [r + [""] * (width - len(r)) for r in grid]
        lines = []
        if header_flags[0]:
            head, data = grid[0], grid[1:]
        else:
            head, data = [""] * width, grid
        lines.append("| " + " | ".join(head) + " |")
        lines.append("| " + " | ".join(["---"] * width) + " |")
        for r in data:
            lines.append("| " + " | ".join(r) + " |")
        caption = table.find("caption")
        cap = ""
        if isinstance(caption, Tag):
            cap = _cell_text(caption.get_text()) + "\n\n"
        return "\n\n" + cap + "\n".join(lines) + "\n\n"

    def _block(self, el: Tag, parent_tags: set[str]) -> str:
        tags = set(parent_tags) | {"div"}
        return "".join(self.process_element(ch, parent_tags=tags) for ch in el.children).strip()

    # -- definition lists -------------------------------------------------------
    def convert_dt(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        text = re.sub(r"\s+", " ", text or "").strip()
        if "_inline" in parent_tags:
            return " " + text + " "
        if not text:
            return ""
        return f"\n\n**{text}**\n"

    # -- misc -----------------------------------------------------------------
    def convert_br(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        # a <br> with nothing after it in its block is noise
        sib = el.next_sibling
        while sib is not None:
            if isinstance(sib, Tag) or str(sib).strip():
                break
            sib = sib.next_sibling
        if sib is None or (isinstance(sib, Tag) and sib.name == "br"):
            return ""
        result: str = super().convert_br(el, text, parent_tags)
        return result

    def convert_a(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        href = el.get("href")
        if not isinstance(href, str) or not href.startswith(("http://", "https://")):
            return text
        result: str = super().convert_a(el, text, parent_tags)
        return result

    def convert_img(self, el: Tag, text: str, parent_tags: set[str]) -> str:
        alt = re.sub(r"\s+", " ", str(el.get("alt") or "")).strip()
        src = str(el.get("src") or "")
        if not src.startswith(("http://", "https://")):
            return alt
        return f"![{alt}]({src})"


def to_markdown(html: str) -> str:
    """Convert an HTML fragment to markdown."""
    soup = BeautifulSoup(html, "lxml")
    md: str = Converter().convert_soup(soup)
    return tidy_markdown(md)


def element_to_markdown(el: HtmlElement) -> str:
    """Markdown of an lxml element (and its tail): ``to_markdown(tostring(el))``, without
    serialising and re-parsing when the bs4 tree can be built directly."""
    soup = soup_from_lxml(el)
    if soup is None:
        return to_markdown(lxml.html.tostring(el, encoding="unicode", method="html"))
    md: str = Converter().convert_soup(soup)
    return tidy_markdown(md)


def tidy_markdown(md: str) -> str:
    """Strip trailing spaces and collapse blank-line runs, leaving fenced code untouched."""
    out: list[str] = []
    fence: str | None = None
    blank = False
    for line in md.split("\n"):
        stripped = line.strip()
        if fence is None and stripped.startswith("```"):
            fence = stripped[: len(stripped) - len(stripped.lstrip("`"))]
        elif fence is not None and stripped == fence:
            fence = None
            out.append(line)
            blank = False
            continue
        if fence is not None:
            out.append(line)
            blank = False
            continue
        line = line.rstrip()
        if not line:
            if blank:
                continue
            blank = True
        else:
            blank = False
        out.append(line)
    text = "\n".join(out).strip("\n")
    return text + "\n" if text.strip() else ""


__all__ = ["Converter", "NavigableString", "to_markdown"]
