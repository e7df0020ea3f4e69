"""The sets of Sphinx with its themes, and Docutils, each with why its reference is what it is
(the declarations' comments say more).

- ``python``: the Python 3.11 docs (Sphinx; Debian python3.11-doc): ``div[role=main]`` less
  the ``¶`` self-links;
- ``django``: Django 3.2's documentation (Sphinx 5 with Django's own theme; Debian
  python-django-doc, only its 692 pages, not its images and sources): its tutorials, topic
  guides, reference (model fields, settings, template tags, ``django-admin``'s commands) and
  release notes (a release a page); the theme marks the content as ``div#yui-main``'s
  ``div.yui-b``, apart from its chrome: the header (the site's title, the global menu and a
  prev/up/next bar, ``div#hd``), the sidebar (``div#sidebar``: the page's contents,
  previous and next topic, the search box, "Last update") and the footer's bar
  (``div#ft``): that container less the ``¶`` self-links;
- ``sqlalchemy``: SQLAlchemy 1.4's documentation (Sphinx 5 with zzzeeksphinx, SQLAlchemy's
  own theme; Debian python-sqlalchemy-doc, only its 224 pages): its tutorials, ORM and Core
  guides and API reference (long pages of classes and their members), dialects' pages and
  changelogs, with SQL shown after the code that emits it (``div.show_sql``, and
  ``div.popup_sql`` after a "sql" link, which the theme's script folds); the theme's
  ``div#docs-body`` (``role=main``), not its version header, top navigation, sidebar (the
  site's and the page's contents, the search box) and bottom prev/next links and copyright
  (all outside it): that container less the ``¶`` self-links;
- ``rtdtheme``: cryptography 38's documentation (Sphinx 5 with the Read the Docs theme,
  sphinx_rtd_theme; Debian python-cryptography-doc, its 58 pages): a library's API
  reference (classes and functions with their parameters, notes, warnings, version notes)
  and its guides; the theme's ``div[role=main]`` (``itemprop=articleBody`` inside), not the
  side menu, the breadcrumbs and "View page source" link above it, nor the footer's
  Previous/Next buttons and copyright: that container less the ``¶`` self-links;
- ``pydata``: pandas 1.5's documentation (Sphinx 5 with the PyData theme; Debian
  python-pandas-doc, 277 MB installed: only its user guide, getting started pages, the
  reference's section pages and DataFrame's API pages, a page a method, 296 pages): the
  theme's ``main`` (``role=main``), not its top navigation bar, the left sidebar (the
  section's every page or API entry) nor the right one (the page's contents, "Edit this
  page"), less the ``¶`` self-links and the previous/next links at its foot
  (``div.prev-next-area``);
- ``pallets``: Flask 2.2's documentation (Sphinx 5 with the Pallets theme, alabaster's
  layout; Debian python-flask-doc, its 77 pages): its tutorial, guides, patterns and API
  reference; the theme's ``div.body`` (``role=main``), not the related-links bar above it
  (index, modules, previous, next, the breadcrumbs), the sidebar (the logo, the page's
  contents, previous and next, the search box) nor the footer's copyright: that container
  less the ``¶`` self-links. Werkzeug's, Jinja's and Click's docs (python-werkzeug-doc,
  python-jinja2-doc, python-click-doc) are in the same theme and layout, and measured the
  same (all their pages at 100 % when the set was added): not sets of their own;
- ``requests``: Requests 2.28's documentation (Sphinx with alabaster, Sphinx's default
  theme; Debian python-requests-doc, its 27 pages, its modules' source pages,
  ``_modules/``, among them): the user guide, the API reference and the community pages;
  alabaster's ``div.body`` (``role=main``), not its sidebar (the logo, the project's links,
  the contents) nor the footer: that container less the ``¶`` self-links;
- ``pytest``: pytest 7.2's documentation (Sphinx 5 with the Pallets "flask" theme, as
  Debian builds it; python-pytest-doc, its 249 pages, not its changelog, which the package
  ships gzipped): how-to guides, explanations, the reference (long pages of fixtures,
  hooks and options), 153 release announcements, and its modules' source pages
  (``_modules/``); the theme's ``div.body`` (``role=main``), as ``pallets``'s, less the
  ``¶`` self-links;
- ``furo``: mypy 1.0's and structlog 22.3's documentations (Sphinx 5 with Furo, the most
  used modern Sphinx theme; Debian mypy-doc and python-structlog-doc, 38 and 39 pages,
  structlog's modules' source pages, ``_modules/``, among them): guides, a configuration
  and command-line reference, error code lists, an API reference; Furo's ``article``
  (``role=main``), not its side drawer (the logo, the search box, the site's every page),
  the "Edit this page" icon, the previous/next links and footer below it nor the page's
  contents drawer: that container less the ``#`` self-links;
- ``booktheme``: Dask 2022.12's documentation (Sphinx 5 with dask-sphinx-theme, which is
  sphinx-book-theme 0.3 with Dask's logo and links; Debian python-dask-doc, of its 1,129
  pages its guides, how-tos, setup pages and examples and the API pages of Array's and
  DataFrame's methods, 336 pages): the theme's ``div#main-content``, not the side menu,
  the top bar's buttons (download, full screen) and the page's contents beside it in
  ``main``, less the ``¶`` self-links and the previous/next links at its foot
  (``div.prev-next-area``);
- ``sphinx13``: Sphinx 5.3's own documentation (its sphinx13 theme; Debian sphinx-doc,
  137 pages): its tutorial, usage guides, the configuration reference (a long list of
  options), the extension and theming APIs, the development guides; the theme's
  ``div.body`` (``role=main``), not the page header, the related-links bar, the sidebar
  (the project's links, the page's contents, the search box) nor the footer: that
  container less the ``¶`` self-links;
- ``gevent``: gevent 22.10's documentation (Sphinx 5 with gevent's own theme, on Sphinx's
  basic one; Debian python-gevent-doc, 149 pages, its API reference a page a module and
  its modules' source pages, ``_modules/``, among them): the document's ``div.body``
  (the right column's ``div.body`` holds the sidebar: the page's contents, next and
  previous), not the header's tabs nor the footer's links, less the ``¶`` self-links
  and the "Next page: ..." line the theme's layout sets at its foot;
- ``shibuya``: Sphinx 9.0's own documentation (its sdist's doc/ tree, its conf.py but for its
  site's theme, templates and intersphinx) built with the Shibuya theme
  (``scripts/build-shibuya``, not installed by setup; 209 pages, 199 with a reference, its
  modules' source pages among them): ``article`` (``role=main``) less the ``#`` self-links;
  the top bar, the side menu, the breadcrumbs, the "Copy page" menu, the page's contents,
  the previous/next links and the footer are outside it;
- ``immaterial``: Sphinx 9.0's documentation in the sphinx-immaterial 0.13 theme, Material for
  MkDocs' layout ported to Sphinx (``scripts/build-immaterial``, not installed by setup:
  the shibuya set's sources, 208 pages): ``article.md-content__inner`` less the self-links
  (brief 128, measured before any rule was tuned on it);
- ``openstack``: oslo.config's documentation (Sphinx with openstackdocstheme; Debian
  python-oslo.config-doc): ``div.docs-body`` less the self-links;
- ``pygments``: Pygments' documentation (Sphinx with Pygments' own theme; Debian
  python-pygments-doc): ``div[role=main]`` less the self-links;
- ``docutils``: Docutils 0.21's own documentation as its ``rst2html`` renders it standalone
  (its default writer, html4css1, no Sphinx; ``scripts/build-docutils``, not installed by
  setup; 55 pages: reStructuredText's specification, directives and roles, the user
  guides, developers' notes, four PEPs, the FAQ, the history): ``div.document`` (the title,
  the bibliographic fields, the author's "Contents" topic, the sections); the bar of
  links over it (the ``header`` directive's ``div.header``) is outside it;
- ``bind9`` (brief 133, with ``postfix`` and ``proftpd`` in ``_own``: its pages pinned in
  ``scripts/docset-packages/``, ``scripts/build-bind9``, not installed by setup; measured
  before any rule was tuned on it): BIND 9.18's Administrator Reference Manual (bind9-doc,
  Sphinx with sphinx_rtd_theme as the ``rtdtheme`` set, 18 pages, a chapter a page: the
  configuration reference, 1.5 MB, each statement's grammar as a ``<pre>`` block and every
  option a ``<dt>`` entry; the tools' manual pages on one page; the DNSSEC guide; the
  release notes): as ``rtdtheme``, ``div[role=main]`` less the ``¶`` self-links;
- ``ablog``: a blog ABlog 0.11 makes on Sphinx 9.0 (the site ``ablog start`` writes,
  alabaster with ABlog's sidebars; ``scripts/build-ablog``, not installed by setup:
  Pelican 4.12's release history as its posts, a post a release, 78 pages: the posts, the
  list of all posts, the archives of a year, a tag, a category and the author, each its
  posts' titles, dates, metadata and excerpts, the catalogue of every post, the index and
  about pages, Sphinx's search and index pages): ``div[role=main]`` less the self-links,
  a post's previous/next links and the lists' "Read more" links (brief 131, measured
  before any rule was tuned on it);
"""

