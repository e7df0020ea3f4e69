"""HTML (an lxml subtree) -> markdown, tuned for code, tables and definition lists.

Why this walks the lxml tree itself: the converter used to build a BeautifulSoup tree from the
subtree and run a markdownify subclass over it. Creating and visiting those bs4 objects cost
about 33 ms of the ~78 ms a Python-docs page's extraction takes; reading ``.tag``, ``.text``,
``.tail`` and attributes straight off the lxml elements does the same work several times faster.

The output is byte-for-byte what that pipeline gave, so the code below is a port of markdownify
1.2 (``process_tag``, ``process_text``, ``chomp`` and the ``convert_*`` functions, for the options
it ran with: ATX headings, "-" bullets, "*" emphasis, no escaping, header rows inferred, backslash
line breaks, whitespace collapsed but never re-wrapped) plus the overrides it had: fenced code
with a detected language, li numbering from ``<ol start>``, tables (layout and nested tables as
blocks, colspan, captions), ``**term**`` definition lists, no trailing ``<br>``, links only for
absolute http(s) URLs, images only with an absolute src. It also reproduces how the bs4 tree
differed from lxml's, as it was the tree of ``tostring(el)`` parsed again:

* the subtree sits in ``<html><body>``, its tail after it;
* a string of nothing but ASCII whitespace (outside <pre>/<textarea>) is one space or newline;
* an empty ``<li>``'s tail is inside it (lxml writes no ``</li>`` for it);
* href/src values are as libxml2 writes them (%-escaped);
* ``get_text`` skips strings inside rt, rp, script, style and template.

Subtrees that serialisation would change more than that (raw-text elements, an empty <li> before
a non-<li>) are serialised and parsed again, as before. Not reproduced, as the trees never hold
them here: comments and processing instructions (``parse`` drops them), and markdownify's quirks
of raising on a ``<soup>`` element or on a bad ``<ol start>`` inside a ``<pre>`` (whose children
it converted, then ignored; here they are not converted at all).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import islice
from typing import Any, TypeAlias

import lxml.html
from lxml import etree
from lxml.html import HtmlElement

from ._parse import parse

# -- flags: the parent_tags markdownify looks at, and facts about the bs4 tree -------------------
_PRE = 1  # "pre" in parent_tags: text keeps its whitespace, children are not newline-collapsed
_NOFORMAT = 2  # inside pre/code/kbd/samp: no inline markup
_INLINE = 4  # inside a heading or table cell: blocks become inline
_IN_LI = 8  # inside a list item: nested lists lose their blank lines
_PRESERVE = 16  # bs4 keeps whitespace-only strings as they are (inside <pre>/<textarea>)
_CONTAINER = 32  # bs4 gives strings here a special type, which get_text() leaves out
_STRUCTURAL = _PRESERVE | _CONTAINER  # follow the tree, not markdownify's processing
_FLAGS: dict[str, int] = {
    "pre": _PRE | _NOFORMAT | _PRESERVE,
    "code": _NOFORMAT, "kbd": _NOFORMAT, "samp": _NOFORMAT,
    "h1": _INLINE, "h2": _INLINE, "h3": _INLINE, "h4": _INLINE, "h5": _INLINE, "h6": _INLINE,
    "td": _INLINE, "th": _INLINE,
    "li": _IN_LI,
    "textarea": _PRESERVE,
    "rt": _CONTAINER, "rp": _CONTAINER, "script": _CONTAINER, "style": _CONTAINER,
    "template": _CONTAINER,
}
_CONTAINER_TAGS = ("rt", "rp", "script", "style", "template")

# markdownify's block elements: whitespace-only strings next to them (or just inside them) go
_BLOCKS = frozenset(("p", "blockquote", "article", "div", "section", "ol", "ul", "li", "dl", "dt",
                     "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th"))
_HEADING_RE = re.compile(r"h(\d+)")  # markdownify matches a prefix: "h1", but also "h10", "h2x"
_ALL_WS = re.compile(r"[\t \r\n]+")
_ANY_WS = re.compile(r"\s+")
_BACKTICKS = re.compile(r"`+")
_CONVERT_NAME = re.compile(r"[\[\]:-]")
_ASCII_SPACES = " \n\t\x0c\r"  # bs4's
_KEEP_INLINE_IMAGES = ("td", "th", "a", "figure")
_HTTP = ("http://", "https://")

# Serialised and parsed again, these come back different: raw-text elements (and <meta>, whose
# charset bs4 rewrote). <iframe> and <meta> are dropped by basic_clean, but not by every caller.
_RAW_TEXT = ("xmp", "plaintext", "noembed", "noframes", "iframe", "meta")
# libxml2 %-escapes URI attributes when it writes them; values of only these chars stay as they are
_SAFE_URI = re.compile(r"[A-Za-z0-9\-_.!~*'()@/:=?;#%&,+]*")

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
_NOT_LANGS = frozenset({"notranslate", "highlight", "hljs", "prettyprint", "linenums", "code",
                        "sourcecode", "literal-block", "codehilite", "chroma", "source"})


class _Fallback(Exception):
    """The subtree would not survive serialisation unchanged: serialise and parse instead."""


class _Virtual:
    """An element the bs4 tree had and the lxml subtree lacks: the document, <html>, <body>."""

    __slots__ = ("children", "parent", "tag")

    def __init__(self, tag: str, children: list[Any]) -> None:
        self.tag = tag
        self.children = children
        self.parent: _Virtual | None = None
        for child in children:
            if type(child) is _Virtual:
                child.parent = self

    def get(self, key: str, default: str | None = None) -> str | None:
        return default  # no attributes


# A child in bs4's sense: a string (``type(node) is str``), an lxml element, or a _Virtual.
_Node: TypeAlias = Any
_Converter = Callable[["_Walker", Any, str, int, list[Any], int, Any], str]


def _collapse_ws(text: str) -> str:
    """bs4's treatment of a string outside <pre>/<textarea>: all ASCII whitespace -> one char."""
    if text.strip(_ASCII_SPACES):
        return text
    return "\n" if "\n" in text else " "


