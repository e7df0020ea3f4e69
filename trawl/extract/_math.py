"""Equations are content: each MathML ``<math>`` becomes the LaTeX the page gives for it.

A page written in MathML (LaTeX converted to HTML, an encyclopedia's formulas, Pandoc's
``--mathml``, a browser-rendered MathJax or KaTeX page's assistive copy) says its equations
nowhere else: dropped with the page's scripts and styles, they left the stored text with
"where  is the mass" in place of each formula. ``keep_equations`` runs first in
``_clean.basic_clean`` and sets each equation in the tree as text:

* the LaTeX the page gives (``alttext``, or the ``application/x-tex`` annotation of its
  ``<semantics>``), else a linear writing of its tokens (``equation_tex``); the tokens too
  where the LaTeX given is the source of a failed conversion (``FAILED_SOURCE_RE``);
* inline as ``$...$`` in a ``<span>``, display (``display="block"``, or alone in its
  paragraph) as ``$$...$$`` in a ``<div>``, both marked ``MATH_ATTR`` so that the markdown
  conversion writes the LaTeX as it is (no escaped ``_`` or ``*``: see ``_markdown``);
* once: the equation's wrappers whose other parts a reader does not read as text (a
  renderer's glyph tree hidden from screen readers, a fallback image of the same formula,
  a visually hidden accessible copy) go with it (``equation_unit``).

Guard: a hidden copy is kept only where the page shows the formula otherwise (an image of
it beside it): a ``<math>`` hidden on its own, as chrome hides a widget, stays hidden.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml.html import HtmlElement

from ._droptree import drop_tree

MATH_ATTR = "data-trawl-math"
"""Set on the element that holds an equation's ``$...$`` text: ``inline`` or ``block``."""
TEX_ENCODINGS = frozenset(("application/x-tex", "application/x-latex", "text/x-tex",
                           "text/latex", "tex", "latex"))
"""Annotation encodings that mean LaTeX (MathML 3 names ``application/x-tex``)."""
_WRAPPER_TAGS = frozenset(("span", "nobr"))
"""Inline wrappers an equation may climb out of (plus every renderer's custom element,
whose name has a hyphen: ``mjx-container``); not a link, which stays a link around it."""
_SOLO_BLOCKS = frozenset(("p", "div", "center"))
"""A block that holds only an equation shows it displayed."""
_SILENT_TAGS = frozenset(("img", "svg", "script", "style", "noscript", "template"))
"""Parts of an equation's wrapper that are no text a reader reads: its drawing (an image,
an SVG) or a renderer's source."""
_STYLE_WRAPPERS = re.compile(r"^\{\\(?:displaystyle|textstyle)\s*(.*)\}$", re.S)
_SPACE_RE = re.compile(r"\s+")
MATH_PAGE_ATTR = "data-trawl-equations"
"""Set on the root and the body by ``_clean.basic_clean`` when ``keep_equations`` kept one:
the markdown conversion then looks for them (a page without equations pays nothing)."""
_MATHML = "{http://www.w3.org/1998/Math/MathML}"


def keep_equations(root: HtmlElement, hidden: Callable[[HtmlElement], bool]) -> None:
    """Set each ``<math>`` of ``root`` as its LaTeX (module doc); ``hidden``: whether an
    element is hidden (``_clean.is_hidden``). A page that had one kept says so on its root
    and body (``MATH_PAGE_ATTR``)."""
    kept = keep_tex_scripts(root)
    for math in list(root.iter("math", _MATHML + "math")):
        if not _attached(math, root):
            continue  # (inside a unit already set: a nested or doubled copy)
        unit, shown = equation_unit(math, hidden)
        if not shown:
            continue
        tex = equation_tex(math)
        if not tex:
            continue
        block = _displayed(math, unit)
        holder = unit.makeelement("div" if block else "span",
                                  {MATH_ATTR: "block" if block else "inline"})
        holder.text = f"$${tex}$$" if block else f"${tex}$"
        _drop_fallback_images(unit, tex)
        holder.tail = unit.tail
        parent = unit.getparent()
        if parent is None:
            continue
        parent.replace(unit, holder)
        kept = True
    if kept:
        root.set(MATH_PAGE_ATTR, "")
        body = root.find("body")
        if body is not None:
            body.set(MATH_PAGE_ATTR, "")


