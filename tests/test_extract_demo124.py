"""Every page whole (issue 26), brief 124: a component's live example is content, not a
pop-up. A guide to a component library shows its modal dialogs and menus live, written as
raw HTML among its paragraphs (a Markdown converter set each one's indented inner markup as
a code listing inside it); their classes say "modal" and "menu", the words of a site's
pop-ups, and a dialog opened by a button is marked ``aria-hidden`` until then. One page
shape per failure seen, and the hostile shapes beside them: the real pop-ups (a newsletter
box, a cookie wall, a badge's or an embed's box) that must still go. Each test names the
loosening it fails under (``bench.loosen``: ``TRAWL_LOOSEN='_demo:left_open=false'
.venv/bin/python -m pytest -p bench.loosen tests/test_extract_demo124.py``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_live_examples import standalone
from .test_extract_whole import LOREM, URL, assert_kept, words

INTRO = (f"<h2 id='how'>How it works</h2><p>Before getting started with the dialog "
         f"component, read the following. {LOREM}</p>"
         f"<p>Dialogs are built with markup, style and a script. {LOREM}</p>")
"""A guide's opening paragraphs, before its examples."""


def dialog_markup(text: str) -> str:
    """A dialog's inner markup as a Markdown converter sets it: a listing, escaped."""
    return ("<pre><code>&lt;div class=&quot;modal-content&quot;&gt;\n  &lt;div class=&quot;"
            f"modal-body&quot;&gt;\n    &lt;p&gt;{text}&lt;/p&gt;\n  &lt;/div&gt;\n"
            "&lt;/div&gt;</code></pre>")


LAUNCH = ("<div class='example'><p><button type='button' data-toggle='modal'>Launch the "
          "demo dialog now</button></p></div>")
SOURCE = ("<div class='sourceCode'><pre class='sourceCode html'><code>&lt;div class=&quot;"
          "modal fade&quot;&gt;...&lt;/div&gt;</code></pre></div>")
"""The button that opens an example's dialog, and the highlighted listing of its markup."""


# -- the shapes mended ---------------------------------------------------------------------

def test_a_dialog_shown_live_hidden_until_opened_is_the_documents() -> None:
    # Pandoc's Bootstrap modal page: each live dialog ``div.modal aria-hidden=true`` (a
    # script opens it from the button after it), its inner markup a listing in it, went as
    # hidden, and with it most of the page's words (44 %) (fails with
    # `_demo:hidden_demonstration=false`)
    dialog = ("<div id='exampleLive' class='modal fade' tabindex='-1' aria-hidden='true'>"
              "<div class='modal-dialog'>"
              f"{dialog_markup('You are reading this sentence in a dialog')}</div></div>")
    body = (f"{INTRO}<h3 id='live'>Live demo</h3><p>Toggle a working dialog by clicking the "
            f"button below. {LOREM}</p>{dialog}{LAUNCH}{SOURCE}"
            f"<h2 id='usage'>Usage</h2><p>The plugin toggles hidden content. {LOREM}</p>")
    e = extract(standalone("modal", body), URL)
    assert_kept(e.full_text, "You are reading this sentence in a dialog",
                "The plugin toggles hidden content")


def test_dialogs_that_end_a_section_are_the_documents() -> None:
    # the same page's three dialogs of three sizes, after the listing of the buttons that
    # open them and before the next section's heading: no paragraph after them, the next
    # section instead (fails with `_demo:_next_section=false`)
    sizes = "".join(
        f"<div class='modal fade' aria-hidden='true'><div class='modal-dialog modal-{s}'>"
        f"{dialog_markup(f'The dialog of size {s} says its piece')}</div></div>"
        for s in ("xl", "lg", "sm"))
    body = (f"{INTRO}<h3 id='sizes'>Optional sizes</h3><p>Dialogs have three optional "
            f"sizes. {LOREM}</p>{LAUNCH}{SOURCE}{sizes}"
            f"<h2 id='usage'>Usage</h2><p>The plugin toggles hidden content. {LOREM}</p>")
    e = extract(standalone("modal", body), URL)
    assert_kept(e.full_text, "The dialog of size xl says its piece",
                "The dialog of size sm says its piece")