@lru_cache(maxsize=1024)
def _ws_inside(tag: str) -> bool:
    """markdownify's should_remove_whitespace_inside, by tag name."""
    return tag in _BLOCKS or _HEADING_RE.match(tag) is not None


@lru_cache(maxsize=1024)
def _ws_outside(tag: str) -> bool:
    """markdownify's should_remove_whitespace_outside, by tag name."""
    return tag == "pre" or _ws_inside(tag)


def _is_outside_block(node: _Node | None) -> bool:
    return node is not None and type(node) is not str and _ws_outside(node.tag)


def _chomp(text: str) -> tuple[str, str, str]:
    """markdownify's chomp: move one edge space of inline markup's text outside it."""
    prefix = " " if text and text[0] == " " else ""
    suffix = " " if text and text[-1] == " " else ""
    return prefix, suffix, text.strip()


def _join_collapsing(strings: list[str]) -> str:
    """Join children's markdown; where newlines meet, keep the longer run (at most two)."""
    if len(strings) < 2:  # (the common case: nothing meets)
        return strings[0] if strings else ""
    parts: list[str] = []
    last_trailing = 0  # newlines the last part (a separate entry of ``parts``) ends with
    for s in strings:
        if s[0] != "\n" and s[-1] != "\n":  # nothing to collapse
            parts.append(s)
            last_trailing = 0
            continue
        body = s.lstrip("\n")
        leading = len(s) - len(body)
        content = body.rstrip("\n")
        trailing = len(body) - len(content)
        if last_trailing and leading:
            parts.pop()
            leading = min(2, max(last_trailing, leading))
        parts += ("\n" * leading, content, "\n" * trailing)
        last_trailing = trailing
    return "".join(parts)


def _lang_from_classes(classes: list[str]) -> str | None:
    for cls in classes:
        m = _LANG_CLASS_RE.match(cls)
        if m:
            lang = m.group(1).lower()
            if lang in _NOT_LANGS:
                continue
            return _LANG_ALIASES.get(lang, lang)
    return None


