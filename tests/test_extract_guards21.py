"""Every page whole (issue 26), brief 114 (session 21): guards of session 20 that no test
proved (a hostile page a real site could serve, reaching the guard), and real-world shapes
left open: a post's closing teasers and comment thread (``_posttail.post_tail``), a share
box's embed code (``_demo.offered_embed``). Each test names the loosening it fails under
(``bench.loosen``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_generators108 import section
from .test_extract_generators109 import BANNER, FOOTER, POST, SIDEBAR
from .test_extract_guards20 import EMBED_CODE, story_with_card
from .test_extract_index import STORY
from .test_extract_whole import URL, assert_kept

BLOG = "https://blog.example.test/2026/05/walk.html"
POST_LINE = ("A lock file records the exact version of every package the last install "
             "resolved, so that the next install on another machine resolves the same tree.")


# -- 1. guards of brief 110 that passed either way ------------------------------------------

def test_an_article_table_then_a_plain_comments_table_keeps_them_out() -> None:
    # hostile of _tablesections.title_bar: a story laid out in a table of rows, then the
    # readers' comments in a table of a plain class headed "Comments" (no class saying
    # chrome, so table_sections' class guard does not see it): the story's table is no
    # title bar (many rows), and the comments are no section of a document of tables
    # (fails with `_tablesections:title_bar=true`)
    rows = "".join(f"<tr><td><p>{t} The council met on Tuesday and voted to delay the "
                   "works by a year, citing the cost of the materials and an appeal that "
                   "is still pending before the court.</p></td></tr>"
                   for t in ("First.", "Second.", "Third.", "Fourth."))
    comments = section("Comments", "<p>Great post, thanks for writing it!</p><p>I disagree "
                       "with the second point entirely.</p>", cls="box")
    page = ("<html><head><title>The park can wait</title></head><body>"
            f"<table class='story'>{rows}</table>{comments}</body></html>")
    text = extract(page, URL).text
    assert "appeal that is still pending" in text and "Great post" not in text


def test_a_posts_dateline_over_its_body_still_goes() -> None:
    # hostile of _listentry.listing_date: a post's date on a line of its own between its
    # title and its body's block, no header around it (the label of a listing stands so,
    # right before the block of its entries): the block after it holds no entry, and the
    # date goes as a dateline (fails with `_listentry:listing_date=true`)
    page = ("<html><head><title>Reading a lock file | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><article class='post'>"
            "<h1>Reading a lock file</h1><div><time datetime='2025-01-04'>Jan 4, 2025</time>"
            f"</div><div class='entry'>{POST}</div></article></section>{SIDEBAR}</div>"
            f"{FOOTER}</body></html>")
    text = extract(page, URL).full_text
    assert "exact version of every package" in text and "Jan 4" not in text


# -- 2. a comment thread of bare blocks after a post (_posttail.post_tail) ------------------

COMMENTS = (("Alice Marwood", "Thanks, this helped: I had been deleting the lock file every "
             "time the install failed, and now I see why the builds kept changing."),
            ("Bertrand Osei", "Does the same hold for workspaces? Our monorepo has one lock "
             "file at the top and the packages below share it."),
            ("Chiara Lindqvist", "Great write-up. One thing I would add is that the lock "
             "file should be reviewed in pull requests like any other code."),
            ("Dmitri Falk", "We pinned everything by hand before we learned this, and it "
             "took a day to undo the mess it made of our upgrades."))


def comment(name: str, text: str) -> str:
    """A comment as a theme without classes writes one: the author and the time, the
    comment's paragraph, a "Reply" link."""
    return (f"<div><div><b>{name}</b> <span>March 3, 2026 at 10:4{len(name) % 10}</span></div>"
            f"<div><p>{text}</p></div><div><a href='#reply'>Reply</a></div></div>")


def post_then(tail: str) -> str:
    post = f"<div><h1>Reading a lock file</h1>{('<p>' + POST_LINE + '</p>') * 4}</div>"
    return ("<html><head><title>Reading a lock file</title></head><body>"
            f"<div>{post}{tail}</div></body></html>")


