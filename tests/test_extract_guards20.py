"""Every page whole (issue 26), brief 107 (session 20): guards no test proved, each with a
hostile page a real site could serve that reaches the guard (chrome that survives every
other step), and the risks session 19 left open. Each test names the loosening it fails
under (``bench.loosen``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_generators95 import STORY_TEXT
from .test_extract_generators99 import pydoctor_page
from .test_extract_index import STORY
from .test_extract_whole import URL, assert_kept, words

BLOG = "https://blog.example.test/2026/05/walk.html"


# -- 1. a bar of skip links is no table of contents (_listedsection._skip_bar) ---------------

def post_with_skip_bar() -> str:
    """A blog post under a bar of skip links (to the content's container, the comments, the
    related posts: three links to places on the page, dropped as a navigation), ending on a
    "Related posts" list of the blog's other posts and a "Comments" heading over a line."""
    bar = ("<nav class='skip-links'><ul><li><a href='#content'>Skip to content</a></li>"
           "<li><a href='#comments'>Comments</a></li>"
           "<li><a href='#related'>Related posts</a></li></ul></nav>")
    related = "".join(f"<li><a href='/2026/0{i}/post-{i}'>Another walk along the coast, "
                      f"part {i}</a></li>" for i in range(1, 7))
    return ("<html><head><title>My walk</title></head><body>" + bar +
            "<div id='content'><article><h1>A walk along the cliffs</h1>" + STORY +
            f"<h2 id='related'>Related posts</h2><ul>{related}</ul>"
            "<h2 id='comments'>Comments</h2><p>No comments yet.</p>"
            "</article></div></body></html>")


def test_a_skip_bar_names_no_section_of_the_post() -> None:
    # risk of _listedsection.note_dropped_contents: the bar is dropped as a navigation and
    # its places were noted as the page's sections, so the related posts' list stayed
    # through prune and the comments' heading was no leftover (fails with
    # `_listedsection:_skip_bar=false`); the shape (a contents nav dropped as chrome still
    # names its sections) is tests/test_extract_listedsection.py's
    # test_resources_listed_by_dropped_contents_kept, which fails with `_skip_bar=true`
    e = extract(post_with_skip_bar(), BLOG)
    assert_kept(e.full_text, *STORY_TEXT)
    assert "along the coast" not in e.full_text
    assert "No comments yet" not in e.full_text


# -- 2. a block its siblings made whole climbs on only when it is a section ------------------

THREAD_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina", "Hugo", "Ines", "Jon")


def post_beside_bare_thread() -> str:
    """A blog post in a wrapper with a closing note beside it (the siblings that make the
    wrapper whole), then, in the page's column, a comment count and the readers' comments,
    each a bare ``div`` of a paragraph (no class, no id: nothing says chrome), more text
    together than the post."""
    thread = "".join(
        f"<div><p><b>{w}</b> wrote: I walked there too last spring, and the path along the "
        "cliffs was closed for repairs after the storm, so we took the bus instead; the view "
        "from the top was worth every step of the climb, though.</p></div>"
        for w in THREAD_NAMES)
    note = ("<p>The walk takes about four hours at an easy pace; bring water, since the "
            "kiosk at the lighthouse opens only on weekends in the summer, and the bus back "
            "to town leaves from the harbour every hour until six in the evening.</p>")
    return ("<html><head><title>My walk</title></head><body><div id='page'>"
            f"<div id='wrap'><div class='story'>{STORY}</div>{note}</div>"
            f"<h3>10 Responses</h3>{thread}</div></body></html>")


def test_a_wrapper_made_whole_climbs_no_further_into_a_thread() -> None:
    # hostile of _sectionwhole.section_made_whole's heading guard: the wrapper the post's
    # siblings made whole opens with no heading, so the climb stops there; climbing on,
    # _whole's similar siblings (the thread's bare divs, as the wrapper is one) took the
    # page's column and the thread with it (fails with
    # `_sectionwhole:section_made_whole=true`)
    e = extract(post_beside_bare_thread(), BLOG)
    assert_kept(e.full_text, *STORY_TEXT)
    assert "kiosk at the lighthouse" in e.full_text
    assert "took the bus instead" not in e.full_text


# -- 3. guards whose hostiles were dropped by another step anyway ----------------------------

def story_with_card(card: str) -> str:
    """A post in ``main`` with a card embedded between its paragraphs: ``card`` holds a
    linked title of another post and nothing else (an embed's preview)."""
    paras = STORY.split("</p>")
    first, rest = "</p>".join(paras[:3]) + "</p>", "</p>".join(paras[3:])
    return ("<html><head><title>My walk</title></head><body><main><article>"
            f"<h1>A walk along the cliffs</h1>{first}{card}{rest}</article></main></body></html>")