def _cell_text(text: str) -> str:
    text = text.strip().replace("\n", " ")
    text = re.sub(r"\s{2,}", " ", text)
    return text.replace("|", r"\|")


@lru_cache(maxsize=4096)
def _roundtrip_uri(tag: str, name: str, value: str) -> str:
    """``name``'s value after serialising ``<tag name=value>`` and parsing it again."""
    try:
        el = etree.Element(tag)
        el.set(name, value)
    except ValueError as exc:  # a value etree refuses (the HTML parser does not)
        raise _Fallback from exc
    html = lxml.html.tostring(el, encoding="unicode", method="html")
    parsed = etree.fromstring(html, etree.HTMLParser()).find(".//" + tag)
    result = parsed.get(name) if parsed is not None else None
    if not isinstance(result, str):
        raise _Fallback
    return result


def _needs_reparse(el: HtmlElement) -> bool:
    """Whether ``tostring(el)`` parses into a tree other than el's (see the module docstring)."""
    if not isinstance(el.tag, str) or el.tag in ("html", "head"):
        return True
    if next(el.iter(*_RAW_TEXT), None) is not None:
        return True
    for li in el.iter("li"):
        if li.text or len(li):
            continue
        # written as a bare "<li>": what follows it is parsed into it
        nxt = li.getnext()
        if li is el or (nxt is not None and nxt.tag != "li"):
            return True
    return False


