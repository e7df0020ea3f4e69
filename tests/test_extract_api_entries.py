"""Every page whole (issue 26): an API reference entry's page, as BoostBook's DocBook XSL
writes 3,900 of them (Boost 1.81's documentation, Debian libboost1.81-doc), keeps its name
line and its synopsis whole.

- The entry's name line under its headline ("Class template any_base_hook" over
  "boost::intrusive::any_base_hook", "Function template operator!" over
  "boost::algorithm::operator! — predicate negation operator") is its name, qualified,
  and its purpose: the page's content, as "ls — list directory contents" under "ls" is
  (``_namelines._qualified_name_line``). It went with the header, as an article's standfirst.
- A synopsis opens with "// In header: <boost/intrusive/any_hook.hpp>", a highlighter's
  ``span.comment`` whose header name is a link: a comment with a link read as a comments
  section's (``_boiler._code_comment``), and the line went.

On 3,904 Boost pages the two took pages under 80 % from 1,745 to 25 (most of them a title,
a name line and a synopsis: the page's copyright footer outweighed what was left).
"""

from __future__ import annotations

import re

from trawl.extract import extract
from trawl.extract._namelines import _qualified_name_line

from .test_extract_whole import URL

HEADER = ("<table width='100%'><tr><td><img alt='Boost C++ Libraries' src='boost.png'></td>"
          "<td><a href='/index.html'>Home</a></td><td><a href='/libs.html'>Libraries</a></td>"
          "<td><a href='/people.html'>People</a></td><td><a href='/faq.html'>FAQ</a></td>"
          "</tr></table><hr><div class='spirit-nav'><a href='prev.html'>Prev</a>"
          "<a href='up.html'>Up</a><a href='next.html'>Next</a></div>")
FOOTER = ("<table width='100%'><tr><td></td><td><div class='copyright-footer'>Copyright © "
          "2005 Jane Doe<p>Distributed under the Software License, Version 1.0. (See "
          "accompanying file LICENSE_1_0.txt or copy at <a href='https://example.org/"
          "LICENSE_1_0.txt'>https://example.org/LICENSE_1_0.txt</a>)</p></div></td></tr>"
          "</table><hr><div class='spirit-nav'><a href='prev.html'>Prev</a></div>")


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


MEMBERS = ("\npublic:\n" + "".join(f"  void member_{i}(const value_type &amp; value);\n"
                                   for i in range(12)))
DESCRIPTION = ("Derive a class from this hook to store it in a container. The hook can be "
               "configured with the options given, and a container that uses it keeps no "
               "copy of the value: it links the value itself.")


def entry(title: str, name_line: str, synopsis: str,
          description: str = DESCRIPTION, heading: str = "") -> str:
    desc = ("<div class='refsect1'><h2>Description</h2>" + f"<p>{description}</p>" * 3 +
            "<div class='refsect2'><h3>Members</h3>" + "<p>Each member returns as soon as "
            "the value is linked, and throws nothing.</p>" * 4 + "</div></div>")
    return (f"<html><head><title>{title}</title></head><body>{HEADER}<div class='refentry'>"
            f"<a name='x'></a><div class='titlepage'></div><div class='refnamediv'><h2><span "
            f"class='refentrytitle'>{heading or title}</span></h2><p>{name_line}</p></div>"
            "<h2 class='refsynopsisdiv-title'>Synopsis</h2><div class='refsynopsisdiv'>"
            "<pre class='synopsis'><span class='comment'>// In header: &lt;<a class='link' "
            "href='../../intrusive/reference.html#header'>boost/intrusive/any_hook.hpp</a>"
            f"&gt;\n\n</span>{synopsis}</pre></div>{desc}</div>{FOOTER}</body></html>")


def test_a_qualified_name_line_under_the_entrys_kind_and_name_is_kept() -> None:
    e = extract(entry("Class template any_base_hook", "boost::intrusive::any_base_hook",
                      "<span class='keyword'>template</span>&lt;class ... Options&gt;\n"
                      f"class any_base_hook : public make_any_base_hook::type {{{MEMBERS}}};"), URL)
    assert "boost::intrusive::any_base_hook" in e.text
    assert "Distributed under" not in e.text


