"""Every page whole (issue 26): an API entry whose signature line declares as ML-family code
does, with words and spaces (Haddock's GHC base library reference: ``data Array i e``,
``class Ord a => Ix a where``, ``stdin :: Handle``), is an entry as much as one whose line
reads ``def get(key)``: when its description or its methods score best, the page's other
entries are kept (``_typedecl.typed_declaration``, asked by ``_apientry.signature_line``).

The hostile twin: a story's kicker line that opens with the same words ("class Notes from
the field ..."), over the story: no entry's signature.
"""

from __future__ import annotations

from lxml.html import HtmlElement, fromstring

from trawl.extract._apientry import entry_part
from trawl.extract._stats import _measure, _Stats
from trawl.extract._typedecl import typed_declaration

METHODS = ("floatRadix", "floatDigits", "decodeFloat", "encodeFloat", "significand",
           "scaleFloat", "isInfinite", "isNegative")


def entry(signature: str, doc: str, subs: str = "") -> str:
    """A Haddock entry: its signature line (Source and self links), its description, its
    class's methods."""
    return (f"<div class='top'><p class='src'>{signature} <a href='src/M.html#x' "
            "class='link'>Source</a> <a href='#x' class='selflink'>#</a></p>"
            f"<div class='doc'><p>{doc}</p></div>{subs}</div>")


def methods() -> str:
    return "<div class='subs methods'><p class='caption'>Methods</p>" + "".join(
        f"<p class='src'><a id='v:{m}' class='def'>{m}</a> :: a -&gt; Int</p>"
        f"<div class='doc'><p>The {m} of a real floating-point number, which the class's "
        "instances define for their own representation, with care, and in constant "
        "time.</p></div>" for m in METHODS) + "</div>"


FIRST = "A pointer to an object."
SECOND = "The radix of the representation."


def _parts(html: str) -> tuple[HtmlElement, HtmlElement, dict[HtmlElement, _Stats]]:
    """The block (``div.entry``'s last child) and its parent, measured."""
    root = fromstring(f"<html><body>{html}</body></html>")
    parent = root.find(".//div[@class='entry']")
    return parent[-1], parent, _measure(root)


def test_an_entrys_methods_declared_with_spaces_are_part_of_it() -> None:
    # (fails with `_typedecl:typed_declaration=false`: the class's methods, scoring best,
    # were kept alone, the page's other entries lost: GHC.Float, Foreign.Ptr)
    node, parent, stats = _parts(
        "<div class='entry'><p class='src'>class (RealFrac a, Floating a) =&gt; "
        "<a id='t:RealFloat' class='def'>RealFloat</a> a <span class='keyword'>where</span> "
        "<a href='src/GHC-Float.html#RealFloat' class='link'>Source</a> "
        "<a href='#t:RealFloat' class='selflink'>#</a></p>"
        "<div class='doc'><p>Efficient, machine-independent access to the components of a "
        f"floating-point number.</p></div>{methods()}</div>")
    assert entry_part(node, parent, stats)
    node, parent, stats = _parts(
        "<div class='entry'><p class='src'>data <a id='t:Ptr' class='def'>Ptr</a> a "
        "<a href='src/GHC-Ptr.html#Ptr' class='link'>Source</a></p>"
        f"<div class='doc'><p>{FIRST}</p></div></div>")
    assert entry_part(node, parent, stats)


def test_a_kicker_line_of_the_same_words_is_no_entrys_signature() -> None:
    # (fails with `_typedecl:_declares_a_type=true`: a story's kicker, "class Notes from the
    # field", read as a class's declaration, and the story with the box beside it as its
    # entry, as the newsletter box climbs in with it)
    story = "".join(
        f"<p>The harbour's old crane was lifted away on day {i}, and the crews, who had waited "
        "since spring, watched from the quay while the barge turned, slowly, into the tide."
        "</p>" for i in range(3))
    node, parent, stats = _parts(
        "<div class='entry'><p class='kicker'>class Notes from the field, this week on the "
        f"waterfront</p><div class='story'>{story}</div></div>")
    assert not entry_part(node, parent, stats)


def test_what_reads_as_a_declaration() -> None:
    for line in ("data Array i e Source #", "class Ord a => Ix a where Source #",
                 "newtype Compose f g a infixr 9 Source #", "type ConIndex = Int Source #",
                 "stdin :: Handle Source #", "(++) :: [a] -> [a] -> [a] infixr 5"):
        assert typed_declaration(line), line
    for line in ("type 2 diabetes is common", "Home :: Forums :: General",
                 "class Notes from the field, this week", "data journalism at scale",
                 "Data is the new oil"):
        assert not typed_declaration(line), line