class _Walker:
    """One conversion. ``serialised``: reproduce ``tostring(root)`` parsed again (see above)."""

    def __init__(self, root: HtmlElement, root_parent: _Virtual, serialised: bool) -> None:
        self._root = root
        self._root_parent = root_parent
        self._serialised = serialised
        self._li_positions: dict[int, tuple[list[_Node], dict[int, int]]] = {}

    # -- tree access, as bs4 saw it --------------------------------------------------------------
    def _children(self, node: Any, flags: int) -> list[_Node]:
        """The children of ``node``: strings (bs4-collapsed unless preserved) and elements.
        ``flags`` are those in force inside ``node``."""
        if type(node) is _Virtual:
            return node.children
        preserve = flags & _PRESERVE
        out: list[_Node] = []
        text = node.text
        if text:
            out.append(text if preserve else _collapse_ws(text))
        elif self._serialised and node.tag == "li" and not len(node) and node is not self._root:
            tail = node.tail  # an empty <li>'s tail is inside it
            if tail:
                out.append(tail if preserve else _collapse_ws(tail))
        for child in node:
            tag = child.tag
            if isinstance(tag, str):  # comments and PIs are skipped, their tails kept
                out.append(child)
                if tag == "li" and self._serialised and not child.text and not len(child):
                    continue  # its tail went into it
            tail = child.tail
            if tail:
                out.append(tail if preserve else _collapse_ws(tail))
        return out

    def _parent(self, node: Any) -> Any:
        if node is self._root:
            return self._root_parent
        if type(node) is _Virtual:
            return node.parent
        return node.getparent()

    def _find_all(self, node: Any, tag: str) -> list[Any]:
        """bs4's ``node.find_all(tag)``: descendants named ``tag``."""
        if type(node) is _Virtual:
            found: list[Any] = []
            for child in node.children:
                if type(child) is _Virtual:
                    found += [child] if child.tag == tag else []
                    found += self._find_all(child, tag)
                elif type(child) is not str:
                    found += child.iter(tag)
            return found
        return [el for el in node.iter(tag) if el is not node]

    def _previous_element(self, node: Any) -> Any:
        """bs4's ``node.find_previous_sibling()``: the nearest element before ``node``."""
        if node is self._root or type(node) is _Virtual:
            return None  # first in its (virtual) parent
        for sib in node.itersiblings(preceding=True):
            if isinstance(sib.tag, str):
                return sib
        return None

    def _uri(self, el: Any, name: str) -> str | None:
        """A URI attribute as bs4 saw it: as libxml2 writes it."""
        value: str | None = el.get(name)
        if value is None or not self._serialised or _SAFE_URI.fullmatch(value):
            return value
        return _roundtrip_uri(el.tag, name, value)

    def _get_text(self, el: Any, flags: int) -> str:
        """bs4's ``el.get_text()``; ``flags`` are those in force inside ``el``."""
        if flags & _CONTAINER:
            return ""
        if flags & _PRESERVE and next(el.iter(*_CONTAINER_TAGS), None) is None:
            return "".join(el.itertext())  # itertext skips comments, as get_text does
        parts: list[str] = []
        self._strings(el, flags, parts)
        return "".join(parts)

    def _strings(self, node: Any, flags: int, out: list[str]) -> None:
        keep = not flags & _CONTAINER
        preserve = flags & _PRESERVE
        if keep and node.text:
            out.append(node.text if preserve else _collapse_ws(node.text))
        for child in node:
            if isinstance(child.tag, str):
                self._strings(child, flags | _FLAGS.get(child.tag, 0) & _STRUCTURAL, out)
            if keep and child.tail:
                out.append(child.tail if preserve else _collapse_ws(child.tail))

    # -- markdownify's process_tag / process_text ------------------------------------------------
    def tag(self, el: Any, flags: int, siblings: list[_Node], index: int, parent: Any) -> str:
        """Markdown of an element; ``flags`` are its parent's (markdownify's parent_tags)."""
        name: str = el.tag
        if name == "table":
            return self._table(el, flags)
        if name == "pre":  # convert_pre reads the raw text, not the converted children
            return self._pre(el, flags | _FLAGS["pre"])
        child_flags = flags | _FLAGS.get(name, 0)
        strings = self._convert_children(el, self._children(el, child_flags), child_flags, True)
        text = "".join(strings) if child_flags & _PRE else _join_collapsing(strings)
        convert = _converter(name)
        if convert is None:
            return text
        return convert(self, el, text, flags, siblings, index, parent)

    def _convert_children(self, el: Any, children: list[_Node], flags: int,
                          skip_blank: bool) -> list[str]:
        """The non-empty markdown of each child; with ``skip_blank``, whitespace-only strings
        at a block's edge or next to a block are left out (as markdownify's process_tag does)."""
        inside = _ws_inside(el.tag)
        out: list[str] = []
        last = len(children) - 1
        for i, child in enumerate(children):
            if type(child) is str:
                if skip_blank and not child.strip():
                    prev = children[i - 1] if i else None
                    nxt = children[i + 1] if i < last else None
                    if (inside and (prev is None or nxt is None)) or \
                            _is_outside_block(prev) or _is_outside_block(nxt):
                        continue
                s = self._text(child, children, i, inside, flags)
            else:
                s = self.tag(child, flags, children, i, el)
            if s:
                out.append(s)
        return out

    def _text(self, text: str, siblings: list[_Node], i: int, parent_inside: bool,
              flags: int) -> str:
        """markdownify's process_text (escaping is off)."""
        if not flags & _PRE:
            text = _ALL_WS.sub(" ", text)
        prev = siblings[i - 1] if i else None
        if (parent_inside and prev is None) or _is_outside_block(prev):
            text = text.lstrip(" \t\r\n")
        nxt = siblings[i + 1] if i + 1 < len(siblings) else None
        if (parent_inside and nxt is None) or _is_outside_block(nxt):
            text = text.rstrip()
        return text

    # -- code ------------------------------------------------------------------------------------
    def _pre(self, el: Any, flags: int) -> str:
        code = self._get_text(el, flags).strip("\n")
        if not code.strip():
            return ""
        lang = self._code_language(el)
        fence = "```"
        while fence in code:
            fence += "`"
        return f"\n\n{fence}{lang}\n{code}\n{fence}\n\n"

    def _code_language(self, pre: Any) -> str:
        """Language of a <pre> from its classes, a <code> child's, or an ancestor's (Sphinx)."""
        candidates = [pre]
        code = next(pre.iter("code"), None)
        if code is not None:
            candidates.append(code)
        node = pre
        for _ in range(3):
            node = self._parent(node)
            if node is None or type(node) is _Virtual:  # wrappers have no attributes
                break
            candidates.append(node)
        for el in candidates:
            lang = _lang_from_classes((el.get("class") or "").split())
            if lang is not None:
                return lang
            data_lang = el.get("data-lang") or el.get("data-language")
            if data_lang and data_lang.strip():
                lang = data_lang.strip().lower()
                return _LANG_ALIASES.get(lang, lang)
        return ""

    # -- tables ----------------------------------------------------------------------------------
    def _table(self, table: Any, flags: int) -> str:
        rows = _rows(table)
        nested = next(islice(table.iter("table"), 1, None), None) is not None
        if nested or not rows:
            return self._layout_table(table, flags)
        inner = flags | _INLINE
        grid: list[list[str]] = []
        header_flags: list[bool] = []
        for row in rows:
            cells = [c for c in row if c.tag in ("td", "th")]
            texts: list[str] = []
            for cell in cells:
                children = self._children(cell, inner)
                content = "".join(self._convert_children(cell, children, inner, False))
                texts.append(_cell_text(content))
                span = str(cell.get("colspan") or "1")
                if span.isdigit():
                    texts.extend([""] * (min(int(span), 50) - 1))
            if not any(texts):
                continue
            grid.append(texts)
            header_flags.append(bool(cells) and (all(c.tag == "th" for c in cells)
                                                 or row.getparent().tag == "thead"))
        if not grid:
            return ""
        width = max(len(r) for r in grid)
        if width == 1 and len(grid) <= 1:
            return f"\n\n{grid[0][0]}\n\n"
        grid = [r + [""] * (width - len(r)) for r in grid]
        if header_flags[0]:
            head, data = grid[0], grid[1:]
        else:
            head, data = [""] * width, grid
        lines = ["| " + " | ".join(head) + " |", "| " + " | ".join(["---"] * width) + " |"]
        lines += ["| " + " | ".join(r) + " |" for r in data]
        return "\n\n" + self._caption(table, flags) + "\n".join(lines) + "\n\n"

    def _caption(self, table: Any, flags: int) -> str:
        caption = next(table.iter("caption"), None)  # anywhere in the table, as bs4's find()
        if caption is None:
            return ""
        bits = flags & _STRUCTURAL
        node = caption.getparent()
        while node is not table:
            bits |= _FLAGS.get(node.tag, 0) & _STRUCTURAL
            node = node.getparent()
        return _cell_text(self._get_text(caption, bits)) + "\n\n"

    def _layout_table(self, table: Any, flags: int) -> str:
        """A layout table (nested tables, or no rows): its cells as blocks."""
        parts = []
        context = flags & ~_STRUCTURAL
        for cell, bits in _own_cells(table, flags & _STRUCTURAL):
            cell_flags = context | bits
            children = self._children(cell, cell_flags)
            parts.append("".join(self._convert_children(cell, children, cell_flags, False)).strip())
        body = "\n\n".join(p for p in parts if p.strip())
        return f"\n\n{body}\n\n" if body else ""

    # -- convert_* (markdownify's and the overrides); ``flags`` are the element's parent's -------
    def _document(self, el: Any, text: str, *_: Any) -> str:
        return text.strip("\n")

    def _a(self, el: Any, text: str, flags: int, *_: Any) -> str:
        href = self._uri(el, "href")
        if href is None or not href.startswith(_HTTP) or flags & _NOFORMAT:
            return text
        prefix, suffix, text = _chomp(text)
        if not text:
            return ""
        title = el.get("title")
        if text.replace(r"\_", "_") == href and not title:  # (markdownify's autolinks)
            return f"<{href}>"
        title_part = ' "{}"'.format(title.replace('"', r"\"")) if title else ""
        return f"{prefix}[{text}]({href}{title_part}){suffix}"

    def _blockquote(self, el: Any, text: str, flags: int, *_: Any) -> str:
        text = text.strip(" \t\r\n")
        if flags & _INLINE:
            return " " + text + " "
        if not text:
            return "\n"
        text = "\n".join("> " + line if line else ">" for line in text.split("\n"))
        return "\n" + text + "\n\n"

    def _br(self, el: Any, text: str, flags: int, siblings: list[_Node], index: int,
            *_: Any) -> str:
        # a <br> with nothing after it in its block is noise
        nxt: _Node | None = None
        for sib in islice(siblings, index + 1, None):
            if type(sib) is not str or sib.strip():
                nxt = sib
                break
        if nxt is None or (type(nxt) is not str and nxt.tag == "br"):
            return ""
        if flags & _INLINE:
            return text + " " if text else " "
        return "\\\n" + text

    def _code(self, el: Any, text: str, flags: int, *_: Any) -> str:
        if flags & _NOFORMAT:
            return text
        prefix, suffix, text = _chomp(text)
        if not text:
            return ""
        longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
        delimiter = "`" * (longest + 1)
        if longest:
            text = " " + text + " "
        return f"{prefix}{delimiter}{text}{delimiter}{suffix}"

    def _div(self, el: Any, text: str, flags: int, *_: Any) -> str:
        if flags & _INLINE:
            return " " + text.strip() + " "
        text = text.strip()
        return f"\n\n{text}\n\n" if text else ""

    def _dd(self, el: Any, text: str, flags: int, *_: Any) -> str:
        text = text.strip()
        if flags & _INLINE:
            return " " + text + " "
        if not text:
            return "\n"
        text = "\n".join("    " + line if line else "" for line in text.split("\n"))
        return ":" + text[1:] + "\n"

    def _dt(self, el: Any, text: str, flags: int, *_: Any) -> str:
        text = _ANY_WS.sub(" ", text).strip()
        if flags & _INLINE:
            return " " + text + " "
        if not text:
            return ""
        return f"\n\n**{text}**\n"

    def _heading(self, level: int, text: str, flags: int) -> str:
        if flags & _INLINE:
            return text
        text = _ALL_WS.sub(" ", text.strip())
        return "\n\n{} {}\n\n".format("#" * max(1, min(6, level)), text)

    def _hr(self, *_: Any) -> str:
        return "\n\n---\n\n"

    def _img(self, el: Any, *_: Any) -> str:
        alt = _ANY_WS.sub(" ", el.get("alt") or "").strip()
        src = self._uri(el, "src") or ""
        if not src.startswith(_HTTP):
            return alt
        return f"![{alt}]({src})"

    def _video(self, el: Any, text: str, flags: int, siblings: list[_Node], index: int,
               parent: Any) -> str:
        if flags & _INLINE and parent.tag not in _KEEP_INLINE_IMAGES:
            return text
        src = self._uri(el, "src") or ""
        if not src:
            source = next((s for s in el.iter("source") if s.get("src") is not None), None)
            if source is not None:
                src = self._uri(source, "src") or ""
        poster = el.get("poster") or ""
        if src and poster:
            return f"[![{text}]({poster})]({src})"
        if src:
            return f"[{text}]({src})"
        if poster:
            return f"![{text}]({poster})"
        return text

    def _list(self, el: Any, text: str, flags: int, siblings: list[_Node], index: int,
              *_: Any) -> str:
        if flags & _IN_LI:
            return "\n" + text.rstrip()
        nxt = next((s for s in islice(siblings, index + 1, None)
                    if type(s) is not str or s.strip()), None)
        before_paragraph = nxt is not None and (type(nxt) is str or nxt.tag not in ("ul", "ol"))
        return "\n\n" + text + ("\n" if before_paragraph else "")

    def _li(self, el: Any, text: str, flags: int, siblings: list[_Node], index: int,
            parent: Any) -> str:
        text = text.strip()
        if not text:
            return "\n"
        if parent.tag == "ol":
            start_attr = str(parent.get("start") or "1")
            start = int(start_attr) if start_attr.isdigit() else 1
            bullet = f"{start + self._li_position(siblings, index)}. "
        else:
            bullet = "- "
        indent = " " * len(bullet)
        lines = text.split("\n")
        out = [bullet + lines[0]] + [indent + line if line else "" for line in lines[1:]]
        return "\n".join(out) + "\n"

    def _li_position(self, siblings: list[_Node], index: int) -> int:
        """How many <li> come before ``siblings[index]`` (counted once per list)."""
        cached = self._li_positions.get(id(siblings))
        if cached is None:
            positions: dict[int, int] = {}
            for i, node in enumerate(siblings):
                if type(node) is not str and node.tag == "li":
                    positions[i] = len(positions)
            cached = self._li_positions[id(siblings)] = (siblings, positions)  # (keeps id unique)
        return cached[1].get(index, 0)

    def _p(self, el: Any, text: str, flags: int, *_: Any) -> str:
        if flags & _INLINE:
            return " " + text.strip(" \t\r\n") + " "
        text = text.strip(" \t\r\n")
        return f"\n\n{text}\n\n" if text else ""

    def _q(self, el: Any, text: str, *_: Any) -> str:
        return '"' + text + '"'

    def _drop(self, *_: Any) -> str:
        return ""

    def _caption_tag(self, el: Any, text: str, *_: Any) -> str:
        return text.strip() + "\n\n"

    def _figcaption(self, el: Any, text: str, *_: Any) -> str:
        return "\n\n" + text.strip() + "\n\n"

    def _cell(self, el: Any, text: str, *_: Any) -> str:
        """A <td>/<th> met outside a table's rows."""
        return " " + text.strip().replace("\n", " ") + " |" * _colspan(el)

    def _tr(self, el: Any, text: str, flags: int, siblings: list[_Node], index: int,
            parent: Any) -> str:
        """A <tr> met outside a table's rows (markdownify's convert_tr)."""
        cells = list(el.iter("td", "th"))
        is_first_row = not any(type(s) is not str for s in islice(siblings, index))
        is_headrow = all(c.tag == "th" for c in cells) or (
            parent.tag == "thead" and len(self._find_all(parent, "tr")) == 1)
        is_head_row_missing = (is_first_row and parent.tag != "tbody") or (
            is_first_row and parent.tag == "tbody"
            and len(self._find_all(self._parent(parent), "thead")) < 1)
        full_colspan = sum(_colspan(c) for c in cells)
        overline = underline = ""
        if (is_headrow or is_head_row_missing) and is_first_row:  # (table_infer_header)
            underline = "| " + " | ".join(["---"] * full_colspan) + " |\n"
        elif is_first_row and (parent.tag == "table" or (
                parent.tag == "tbody" and self._previous_element(parent) is None)):
            overline = "| " + " | ".join([""] * full_colspan) + " |\n"
            overline += "| " + " | ".join(["---"] * full_colspan) + " |\n"
        return overline + "|" + text + "\n" + underline


