"""Every page whole (issue 26, brief 109): shapes of generators first measured in brief 109
(Halibut, man2html, groff, Hexo). One page shape per failure seen, and the hostile shape
beside it: the chrome of a similar shape the rule must still drop.
``_listentry.listing_entry_header``."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

BANNER = ("<header id='header'><h1><a href='/'>A blog of notes</a></h1><nav>"
          "<a href='/'>Home</a> <a href='/archives'>Archives</a></nav></header>")
TITLES = ("Packing a release by hand", "Reading a lock file", "Scopes and registries",
          "When a script runs", "The shape of a workspace", "Logging levels explained")
SIDEBAR = ("<aside id='sidebar'><div class='widget'><h3>Categories</h3><ul>"
           "<li><a href='/c/commands/'>commands</a> 66</li><li><a href='/c/guides/'>guides"
           "</a> 11</li></ul></div><div class='widget'><h3>Recent posts</h3><ul>"
           + "".join(f"<li><a href='/p/{i}/'>{t}</a></li>" for i, t in enumerate(TITLES[:5]))
           + "</ul></div></aside>")
FOOTER = "<footer id='footer'>&copy; 2026 The Blog. Powered by a generator.</footer>"


def entry(i: int, title: str, heading: str = "h1", excerpt: str = "") -> str:
    """A listing's entry: its header of a date (a ``time`` in a link) and a title link."""
    return (f"<article class='archive-article'><div class='inner'><header>"
            f"<a href='/p/{i}/'><time datetime='2025-01-0{i % 9 + 1}'>Jan {i % 9 + 1}</time></a>"
            f"<{heading}><a href='/p/{i}/'>{title}</a></{heading}></header>{excerpt}</div>"
            "</article>")


def test_archive_page_keeps_its_listing() -> None:
    """Shape: a blog's archive page, its main section a run of entries, each an article
    whose header holds the post's date and its title as a link; the side bar's widgets
    beside it. The listing is the page's content (it came out empty)."""
    page = ("<html><head><title>Archives | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><section class='archives-wrap'>"
            "<div class='archive-year-wrap'><a href='/archives/2025'>2025</a></div>"
            "<div class='archives'>"
            + "".join(entry(i, t) for i, t in enumerate(TITLES))
            + f"</div></section></section>{SIDEBAR}</div>{FOOTER}</body></html>")
    text = extract(page, URL).full_text
    for title in TITLES:
        assert title in text
    assert "Powered by" not in text


POST = ("<p>A lock file records the exact version of every package the last install "
        "resolved, so that the next install on another machine resolves the same tree "
        "and the build it makes is the one that was tested before it shipped.</p>") * 6
RELATED = ("Ten years of plain text", "Why the build was slow", "A note on caches")
EXCERPT = ("<p>Another post of the blog, of a subject near this one's, which the theme "
           "sets under every post with its opening lines.</p>")


def test_related_posts_row_under_a_post_goes() -> None:
    """Hostile: a post, then in its article a row of "related posts" cards of the same
    shape (an article each, its header a date and a title link): a few titles against the
    post's text, no listing that is the page; they go as the side bar does."""
    page = ("<html><head><title>Reading a lock file | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><article class='post'>"
            f"<header><h1>Reading a lock file</h1></header><div class='entry'>{POST}</div>"
            "<div class='more'>"
            + "".join(entry(i, t, "h3", EXCERPT) for i, t in enumerate(RELATED))
            + f"</div></article></section>{SIDEBAR}</div>{FOOTER}</body></html>")
    text = extract(page, URL).full_text
    assert "exact version of every package" in text
    for title in RELATED:
        assert title not in text


COMMENTERS = ("Alice Marwood", "Bertrand Osei", "Chiara Lindqvist", "Dmitri Falk")
COMMENT = ("<p>Thanks, this helped: I had been deleting the lock file every time the "
           "install failed, and now I see why the builds kept changing under me.</p>")


def test_comment_thread_headers_go() -> None:
    """Hostile: a short post and its comment thread, a run of articles (a comment each)
    whose headers hold a heading and a date as a listing's entries do, but the heading is
    the commenter's name, no link to a page of the site: no listing, and the thread, a
    large share of a short page, keeps no header of a comment."""
    thread = "".join(
        f"<article><header><h4>{name}</h4><time datetime='2025-02-0{i + 1}'>Feb {i + 1}"
        f"</time></header>{COMMENT}</article>" for i, name in enumerate(COMMENTERS))
    page = ("<html><head><title>Reading a lock file | A blog of notes</title></head><body>"
            f"{BANNER}<div class='outer'><section id='main'><article class='post'>"
            f"<header><h1>Reading a lock file</h1></header><div class='entry'>{POST[:800]}"
            f"</div></article><section><h2>4 comments</h2>{thread}</section></section>"
            f"{SIDEBAR}</div>{FOOTER}</body></html>")
    text = extract(page, URL).full_text
    assert "exact version of every package" in text
    for name in COMMENTERS:
        assert name not in text