def test_a_comment_thread_of_bare_blocks_after_a_post_goes() -> None:
    # shape: the thread's comments, bare divs beside the post's block in one wrapper, were
    # kept with it (the wrapper widened over them; prune kept their paragraphs), and with
    # its label "4 comments" (fails with `_posttail:_says_posts=false`)
    thread = "".join(comment(n, t) for n, t in COMMENTS)
    for tail in (thread, f"<h3>4 comments</h3>{thread}", f"<div>{thread}</div>"):
        text = extract(post_then(tail), BLOG).full_text
        assert_kept(text, POST_LINE)
        assert not any(name in text for name, _ in COMMENTS), tail[:20]
        assert "4 comments" not in text and "Reply" not in text


def test_a_forums_thread_is_its_page() -> None:
    # hostile: a forum's topic, its first post one of the thread (a "Reply" link each):
    # no post's prose before the run, the thread is the page (fails with
    # `_posttail:_closes_post=true`)
    thread = "".join(comment(n, t) for n, t in COMMENTS)
    page = ("<html><head><title>Lock files and workspaces - Forum</title></head><body>"
            f"<div><h1>Lock files and workspaces</h1>{thread}</div></body></html>")
    assert_kept(extract(page, BLOG).full_text, *(t for _, t in COMMENTS))


# -- 4. "Read next" teasers closing a flat post (_posttail.post_tail) -----------------------

TEASED = ("Ten years of plain text", "Why the build was slow", "A note on caches",
          "Walking the coast path")


def teaser(i: int, title: str) -> str:
    return (f"<div><h3><a href='/2026/0{i + 1}/post-{i}.html'>{title}</a></h3>"
            f"<span>April {i + 3}, 2026</span><p>Another post of the blog, near this one's "
            f"subject, which the theme sets under every post, number {i}.</p></div>")


TEASERS = "".join(teaser(i, t) for i, t in enumerate(TEASED))


def test_read_next_teasers_at_a_posts_end_go() -> None:
    # shape: a flat post (its paragraphs the article's children) ending on "Read next" and
    # four teasers (a linked title, a date, an excerpt): the titles went as link headings,
    # the dates and excerpts stayed (fails with `_posttail:_says_posts=false`)
    for label, run in (("Read next", TEASERS), ("More from this blog", f"<div>{TEASERS}</div>")):
        page = ("<html><head><title>My walk</title></head><body><main><article>"
                f"<h1>A walk along the cliffs</h1>{STORY}<h2>{label}</h2>{run}</article>"
                "</main></body></html>")
        text = extract(page, BLOG).full_text
        assert "Paragraph 5 of the story" in text
        assert label not in text and "near this one's subject" not in text \
            and "April 4" not in text, label


def test_an_index_of_posts_keeps_its_teasers() -> None:
    # hostile: a blog's index, teasers under its title and nothing else: the teasers are
    # the page (fails with `_posttail:_closes_post=true`)
    page = ("<html><head><title>My blog</title></head><body><main><h1>Latest posts</h1>"
            f"{TEASERS}{TEASERS.replace('post-', 'old-')}</main></body></html>")
    assert_kept(extract(page, BLOG).full_text, "number 1", "number 2", "number 3")


def test_teasers_in_the_middle_of_an_article_stay() -> None:
    # hostile: an article's section of cards (a guide's "three recipes", each a linked
    # title over a line) with the article going on after them: no tail (fails with
    # `_posttail:_ends=true`)
    page = ("<html><head><title>My walk</title></head><body><main><article>"
            f"<h1>A walk along the cliffs</h1>{STORY}<h2>Three walks nearby</h2>{TEASERS}"
            f"<h2>Getting there</h2>{STORY.replace('Paragraph', 'Section')}</article></main>"
            "</body></html>")
    text = extract(page, BLOG).full_text
    assert_kept(text, "number 1", "number 2", "number 3", "Section 5 of the story")


# -- 3. a share box's embed code (_demo.offered_embed) --------------------------------------