def _inline(markup: str) -> _Converter:
    """markdownify's abstract_inline_conversion: ``markup`` around the chomped text."""
    def convert(walker: _Walker, el: Any, text: str, flags: int, *_: Any) -> str:
        if flags & _NOFORMAT:
            return text
        prefix, suffix, text = _chomp(text)
        if not text:
            return ""
        return f"{prefix}{markup}{text}{markup}{suffix}"
    return convert


def _colspan(cell: Any) -> int:
    span = cell.get("colspan")
    return max(1, min(1000, int(span))) if span is not None and span.isdigit() else 1


def _rows(table: Any) -> list[Any]:
    rows: list[Any] = []
    for child in table:
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(c for c in child if c.tag == "tr")
    return rows


def _own_cells(node: Any, bits: int) -> Iterator[tuple[Any, int]]:
    """The td/th under ``node`` not inside a nested table, in document order, with the
    structural flags in force inside each."""
    for child in node:
        tag = child.tag
        if not isinstance(tag, str) or tag == "table":
            continue
        child_bits = bits | _FLAGS.get(tag, 0) & _STRUCTURAL
        if tag in ("td", "th"):
            yield child, child_bits
        yield from _own_cells(child, child_bits)


# convert_<name> by markdownify's name mangling; table and pre are handled before this lookup
_CONVERTERS: dict[str, _Converter] = {
    "_document_": _Walker._document,
    "a": _Walker._a,
    "b": _inline("**"), "strong": _inline("**"),
    "em": _inline("*"), "i": _inline("*"),
    "del": _inline("~~"), "s": _inline("~~"),
    "sub": _inline(""), "sup": _inline(""),
    "blockquote": _Walker._blockquote,
    "br": _Walker._br,
    "code": _Walker._code, "kbd": _Walker._code, "samp": _Walker._code,
    "div": _Walker._div, "article": _Walker._div, "section": _Walker._div, "dl": _Walker._div,
    "dd": _Walker._dd,
    "dt": _Walker._dt,
    "hr": _Walker._hr,
    "img": _Walker._img,
    "video": _Walker._video,
    "list": _Walker._list, "ul": _Walker._list, "ol": _Walker._list,
    "li": _Walker._li,
    "p": _Walker._p,
    "q": _Walker._q,
    "script": _Walker._drop, "style": _Walker._drop,
    "caption": _Walker._caption_tag,
    "figcaption": _Walker._figcaption,
    "td": _Walker._cell, "th": _Walker._cell,
    "tr": _Walker._tr,
}


