"""Every page whole (issue 26), Haddock's folded instance methods (brief 93).

The completeness reference now counts what a reader reaches on a Haddock page, the
collapsed ``details`` (an instance's methods, a collapsed example) among it. Three rules
keep it:

- a caption that heads its own section (``<p class="caption">Methods</p>`` first in the
  block of an instance's methods, "Constructors" over a table) is the section's label, not
  a picture's caption (``_sectioncaption.section_caption``); guards: what follows it is not
  links (a story's "Filed under" over its topics), and it is beside no picture
  (``_titleline.beside_picture``);
- an API entry's parts are read under that label (``_apientry._labels_entries``: "Methods",
  then the first method's signature line), so a method's long description scoring best
  still climbs to the page (GHC's Data-Functor.html kept 28 % of its words without it);
- a type signature's line set alone as a paragraph, links but for its ``::``
  (``minBound :: CBool Source``), is no paragraph of links (``_siglines.typed_line``);
  guard: a forum's trail of links set apart by ``::`` annotates no name.
"""

from __future__ import annotations

from lxml.html import fromstring

from trawl.extract import extract
from trawl.extract._stats import _measure

STORY = "".join(f"<p>Paragraph {i} of the report: the council met on Tuesday and agreed the "
                "new timetable for the buses, which starts next month across the town.</p>"
                for i in range(6))


def _bounded_instance(type_name: str) -> str:
    """An instance's row and its folded details: "Defined in", the "Methods" caption and
    its methods' lines, every name linked (links but for the ``::``)."""
    t = f"<a href='Foreign-C-Types.html#t:{type_name}' title='Foreign.C.Types'>{type_name}</a>"
    methods = "".join(
        f"<p class='src'><a href='#v:{m}'>{m}</a> :: {t} <a href='src/GHC-Enum.html#{m}' "
        f"class='link'>Source</a> <a href='#v:{m}' class='selflink'>#</a></p>"
        for m in ("minBound", "maxBound"))
    return (f"<tr><td class='src clearfix'><span class='inst-left'><span class='instance'>"
            f"</span> <a href='GHC-Enum.html#t:Bounded'>Bounded</a> {t}</span> <a href="
            f"'#t:Bounded' class='selflink'>#</a></td><td class='doc empty'>&nbsp;</td></tr>"
            f"<tr><td colspan='2'><details id='i:{type_name}'><summary class='hide-when-js-"
            f"enabled'>Instance details</summary><p>Defined in <a href='Foreign-C-Types.html'>"
            f"Foreign.C.Types</a></p> <div class='subs methods'><p class='caption'>Methods</p>"
            f"{methods}</div></details></td></tr>")


def _bounded_page() -> str:
    rows = "".join(_bounded_instance(t) for t in ("CBool", "CChar", "CShort", "CLong"))
    return ("<html><head><title>GHC.Enum</title></head><body><div id='content'><div "
            "id='interface'><h1>Documentation</h1><div class='top'><p class='src'><span "
            "class='keyword'>class</span> <a id='t:Bounded' class='def'>Bounded</a> a <span "
            "class='keyword'>where</span></p><div class='doc'><p>The Bounded class is used to "
            "name the upper and lower limits of a type. Ord is not a superclass of Bounded "
            "since types that are not totally ordered may also have upper and lower bounds."
            "</p></div><div class='subs instances'><h4 class='instances'>Instances</h4>"
            f"<details id='i:Bounded' open='open'><summary class='hide-when-js-enabled'>"
            f"Instances details</summary><table>{rows}</table></details></div></div></div>"
            "</div></body></html>")


def test_the_methods_caption_over_an_instances_folded_methods_is_their_label() -> None:
    text = extract(_bounded_page(), "https://docs.example/GHC-Enum.html").text
    assert "Bounded CLong" in text
    assert text.count("Methods") == 4


def test_an_instances_method_line_of_links_but_its_colons_is_kept() -> None:
    # (GHC-Enum.html: "minBound :: CBool Source" went and "minBound :: CInt Source" stayed,
    # its links 19 of its 21 characters against 18 of 20: nine tenths, a paragraph of links)
    text = " ".join(extract(_bounded_page(), "https://docs.example/GHC-Enum.html").text.split())
    for name in ("CBool", "CChar", "CShort", "CLong"):
        assert f"minBound :: {name}" in text
        assert f"maxBound :: {name}" in text


def test_a_trail_of_links_set_apart_by_colons_is_no_method_line() -> None:
    # hostile: a forum's trails, each a paragraph of links set apart by "::", after a story
    # (each links but for its "::", past nine tenths, as an instance's method line is)
    trails = "".join(f"<p><a href='/f/{i}'>Community</a> :: <a href='/f/{i}/h'>"
                     f"Troubleshooting{i}</a></p>" for i in range(4))
    html = (f"<html><head><title>Report</title></head><body><div class='wrap'><div>{STORY}"
            f"{trails}</div></div></body></html>")
    text = extract(html, "https://news.example/report.html").text
    assert "Paragraph 5 of the report" in text
    assert "Troubleshooting2" not in text


