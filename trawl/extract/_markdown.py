"""HTML (an lxml subtree) -> CommonMark/GFM markdown, on html-to-markdown.

The conversion itself is html-to-markdown's (a markdownify-compatible converter written in
Rust, chosen by ``bench/markdown_converters.py`` over markdownify and the in-house port it
replaces). What a converter cannot know is said to it first, on the lxml tree
(``_prepare``), in terms every markdown renderer reads:

* a code block's language, which pages put on the ``<pre>``, its ``<code>`` or a wrapper
  (Sphinx's ``highlight-python3`` div), goes on a ``<code class="language-...">``, where
  converters look for it;
* a note, warning or "See also" box (an element whose classes name an admonition) becomes a
  ``<blockquote>`` that starts with its label in bold: renderers show a blockquote, and
  the label says what kind of box it was;
* an equation (``_math``: ``$...$`` text in an element marked ``MATH_ATTR``) goes through
  as a marker of letters and digits, and comes out as the LaTeX it was
  (``_equation_markers``): converters escape its ``_``, ``*`` and ``\\`` as prose's;
* a definition list's term becomes a bold paragraph and its definition plain blocks: the
  Pandoc syntax (``:   definition``) is an indented code block to CommonMark.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import html_to_markdown
import lxml.html
from lxml import etree
from lxml.html import HtmlElement

from ._math import MATH_ATTR, MATH_PAGE_ATTR
from ._parse import parse
from ._pclose import CLOSES_P
from ._text import text_content, words

_LANG_CLASS_RE = re.compile(
    r"^(?:language|lang|highlight|brush|code|sourcecode|syntax)[-:_]([A-Za-z0-9_+#.-]+)$", re.I
)
_LANG_ALIASES = {
    "python3": "python", "py": "python", "py3": "python", "ipython": "python",
    "ipython3": "python",
    "default": "python",  # Sphinx's default highlighter is Python
    "js": "javascript", "sh": "bash", "shell": "bash",
    "none": "", "text": "", "plain": "", "plaintext": "", "nohighlight": "",
}
_NOT_LANGS = words("notranslate highlight hljs prettyprint linenums code sourcecode "
                   "literal-block codehilite chroma source")
_LANG_ANCESTORS = 3
"""How far above a <pre> its language may be named (Sphinx: two wrappers up)."""

_ADMONITION_KINDS = words("""admonition note warning tip hint caution attention danger
    important seealso callout alert""")
"""Class tokens that make an element a note/warning box (Sphinx, MkDocs, Docusaurus, GitHub
and Bootstrap name theirs with these; not "info" or "notice", which name a post's byline
block or a cookie bar as often)."""
_ADMONITION_TAGS = words("div aside section")
_TITLE_CLASS_RE = re.compile(r"(?:^|[-_\s])(?:title|heading|label)(?:$|[-_\s])", re.I)
_SPLIT_CLASS_RE = re.compile(r"[\s_-]+")
_GENERIC_KINDS = words("admonition callout alert")

OPTIONS = html_to_markdown.ConversionOptions(
    heading_style="atx",
    bullets="-",
    strong_em_symbol="*",
    newline_style="backslash",  # a hard break every renderer reads (two spaces get trimmed)
    code_block_style="backticks",
    extract_metadata=False,  # trawl.extract._meta reads the metadata
    autolinks=False,
    # "__del__" or "*args" in prose is emphasis to a renderer unless escaped
    escape_underscores=True,
    escape_asterisks=True,
    compact_tables=True,  # "| a | b |": no padding to re-align when a cell changes
    # the content is already chosen: the converter's own navigation and form removal
    # would second-guess it
    preprocessing=html_to_markdown.PreprocessingOptions(enabled=False),
)


def code_language(pre: HtmlElement) -> str:
    """Language of a <pre> from its classes, a <code> child's, or a near ancestor's."""
    candidates = [pre]
    code = next(pre.iter("code"), None)
    if code is not None:
        candidates.append(code)
    node = pre.getparent()
    for _ in range(_LANG_ANCESTORS):
        if node is None:
            break
        candidates.append(node)
        node = node.getparent()
    for el in candidates:
        lang = _lang_from_classes((el.get("class") or "").split())
        if lang is not None:
            return lang
        data_lang = el.get("data-lang") or el.get("data-language")
        if data_lang and data_lang.strip():
            lang = data_lang.strip().lower()
            return _LANG_ALIASES.get(lang, lang)
    return ""


def _lang_from_classes(classes: list[str]) -> str | None:
    for cls in classes:
        m = _LANG_CLASS_RE.match(cls)
        if m:
            lang = m.group(1).lower()
            if lang not in _NOT_LANGS:
                return _LANG_ALIASES.get(lang, lang)
    return None


def _prepare_pre(pre: HtmlElement) -> None:
    """Make ``pre`` one <code> with its text and its language as the class converters read."""
    text = "".join(pre.itertext())
    lang = code_language(pre)
    for child in list(pre):
        pre.remove(child)
    pre.text = None
    code = pre.makeelement("code", {"class": f"language-{lang}"} if lang else {})
    code.text = text
    pre.append(code)


def _admonition_kind(el: HtmlElement) -> str | None:
    cls = el.get("class")
    if not cls or el.tag not in _ADMONITION_TAGS:
        return None
    kinds = [t for t in _SPLIT_CLASS_RE.split(cls.lower()) if t in _ADMONITION_KINDS]
    if not kinds:
        return None
    # the most telling one: "warning" in "admonition warning", "important" in
    # "markdown-alert markdown-alert-important"
    return next((k for k in kinds if k not in _GENERIC_KINDS), kinds[0])


def _prepare_admonition(box: HtmlElement, kind: str) -> None:
    """``box`` as a blockquote that starts with its label in bold."""
    first = next((c for c in box if isinstance(c.tag, str)), None)
    if first is not None and _TITLE_CLASS_RE.search(first.get("class") or ""):
        label = " ".join("".join(first.itertext()).split())
        tail = first.tail
        first.clear()
        first.tag = "p"
        first.tail = tail
    else:  # no title of its own: the kind names it ("Note", "Warning")
        label = "See also" if kind == "seealso" else kind.capitalize()
        first = box.makeelement("p", {})
        box.insert(0, first)
        first.tail, box.text = box.text, None
    strong = first.makeelement("strong", {})
    strong.text = label
    first.append(strong)
    box.tag = "blockquote"
    box.attrib.clear()
    # converters write two blockquotes in a row as one (and a paragraph after one is its
    # lazy continuation): a marker paragraph each side becomes the blank line between
    for add in (box.addprevious, box.addnext):
        marker = box.makeelement("p", {})
        marker.text = _BREAK_MARKER
        add(marker)


def _prepare_dt(dt: HtmlElement) -> None:
    """A term as a bold paragraph of its own (its definition follows as plain blocks)."""
    dt.tag = "p"
    if not text_content(dt).strip():  # (libxml2's join: itertext's, a fraction of the time)
        return
    strong = dt.makeelement("strong", {})
    strong.text, dt.text = dt.text, None
    for child in list(dt):
        strong.append(child)  # moves it, with its tail
    dt.append(strong)


def _prepare_table(table: HtmlElement) -> None:
    """A data table without a header row gets its first row as one: html-to-markdown turns a
    headerless table whose cells are mostly links (an API index) into a list, and GFM
    tables need a header row anyway."""
    if table.find(".//th") is not None or table.find(".//table") is not None:
        return
    rows = [r for r in table.iter("tr")]
    if len(rows) < 2 or any(sum(c.tag == "td" for c in r) < 2 for r in rows):
        return
    for cell in rows[0]:
        if cell.tag == "td":
            cell.tag = "th"


def _prepare(root: HtmlElement) -> None:
    """Say, in markup every converter reads, what converters cannot know (module doc)."""
    boxes: list[tuple[HtmlElement, str]] = []
    for el in root.iter("pre", "dt", "dd", "dl", "table", *_ADMONITION_TAGS):
        tag = el.tag
        if tag == "pre":
            _prepare_pre(el)
        elif tag == "table":
            _prepare_table(el)
        elif tag == "dt":
            _prepare_dt(el)
        elif tag in ("dd", "dl"):
            el.tag = "div"  # plain blocks: no converter indents them into code
        else:
            kind = _admonition_kind(el)
            if kind is not None:
                boxes.append((el, kind))
    for box, kind in boxes:
        _prepare_admonition(box, kind)
    _space_block_tails(root)


_TAIL_BLOCKS = CLOSES_P | {"table"}
"""The blocks whose tail text ``_space_block_tails`` mends."""


def _space_block_tails(root: HtmlElement) -> None:
    """A block's tail text that ends in a line break ends in a space instead.

    html-to-markdown 3.21 drops that line break when an inline element follows it, so that
    a manual page's loose text after a heading, "Messages from the\\n<i>cmp</i>", came out
    "Messages from the*cmp*" (no emphasis to a renderer) and "Messages\\n<span>cmp</span>"
    one word, "Messagescmp". HTML collapses the break to the space a browser shows; the
    converter keeps a space. (A listing is one text by now, ``_prepare_pre``: no block is
    left in it whose tail's break is a line of it.)"""
    for el in root.iter(*_TAIL_BLOCKS):
        tail = el.tail
        if tail and tail[-1] in "\n\r" and not tail.isspace():
            el.tail = tail.rstrip() + " "


_BREAK_MARKER = "TRAWLBLOCKBREAK7F3A"
"""A paragraph of this text is a blank line in the markdown (see _prepare_admonition)."""


_MATH_MARKER = "TRAWLMATH7F3A"
"""Starts an equation's marker: ``B`` (displayed) or ``I``, its LaTeX's UTF-8 in hex, ``Z``
(letters and digits only: no converter escapes or breaks them)."""
_MATH_MARKER_RE = re.compile(_MATH_MARKER + r"([BI])([0-9a-f]*)Z")
_MATH_XPATH = etree.XPath(f".//*[@{MATH_ATTR}]")


def _equation_markers(root: HtmlElement) -> None:
    """Each equation's text (``$...$``, ``$$...$$``) as a marker (``_MATH_MARKER``), on a
    page whose clean-up kept one (``MATH_PAGE_ATTR``)."""
    if root.get(MATH_PAGE_ATTR) is None \
            and root.getroottree().getroot().get(MATH_PAGE_ATTR) is None:
        return
    for el in _MATH_XPATH(root):
        kind = "B" if el.get(MATH_ATTR) == "block" else "I"
        tex = (el.text or "").strip().strip("$")
        el.text = f"{_MATH_MARKER}{kind}{tex.encode('utf-8').hex()}Z"


def _equation(match: re.Match[str]) -> str:
    tex = bytes.fromhex(match.group(2)).decode("utf-8", "replace")
    return f"$${tex}$$" if match.group(1) == "B" else f"${tex}$"


def _equations(md: str) -> str:
    """The markers back as LaTeX: a displayed equation alone on its line as ``$$`` lines
    around it, elsewhere (a table's cell) as ``$$...$$``; an inline one as ``$...$``."""
    lines = md.split("\n")
    for i, line in enumerate(lines):
        if _MATH_MARKER not in line:
            continue
        m = _MATH_MARKER_RE.fullmatch(line.strip())
        if m is not None and m.group(1) == "B":
            tex = bytes.fromhex(m.group(2)).decode("utf-8", "replace")
            lines[i] = f"$$\n{tex}\n$$"
        else:
            lines[i] = _MATH_MARKER_RE.sub(_equation, line)
    return "\n".join(lines)


def tidy_markdown(md: str) -> str:
    """Strip trailing spaces, markers and blank-line runs, leaving fenced code untouched."""
    if _BREAK_MARKER in md:
        md = md.replace(_BREAK_MARKER, "")
    if _MATH_MARKER in md:
        md = _equations(md)
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


def _options_once() -> Callable[[str], str]:
    """html-to-markdown's conversion with OPTIONS built once: its convert() turns the
    Python options into the extension's on every call, a millisecond of a page's time.
    Falls back to convert() should a release rename what this reaches for."""
    try:
        from html_to_markdown import _html_to_markdown as rust
        from html_to_markdown.api import _to_rust_conversion_options

        built = _to_rust_conversion_options(OPTIONS)
        rust.convert(html="<p>x</p>", options=built, visitor=None)
    except (ImportError, AttributeError, TypeError):
        return lambda html: html_to_markdown.convert(html, OPTIONS).content or ""
    return lambda html: rust.convert(html=html, options=built, visitor=None).content or ""


_convert = _options_once()


def convert_html(html: str) -> str:
    """html-to-markdown's conversion of an HTML string, with trawl's options."""
    return tidy_markdown(_convert(html))


def markdown_source(el: HtmlElement) -> str:
    """The HTML the converter reads of an lxml element (edited in place: see ``_prepare``);
    :func:`convert_html` of it is the element's markdown. Apart, so that a caller can let
    the tree go first (see :func:`trawl.extract._core._extract`)."""
    _prepare(el)
    _equation_markers(el)
    tail, el.tail = el.tail, None
    try:
        return lxml.html.tostring(el, encoding="unicode", method="html")
    finally:
        el.tail = tail


def element_to_markdown(el: HtmlElement) -> str:
    """Markdown of an lxml element (edited in place: see ``_prepare``)."""
    return convert_html(markdown_source(el))


def to_markdown(html: str) -> str:
    """Convert an HTML fragment (or document) to markdown."""
    root = parse(html)
    body = root.find("body")
    return element_to_markdown(body if body is not None else root)


__all__ = ["code_language", "convert_html", "element_to_markdown", "markdown_source",
           "tidy_markdown", "to_markdown"]