_TEX_SCRIPT_RE = re.compile(r"^\s*math/tex\s*(?:;\s*mode\s*=\s*(\w+)\s*)?$", re.I)
"""A script that holds an equation's LaTeX (``type="math/tex"``, ``"math/tex; mode=display"``):
the source MathJax 2 reads and renders, kept in the page beside its rendering."""


def keep_tex_scripts(root: HtmlElement) -> bool:
    """Set each equation a page keeps as LaTeX in a ``script type="math/tex"`` as that
    LaTeX, once (MathJax 2's pages, before or after rendering); whether one was set.

    The renderer sets its output before the script: a glyph tree of spans (or an SVG)
    whose text is the formula's characters with no markup ("E=mc2"), in an element named
    after the script (its ``id`` the script's and a suffix, ``-Frame``), maybe in a block
    of its own for a displayed one, and before that a preview of the source. The rendering
    goes (its glyphs are no text a reader reads: the script says the formula), and so does
    the preview when it is empty, hidden or says the script's LaTeX. The script's LaTeX
    then stands where the rendering stood. Guard: an element before the script that is not
    named after it (a page not rendered, a word in bold right before an equation) is text
    and stays; a script with no LaTeX in it is left to the cleaning."""
    kept = False
    for script in list(root.iter("script")):
        match = _TEX_SCRIPT_RE.match(script.get("type") or "")
        parent = script.getparent()
        if match is None or parent is None:
            continue
        tex = _clean_tex(script.text or "")
        if not tex:
            continue
        block = (match.group(1) or "").lower() == "display"
        rendering = _rendering_of(script)
        if rendering is not None:
            _drop_preview(rendering, tex)
            drop_tree(rendering, keep_space=True)
        else:
            _drop_preview(script, tex)
        holder = script.makeelement("div" if block else "span",
                                    {MATH_ATTR: "block" if block else "inline"})
        holder.text = f"$${tex}$$" if block else f"${tex}$"
        holder.tail = script.tail
        parent.replace(script, holder)
        kept = True
    return kept


RENDERING_MAX_DEPTH = 2
"""A rendering's element named after its script is the element before the script, or its
descendant this many levels down at most (a displayed equation's block around it)."""


def _rendering_of(script: HtmlElement) -> HtmlElement | None:
    """The element before ``script`` that is its rendering (``keep_tex_scripts``): it, or
    one of its first descendants, has an ``id`` that is the script's and a suffix."""
    sid = (script.get("id") or "").strip()
    prev = script.getprevious()
    if not sid or prev is None or (prev.tail or "").strip() or not isinstance(prev.tag, str):
        return None
    node: HtmlElement | None = prev
    for _ in range(RENDERING_MAX_DEPTH + 1):
        if node is None:
            return None
        own = (node.get("id") or "").strip()
        if own != sid and own.startswith(sid) and not own[len(sid)].isalnum():
            return prev
        node = next((c for c in node if isinstance(c.tag, str)), None)
    return None


def _drop_preview(el: HtmlElement, tex: str) -> None:
    """The preview before ``el`` (a rendering, or its script): an inline element that is
    empty, hidden by its style, or says the LaTeX ``tex``."""
    prev = el.getprevious()
    if prev is None or (prev.tail or "").strip() or prev.tag != "span" or len(prev):
        return
    text = (prev.text or "").strip()
    style = (prev.get("style") or "").replace(" ", "").lower()
    if not text or "display:none" in style or _clean_tex(text) == tex:
        drop_tree(prev, keep_space=True)


def _attached(el: HtmlElement, root: HtmlElement) -> bool:
    return any(anc is root for anc in el.iterancestors())