def test_a_card_of_another_posts_title_in_a_story_still_goes() -> None:
    # hostile of _linkheading.header_of_heading: an embed's card (a blockquote holding the
    # other post's linked title, as an embed service writes its preview) between a story's
    # paragraphs; it is no section's header, so the heading introduces nothing and goes as
    # a link heading, though the story's text follows the card (fails with
    # `_linkheading:header_of_heading=true`)
    card = ("<blockquote class='embed-card'><h4><a href='/2026/04/hills'>A walk in the "
            "hills with the dog</a></h4></blockquote>")
    e = extract(story_with_card(card), BLOG)
    assert_kept(e.full_text, *STORY_TEXT, "Paragraph 3 of the story")
    assert "walk in the hills" not in e.full_text


def test_a_donation_line_after_an_entrys_text_stays_out() -> None:
    # hostile of _headerlines.header_lines (a block after the content is no header line):
    # a project's line asking for donations, a link closing it, after the entry's docstring
    # in the landmark; with the landmark taken whole for it, prune keeps a paragraph of
    # words and drop_trailing_meta reads no meta in it (fails with
    # `_headerlines:header_lines=true`; the pydoctor shape, tests/test_extract_generators99,
    # fails with it false)
    e = extract(pydoctor_page("<div class='x'><p>Readers like you fund this project: "
                              "<a href='/donate'>Donate</a></p></div>"), URL)
    assert_kept(e.text, "Warning raised by the rebuild function", "filter it out")
    assert "Readers like you" not in e.text


def flat_post_ending_on_series_box() -> str:
    """A post written flat in the body (its sections' headings and blocks, no wrapper),
    ending on a box of its series: a heading linked to the series' page over a line of the
    other posts' links (a third of its words links)."""
    paras = STORY.split("</p>")
    first, rest = "</p>".join(paras[:3]) + "</p>", "</p>".join(paras[3:])
    box = ("<h2><a href='/series/coast'>More from the coast series</a></h2><div class='text'>"
           "<p>Read the other walks of the series along the coast: <a href='/p1'>from the "
           "harbour to the lighthouse</a> and <a href='/p2'>round the bay at low tide</a>, "
           "and soon the next one, which will cross the moor.</p></div>")
    return ("<html><head><title>My walk</title></head><body>"
            f"<h2>Day one</h2><div class='text'>{first}</div>"
            f"<h2>Day two</h2><div class='text'>{rest}</div>{box}</body></html>")


def test_a_flat_posts_closing_series_box_still_goes() -> None:
    # hostile of _seealso.says_see_also as _flat._before_see_also reads it: the last section's
    # heading says no "See also", so it is judged with the others and its linked heading
    # refuses the body (the post's sections are gathered without the box); forced true, the
    # box is left out of the judgement, the body is taken, and prune keeps a linked heading
    # over text and a paragraph of words (fails with `_seealso:says_see_also=true`; the
    # pod2html shape, tests/test_extract_generators99, fails with it false)
    e = extract(flat_post_ending_on_series_box(), BLOG)
    assert_kept(e.full_text, *STORY_TEXT)
    assert "other walks of the series" not in e.full_text


# -- 4. an embed box's code is no live example (_demo.embed_code) ---------------------------

EMBED_CODE = ("&lt;iframe src=\"https://video.example.test/embed/4821\" width=\"560\" "
              "height=\"315\" frameborder=\"0\" allowfullscreen&gt;&lt;/iframe&gt;")


def story_with_embed_box() -> str:
    """A story with a share box between its paragraphs: the video's player (a frame), a
    line offering to embed it, and the embed code set as a listing."""
    box = ("<div class='share-tools'><iframe src='https://video.example.test/embed/4821' "
           "width='560' height='315'></iframe><p>Embed this video on your site</p>"
           f"<pre>{EMBED_CODE}</pre></div>")
    return story_with_card(box)


def test_an_embed_box_beside_a_player_is_no_live_example() -> None:
    # risk of _demo.demonstration: the box's class says chrome, it holds a listing of
    # markup and stands between two paragraphs, so it was kept as a live example; its
    # markup loads a frame from another host, embed code (fails with
    # `_demo:embed_code=false`; the live examples' shapes, tests/test_extract_live_examples,
    # fail with it true)
    e = extract(story_with_embed_box(), BLOG)
    assert_kept(e.full_text, *STORY_TEXT, "Paragraph 3 of the story")
    assert "Embed this video" not in e.full_text
    assert "video.example.test" not in e.full_text


# -- 5. a word repeated at every entry that is the entries' own -----------------------------