@lru_cache(maxsize=1024)
def _converter(name: str) -> _Converter | None:
    """markdownify's get_conv_fn: convert_<name>, else convert_hN for h<digits>..."""
    name = name.lower()
    convert = _CONVERTERS.get(_CONVERT_NAME.sub("_", name))
    if convert is not None:
        return convert
    m = _HEADING_RE.match(name)
    if m is None:
        return None
    level = int(m.group(1))

    def heading(walker: _Walker, el: Any, text: str, flags: int, *_: Any) -> str:
        return walker._heading(level, text, flags)
    return heading


def _convert(walker: _Walker, document: _Virtual) -> str:
    try:
        return tidy_markdown(walker.tag(document, 0, [document], 0, None))
    finally:
        _unlink(document)


def _unlink(node: _Virtual) -> None:
    """Break the parent <-> children cycles of the wrappers: left to the garbage collector,
    they would keep the page's whole tree alive until it runs."""
    for child in node.children:
        if type(child) is _Virtual:
            child.parent = None
            _unlink(child)


# libxml2 as bs4's "lxml" builder ran it (comments dropped: they never reach us, see above)
_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False)


def _parse_fragment(html: str) -> HtmlElement:
    try:
        root = etree.fromstring(html, _PARSER)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        root = None
    if root is None or not isinstance(root.tag, str):
        return parse(html)  # (it copes with anything)
    return root


def to_markdown(html: str) -> str:
    """Convert an HTML fragment (or document) to markdown."""
    root = _parse_fragment(html)
    document = _Virtual("[document]", [root])
    return _convert(_Walker(root, document, serialised=False), document)


def element_to_markdown(el: HtmlElement) -> str:
    """Markdown of an lxml element (and its tail): ``to_markdown(tostring(el))``, without
    serialising and parsing again unless that would change the tree in other ways."""
    if _needs_reparse(el):
        return to_markdown(lxml.html.tostring(el, encoding="unicode", method="html"))
    tail = [_collapse_ws(el.tail)] if el.tail else []  # after the element, in <body> or <html>
    if el.tag == "body":
        parent = _Virtual("html", [el, *tail])
        document = _Virtual("[document]", [parent])
    else:
        parent = _Virtual("body", [el, *tail])
        document = _Virtual("[document]", [_Virtual("html", [parent])])
    try:
        return _convert(_Walker(el, parent, serialised=True), document)
    except _Fallback:
        return to_markdown(lxml.html.tostring(el, encoding="unicode", method="html"))


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


__all__ = ["element_to_markdown", "tidy_markdown", "to_markdown"]