def equation_unit(math: HtmlElement, hidden: Callable[[HtmlElement], bool]
                  ) -> tuple[HtmlElement, bool]:
    """The element that is the equation as the page shows it: ``math`` and the inline
    wrappers around it (``_WRAPPER_TAGS``, a renderer's custom elements) whose other parts
    are silent (``_silent``: a glyph tree hidden from screen readers, a fallback image, an
    empty span), and whether it is shown: a hidden wrapper on the way (an accessible copy
    styled away) counts only when the unit holds an image (the shown formula)."""
    unit = math
    concealed = hidden(math)
    while True:
        parent = unit.getparent()
        if parent is None:
            break
        tag = parent.tag
        if not isinstance(tag, str) or (tag not in _WRAPPER_TAGS and "-" not in tag):
            break
        if not _rest_silent(parent, unit, hidden):
            break
        unit = parent
        concealed = concealed or hidden(unit)
    return unit, not concealed or _shown_elsewhere(unit)


def _shown_elsewhere(unit: HtmlElement) -> bool:
    """Whether the equation's unit shows it otherwise than in its hidden MathML: an image
    of the formula (an accessible copy styled away beside its picture is the formula's
    text). The guard of a hidden ``math`` alone: hidden as chrome hides a widget, it stays
    hidden."""
    return next(unit.iter("img"), None) is not None


def _rest_silent(wrapper: HtmlElement, inner: HtmlElement,
                 hidden: Callable[[HtmlElement], bool]) -> bool:
    """Whether ``wrapper`` holds no text a reader reads outside ``inner``."""
    if (wrapper.text or "").strip():
        return False
    for child in wrapper:
        if child is not inner and not _silent(child, hidden):
            return False
        if (child.tail or "").strip():
            return False
    return True


def _silent(el: HtmlElement, hidden: Callable[[HtmlElement], bool]) -> bool:
    tag = el.tag
    if not isinstance(tag, str) or tag in _SILENT_TAGS:
        return True
    if (el.get("aria-hidden") or "").strip().lower() == "true" or hidden(el):
        return True
    return not "".join(el.itertext()).strip()


def _displayed(math: HtmlElement, unit: HtmlElement) -> bool:
    """Displayed: the page says so (``display="block"``, MathML 1's ``mode="display"``, a
    renderer's ``display="true"`` on its container), or the equation is alone in its
    paragraph."""
    if (math.get("display") or "").strip().lower() == "block" \
            or (math.get("mode") or "").strip().lower() == "display":
        return True
    for anc in math.iterancestors():
        if (anc.get("display") or "").strip().lower() == "true":
            return True
        if anc is unit:
            break
    parent = unit.getparent()
    return parent is not None and parent.tag in _SOLO_BLOCKS \
        and not (parent.text or "").strip() and len(parent) == 1 \
        and not (unit.tail or "").strip()


def _drop_fallback_images(unit: HtmlElement, tex: str) -> None:
    """The images of the formula: inside its unit (a renderer's fallback), or beside it
    with the same LaTeX as their ``alt``."""
    for img in list(unit.iter("img")):
        if img is not unit and img.getparent() is not None:
            img.getparent().remove(img)
    for near in (unit.getnext(), unit.getprevious()):
        if near is not None and near.tag == "img" and _same_tex(near.get("alt"), tex):
            if near is unit.getnext() and (unit.tail or "").strip():
                continue
            drop_tree(near, keep_space=True)


def _same_tex(alt: str | None, tex: str) -> bool:
    return bool(alt) and _clean_tex(alt or "") == tex


FAILED_SOURCE_RE = re.compile(r"\\(?:halign|valign|tabskip|par)(?![A-Za-z])")
"""TeX's page-layout primitives, which no formula says: an alignment of the page
(``\\halign``, ``\\valign``, ``\\tabskip``; not ``\\noalign``, which a formula's
``align`` may say) or a paragraph's end
(``\\par``). A LaTeX given with one is the source a converter could not read as math
(LaTeXML keeps it as the ``alttext`` of what it set instead: a font's glyph table written
with ``\\halign``, 16,000 characters of it; a paragraph of text its short-verb characters
turned into math), not the equation the page shows: a reader reads the shown tokens
(``_given_tex``). ``bench/completeness.py`` counts such an equation as its shown tokens
too (``_FAILED_SOURCE_RE`` there)."""