def reference_with(line: str) -> str:
    """A module's reference: three entries, each a declaration ``line`` (``{n}`` the entry's
    name) over a paragraph."""
    text = ("The value is read once when the process starts, and a change takes effect only "
            "after a restart, so set it in the service's environment.")
    entries = "".join(f"<dt>{line.format(n=n)}</dt><dd><p>{text}</p></dd>"
                      for n in ("open", "close", "flush"))
    return ("<html><head><title>io module</title></head><body><main><h1>io</h1>"
            f"<p>{text}</p><dl>{entries}</dl></main></body></html>")


def test_a_status_badge_linked_to_its_policy_at_every_entry_stays() -> None:
    # risk of _entrylabels._label_links: "Deprecated" ends each entry's declaration, one
    # word, to another file, the same at every entry: it was dropped as a control's label;
    # every link leads to the one page explaining the status (fails with
    # `_entrylabels:_to_one_place=false`; Haddock's "Source" links, to each entry's own
    # place, tests/test_extract_haddock_whole, fail with it true)
    for badge in ("<a class='badge' href='../deprecations.html'>Deprecated</a>",
                  "<a href='../stability.html'>experimental</a>"):
        e = extract(reference_with(f"<code>io.{{n}}(path: str) -&gt; int</code> {badge}"),
                    URL)
        word = badge.split(">")[1].split("<")[0]
        assert e.text.count(word) == 3, badge


def folding_commands(term: str) -> str:
    """A reference of an editor's folding commands: each command's name (``term``, ``{n}``
    the name), linked to the page itself (left as ``#``), beside what it does."""
    rows = "".join(f"<tr><td>{term.format(n=n)}</td><td>{what}</td></tr>" for n, what in (
        ("fold", "Folds the region under the cursor into one line."),
        ("unfold", "Opens the folded region under the cursor again."),
        ("toggle", "Folds the region, or opens it when it is folded.")))
    actions = "".join(f"<dt>{term.format(n=n)}</dt><dd><p>{what}</p></dd>" for n, what in (
        ("Expand", "Opens the row's details under it."),
        ("Collapse", "Closes the row's details again."),
        ("Show all", "Opens every row of the table at once.")))
    return ("<html><head><title>Folding</title></head><body><main><h1>Folding</h1>"
            f"<p>{STORY[:300]}</p><table><tr><th>Command</th><th>What it does</th></tr>{rows}"
            f"</table><h2>Row actions</h2><dl>{actions}</dl><p>{STORY[:300]}</p></main>"
            "</body></html>")


def test_commands_named_by_toggle_verbs_are_the_references_terms() -> None:
    # risk of _controls.toggle_link: a command's name that is a toggle's verb, alone in its
    # row's first cell or its dt and linked to the page itself, was dropped as a toggle;
    # it is the entry's term, its description beside it (fails with
    # `_controls:_entry_term=false`; the YARD toggles, tests/test_extract_yard_pages, fail
    # with it true)
    got = words(extract(folding_commands("<a href='#'>{n}</a>"), URL).text)
    for term in ("unfold opens the folded", "toggle folds the region", "collapse closes",
                 "show all opens every row"):
        assert term in got, term


# -- 6. a description's closing "(details)" is its citation (_entrylabels._after_sentence) ---

def advisories_table() -> str:
    """A project's table of security advisories: each row its identifier, the release that
    fixed it, and a description in sentences naming an SQL function (``printf()``), closed
    by "(details)" linked to the row's ticket."""
    rows = "".join(
        f"<tr><td><a href='https://cve.example.test/CVE-2022-{n}'>CVE-2022-{n}</a></td>"
        f"<td>3.3{n % 10}.1</td><td>Malicious SQL statement involving the {fn}() SQL "
        "function results in an integer overflow, which can overwrite the stack. There is "
        "no known way to escalate the level of harm from it.\n"
        f"<a href='https://tickets.example.test/info/{n}ab'>(details)</a></td></tr>"
        for n, fn in ((351, "printf"), (352, "snippet"), (353, "matchinfo")))
    return ("<html><head><title>Vulnerabilities</title></head><body><main>"
            f"<h1>Vulnerabilities</h1><p>{STORY[:300]}</p><table><tr><th>CVE</th>"
            f"<th>Fixed in</th><th>Comments</th></tr>{rows}</table></main></body></html>")


def test_a_descriptions_closing_details_link_is_its_citation() -> None:
    # sqlite's cves.html: "(details)" closing a row's description, to its ticket, went on the
    # rows whose sentences name a call ("printf()", read as code's glue) and stayed on the
    # others; a reader's view: the link is the row's citation of its evidence, after a
    # sentence, no control beside a declaration (fails with
    # `_entrylabels:_after_sentence=false`; Haddock's "Source" links,
    # tests/test_extract_haddock_whole, fail with it true)
    assert extract(advisories_table(), URL).text.count("(details)") == 3