def test_an_example_left_open_holds_the_documents_next_sections() -> None:
    # Pandoc's Bootstrap dropdown page: a menu's example ``div.dropdown-menu`` holding a
    # form, whose inner ``</div>`` the Markdown converter set as text in its listing; the
    # form's end tag closes the form alone (in a browser as in libxml2), so the menu's
    # block holds the rest of the document, its "Usage" and "Options" sections, dropped as
    # a menu (76 %) (written here as the tree the browser builds) (fails with
    # `_demo:left_open=false`)
    options = "".join(f"<tr><td>option{i}</td><td>What option {i} changes in the menu, "
                      "in a sentence.</td></tr>" for i in range(4))
    rest = (f"<h2 id='usage'>Usage</h2><p>Via data attributes or a script, the plugin "
            f"toggles the menu. {LOREM}</p><h3 id='options'>Options</h3><p>Options can be "
            f"passed as attributes. {LOREM}</p><table><tbody>{options}</tbody></table>"
            f"<p>Note when the boundary is set, the position changes. {LOREM}</p>")
    example = ("<div class='dropdown-menu'><form class='px-4 py-3'><div class='form-group'>"
               "<pre><code>&lt;label for=&quot;email&quot;&gt;Email address&lt;/label&gt;\n"
               "&lt;input type=&quot;email&quot; class=&quot;form-control&quot;&gt;\n"
               "&lt;/div&gt;</code></pre></div></form>"
               f"<p>End of the example.</p>{rest}</div>")
    examples = "".join(f"<h3 id='e{i}'>Example {i}</h3><p>Any single button can be turned "
                       f"into a menu's toggle, in way {i}. {LOREM}</p><p>And with links, in "
                       f"way {i}. {LOREM}</p>" for i in range(4))
    body = (f"{INTRO}{examples}<h3 id='forms'>Forms</h3><p>Put a form within a menu. "
            f"{LOREM}</p>{example}")
    e = extract(standalone("dropdowns", body), URL)
    assert_kept(e.full_text, "Email address", "Via data attributes or a script",
                "What option 3 changes", "Note when the boundary is set")


# -- the hostile shapes: pop-ups that must still go ---------------------------------------