def test_a_share_embed_box_goes() -> None:
    # shape: a box of a class saying share and embed ("share-embed") between a story's
    # paragraphs, offering the embed code of the video (a frame) or of the post (a quote
    # linking it): its "embed" spared it as an embedded post, and the quote's markup made
    # it a live example (fails with `_demo:offered_embed=false`)
    quote = ("&lt;blockquote class=\"embed\"&gt;&lt;a href=\"https://blog.example.test/2026/05"
             "/walk.html\"&gt;A walk along the cliffs&lt;/a&gt;&lt;/blockquote&gt;")
    for code in (EMBED_CODE, quote):
        box = f"<div class='share-embed'><p>Embed this on your site</p><pre>{code}</pre></div>"
        text = extract(story_with_card(box), BLOG).full_text
        assert_kept(text, "Paragraph 3 of the story", "Paragraph 5 of the story")
        assert "Embed this" not in text and "blog.example.test" not in text


def test_an_embedded_post_in_a_social_embed_box_stays() -> None:
    # hostile: an embedded social post (its words, its author, its date) in a box of a
    # class saying social and embed, between the story's paragraphs: no markup written as
    # text, it is the story's quotation (fails with `_demo:offered_embed=true`)
    box = ("<div class='social-embed'><blockquote class='twitter-tweet'><p>The cliff path "
           "reopens on Saturday after the repairs to the steps near the lighthouse.</p>"
           "&mdash; Coast Rangers (@rangers) <a href='https://social.example.test/rangers/"
           "status/1'>May 3, 2026</a></blockquote></div>")
    text = extract(story_with_card(box), BLOG).full_text
    assert_kept(text, "Paragraph 3 of the story", "The cliff path reopens on Saturday")


# -- 5. a newsletter's box between a post's paragraphs (_signupbox.signup_boxes) ------------

def signup_box(extra: str = "") -> str:
    return ("<div class='box'><h3>Get the weekly walk</h3><p>One email every Friday with the "
            f"best routes. No spam.</p>{extra}<form action='/subscribe'><input type='email' "
            "name='email' placeholder='you@example.com'><button>Sign me up</button></form>"
            "</div>")


def test_a_newsletter_box_in_a_post_goes() -> None:
    # shape: a sign-up box between a story's paragraphs (a heading, a line, a form asking
    # an email address): the cleaning dropped the form's field and button, the heading and
    # the line stayed as the story's (fails with `_signupbox:_pitch_box=false`)
    for form in (signup_box(), signup_box().replace("type='email' ", "type='text' ")):
        text = extract(story_with_card(form), BLOG).full_text
        assert_kept(text, "Paragraph 2 of the story", "Paragraph 3 of the story")
        assert "weekly walk" not in text and "No spam" not in text


def test_a_contact_pages_form_and_its_lines_stay() -> None:
    # hostile: a page that is its form (a mailing list's page: a title, a line, the form):
    # no post's prose beside the box (fails with `_signupbox:_pitch_box=true`)
    page = ("<html><head><title>The weekly walk</title></head><body><main><h1>The weekly "
            f"walk</h1>{signup_box()}</main></body></html>")
    assert_kept(extract(page, BLOG).full_text, "One email every Friday with the best routes")


def test_a_guides_sign_up_form_example_stays() -> None:
    # hostile: a guide to forms showing a sign-up form live, its markup set as a listing in
    # the example's box: the guide's text (fails with `_signupbox:_pitch_box=true`)
    code = "<pre>&lt;form&gt;&lt;input type=\"email\" name=\"email\"&gt;&lt;/form&gt;</pre>"
    text = extract(story_with_card(signup_box(code)), BLOG).full_text
    assert_kept(text, "One email every Friday", 'input type="email"', "Paragraph 3 of the story")


def test_a_references_linked_members_after_its_description_stay() -> None:
    # hostile: a class's page, its description, then its methods, each a linked name over
    # a line (teasers in shape, ending the content): no date, under a heading naming them
    # (fails with `_posttail:_says_posts=true`; tests/test_extract_entryhead too)
    methods = "".join(f"<div><h4><a href='method.{n}.html'>{n}</a></h4><p>Sets whether "
                      "the child is clipped.</p></div>" for n in ("get_clip", "set_clip",
                                                                   "get_measure", "set_measure"))
    page = ("<html><head><title>Overlay</title></head><body><main><h1>Overlay</h1>"
            f"{STORY}<h2>Instance methods</h2>{methods}</main></body></html>")
    assert_kept(extract(page, BLOG).full_text, "get_clip", "set_measure", "Sets whether the")
