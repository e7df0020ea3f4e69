"""The sets of static site generators of Markdown: documentation themes and blogs, each with
why its reference is what it is (the declarations' comments say more).

- ``mkdocs``: MkDocs' own documentation (MkDocs; Debian mkdocs-doc): ``div[role=main]`` less
  the self-links;
- ``mdbook``: two mdBook books of the Rust 1.63 documentation (mdBook 0.4; Debian rust-doc,
  only their directories unpacked: the package is 518 MB, 32,000 pages, mostly rustdoc's):
  the Rust Reference and the Rustonomicon, every page (each book's ``print.html``, the whole
  book on one page, among them): ``main`` less the lines of code examples that mdBook
  hides until asked (``span.boring``: its book.js hides them on load);
- ``material``: PyMdown Extensions 10.12's documentation built by Material for MkDocs
  9.5.49 (``scripts/build-docsets``, not installed by setup; 49 pages): the theme's
  ``article.md-content__inner``, not the header, its tabs, both sidebars nor the footer,
  less the self-links and the edit button (the inactive tabs are kept: hidden until a
  reader clicks, as a ``details``'s body);
- ``vitepress``: npm 11's documentation built by VitePress 1.6's default theme
  (``scripts/build-vitepress``): ``div.vp-doc`` less the headings' self-links;
- ``docusaurus``: the same npm docs built by Docusaurus 3's classic theme
  (``scripts/build-docusaurus``): ``div.theme-doc-markdown`` less the headings' self-links;
- ``starlight``: the same npm docs built by Starlight 0.37 on Astro 5
  (``scripts/build-starlight``): the page's ``h1`` and ``div.sl-markdown-content`` less the
  headings' self-links and the text only screen readers get;
- ``jekyll``: the same npm docs built by Jekyll 4.3 with its default theme, minima 2.5
  (``scripts/build-jekyll``): ``article.post``;
- ``vuepress``: npm 11.6.2's documentation built by VuePress 1.9.10's default theme (the
  vitepress set's sources; ``scripts/build-vuepress``, not installed by setup; 83 pages and
  its 404 page): ``div.theme-default-content`` (in ``main.page``) less the headings' ``#``
  anchors (``a.header-anchor``); the navigation bar with its search box, the (empty) side
  menu and the page's edit footer are outside it;
- ``hexo``: a blog Hexo 8.1 makes with its default theme, Landscape 1.1 (its default
  configuration; ``scripts/build-hexo``, not installed by setup: npm 11.6.2's documentation
  as its posts, the vuepress set's sources, 111 pages: the posts, the home page's pages of
  ten whole posts, the archives' and the categories' pages): ``section#main`` (the post or
  the list of posts, each with its date and category) less the post's "Share" control and
  the links to the newer and older posts (``nav#article-nav``) or to the list's other pages
  (``nav#page-nav``), and less the line numbers beside the code blocks (``td.gutter``: no
  words of the text) and a post's own date (trawl's metadata, brief 132); the header with
  its search box, the side bar of widgets (categories, archives, recent posts) and the
  footer are outside it;
- ``pelican``: a blog Pelican 4.12 makes with its default theme, notmyidea, and the
  configuration its quickstart writes (``scripts/build-pelican``, not installed by setup:
  Python-Markdown 3.11's documentation as its posts, its user guide, its extensions' pages
  and its 2.x release notes, 63 pages: the posts, the home page's pages, the archives, the
  categories', tags' and author's pages): ``section#content`` (the post, or the list of
  posts, each with its byline and its summary) and on the home page ``aside#featured``
  (the latest post, whole, above the list) less the pages' links (``nav``: "Page 1 / 4")
  and the page's own post's date and author (metadata in trawl: brief 116);
  the banner's menu, the blogroll and social links and the footer are outside it;
- ``nikola``: a site Nikola 8.3 makes with its default theme, bootblog4, and the
  configuration ``nikola init`` writes (``scripts/build-nikola``, not installed by setup:
  npm 11.6.2's documentation as its posts, Nikola's own reST documentation as its pages,
  115 pages: the posts, the pages, the home page's pages of ten whole posts, the archive
  and the tags' and categories' pages): ``div.body-content`` (the post or page with its
  byline, or the list of posts) less the site's footer inside it, the pagers, the comment
  thread's section (the Disqus box of the default configuration), the byline's
  "Comments" and "Source" links, the page's own post's author and date lines (metadata in
  trawl) and a breadcrumb trail (brief 116); the header and the navigation bar are outside
  it;
- ``ikiwiki``: ikiwiki 3.2020's own documentation wiki as Debian's ikiwiki package ships
  it, built with ikiwiki's default templates (``scripts/build-ikiwiki`` unpacks it, not
  installed by setup; 468 pages: a page a plugin, the directives' and markup's help,
  tips, the news page of posts inlined whole, an example blog): the page's title (shown
  only in the header bar, after the links to the parent pages) and ``div#content``; the
  parent links and the footer (backlinks, "Last edited") are outside it;
- ``hugo``: a documentation site made by Hugo 0.111 (Debian's hugo) with npm's Doks 0.5 theme
  (``scripts/build-hugo``, not installed by setup: the theme's own site, its docs, a blog
  post and its taxonomies' pages, and npm's docs as a docs section, 108 pages): a docs
  page's ``main`` less its collapsed outline, footer meta and previous/next links; any
  other page's ``div.content``, and the home page's feature sections (brief 123, 8 / 9
  when first measured, before any rule was tuned on it), less a blog post's own byline
  (metadata in trawl, brief 125);
- ``honkit``: a book made by HonKit 6.1, GitBook's fork, with its default theme
  (``scripts/build-honkit``, not installed by setup: npm's docs, 84 pages):
  ``section.markdown-section`` (brief 123, 0 / 0 as first measured);
- ``mkdocsrtd``: a site made by MkDocs 1.6 with its readthedocs theme
  (``scripts/build-mkdocsrtd``, not installed by setup: Python-Markdown's docs, 40 pages):
  ``div[role=main]`` less the self-links (brief 123, 0 / 0 as first measured);
- ``zensical``: a site made by Zensical 0.0.40, the Material for MkDocs authors' new generator
  (``scripts/build-zensical``, not installed by setup: Python-Markdown's docs, the site
  the project builds with it, 39 pages): ``article.md-content__inner`` less the
  self-links (brief 128, measured before any rule was tuned on it);
- ``eleventy``: a blog made by Eleventy 3.1 in the shape of its official starter,
  eleventy-base-blog (``scripts/build-eleventy``, not installed by setup: npm's docs as
  posts, 91 pages): ``main`` less the previous/next posts' links and the post's own date
  (trawl's metadata) (brief 128, 1 / 1 when first measured, before any rule was tuned on
  it);
- ``materialblog``: a blog made by Material for MkDocs 9.5's blog plugin
  (``scripts/build-materialblog``, not installed by setup: npm's docs as posts, 113 pages):
  the theme's ``md-content__inner`` less the self-links, the index's page links and its
  excerpts' "Continue reading" links (brief 128, 28 / 28 when first measured, before any
  rule was tuned on it, with those links in);
- ``hexonext``: a blog Hexo 8.1 makes with NexT 8.29, the most used Hexo theme (its
  default scheme and configuration, the menu its guide turns on; ``scripts/build-hexonext``,
  not installed by setup: npm's docs as posts, the hexo set's sources, 127 pages: the
  posts, the home page's pages of ten excerpts, the archives', the categories' and the
  tags' pages, the tag cloud and the category list): ``div.main-inner`` (the post: its
  title, meta line, description, text and tags; a list: its posts' titles and meta lines
  or dates) less the pages' links (``nav.pagination``), a post's previous/next links
  (``div.post-nav``), an excerpt's "Read more" button, the code blocks' line numbers and
  the page's own post's meta line (its byline in trawl's metadata) (brief 131, measured
  before any rule was tuned on it);
- ``butterfly``: a blog Hexo 8.1 makes with Butterfly 5.7, among the most used Hexo themes
  (its default configuration, the menu its documentation turns on;
  ``scripts/build-butterfly``, not installed by setup: npm's docs as posts, the hexo set's
  sources, 127 pages, as ``hexonext``): the page's title in its banner and what
  ``main#content-inner`` holds beside the aside (the post's text and tags; a list's post
  cards or dates and titles) less the post's copyright box, its previous/next cards, its
  related posts, the pages' links and the code blocks' line numbers (brief 131, measured
  before any rule was tuned on it);
"""

