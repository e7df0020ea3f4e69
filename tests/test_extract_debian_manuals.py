"""Every page whole (issue 26), brief 115: Debian's own DocBook manuals (the Debian
Reference, the Installation Guide, X.Org's documents, the DSSSL stylesheets' reference,
dblatex's manual). The shapes that fell short there, and the hostile shapes beside each."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._seealso import see_also_list

from .test_extract_index import STORY
from .test_extract_whole import URL, assert_kept


def article_page(after_contents: str) -> str:
    """A DocBook XSL article on a page of its own: its title page (title, author, date,
    closing rule), its table of contents (one section, on this page), then
    ``after_contents`` and its section."""
    return ("<html><head><title>X and DPS</title></head><body><div class='article'>"
            "<div class='titlepage'><div><div><h2 class='title'><a id='dps'></a>X and DPS</h2>"
            "</div><div><div class='author'><h3 class='author'>Ada Quill</h3></div></div>"
            "<div><p class='pubdate'>27 February 2001</p></div></div><hr></div>"
            "<div class='toc'><p><strong>Table of Contents</strong></p><dl class='toc'><dt>"
            "<span class='sect1'><a href='#removal'>Notice of Removal</a></span></dt></dl></div>"
            f"{after_contents}<div class='sect1'><div class='titlepage'><h2 class='title'>"
            "<a id='removal'></a>Notice of Removal</h2></div>"
            "<p>Display PostScript was removed from the releases in 2006; its code stays in "
            "the history, and a program that asks for it is told the extension is missing."
            "</p></div></div></body></html>")


def test_a_line_after_the_documents_contents_is_its_text_not_a_byline() -> None:
    # xorg-docs' graphics/dps.html: "Updated by Jim Gettys and Juliusz Chroboczek.", the
    # article's first paragraph after its table of contents, dropped as a byline under the
    # headline (the header's scan went on past the contents: 92.5 %)
    e = extract(article_page("<p>Updated by Bo Kosek and Ada Quill.</p>"), URL)
    assert_kept(e.text, "Updated by Bo Kosek and Ada Quill.", "Display PostScript was removed")


def test_a_byline_under_a_storys_key_points_is_still_the_headers() -> None:
    # hostile (``_headerend._lists_own_sections``): a story's headline, its list of key
    # points (a list, no table of contents: no entry is led by a link), then the byline
    # and the dateline: the header's lines, still dropped
    e = extract("<html><body><article><h1>The council votes</h1><ul><li>The budget passes "
                "by one vote.</li><li>Two parks close in May.</li></ul><p>By Jane Roe</p>"
                f"<p>March 3, 2024</p>{STORY}</article></body></html>", URL)
    assert_kept(e.text, "The budget passes by one vote.", "Paragraph 5 of the story")
    assert "Jane Roe" not in e.text


def reading_list(lead: str) -> str:
    """A manual's chapter whose last section is a paragraph ``lead`` and the list of the
    chapters to read after it (each a link and its purpose)."""
    items = "".join(
        f"<li><p><a class='xref' href='ch0{i}.en.html'>Chapter {i}, <em>{name}</em></a> "
        f"({purpose})</p></li>" for i, name, purpose in (
            (2, "Package management", "basic concept"), (3, "The system initialization",
                                                         "survival method"),
            (4, "Authentication and access controls", "basic method"),
            (5, "Network setup", "shell mechanism")))
    return ("<html><head><title>Chapter 1. Tutorials</title></head><body><div class='chapter'>"
            "<h1>Chapter 1. Tutorials</h1>" + STORY +
            "<div class='section'><h2>1.7. Where to go next</h2><p>Once the tutorials are "
            "done, the system is yours to shape, and the chapters after this one take each "
            f"part of it in turn, from the packages to the network.</p><p>{lead}</p>"
            f"<div class='itemizedlist'><ul class='itemizedlist'>{items}</ul>"
            "</div></div></div></body></html>")


def test_a_lead_in_ending_with_the_following_introduces_its_list() -> None:
    # the Debian Reference's ch01 and ch12: "Learn Unix-like system with the following.",
    # "If you want to make a Debian package, read followings.", then the list of the
    # sections to read, each a link and its purpose: pruned as a list of links (the
    # lead-in ends with a full stop, no colon)
    e = extract(reading_list("You should learn the system with the following."), URL)
    assert_kept(e.text, "Chapter 3, The system initialization (survival method)",
                "Chapter 5, Network setup (shell mechanism)")


def test_a_storys_closing_paragraph_does_not_introduce_the_list_after_it() -> None:
    # hostile (``_followlead._names_what_follows``): the last paragraph of a story, ending
    # with a full stop and naming nothing after it, then a list of links to other pages
    # (the site's promotion of other stories): still pruned
    e = extract(reading_list("The council adjourned at nine and meets again in May."), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Network setup" not in e.text


def test_a_short_description_after_the_entrys_synopsis_is_its_text() -> None:
    # the DSSSL library's reference pages (openjade's stylesheets): the entry's title, its
    # Name line, its "Synopsis" listing, then "Implements siblings as per ISO/IEC
    # 10179:1996" and "From ISO/IEC 10179:1996" under Description and Author, dropped as
    # datelines (a standard's year) under the headline: the header's scan went on past
    # the listing (71.1 %)
    page = ("<html><head><title>siblings</title></head><body class='REFENTRY'>"
            "<h1><a name='SIBLINGS'></a>siblings</h1><div class='REFNAMEDIV'><h2>Name</h2>"
            "siblings&nbsp;--&nbsp;Implements siblings as per ISO/IEC 10179:1996</div>"
            "<div class='REFSYNOPSISDIV'><h2>Synopsis</h2><pre class='SYNOPSIS'>(siblings "
            "snl)</pre></div><div class='REFSECT1'><h2>Description</h2><p>Implements <tt>"
            "siblings</tt> as per ISO/IEC 10179:1996</p></div><div class='REFSECT1'><h2>"
            "Author</h2><p>From ISO/IEC 10179:1996</p></div><div class='REFSECT1'><h2>Source"
            "</h2><pre class='PROGRAMLISTING'>(define (siblings snl)\n  (children (parent "
            "snl)))</pre></div></body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "Description Implements siblings as per ISO/IEC 10179:1996",
                "Author From ISO/IEC 10179:1996", "(children (parent snl))")


def test_a_byline_under_a_banner_in_preformatted_text_is_still_the_headers() -> None:
    # hostile (``_headerend._under_section_heading``): a story's headline, the site's
    # ASCII-art banner in a ``pre`` (under no section's heading), then the byline and the
    # dateline: the header's lines, still dropped
    e = extract("<html><body><article><h1>The council votes</h1><pre>  ~~~ The Gazette ~~~"
                "</pre><p>By Jane Roe</p><p>March 3, 2024</p>"
                f"{STORY}</article></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Jane Roe" not in e.text


def entry_page(name_line: str, title: str = "dblatex angle", more: str = "") -> str:
    """A reference entry (DocBook XSL's ``refentry``): its title and name line, then its
    Synopsis and Description (``more`` at its end)."""
    return ("<html><head><title>" + title + "</title></head><body><div class='refentry'>"
            f"<div class='refnamediv'><h2><span class='refentrytitle'>{title}</span></h2>"
            f"<p>{name_line}</p></div><div class='refsynopsisdiv'><h2>Synopsis</h2><pre>"
            "&lt;?dblatex angle=\"90\" ?&gt;</pre></div><div class='refsection'><h2>"
            "Description</h2><p>Rotates the designated image by the angle given, expressed "
            f"in degrees.</p><p>The default is no rotation.</p>{more}</div></div></body></html>")


def test_an_entrys_name_line_with_its_name_in_marks_is_its_text() -> None:
    # dblatex's manual, its processing instructions' entries: "<?dblatex angle?> —
    # Rotates an imagedata Image" under the title "dblatex angle", dropped with the title
    # as the article's header (the line does not open with the title's characters: 82.9 %)
    e = extract(entry_page("<code class='sgmltag-xmlpi'>&lt;?dblatex <em><code>angle</code>"
                           "</em>?&gt;</code> — Rotates an <code>imagedata</code> Image"), URL)
    assert_kept(e.text, "<?dblatex angle?> — Rotates an imagedata Image",
                "The default is no rotation.")


def test_a_standfirst_quoting_its_headline_stays_in_the_header() -> None:
    # hostile (``_markedname._name_in_code``): a story's headline and, under it, a line
    # quoting the headline before a dash (its byline, no code): the header's, still
    # dropped
    e = extract("<html><body><article><div class='head'><h1>The council votes</h1><p>“The "
                "council votes” — a report by Jane Roe</p></div>"
                f"{STORY}</article></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Jane Roe" not in e.text


def test_a_reference_entrys_wrapped_see_also_list_is_its_text() -> None:
    # dblatex's manual, its parameters' entries (DocBook XSL's ``refentry``): each section
    # wrapped in a block of its own, the last "See Also" over a list (in a block of its
    # own) of cross-references, "the section called “Natbib Citations”" among them:
    # pruned as a list of links (82.1 %)
    page = ("<html><head><title>citation.default.style</title></head><body><div "
            "class='refentry'><div class='refnamediv'><h2>citation.default.style</h2><p>"
            "citation.default.style — Default natbib citation style to apply</p></div>"
            "<div class='refsynopsisdiv'><h2>Synopsis</h2><pre>&lt;xsl:param name="
            "\"citation.default.style\"/&gt;</pre></div><div class='refsection'><a id='d1'>"
            "</a><h2>Description</h2><p>Default natbib citation style to apply when natbib "
            "is used.</p></div><div class='refsection'><a id='d2'></a><h2>See Also</h2>"
            "<div class='itemizedlist'><ul class='itemizedlist'><li class='listitem'><a "
            "class='xref' href='ch03s14.html#sec-natbib'>the section called “Natbib "
            "Citations”</a></li><li class='listitem'><a class='xref' href='pi-citestyle.html'>"
            "<span>dblatex citestyle</span></a></li></ul></div></div></div></body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "See Also", "the section called “Natbib Citations”",
                "dblatex citestyle")


def test_a_see_also_widget_in_a_column_of_widgets_still_goes() -> None:
    # hostile (``_seealso._section_of_prose``): a story, then a column of widgets, each
    # wrapped under its heading, its list in a block of its own ("Tags", then "See also"
    # over links to the site's pages): no section of prose before the "See also" widget,
    # whose list is no document's "See also" list, and goes
    tags = "".join(f"<li><a href='/tags/t{i}'>Tag {i}</a></li>" for i in range(4))
    page = ("<html><body><article><h1>The council votes</h1>" + STORY +
            f"<div><a id='w1'></a><h3>Tags</h3><div><ul>{tags}</ul></div></div><div><a "
            "id='w2'></a><h3>See also</h3><div><ul id='also'><li><a href='/parks.html'>Parks "
            "plan</a></li><li><a href='/budget.html'>Budget vote</a></li></ul></div></div>"
            "</article></body></html>")
    assert not see_also_list(lxml.html.fromstring(page).get_element_by_id("also"))
    e = extract(page, URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Parks plan" not in e.text


def test_the_name_line_of_an_entry_of_several_names_is_its_text() -> None:
    # dblatex's "Olink Parameters": one entry for eleven parameters, its name line the
    # names in code between commas, then "— Parameters to configure Olinks", dropped with
    # the title as the header (79.3 %)
    names = ", ".join(f"<em class='parameter'><code>olink.{n}</code></em>"
                      for n in ("base.uri", "debug", "doctitle"))
    e = extract(entry_page(f"{names} — Parameters to configure Olinks", "Olink Parameters",
                           STORY), URL)
    assert_kept(e.text, "olink.base.uri, olink.debug, olink.doctitle — Parameters to "
                "configure Olinks", "The default is no rotation.")


def test_a_credit_line_of_names_under_a_headline_stays_in_the_header() -> None:
    # hostile (``_markedname._only_code_names``): a story's headline and, under it, its
    # reporters' names between commas, a dash and where they report from: no code, the
    # header's, still dropped
    e = extract("<html><body><article><div class='head'><h1>The council votes</h1><p><b>Ada "
                "Quill</b>, <b>Bo Kosek</b> — reporting from the city hall</p></div>"
                f"{STORY}</article></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Bo Kosek" not in e.text


def test_a_version_in_a_version_sentence_stays_with_it() -> None:
    # dblatex's manual, "Version": "This manual is for dblatex version <em>0.3.12</em>.",
    # kept as a version sentence while its emphasis, "0.3.12", went as a time (70.0 %)
    e = extract("<html><head><title>Version</title></head><body><div class='section'><h2>"
                "Version</h2><p>This manual is for dblatex version <span class='emphasis'><em>"
                "0.3.12</em></span>.</p></div></body></html>", URL)
    assert_kept(e.text, "This manual is for dblatex version 0.3.12.")


def test_a_bylines_part_in_a_paragraph_of_no_version_still_goes() -> None:
    # hostile (``_edges._says_version``): a story's credit line, "Photos <b>by Jane
    # Roe</b>", a paragraph that is no version sentence: its byline part goes, a
    # paragraph's part or not
    e = extract("<html><body><article><h1>The council votes</h1><p>Photos <b>by Jane Roe</b>"
                f"</p>{STORY}</article></body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Jane Roe" not in e.text


def see_also_page(groups: str) -> str:
    """A reference entry whose sections are wrapped, the last "See Also" over one link and
    ``groups`` (items of the list)."""
    return ("<html><head><title>segmentedlist.as.table</title></head><body><div "
            "class='refentry'><div class='refnamediv'><h2>segmentedlist.as.table</h2><p>"
            "segmentedlist.as.table — Format segmented lists as tables</p></div><div "
            "class='refsection'><a id='d1'></a><h2>Description</h2><p>If non-zero, segmented "
            "lists will be formatted as tables, and the table instructions apply.</p></div>"
            "<div class='refsection'><a id='d2'></a><h2>See Also</h2><div class="
            "'itemizedlist'><ul class='itemizedlist'><li class='listitem'><a class='xref' "
            f"href='pi-list.html'>dblatex list-presentation</a></li>{groups}</ul></div></div>"
            "</div></body></html>")


def test_a_see_also_lists_links_grouped_under_labels_are_its_text() -> None:
    # dblatex's segmentedlist.as.table: its "See Also" list groups its links under labels
    # ("Inline presentation:", "Table presentation:", each over a list of entries): not a
    # list of links alone, pruned (71.0 %)
    group = ("<li class='listitem'><p>{label}</p><div class='itemizedlist'><ul>{links}</ul>"
             "</div><p> </p></li>")
    groups = "".join(group.format(label=label, links="".join(
        f"<li><a class='xref' href='{n}.html'>{n}</a></li>" for n in names))
        for label, names in (("Inline presentation:", ("seg.item.separator",)),
                             ("Table presentation:", ("newtbl.autowidth", "dblatex colwidth"))))
    e = extract(see_also_page(groups), URL)
    assert_kept(e.text, "dblatex list-presentation", "Inline presentation:",
                "seg.item.separator", "Table presentation:", "dblatex colwidth")


def test_a_see_also_lists_teaser_over_stories_is_no_group() -> None:
    # hostile (``_seealso._group_label``): the same list, an item a teaser sentence over
    # the links of other stories (no label): no list of the site's pages, pruned
    teaser = ("<li><p>Readers who followed the vote also read these</p><ul><li><a href="
              "'/parks.html'>Parks plan</a></li><li><a href='/budget.html'>Budget vote</a>"
              "</li></ul></li>")
    e = extract(see_also_page(teaser), URL)
    assert "If non-zero, segmented lists" in e.text
    assert "Parks plan" not in e.text