def story_page(middle: str = "", end: str = "", after: str = "") -> str:
    """The council story as a page: ``middle`` set between its paragraphs, halfway; ``end``
    after its last paragraph, in the article; ``after`` after the article, last in the
    body."""
    cut = STORY.index("</p>", len(STORY) // 2) + 4
    return ("<html><head><title>The council votes</title></head><body><article>"
            f"<h1>The council votes on the park</h1>{STORY[:cut]}{middle}{STORY[cut:]}"
            f"{end}</article>{after}</body></html>")


STORY_TEXT = ("Paragraph 0 of the story, with a clause", "Paragraph 5 of the story, with a clause")

BADGE = ("<pre>&lt;a href=&quot;https://news.example.com/&quot;&gt;&lt;img src=&quot;"
         "https://news.example.com/badge.svg&quot; alt=&quot;Read on the council news&quot;"
         "&gt;&lt;/a&gt;</pre>")
"""Markup a site offers to paste: a badge linking to it (no frame, no script: no embed's)."""


def test_a_hidden_newsletter_dialog_in_a_story_still_goes() -> None:
    # hostile of hidden_demonstration: a sign-up dialog hidden until a script opens it, set
    # between a story's paragraphs (its class no newsletter's): it holds no listing of
    # markup (fails with `_demo:demonstration=true`)
    box = ("<div class='modal fade' aria-hidden='true'><div class='modal-dialog'><h2>Subscribe"
           "</h2><p>Get the council's news in your inbox every morning.</p><form><input "
           "type='email'/><button>Subscribe now</button></form></div></div>")
    e = extract(story_page(middle=box), URL)
    assert "inbox" not in words(e.full_text)
    assert_kept(e.text, *STORY_TEXT)


def test_a_dialog_hidden_by_its_style_still_goes() -> None:
    # hostile of hidden_demonstration's caller: a box hidden by its style (a reader does not
    # see it) stays hidden, whatever it holds: here a badge's markup offered to paste,
    # between a story's paragraphs (fails with `_clean:hiding_style=false`)
    box = ("<div class='modal' style='display: none' aria-hidden='true'><p>Put our badge on "
           f"your site, with this code.</p>{BADGE}</div>")
    e = extract(story_page(middle=box), URL)
    assert "badge" not in words(e.full_text)
    assert_kept(e.text, *STORY_TEXT)


def test_a_hidden_copy_of_a_listing_is_read_once() -> None:
    # hostile of _says_popup: a guide's listing and the hidden copy a copy button copies
    # (``aria-hidden``, a class saying no pop-up), between its paragraphs: the copy is no
    # example, and the listing is read once (fails with `_demo:_says_popup=true`)
    listing = ("&lt;section class=&quot;gallery&quot;&gt;Gallery of the council's parks"
               "&lt;/section&gt;")
    body = (f"{INTRO}<div class='highlight'><pre>{listing}</pre></div>"
            f"<div class='clip-source' aria-hidden='true'><pre>{listing}</pre></div>"
            f"<p>The gallery lays its pictures out in rows. {LOREM}</p>")
    e = extract(standalone("gallery", body), URL)
    assert e.full_text.count("Gallery of the council") == 1
    assert_kept(e.full_text, "The gallery lays its pictures out in rows")


def test_a_dialog_open_over_the_page_still_goes() -> None:
    # hostile of over_page: a rendered page's snapshot with its "Share" dialog open over the
    # story (``role=dialog aria-modal=true``), set between the story's paragraphs, holding
    # the badge's markup to paste (fails with `_demo:over_page=false`)
    box = ("<div class='modal show' role='dialog' aria-modal='true'><div class='modal-"
           "dialog'><p>Put our badge on your site, with this code.</p>"
           f"{BADGE}</div></div>")
    e = extract(story_page(middle=box), URL)
    assert "badge" not in words(e.full_text)
    assert_kept(e.text, *STORY_TEXT)


def test_a_badge_dialog_last_in_the_page_still_goes() -> None:
    # hostile of left_open: a site's "Get our badge" dialog last in the body, after a
    # paragraph, holding the badge's markup and a line after it: no section of the
    # document after its listing (fails with `_demo:left_open=true`, and with
    # `_demo:_next_section=true`)
    box = ("<div class='modal'><h3>Add our badge</h3><p>Put our badge on your site, with "
           f"this code.</p>{BADGE}<p>Thank you for spreading the council's news.</p></div>")
    html = ("<html><head><title>The council votes</title></head><body>"
            f"<h1>The council votes on the park</h1>{STORY}{box}</body></html>")
    e = extract(html, URL)
    assert "badge" not in words(e.full_text)
    assert_kept(e.text, *STORY_TEXT)


def test_a_badge_dialog_before_related_stories_still_goes() -> None:
    # hostile of _next_section: the badge's dialog after a story's last paragraph and
    # before its "Related stories" heading over a list of links: a heading opening no
    # section of the text (fails with `_demo:_next_section=true`)
    box = ("<div class='modal'><p>Put our badge on your site, with this code.</p>"
           f"{BADGE}</div>")
    related = "".join(f"<li><a href='/2024/{i}/story'>Council story number {i}</a></li>"
                      for i in range(4))
    e = extract(story_page(end=f"{box}<h2>Related stories</h2><ul>{related}</ul>"), URL)
    assert "badge" not in words(e.full_text)
    assert_kept(e.text, *STORY_TEXT)