from __future__ import annotations

from pathlib import Path

from bench._docsets._base import DOCSETS, LINE_NUMBERS, DocSet, _has_class, _installed

SETS = (
    DocSet("mkdocs", Path("/usr/share/doc/mkdocs/html"), "mkdocs-doc",
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("mdbook", _installed("usr/share/doc/rust-doc/html"), "rust-doc",
           # mdBook: ``main``; a code example's lines marked "boring" are hidden by its
           # book.js on load (a button shows them), as doxygen.css hides its tooltips
           "//main", f".//span[{_has_class('boring')}]", include=("reference", "nomicon")),
    DocSet("material", DOCSETS / "material-pymdownx", "scripts/build-docsets",
           # Material for MkDocs: ``article.md-content__inner``; the header, its tabs, both
           # sidebars (the site's navigation, the page's contents) and the footer's
           # previous/next links are outside it; less the self-links and the edit button
           "//article[" + _has_class("md-content__inner") + "]",
           ".//a[contains(@class, 'headerlink')] | .//a[" + _has_class("md-content__button")
           + "]" + LINE_NUMBERS),
    DocSet("vitepress", DOCSETS / "vitepress", "scripts/build-vitepress",
           # VitePress 1.6's default theme: ``div.vp-doc`` (in ``main``); the navigation bar,
           # the side menu, the page's outline, the edit link, the previous/next links and
           # the footer are outside it; less the self-links (a code block's language label,
           # "bash", is shown: it stays, as its copy button, a control, goes)
           f"//div[{_has_class('vp-doc')}]", f".//a[{_has_class('header-anchor')}]"),
    DocSet("docusaurus", DOCSETS / "docusaurus", "scripts/build-docusaurus",
           # Docusaurus 3's classic theme, the same npm docs as the vitepress set:
           # ``div.theme-doc-markdown`` (in ``article``, in ``main``), the page's heading
           # and its body; the navigation bar, the side menu, the breadcrumbs, the
           # collapsed table of contents above it, the edit link (the doc footer), the
           # previous/next cards, the table of contents beside it and the footer are
           # outside it; less the headings' self-links (``a.hash-link``, a zero-width
           # space read aloud as "Direct link to ..."), as the code blocks' copy buttons,
           # controls, go
           f"//div[{_has_class('theme-doc-markdown')}]", f".//a[{_has_class('hash-link')}]"),
    DocSet("starlight", DOCSETS / "starlight", "scripts/build-starlight",
           # Starlight 0.37 (Astro 5), the same npm docs as the vitepress set: the page's
           # heading (``h1``, in its own panel of ``main``) and ``div.sl-markdown-content``;
           # the header (the site's title, search, social links), the side menu, the "On
           # this page" outline (in an ``aside``), the edit link and the previous/next links
           # (``main``'s footer) are outside them; less the headings' self-links
           # (``a.sl-anchor-link``, an icon and "Section titled ..." for screen readers) and
           # the text only screen readers get (``.sr-only``: a code frame's "Terminal
           # window"), which a reader does not see; the copy buttons, controls, go
           # (a page of the splash template, its 404 page, says its words in its hero's
           # tagline beside the heading, its markdown empty)
           f"//main//h1 | //main//div[{_has_class('tagline')}] | "
           f"//div[{_has_class('sl-markdown-content')}]",
           f".//a[{_has_class('sl-anchor-link')}] | .//*[{_has_class('sr-only')}]"),
    DocSet("jekyll", DOCSETS / "jekyll", "scripts/build-jekyll",
           # Jekyll 4.3's default theme, minima 2.5, the same npm docs as the vitepress set:
           # ``article.post`` (in ``main``), the page's heading (its ``header``) and its
           # body; the site's header (its title, the pages' menu) and footer (the site's
           # description, its social links) are outside it; kramdown writes no self-links
           f"//article[{_has_class('post')}]"),
    DocSet("vuepress", DOCSETS / "vuepress", "scripts/build-vuepress",
           # VuePress 1.9's default theme (npm's docs, as the vitepress set):
           # ``div.theme-default-content`` less the headings' ``#`` anchors; the navigation
           # bar, the side menu and the edit footer are outside it
           f"//div[{_has_class('theme-default-content')}]",
           f".//a[{_has_class('header-anchor')}]"),
    DocSet("hexo", DOCSETS / "hexo", "scripts/build-hexo",
           # Hexo 8.1's Landscape theme (npm's docs as a blog's posts): ``section#main``
           # less the "Share" control, the links to the newer/older post or the list's
           # other pages and the code blocks' line numbers (``td.gutter``); the header,
           # the side bar's widgets and the footer are outside it. The page's own post's
           # date (on a post's page, the one ``article``'s ``a.article-date`` in its
           # ``div.article-meta`` line) is left out, as pelican's, nikola's and eleventy's
           # are (briefs 116, 128; brief 132 made hexo's say so too, it had been left in):
           # trawl reads it as the page's metadata (``published``,
           # ``trawl/extract/_meta.py``), as it does every article's byline; the line's
           # category stays in (no metadata holds it), and so do the dates of the home
           # page's and the archives' lists of posts
           "//section[@id='main']",
           f".//nav[@id='article-nav'] | .//nav[@id='page-nav'] "
           f"| .//a[{_has_class('article-share-link')}] | .//td[{_has_class('gutter')}] "
           f"| ./article[count(../article) = 1]/div[{_has_class('article-meta')}]"
           f"/a[{_has_class('article-date')}]"),
    DocSet("pelican", DOCSETS / "pelican", "scripts/build-pelican",
           # Pelican 4.12's default theme, notmyidea (Python-Markdown's docs as a blog's
           # posts): ``section#content`` (a post: its title, its byline of date, author,
           # category and tags, its text; an index: the list of posts, each its title,
           # byline and summary), and on the home page the latest post set whole above it
           # (``aside#featured``: the page's first post, no sidebar), less the pages' links
           # (``nav``: "Page 1 / 4" and the arrows); the banner's menu, the blogroll and
           # social links (``section#extras``) and the footer are outside it. The page's own
           # post's date and author (its byline's ``abbr.published`` and ``address.author``,
           # the hAtom and hCard microformats) are left out (brief 116): trawl reads them as
           # the page's metadata (``published``, ``author``: ``trawl/extract/_meta.py``), as
           # it does every article's byline, which the articles' expected texts leave out
           # too; the byline's category and tags lines stay in (no metadata holds them), and
           # so do the bylines of the list's other posts
           "//aside[@id='featured'] | //section[@id='content']",
           f"./nav | ./article/div/footer[{_has_class('post-info')}]/abbr"
           f"[{_has_class('published')}] | ./article/div/footer[{_has_class('post-info')}]"
           f"/address[{_has_class('author')}]"),
    DocSet("nikola", DOCSETS / "nikola", "scripts/build-nikola",
           # Nikola 8.3's default theme, bootblog4 (npm's docs as posts, Nikola's own as
           # pages): ``div.body-content`` (a post or a page: its title, byline and date,
           # its text, its tags; an index: the posts whole, ten a page; a tag's or the
           # archive's page: its list of posts), less the site's footer inside it, the
           # pagers (previous/next post, older/newer posts), the comment thread's section
           # (the Disqus box `nikola init` configures) and the byline's "Comments" and
           # "Source" links; the header and the navigation bar are outside it. The page's own
           # post's author and date lines (``p.byline``, ``p.dateline`` in its header) are left
           # out (brief 116): trawl reads them as the page's metadata (``author``,
           # ``published``, from the page's head), as it does every article's byline, which
           # the articles' expected texts leave out too; an index's posts keep theirs
           f"//div[@id='content']/div[{_has_class('body-content')}]",
           f"./footer | .//ul[{_has_class('pager')}] | .//section[{_has_class('comments')}] "
           f"| .//p[{_has_class('commentline')}] | .//p[{_has_class('sourceline')}] "
           f"| ./article/header/div/p[{_has_class('byline')}] "
           f"| ./article/header/div/p[{_has_class('dateline')}] "
           # an empty listings page holds nothing but its breadcrumb trail ("listings"):
           # navigation, no text of it (brief 116)
           f"| ./nav[{_has_class('breadcrumbs')}]"),
    DocSet("ikiwiki", _installed("usr/share/doc/ikiwiki/html", DOCSETS / "ikiwiki"),
           "scripts/build-ikiwiki",
           # ikiwiki 3.2020's default templates (its own documentation wiki): the page's
           # title (in the header bar, after the links to its parent pages: the only place
           # it is shown) and ``div#content`` (the page's text; a blog's or the news page's
           # posts inlined whole, each with its "Posted" line); the parent links, the
           # footer's backlinks ("Links: ...") and "Last edited" line are outside it
           "//div[@class='header']/span/span[@class='title'] | //div[@id='content']"),

    # (brief 115: Debian's own DocBook manuals, chunked or standalone: as for ``docbook``,
    # and for ``pgpool`` the DSSSL one; see scripts/build-debian-manuals)
    DocSet("hugo", DOCSETS / "hugo", "scripts/build-hugo",
           # Hugo 0.111 with the Doks 0.5 theme (its own site and docs, npm's docs as a
           # docs section): a docs page's ``main`` (its title, lead, text) less the
           # collapsed "On this page" outline in it (``nav``: links to the page's own
           # sections, shown above the text on a narrow screen), the empty footer meta
           # (``div.page-footer-meta``: where an edit link and a date would be) and the
           # previous/next links (``div.docs-navigation``); the side menu and the wide
           # screen's outline are outside it. Every other page (the home page, a section's
           # list of pages, the blog, the taxonomies' lists, 404) has no ``main``: its
           # ``div.content`` (in ``div[@role='document']``); the header, the side menus and
           # the footer are outside it. The home page's layout writes a second block of
           # text after its ``div.content`` (its hero: the title, the lead and the "Get
           # Started" button), the body's ``section``s (six features, a heading and a
           # paragraph each: the page's own words, no navigation), which a reader reads as
           # the page's text; they count (brief 123: without them trawl's taking them read
           # as 88 % chrome). Hugo's alias pages (a ``Refresh`` to the page, as ``/page/1/``)
           # are no pages. A blog post's own byline (the line under its title in
           # ``div.blog-header``: "Posted in News on November 4, 2020 by Henk Verlinde - 1
           # min read") is left out (brief 125), as Pelican's and Nikola's own posts' bylines
           # are (brief 116): trawl keeps it as the page's metadata, the line as written
           # (``byline``: its category, date, author and reading time), its date and author
           # read apart too (``published``, ``author``: ``trawl/extract/_meta.py``), as it
           # does every article's byline, which the articles' expected texts leave out; the
           # bylines of a list's posts (the blog's, a tag's, an author's cards) stay counted
           "//main | //div[@role='document']/div[@class='content'][not(.//main)] "
           "| /html/body/section",
           f"./nav | ./div[{_has_class('page-footer-meta')}] "
           f"| ./div[{_has_class('docs-navigation')}] "
           f"| ./article//div[{_has_class('blog-header')}]/p",
           skip_redirects=True),
    DocSet("honkit", DOCSETS / "honkit", "scripts/build-honkit",
           # HonKit 6.1's default theme (GitBook's), npm's docs as a book:
           # ``section.markdown-section`` (the page's markdown); the book's summary (the side
           # menu), its search box, the header bar (its buttons and the page's title from the
           # summary, a running head: the markdown's own headings are in the section) and the
           # previous/next arrows are outside it; the search results' panel beside it is
           # empty until a search
           f"//section[{_has_class('markdown-section')}]"),
    DocSet("mkdocsrtd", DOCSETS / "mkdocsrtd", "scripts/build-mkdocsrtd",
           # MkDocs 1.6's readthedocs theme (Python-Markdown's docs): ``div[role=main]`` (the
           # page's markdown) less the headings' "§" self-links; the side menu, the
           # breadcrumbs, the previous/next buttons, the footer and the version bar are
           # outside it
           "//div[@role='main']", f".//a[{_has_class('headerlink')}]"),
    # (brief 128: generators of other families, measured before any rule was tuned on them)
    DocSet("zensical", DOCSETS / "zensical", "scripts/build-zensical",
           # Zensical 0.0.40's "modern" templates (Python-Markdown's docs):
           # ``article.md-content__inner`` (the page's markdown, its title among it) less the
           # headings' "§" self-links and the edit buttons (none here: the site turns them
           # off); the header and its tabs, the breadcrumb path above the article
           # (``nav.md-path``), both sidebars (the site's navigation, the page's contents)
           # and the footer's previous/next links are outside it
           "//article[" + _has_class("md-content__inner") + "]",
           ".//a[contains(@class, 'headerlink')] | .//a[" + _has_class("md-content__button")
           + "]"),
    DocSet("eleventy", DOCSETS / "eleventy", "scripts/build-eleventy",
           # Eleventy 3.1 with eleventy-base-blog's layouts (npm's docs as posts): ``main``
           # (a post: its title, its line of date and tags, its text; the home page, the
           # archive and a tag's page: the list of posts, each its title and date) less the
           # links to the previous and next posts (``ul.links-nextprev``: navigation, as
           # hexo's ``nav#article-nav``); the skip link, the header (the site's name and
           # menu) and the footer are outside it. The post's own date (the ``time`` in its
           # ``ul.post-metadata`` line under its title) is left out, as pelican's and
           # nikola's are (brief 116): trawl reads it as the page's metadata
           # (``published``, ``trawl/extract/_meta.py``), as it does every article's
           # byline; the line's tags stay in (no metadata holds them), and so do the dates
           # of the home page's, the archive's and the tags' lists of posts (brief 128:
           # first measured with the date in, 1 / 1, the post's dates 3 words a page)
           "//main", f".//ul[{_has_class('links-nextprev')}] "
           f"| ./ul[{_has_class('post-metadata')}]/li/time"),
    DocSet("materialblog", DOCSETS / "materialblog", "scripts/build-materialblog",
           # Material for MkDocs 9.5's blog plugin (npm's docs as posts): the theme's
           # ``md-content__inner`` (a post's ``article``: its title and text; the blog's
           # index, the archive's and a category's pages, a ``div``: the page's heading
           # and its posts' excerpts, each an ``article.md-post`` of its meta line (date,
           # category, reading time), its title, its lead and its "Continue reading" link)
           # less the headings' self-links, the index's links to its other pages
           # (``nav.md-pagination``: "1 2 3 .. 9", as hexo's ``nav#page-nav``) and each
           # excerpt's "Continue reading" link (``nav.md-post__action``: the theme marks it
           # navigation, a link on to the post the excerpt's linked title already leads to;
           # brief 128: first measured with it in, 28 / 28, the meta lines and the links
           # lost, the meta lines mended by a rule, this left out after); the header
           # and its tabs, the side menu, a post's sidebar of its metadata (date, category,
           # reading time, "Back to index") and the footer are outside it
           "//*[" + _has_class("md-content__inner") + "]",
           ".//a[contains(@class, 'headerlink')] | .//a[" + _has_class("md-content__button")
           + "] | .//nav[" + _has_class("md-pagination") + "] | .//nav["
           + _has_class("md-post__action") + "]"),
    # (brief 133: configuration and command references, measured before any rule was tuned
    # on them; each package's pages pinned, see scripts/build-postfix and its neighbours)
    DocSet("hexonext", DOCSETS / "hexonext", "scripts/build-hexonext",
           # Hexo 8.1 with NexT 8.29 (npm's docs as posts): ``div.main-inner`` (a post's
           # ``article``: its title, its meta line (date, category), its description, its
           # text and its footer's tags; the home page: ten posts' titles, meta lines and
           # excerpts; the archives', a tag's and a category's pages: their heading and the
           # posts' dates and titles; the tag cloud's and the category list's pages: their
           # title, count and list) less the list's links to its other pages
           # (``nav.pagination``: "1 2 ... 9", as hexo's ``nav#page-nav``), the post's links
           # to the previous and next posts (``div.post-nav``, as hexo's
           # ``nav#article-nav``), each excerpt's "Read more »" button (``div.post-button``:
           # a link on to the post its linked title leads to, as materialblog's "Continue
           # reading") and the code blocks' line numbers (``td.gutter``, as hexo's); the
           # header and its menu, the sidebar (the post's table of contents, the site's
           # overview) and the footer are outside it. The page's own post's meta line
           # (``div.post-meta`` in the header of its ``h1``: "Posted on 2025-01-02 In
           # commands") is left out, as hugo's byline is (brief 125): trawl keeps it as the
           # page's metadata, the line as written (``byline``), its date read apart too
           # (``published``), as it does every article's byline; the list's posts' meta
           # lines and dates stay counted (brief 131: first measured with only the line's
           # date left out, 43 / 52; the category's "In commands", two words, then lost on
           # each post, no word of the post's text)
           f"//div[{_has_class('main-inner')}]",
           f".//nav[{_has_class('pagination')}] | .//div[{_has_class('post-nav')}] "
           f"| .//div[{_has_class('post-button')}] | .//td[{_has_class('gutter')}] "
           f"| ./div/article/header[h1]//div[{_has_class('post-meta')}]"),
    DocSet("butterfly", DOCSETS / "butterfly", "scripts/build-butterfly",
           # Hexo 8.1 with Butterfly 5.7 (npm's docs as posts): the page's title, which the
           # theme sets only in its banner (``div#post-info``'s ``h1`` on a post,
           # ``div#page-site-info``'s on the tags', categories', archives' pages: the page's
           # own, as ikiwiki's title in its header bar; not the home page's ``h1``, the
           # site's name), and ``main#content-inner``'s block beside the aside (a post's
           # ``div#post``: its text and its tags; the home page: ten post cards, each its
           # title, date, category and excerpt; the archives', a tag's and a category's
           # pages: their heading and the posts' dates and titles; the tag cloud's and the
           # category list's pages: their list), less the post's copyright box
           # (``div.post-copyright``: "Author: ... Link: ... Copyright Notice: All articles on
           # this blog are licensed under ...", the theme's notice under every post, a
           # footer), its previous and next posts' cards (``nav#pagination``, each the
           # post's title and opening words, as hexo's ``nav#article-nav``), its related
           # posts' cards (``div.relatedPosts``: other posts' dates and titles, navigation),
           # a list's links to its other pages (``nav#pagination`` too) and the code blocks'
           # line numbers (``td.gutter``, as hexo's). The post's meta line under its title in
           # the banner (created and updated dates, category, a views counter) is outside it,
           # as are the header's menu, the aside (author card, announcement, the post's
           # contents, recent posts, tags, archives, the site's counts) and the footer
           "//div[@id='post-info']/h1 | //div[@id='page-site-info']/h1 "
           "| //main[@id='content-inner']/div[not(@id='aside-content')]",
           f".//div[{_has_class('post-copyright')}] | .//nav[@id='pagination'] "
           f"| .//div[{_has_class('relatedPosts')}] | .//td[{_has_class('gutter')}]"),
)