def test_a_name_line_with_its_purpose_is_kept() -> None:
    e = extract(entry("Function template operator!", "boost::algorithm::operator! — "
                      "predicate negation operator", "template&lt;typename Pred&gt;\n"
                      f"  unspecified operator!(Pred const &amp; pred);{MEMBERS}",
                      "Returns a predicate that is true where pred is false."), URL)
    assert "predicate negation operator" in e.text
    e = extract(entry("Macro BOOST_PROTO_ref_a", "BOOST_PROTO_ref_a — Generates sequences "
                      "of references", f"BOOST_PROTO_ref_a(z, n, data){MEMBERS}"), URL)
    assert "Generates sequences of references" in e.text


def test_a_name_line_of_a_name_the_headline_sets_in_code_is_kept() -> None:
    # "union" is a word of prose too: the headline sets it in code, a program's name
    e = extract(entry("BoostBook element union", "union — Declares a C++ union or union "
                      "template", f"union ::= (template?, inherit*, purpose?){MEMBERS}",
                      heading="BoostBook element <code class='sgmltag-element'>union"
                      "</code>"), URL)
    assert "Declares a C++ union or union template" in e.text



def test_a_name_qualified_by_a_specialisation_is_a_name_line() -> None:
    # a member of a class template's specialisation: its qualifier holds the template's
    # arguments, spaced as the generator spaces them; read as words, the line went
    line = ("boost::asio::async_result&lt;boost::process::v2::code_as_error_t&lt; "
            "CompletionToken &gt;, void(boost::process::v2::error_code, "
            "boost::process::v2::native_exit_code_type)&gt;::init_wrapper")
    e = extract(entry("Struct template init_wrapper", line,
                      f"template&lt;typename Initiation&gt;\nstruct init_wrapper {{{MEMBERS}}};"),
                URL)
    assert "void(boost::process::v2::error_code" in e.text


def test_a_line_naming_names_among_words_is_no_name_line() -> None:
    # hostile: words outside a qualifier's arguments are prose that ends on a name
    assert not _qualified_name_line("see also std::vector and boost::container::value_list",
                                    "Class template value_list")
    assert _qualified_name_line("boost::container::basic_list<T, (N > 2)>::value_list",
                                "Class template value_list")

def test_a_comment_in_a_code_listing_is_kept_with_its_link() -> None:
    e = extract(entry("Class template any_base_hook", "boost::intrusive::any_base_hook",
                      f"class any_base_hook {{{MEMBERS}}};"), URL)
    assert "// In header: <boost/intrusive/any_hook.hpp>" in e.text


STORY = "".join(
    f"<p>{s} The team moved the service in stages over a year, measuring as it went, and "
    "the latency figures it published at each stage are in the appendix.</p>"
    for s in ("We rewrote our ingestion service.", "The old code was hard to change.",
              "Memory use fell by half.", "Nobody misses the old build."))


def test_a_standfirst_naming_a_word_of_the_headline_is_still_no_name_line() -> None:
    # hostile: a story's header block, its headline and a standfirst that opens with the
    # headline's last word and a dash, set as an entry's: a word of prose is no program's
    # name, and the standfirst stays out with the header, as before
    e = extract(entry("Why we love Rust", "Rust — a year after the switch, the numbers are "
                      "in", f"cargo build --release{MEMBERS}"), URL)
    assert "Derive a class from this hook" in e.text
    assert "numbers are in" not in e.text


def test_a_comments_section_in_spans_with_links_still_goes() -> None:
    # hostile: readers' comments, each a span named "comment" with its author's link,
    # after the story: no code listing holds them, and they go as before
    comments = "".join(
        f"<span class='comment'><a href='/u/{n}'>{n}</a> wrote: great post, thanks for "
        "sharing it with us!</span><br>" for n in ("alice", "bob", "carol", "dave"))
    e = extract("<html><head><title>Moving on</title></head><body><article><h1>Moving on"
                f"</h1>{STORY}</article><div>{comments}</div></body></html>", URL)
    assert "Memory use fell by half." in e.text
    assert not {"alice", "bob", "carol"} & words(e.text)