def test_a_caption_over_a_storys_topic_links_goes() -> None:
    # hostile: a story's topics under a label its class calls a caption ("Filed under"),
    # the label first in its paragraph, links after it: no section, a line of links
    tags = ("<p><span class='caption'>Filed under</span> <a href='/t/bus'>Buses</a>, <a "
            "href='/t/council'>Council</a></p>")
    html = (f"<html><head><title>Report</title></head><body><div class='wrap'><div>{STORY}"
            f"{tags}{STORY}</div></div></body></html>")
    text = extract(html, "https://news.example/report.html").text
    assert "Paragraph 5 of the report" in text
    assert "Filed under" not in text


def test_a_caption_over_a_picture_goes() -> None:
    # hostile: a photo's caption first in its block, the picture and its credit line after
    photo = ("<div class='photo'><p class='caption'>Harbour at dawn</p><img src='h.jpg' "
             "alt=''><p>Fishing boats come back to the harbour every morning at six.</p>"
             "</div>")
    html = (f"<html><head><title>Report</title></head><body><div class='wrap'><div>{STORY}"
            f"{photo}{STORY}</div></div></body></html>")
    text = extract(html, "https://news.example/report.html").text
    assert "Paragraph 5 of the report" in text
    assert "Harbour at dawn" not in text


def test_an_entrys_parts_are_read_under_the_methods_label() -> None:
    # (Data-Functor.html: the "Methods" label kept, fmap's description, which scores best,
    # no longer climbed to the methods' block, whose first part was the label, and the page
    # kept 28 % of its words)
    from trawl.extract._apientry import entry_part
    doc = "".join(f"<p>Paragraph {i} on fmap: it applies a function of type (a -> b) to a "
                  "value of type f a, where f is a functor.</p>" for i in range(4))
    methods = fromstring(
        "<div class='subs methods'><p class='caption'>Methods</p><p class='src'><a id='v:fmap' "
        "class='def'>fmap</a> :: (a -&gt; b) -&gt; f a -&gt; f b</p>"
        f"<div class='doc'>{doc}</div><p class='src'><a id='v:x' class='def'>(&lt;$)</a> :: a "
        "-&gt; f b -&gt; f a</p><div class='doc'><p>Replace all locations in the input with "
        "the same value.</p></div></div>")
    stats = _measure(methods)
    fmap_doc = methods.find("div")
    assert fmap_doc is not None
    assert entry_part(fmap_doc, methods, stats)
    # (the label itself is no part of an entry)
    assert not entry_part(methods[0], methods, stats)


def test_an_entrys_signature_line_is_no_label_to_pass_over() -> None:
    # hostile twin: an entry with no label opens with its signature line, which is the
    # entry's first part, not a label over it (a line that reads as code, links after it)
    from trawl.extract._apientry import entry_part
    entry = fromstring(
        "<div class='top'><p class='src'><a id='v:void' class='def'>void</a> :: <a href="
        "'#t:Functor'>Functor</a> f =&gt; f a -&gt; f ()</p><div class='doc'><p>void value "
        "discards or ignores the result of evaluation, such as the return value of an IO "
        "action.</p></div></div>")
    stats = _measure(entry)
    doc = entry.find("div")
    assert doc is not None
    assert entry_part(doc, entry, stats)


def test_a_short_signature_of_no_link_is_no_label() -> None:
    # hostile twin: an entry whose signature is short and links nothing ("x :: Int") opens
    # with it: a line of code, not a label to pass over
    from trawl.extract._apientry import entry_part
    entry = fromstring(
        "<div class='top'><p class='src'>x :: Int</p><div class='doc'><p>The number of "
        "values the table holds, counted when the table is built.</p></div></div>")
    stats = _measure(entry)
    doc = entry.find("div")
    assert doc is not None
    assert entry_part(doc, entry, stats)


def test_a_contents_box_opening_the_content_is_no_label() -> None:
    # hostile (QDoc's qtmath.html): the page's contents box, first in the content, says
    # only its heading ("Contents", its list empty): a box its class calls a sidebar, no
    # section's label, which goes as before
    html = ("<html><head><title>QtMath</title></head><body><div class='content mainContent'>"
            "<div class='sidebar'><div class='toc'><h3><a name='toc'>Contents</a></h3><ul>"
            f"</ul></div><div class='sidebar-content'></div></div><h1>QtMath</h1>{STORY}"
            "</div></body></html>")
    text = extract(html, "https://docs.example/qtmath.html").text
    assert "Paragraph 5 of the report" in text
    assert "Contents" not in text