def equation_tex(math: HtmlElement) -> str:
    """The LaTeX of a ``<math>``: its ``alttext``, else its TeX annotation, else a linear
    writing of its tokens (``_linear``); the tokens too when the LaTeX given is a failed
    conversion's source (``_given_tex``)."""
    alt = math.get("alttext")
    if alt and alt.strip():
        return _clean_tex(alt) if _given_tex(alt) else _tokens(math)
    for ann in math.iter("annotation", _MATHML + "annotation"):
        if (ann.get("encoding") or "").strip().lower() in TEX_ENCODINGS:
            text = "".join(ann.itertext())
            if text.strip():
                return _clean_tex(text) if _given_tex(text) else _tokens(math)
    return _tokens(math)


def _given_tex(tex: str) -> bool:
    """Whether ``tex``, the LaTeX a page gives for an equation, is one: not the source of a
    failed conversion (``FAILED_SOURCE_RE``)."""
    return FAILED_SOURCE_RE.search(tex) is None


def _tokens(math: HtmlElement) -> str:
    return _SPACE_RE.sub(" ", _linear(math)).strip()


def _clean_tex(tex: str) -> str:
    """One line, without the outer ``{\\displaystyle ...}`` a converter wraps it in."""
    tex = _SPACE_RE.sub(" ", tex).strip()
    m = _STYLE_WRAPPERS.match(tex)
    if m and _balanced(m.group(1)):
        tex = m.group(1).strip()
    return tex


def _balanced(tex: str) -> bool:
    depth = 0
    escaped = False
    for c in tex:
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


_TOKENS = frozenset(("mi", "mn", "mo", "mtext", "ms"))
_SCRIPTS = {"msup": "^", "msub": "_", "mover": "^", "munder": "_"}


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _linear(el: HtmlElement) -> str:
    """A linear LaTeX-like writing of MathML presentation markup: tokens as they read,
    ``msup``/``msub`` as ``^{}``/``_{}``, ``mfrac`` as ``\\frac{}{}``, ``msqrt`` as
    ``\\sqrt{}``; other layout elements as their parts in order."""
    tag = _local(el.tag)
    if tag in _TOKENS:
        return "".join(el.itertext()).strip()
    if tag in ("annotation", "annotation-xml"):
        return ""
    kids = [k for k in el if isinstance(k.tag, str)]
    if tag == "semantics":
        return _linear(kids[0]) if kids else ""
    parts = [_linear(k) for k in kids]
    if tag in _SCRIPTS and len(parts) >= 2:
        return f"{_base(parts[0])}{_SCRIPTS[tag]}{{{parts[1]}}}"
    if tag in ("msubsup", "munderover") and len(parts) >= 3:
        return f"{_base(parts[0])}_{{{parts[1]}}}^{{{parts[2]}}}"
    if tag == "mfrac" and len(parts) >= 2:
        return f"\\frac{{{parts[0]}}}{{{parts[1]}}}"
    if tag == "msqrt":
        return f"\\sqrt{{{_join(parts)}}}"
    if tag == "mroot" and len(parts) >= 2:
        return f"\\sqrt[{parts[1]}]{{{parts[0]}}}"
    if tag == "mfenced":
        seps = (el.get("separators") or ",").strip() or ","
        inner = f"{seps[0]} ".join(parts)
        return f"{el.get('open', '(')}{inner}{el.get('close', ')')}"
    if tag == "mtable":
        return " \\\\ ".join(parts)
    if tag == "mtr":
        return " & ".join(parts)
    if tag == "mspace":
        return " "
    return _join(parts)


def _base(part: str) -> str:
    return part if len(part) <= 1 or part[-1] in ")]}|" else f"{{{part}}}"


def _join(parts: list[str]) -> str:
    """Parts in order, a space between tokens (``a x^{2} + b x``): LaTeX reads it as
    ``ax^{2}+bx``, and the stored text has each token a word of its own, as a reader
    reads the formula (searched for ``x``, the page is found)."""
    return " ".join(part for part in parts if part)
