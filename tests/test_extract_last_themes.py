"""Every page whole (issue 26): the last pages of Sphinx themes' sets (brief 87).

- a reading list grouped under labels: a section's long list of talks, then more lists,
  each under a label of its own ("Distributed testing:"): the longest list won alone
  (``_readinglist.labelled_lists``);
- an alphabetical index in a theme that marks no main landmark: its terms under their
  letters, each a link and its other places in a list of links under it; prune took the
  lists for lists of links (``_letterindex.in_letter_index``);
- a theme's pager set as a line of one link, "Next page: <a>Name Resolution</a>", at the
  content's foot, and as a list "Next: .., Previous: .., Up: .." in its sidebar, the head
  naming the next and previous pages (``_seqbar.page_line``);
- an introduction's last line pointing on to the site's documents, "Read more in the
  <a>FAQ list</a> or the <a>documentation</a>.": mostly links, and its lead read as a
  promotion's (``_readmore.pointer_sentence``);
- a caption titling a block: a code listing's file name ("docs/source/conf.py") and a
  table of contents' title marked a heading ("Directive tutorials"), gone for their
  class, a caption's (``_blockcaption.captions_block``).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

SIDEBAR = ("<div class='sphinxsidebar' role='navigation'><h3>Contents</h3><ul>"
           + "".join(f"<li><a href='/p{i}.html'>Page number {i}</a></li>" for i in range(8))
           + "</ul></div>")


def _talk(i: int) -> str:
    return (f"<li><p><a href='https://video.example/{i}'>Testing with fixtures, part {i}"
            f"</a>, Jane Speaker, PyCon {2000 + i}</p></li>")


def _group(label: str, n: int, cls: str = "simple") -> str:
    items = "".join(f"<li><p><a href='https://blog.example/{label[:4]}{i}'>{label[:-1]} "
                    f"post number {i}</a> (blog post)</p></li>" for i in range(n))
    return f"<p>{label}</p><ul class='{cls}'>{items}</ul>"


def _reading_page(groups: str) -> str:
    talks = "<ul class='simple'>" + "".join(_talk(i) for i in range(24)) + "</ul>"
    return ("<html><head><title>Talks</title></head><body><div class='document'>"
            "<div class='body' role='main'><section id='talks'><h1>Talks and tutorials</h1>"
            "<section id='books'><h2>Books</h2><ul class='simple'>"
            + "".join(f"<li><p><a href='https://books.example/{i}'>Testing quick start, "
                      f"edition {i}, by A. Writer ({2010 + i})</a>.</p></li>" for i in range(3))
            + "</ul></section><section id='postings'><h2>Talks and blog postings"
            f"</h2>{talks}{groups}</section></section></div></div>{SIDEBAR}</body></html>")


def test_a_reading_lists_labelled_groups_are_kept() -> None:
    groups = "".join(_group(label, 3) for label in (
        "Test parametrization:", "Assertion introspection:", "Distributed testing:"))
    e = extract(_reading_page(groups), URL)
    assert "Testing with fixtures, part 23" in e.text
    assert "Distributed testing post number 2" in e.text
    assert "Test parametrization post number 0" in e.text
    assert "Testing quick start" in e.text
    assert "Page number 3" not in e.text


def test_a_related_posts_list_under_its_label_is_no_group() -> None:
    # hostile: a list under "Related posts:" after the section's list is a promotion of
    # other pages beside it, not a group of the reading list
    groups = _group("Test parametrization:", 3) + _group("Related posts:", 6)
    e = extract(_reading_page(groups), URL)
    assert "Testing with fixtures, part 23" in e.text
    assert "Related posts post number 4" not in e.text


def _entry(term: str, places: int) -> str:
    subs = "".join(f"<li><a href='api/m{i}.html#pkg.mod{i}.Parser.{term}'>(pkg.mod{i}.Parser "
                   "method)</a></li>" for i in range(places))
    return (f"<li><a href='api/m.html#pkg.cfg.Opts.{term}'>{term}() (pkg.cfg.Opts method)</a>"
            + (f"<ul>{subs}</ul>" if subs else "") + "</li>")


def _index_page(headings: list[str]) -> str:
    jump = " | ".join(f"<a href='#{h}'><strong>{h}</strong></a>" for h in headings)
    # (a letter's terms in columns, a few each, as a general index sets them)
    parts = "".join(f"<h2 id='{h}'>{h}</h2><table class='indextable'><tr>" + "".join(
        "<td><ul>" + "".join(_entry(f"{h.lower()}term{c}{n}", c or n % 2)
                             for n in range(7 if c == 0 else 2))
        + "</ul></td>" for c in range(3)) + "</tr></table>" for h in headings)
    return ("<html><head><title>Index</title></head><body><div class='container'>"
            "<div class='row'><div class='docs-body'><h1 id='index'>Index</h1>"
            f"<div class='jumpbox'>{jump}</div>{parts}</div></div>"
            "<p>Except where otherwise noted, this document is licensed under a licence of "
            "its own, see the licence page for the details of it.</p></div>"
            f"{SIDEBAR}</body></html>")


def test_an_indexs_subentries_under_its_letters_are_kept() -> None:
    e = extract(_index_page(["Symbols", "A", "B", "C", "D"]), URL)
    assert "cterm21() (pkg.cfg.Opts method)" in e.text
    lines = [line for line in e.text.splitlines() if "(pkg.mod0.Parser method)" in line]
    assert len(lines) == 5 * (3 + 2 + 2)  # (every term's other places, under each letter)


def test_link_lists_under_headings_of_words_are_no_index() -> None:
    # hostile: lists of other pages' links under "Popular", "Latest", "Archives" after a
    # story, in its container: no run of letters, and prune drops them
    story = "".join(f"<p>Paragraph {i} of the story says what happened, and why it "
                    "matters to the people who read it, at some length.</p>" for i in range(6))
    blocks = "".join(f"<h2>{h}</h2><ul>" + "".join(
        f"<li><a href='/{h.lower()}/{i}.html#top'>{h} story {i}</a></li>" for i in range(5))
        + "</ul>" for h in ("Popular", "Latest", "Archives"))
    page = ("<html><head><title>Story</title></head><body><div class='story'>"
            f"<h1>Story</h1>{story}{blocks}</div>{SIDEBAR}</body></html>")
    e = extract(page, URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Latest story 3" not in e.text


STORY = "".join(f"<p>Paragraph {i} says how the servers accept connections, and how a pool "
                "limits them, at the length a manual's section has.</p>" for i in range(4))


def _paged(foot: str, side: str = "") -> str:
    return ("<html><head><title>Servers</title><link rel='next' href='dns.html'>"
            "<link rel='prev' href='greenlet.html'></head><body><div id='site'>"
            "<div class='col left'><div class='body'><section><h1>Implementing servers</h1>"
            f"{STORY}</section>{foot}</div></div><div class='col right'><div class='box'>"
            f"{side}</div></div></div></body></html>")


def test_a_pagers_next_page_line_is_no_text() -> None:
    side = ("<h4>Navigation</h4><ul><li>Next: <a href='dns.html'>Name Resolution</a></li>"
            "<li>Previous: <a href='greenlet.html'>Greenlet Objects</a></li>"
            "<li>Up: <a href='index.html'>Contents</a></li></ul>")
    e = extract(_paged("<p><strong>Next page: <a href='dns.html'>Name Resolution (DNS)</a>"
                       "</strong></p>", side), URL)
    assert "Paragraph 3 says" in e.text
    assert "Next page" not in e.text
    assert "Greenlet Objects" not in e.text


def test_a_boxs_previous_line_over_the_text_stays() -> None:
    # hostile: a tutorial's box over its page says where the page stands, "Previous:"
    # among its lines: the document's own words, not a pager at its foot
    page = ("<html><head><title>Reading</title><link rel='next' href='dns.html'><link "
            "rel='prev' href='greenlet.html'></head><body><div class='body' role='main'>"
            "<div class='topic'><p class='topic-title'>The Database Toolkit 1.4 / 2.0 "
            "Tutorial</p><p>This page is part of the <a href='index.html'><span>Database "
            "Toolkit 1.4 / 2.0 Tutorial</span></a>.</p><p>Previous: <a href='greenlet.html'>"
            "<span>Working with Related Objects</span></a></p></div><section>"
            f"<h1>Further reading</h1>{STORY}</section></div></body></html>")
    e = extract(page, URL)
    assert "Paragraph 3 says" in e.text
    assert "Working with Related Objects" in e.text


def test_a_cross_reference_to_the_next_page_stays() -> None:
    # hostile: a short line of the text citing the next page says no way: it stays
    e = extract(_paged("<p>See <a href='dns.html'>Name Resolution (DNS)</a>.</p>"), URL)
    assert "See Name Resolution (DNS)." in " ".join(e.text.split())


def _intro_page(pointer: str) -> str:
    items = "".join(f"<li><p>a feature of the highlighter, number {i}, that its users "
                    "asked for</p></li>" for i in range(5))
    rest = "".join(f"<p>Section paragraph {i} says how to contribute to the project, and "
                   "where its code and its tracker are kept.</p>" for i in range(3))
    return ("<html><head><title>Welcome</title></head><body><div class='body' role='main'>"
            "<section><h1>Welcome!</h1><p>This is the home of the highlighter. It is a "
            f"generic syntax highlighter for many languages. Highlights are:</p><ul>{items}"
            f"</ul>{pointer}<section><h2>Contribute</h2>{rest}</section></section></div>"
            f"{SIDEBAR}</body></html>")


def test_an_introductions_pointer_to_the_documentation_is_kept() -> None:
    e = extract(_intro_page(
        "<p>Read more in the <a href='faq.html'>FAQ list</a> or the <a "
        "href='docs/index.html'>documentation</a>, or <a href='https://pypi.example/h'>"
        "download the latest release</a>.</p>"), URL)
    assert "Section paragraph 2" in e.text
    assert "Read more in the FAQ list" in " ".join(e.text.split())


def test_a_storys_read_more_line_to_other_stories_goes() -> None:
    # hostile: the same sentence leading to other stories by their site-rooted addresses
    # is a promotion set in the text
    e = extract(_intro_page(
        "<p>Read more in our <a href='/news/2024/05/election-coverage'>election coverage"
        "</a> and the <a href='/news/live/results-tonight'>live results blog</a>.</p>"), URL)
    assert "Section paragraph 2" in e.text
    assert "election coverage" not in e.text


LISTING = ("<div class='highlight-python'><div class='highlight'><pre>extensions = [\n"
           "    'sphinx.ext.duration',\n]\n</pre></div></div>")


def _tutorial(block: str, end: str = "") -> str:
    return ("<html><head><title>Customization</title></head><body><div class='body' "
            f"role='main'><section><h1>More customization</h1>{STORY}<div class='wrapper' "
            f"id='id1'>{block}</div>{STORY}{end}</section></div>{SIDEBAR}</body></html>")


def test_a_listings_file_name_is_kept() -> None:
    caption = ("<div class='code-block-caption'><span class='caption-text'>docs/source/"
               "conf.py</span><a class='headerlink' href='#id1'>¶</a></div>")
    e = extract(_tutorial(caption + LISTING), URL)
    assert "docs/source/conf.py" in e.text
    assert "'sphinx.ext.duration'" in e.text


def test_a_contents_heading_over_its_list_is_kept() -> None:
    toc = ("<div class='toctree-wrapper'><p class='caption' role='heading'><span "
           "class='caption-text'>Directive tutorials</span></p><ul>" + "".join(
               f"<li class='toctree-l1'><a href='t{i}.html'>Developing the extension number {i}"
               "</a></li>" for i in range(4)) + "</ul></div>")
    page = ("<html><head><title>Tutorials</title><link rel='next' href='t0.html'></head>"
            "<body><div class='body' "
            "role='main'><section><h1>Extension tutorials</h1><p>Refer to the following "
            f"tutorials to get started with extension development.</p>{toc}</section></div>"
            f"{SIDEBAR}</body></html>")
    e = extract(page, URL)
    assert "Developing the extension number 3" in e.text
    assert "Directive tutorials" in e.text


def test_a_contents_heading_keeps_its_list_in_the_landmark() -> None:
    # the caption kept, its wrapper holds a heading and a list: a section of a table of
    # contents (prune's _links_in_lists), not a block of links
    toc = ("<div class='toctree-wrapper'><p aria-level='2' class='caption' role='heading'>"
           "<span class='caption-text'>How To...</span></p><ul>" + "".join(
               f"<li class='toctree-l1'><a href='h{i}.html'>Set up the thing {i}</a></li>"
               for i in range(9)) + "</ul></div>")
    page = ("<html><head><title>How To</title></head><body><main><section><h1>How To</h1>"
            "<p>This section contains snippets and suggestions about how to perform "
            "different actions with the library. If you have an idea of a how-to that we "
            f"should add, please <a href='https://x.example/new'>make a suggestion</a>!</p>"
            f"{toc}</section></main>{SIDEBAR}</body></html>")
    e = extract(page, URL)
    assert "How To..." in e.text
    assert "Set up the thing 8" in e.text


def test_a_photos_caption_is_no_blocks_title() -> None:
    # hostile: a photo's caption and credit beside its picture, set in the text, goes
    caption = "<div class='caption'>Crowds at the rally. Photo: Agency</div>"
    e = extract(_tutorial(caption + "<div class='photo'><img src='a.jpg' alt=''></div>"),
                URL)
    assert "Paragraph 3 says" in e.text
    assert "Photo: Agency" not in e.text
