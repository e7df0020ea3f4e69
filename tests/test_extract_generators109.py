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


def post_page(title: str, sections: str, last: str) -> str:
    """A blog's post (no ``main``): its sections flat in the post's body, then ``last``."""
    return (f"<html><head><title>{title} | A blog of notes</title></head><body>{BANNER}"
            "<div class='outer'><section id='main'><article class='post'><div class='inner'>"
            f"<header><h1>{title}</h1></header><div class='entry' itemprop='articleBody'>"
            f"{sections}{last}</div></div></article></section>{SIDEBAR}</div>{FOOTER}"
            "</body></html>")


SECTIONS = ("<h3 id='synopsis'>Synopsis</h3><pre><code>npm shrinkwrap</code></pre>"
            "<p>Note: This command is unaware of workspaces.</p>"
            "<h3 id='description'>Description</h3><p>This command repurposes the lock file "
            "into a publishable shrinkwrap file or simply creates a new one. The file it "
            "writes then takes precedence over any other lock file.</p>")
PAGES = ("npm install", "npm run", "npm scripts", "package.json", "npm ls")


def test_see_also_list_of_pages_ends_a_post() -> None:
    """Shape: a command's page as a blog's post (Hexo: no ``main``), its sections flat, the
    last a "See Also" heading over a list of the site's pages by their names, linked from
    the site's root: the document's last section (it went as a promotion's list, then its
    heading as dangling)."""
    see_also = ("<h3 id='see-also'><a href='#see-also' class='headerlink'></a>See Also</h3>"
                "<ul>" + "".join(f"<li><a href='/commands/{p.replace(' ', '-')}'>{p}</a></li>"
                                 for p in PAGES) + "</ul>")
    text = extract(post_page("npm-shrinkwrap", SECTIONS, see_also), URL).full_text
    assert "publishable shrinkwrap file" in text
    assert "See Also" in text
    for name in PAGES:
        assert name in text


STORIES = ("Council delays the new park for another year", "Residents protest the closing "
           "of the library branch", "Bus routes change again after the summer")


def test_see_also_stories_after_a_story_go() -> None:
    """Hostile: a news story of flat sections ending in a "See also" heading over other
    stories, linked from the site's root, each by its headline: a promotion, no page's
    name; it goes as before."""
    story = ("<h2>What was decided</h2><p>The council voted on Tuesday to delay the works "
             "by a year, citing the cost of the materials and a pending appeal.</p>"
             "<h2>What comes next</h2><p>The appeal will be heard in the spring, and the "
             "works could start in the autumn if it fails.</p>") * 2
    see_also = ("<h2>See also</h2><ul>" + "".join(
        f"<li><a href='/news/2025/{i}/story'>{t}</a></li>" for i, t in enumerate(STORIES))
        + "</ul>")
    text = extract(post_page("The park can wait", story, see_also), URL).full_text
    assert "pending appeal" in text
    for headline in STORIES:
        assert headline not in text