def reference_page(after_second: str) -> str:
    def section(name: str, body: str) -> str:
        return ("<div class='section'><div class='titlepage'><div><div><h3 class='title'>"
                f"<a name='h.{name}'></a>Header &lt;<a href='../../../boost/{name}.hpp' "
                f"target='_top'>boost/{name}.hpp</a>&gt;</h3></div></div></div>{body}</div>")
    synopsis = ("<pre class='synopsis'>namespace boost {\n  class any;\n  void swap(any &amp;, "
                "any &amp;);\n  template&lt;typename T&gt; T any_cast(any &amp;);\n}</pre>")
    return (f"<html><head><title>Reference</title></head><body>{HEADER}<div class='section'>"
            "<div class='titlepage'><div><div><h2 class='title'>Reference</h2></div></div>"
            f"</div><p>{DESCRIPTION}</p>{section('any', synopsis)}"
            f"{section('bad_any_cast', after_second)}</div>{FOOTER}</body></html>")


def test_a_linked_section_title_in_its_title_block_is_kept() -> None:
    # DocBook XSL wraps a section's title in its title block (div.titlepage); a title that
    # is mostly a link to another page ("Header <boost/any.hpp>", the header's source)
    # introduces what follows the block, not nothing
    e = extract(reference_page("<pre class='synopsis'>namespace boost {\n  class "
                               "bad_any_cast;\n}</pre>"), URL)
    assert "Header <boost/any.hpp>" in e.text
    assert "Header <boost/bad_any_cast.hpp>" in e.text


def test_a_linked_title_over_links_in_its_title_block_still_goes() -> None:
    # hostile: the same title block over a list of links only (a "related" list): a
    # navigation heading, as an unwrapped one is
    links = "<ul>" + "".join(f"<li><a href='/r{i}.html'>Related story {i}</a></li>"
                             for i in range(5)) + "</ul>"
    e = extract(reference_page(links), URL)
    assert "Header <boost/any.hpp>" in e.text
    assert "bad_any_cast" not in e.text


PARTS = ("template", "inherit", "purpose", "access", "typedef", "enum",
         "constructor", "destructor", "method-group", "function", "method", "data-member")


def test_a_grammar_production_of_links_is_the_synopsis() -> None:
    # a schema element's page (BoostBook's DTD reference): its synopsis is the element's
    # production, "struct ::= (template?, inherit*, ... (access| typedef| ...)*)", every
    # part a link to its own page; pruned as a block of links, the page lost a third
    parts = "| ".join(f"<a class='link' href='{p}.html'>{p}</a>" for p in PARTS[3:])
    production = (f"struct ::= \n  (<a href='template.html'>template</a>?, <a href="
                  f"'inherit.html'>inherit</a>*, <a href='purpose.html'>purpose</a>?, ({parts})*)")
    rows = "".join(f"<tr><td>{n}</td><td>#IMPLIED</td><td>CDATA</td><td>What the {n} "
                   "attribute sets, and when it is read.</td></tr>"
                   for n in ("name", "id", "last-revision"))
    html = (f"<html><head><title>BoostBook element struct</title></head><body>{HEADER}"
            "<div class='refentry'><div class='refnamediv'><h2>BoostBook element <code>"
            "struct</code></h2><p>struct — Declares a C++ struct</p></div>"
            f"<h2>Synopsis</h2><div class='refsynopsisdiv'>{production}</div>"
            "<div class='refsection'><h2>Attributes</h2><table><tr><th>Name</th><th>Type"
            f"</th><th>Value</th><th>Purpose</th></tr>{rows}</table></div></div>{FOOTER}"
            "</body></html>")
    text = extract(html, URL).text
    assert "struct ::=" in text
    assert words(" ".join(PARTS)) <= words(text)
    assert "What the last-revision attribute sets" in text


def test_a_bar_of_links_joined_as_alternatives_still_goes() -> None:
    # hostile shape: a bar of stories joined by "|" inside a story is a way elsewhere,
    # however like a production's alternatives it reads; only "name ::=" opens a production
    titles = ("Elections in the north", "The budget, explained", "Weather this week")
    bar = " | ".join(f"<a href='/t/{i}.html'>{t}</a>" for i, t in enumerate(titles))
    story = [f"<p>Paragraph {i} of the story, with a clause, and more words in it than a "
             "caption has, to read as prose.</p>" for i in range(6)]
    html = ("<html><head><title>Story</title></head><body><div class='post'>"
            f"{''.join(story[:4])}<div>More stories: {bar}</div>{''.join(story[4:])}"
            "</div></body></html>")
    text = extract(html, "https://news.example.org/story.html").text
    assert "Paragraph 0 of the story" in text and "Paragraph 5 of the story" in text
    assert "Weather this week" not in text