from __future__ import annotations

from pathlib import Path

from bench._docsets._base import DOCSETS, LINE_NUMBERS, DocSet, _has_class, _installed

SETS = (
    DocSet("python", Path("/usr/share/doc/python3.11/html"), "python3.11-doc",
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("django", _installed("usr/share/doc/python-django-doc/html"), "python-django-doc",
           # Django's theme: ``div#yui-main``'s ``div.yui-b``; the header, sidebar and
           # footer bar are outside it
           "//div[@id='yui-main']/div[@class='yui-b']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("sqlalchemy", _installed("usr/share/doc/python-sqlalchemy-doc/html"),
           "python-sqlalchemy-doc",
           # zzzeeksphinx: ``div#docs-body``; the headers, sidebar and prev/next links are
           # outside it
           "//div[@id='docs-body']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("rtdtheme", _installed("usr/share/doc/python-cryptography-doc/html"),
           "python-cryptography-doc",
           # sphinx_rtd_theme: ``div[role=main]``; the side menu, breadcrumbs and footer
           # are outside it
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("pydata", _installed("usr/share/doc/python-pandas-doc/html"), "python-pandas-doc",
           # the PyData theme: ``main``, less its previous/next links at the foot; the top
           # bar and both sidebars are outside it
           "//main[@role='main']",
           ".//a[contains(@class, 'headerlink')] | .//div[@class='prev-next-area']"),
    DocSet("pallets", _installed("usr/share/doc/python-flask-doc/html"), "python-flask-doc",
           # the Pallets theme (alabaster's layout): ``div.body`` (``role=main``); the
           # related-links bar, the sidebar and the footer are outside it
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("requests", _installed("usr/share/doc/python-requests-doc/html"),
           "python-requests-doc",
           # alabaster: ``div.body`` (``role=main``); the sidebar and footer are outside it
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("pytest", _installed("usr/share/doc/python-pytest-doc/html"), "python-pytest-doc",
           # the Pallets theme, as ``pallets``'s: ``div.body`` (``role=main``)
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("furo", DOCSETS / "furo/usr/share/doc", "mypy-doc python-structlog-doc",
           # Furo: ``article[role=main]``; the side drawer, the "Edit this page" icons, the
           # previous/next links, the footer and the page's contents drawer are outside it
           "//article[@role='main']", ".//a[contains(@class, 'headerlink')]",
           include=("mypy", "python-structlog-doc")),
    DocSet("booktheme", _installed("usr/share/doc/python-dask-doc/html"), "python-dask-doc",
           # sphinx-book-theme 0.3: ``div#main-content`` (in ``main``), less its previous/next
           # links at the foot; the side menu, the top bar's buttons and the page's
           # contents are beside it, in ``main`` too
           "//div[@id='main-content']",
           ".//a[contains(@class, 'headerlink')] | .//div[@class='prev-next-area']",
           # (45 of its pages are moved pages' redirects, a script and a Refresh: no page)
           skip_redirects=True),
    DocSet("sphinx13", _installed("usr/share/doc/sphinx-doc/html"), "sphinx-doc",
           # Sphinx's own theme, sphinx13: ``div.body`` (``role=main``); the page header,
           # the related-links bar, the sidebar and the footer are outside it
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]" + LINE_NUMBERS),
    DocSet("gevent", _installed("usr/share/doc/python-gevent-doc/html"), "python-gevent-doc",
           # gevent's theme: the document's ``div.body`` (another, in the right column,
           # holds the sidebar), less the "Next page:" line the theme's layout sets at its
           # foot; the header's tabs and the footer's links are outside it
           "//div[@class='bodywrapper']/div[@class='body']",
           ".//a[contains(@class, 'headerlink')] | ./p[strong[starts-with(normalize-space(.),"
           " 'Next page:')]]" + LINE_NUMBERS),
    DocSet("shibuya", DOCSETS / "shibuya", "scripts/build-shibuya",
           # Sphinx 9.0 with the Shibuya theme (Sphinx's own documentation): ``article``
           # (``role=main``), less the ``#`` self-links (``a.headerlink``); the top bar, the
           # side menu, the breadcrumbs and the "Copy page" menu above it, the page's
           # contents beside it, and the previous/next links and the footer below it are
           # outside it
           "//article[@role='main']", f".//a[{_has_class('headerlink')}]" + LINE_NUMBERS),
    DocSet("immaterial", DOCSETS / "immaterial", "scripts/build-immaterial",
           # sphinx-immaterial 0.13 (Sphinx 9.0's own docs): ``article.md-content__inner``
           # (the document's body) less the headings' and objects' self-links; the header
           # (the site's title, the search box), both sidebars (the site's navigation, the
           # page's contents) and the footer are outside it
           "//article[" + _has_class("md-content__inner") + "]",
           ".//a[contains(@class, 'headerlink')]" + LINE_NUMBERS),
    DocSet("openstack", _installed("usr/share/doc/python-oslo.config-doc/html"),
           "python-oslo.config-doc",
           # openstackdocstheme: ``div.docs-body``; the navigation bar, the "Update" and
           # bug-report buttons, the byline, the side menu and the footer's links are
           # outside it
           "//div[@class='docs-body']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("pygments", _installed("usr/share/doc/python-pygments-doc/html"),
           "python-pygments-doc",
           # Pygments' own theme: ``div.body`` (``role=main``); the page header, the sidebar
           # and the footer are outside it
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("docutils", DOCSETS / "docutils", "scripts/build-docutils",
           # docutils 0.21's rst2html (html4css1): ``div.document`` (the title, the fields
           # table, the author's contents topic, the sections); the header bar of links
           # is outside it
           "//div[@class='document']"),
    DocSet("bind9", DOCSETS / "bind9", "scripts/build-bind9",
           # BIND's ARM, Sphinx with sphinx_rtd_theme (as ``rtdtheme``): ``div[role=main]``
           # less the self-links; the side menu, breadcrumbs and footer are outside it
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    # (brief 131: popular blog themes, measured before any rule was tuned on them)
    DocSet("ablog", DOCSETS / "ablog", "scripts/build-ablog",
           # ABlog 0.11 on Sphinx 9.0 with alabaster (Pelican's release history as posts):
           # ``div[role=main]`` (a post: its title and text; the blog's list, an archive's
           # page (a year, a tag, a category, the author): its heading and each post's title,
           # date, author, category and tags line and excerpt; the catalogue: a heading a
           # year, each post's date and title) less the headings' "¶" self-links, the post's
           # links to the previous and next posts (``div.ablog__prev-next``: "Previous: ...
           # Next: ...", as hexo's ``nav#article-nav``) and each excerpt's "Read more ..."
           # link (``p.ablog-post-expand``: a link on to the post its linked title leads to,
           # as materialblog's "Continue reading"); the sidebar (the post's card: its date,
           # author, category and tags; the navigation, recent posts, tag cloud, categories,
           # archives, search box) and the footer are outside it
           "//div[@role='main']",
           f".//a[{_has_class('headerlink')}] | .//div[{_has_class('ablog__prev-next')}] "
           f"| .//p[{_has_class('ablog-post-expand')}]"),
)
