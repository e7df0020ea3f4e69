"""The sets of projects' own generators and hand-written manuals, each with why its reference
is what it is (the declarations' comments say more).

- ``sqlite``: SQLite 3.40's documentation (SQLite's own Tcl generator; Debian sqlite3-doc):
  766 pages of long reference tables (result codes, keywords, pragmas, limits), a C API
  reference (``c3ref/``: a page per function, object or group of constants), syntax
  diagrams (SVG), a release log (``releaselog/``) and hand-set tables of contents; the
  generator marks no main container: the body less the site header (the body's first
  ``div.nosearch``: logo, tagline, menus, search box), less the page's collapsed table of
  contents (``div.fancy_toc``: the page's links to its own sections, as doxygen's
  ``div.summary``; sqlite.css hides its list until clicked), what sqlite.css hides on a
  desktop screen (``.mobileonly``), the "This page last modified on ..." line at its
  foot (the generator's footer, as AsciiDoc's ``div#footer``) and a C API page's running
  head (the reference's name over the title, a heading in a link up to its introduction:
  a breadcrumb of one step, as a DocBook navheader's chapter title);
- ``pgbackrest``: pgBackRest 2.45's documentation (its own generator; Debian
  pgbackrest-doc): a command reference (one long page: each command's options, hundreds of
  them, with defaults and examples), a configuration reference (one section an option),
  the user guide, release notes (a release a section, its changes as lists) and a FAQ; the
  generator marks the page's title (``div.page-header``) and its body (``div.page-body``),
  apart from its chrome: the menu bar (``div.page-menu``), the page's table of contents
  (``div.page-toc``: a sidebar of links to its own sections, numbered, outside the body, as
  doxygen's ``div.summary``) and the footer (``div.page-footer``: copyright, "Updated
  ...", as AsciiDoc's ``div#footer``): the title and the body;
- ``httpd``: the Apache HTTP Server 2.4 manual in English (its own XSLT generator; Debian
  apache2-doc, only its ``manual/en/`` folder's English pages, 238 of its 244: six are
  Portuguese, Debian's copies of translations): a page a module (a summary table, then
  the module's directive entries, each a summary table of Description / Syntax / Default /
  Context / Status / Module and its prose and examples), the directive index and the quick
  reference (a long table of every directive), how-tos, the FAQ and the glossary; the
  generator's main container (``div#page-content``) less its chrome inside it: the
  "Available Languages" bars (``div.toplang``, ``div.bottomlang``) and the page's sidebar
  (``div#quickview``: links to the page's own topics and directives, its bug-tracker links
  and "See also" links; manual.css sets it beside the text, position absolute, and the
  page's own script moves it out of the content into a panel a button opens, as
  pgbackrest's ``div.page-toc``). The directive index and the quick reference have no
  ``div#page-content``: their body less the same chrome and the header (``div#page-header``:
  the menu), the breadcrumbs (``div#path``, ``div.up``) and the footer (``div#footer``);
- ``haproxy``: HAProxy 2.6's manual (its own converter, haproxy-dconv, in a Bootstrap page;
  Debian haproxy-doc, only its three ``html/`` pages, not its Lua API's Sphinx pages): the
  starter guide, the management guide and the configuration manual, each the whole document
  on one page (the configuration manual 2.6 MB: hundreds of keyword sections, each a
  ``div.keyword`` line, the keyword and its arguments, over its description as a ``<pre>``
  block of the text file's 80 columns, and a summary of numbered links at the top); the
  converter's ``div#page-wrapper`` (the document's title block, its summary and text), not
  what it sets around it (the navigation bar, ``div#sidebar``: the search box and "Converted
  with haproxy-dconv"), less its footer line (``div.text-right``: "HAProxy 2.6.12 - Starter
  Guide", the title again, as AsciiDoc's ``div#footer``), the pager its script fills
  (``ul.pager``, empty in the page) and the pop-up menus of a keyword named in the text
  (``ul.dropdown-menu``: "This keyword is available in sections :" and a link to each,
  which Bootstrap's CSS hides until the keyword is clicked, as sqlite.css its
  ``.mobileonly``);
- ``golang``: Go 1.19's language references (Debian golang-1.19-doc, 4 pages: the
  specification, the Go 1.17 one, the memory model, the assembler's guide), written by
  hand, each the body of a page the Go site's template wraps (no page chrome): the body;
- ``lua``: Lua 5.2's reference manual (Debian lua5.2-doc, written by hand: the manual on one
  page, its contents and index, the readme): the body less the bar of links under the
  title ("contents · index", "about · installation · ...", each link beside a ``·``) and
  the footer's "Last update" line (``small.footer``);
- ``postfix``, ``proftpd`` (brief 133: configuration and command references of two servers,
  with ``bind9`` in ``_sphinx``, each as its Debian package ships it built, its pages pinned
  in ``scripts/docset-packages/``; ``scripts/build-postfix``, ``build-proftpd``, not
  installed by setup; measured before any rule was tuned on them): Postfix 3.7's HTML
  documentation (postfix-doc, 136 pages written by hand, no generator and no container):
  postconf(5), the configuration parameters' reference on one page (845 kB, every
  parameter a ``<dt>`` entry over its description), the daemons' and commands' manual pages
  (each a ``<pre>`` with links, Postfix's own conversion, not the mandoc set's rendering
  of the same pages), the README guides and the index pages: the body, whole (no chrome:
  the logo in the title, the rule under it); ProFTPD 1.3.8's documentation (proftpd-doc,
  131 pages written by hand): a page a module (its directives' list at the top, then an
  entry a directive: syntax, default, context, module, compatibility, description,
  examples), the directives' index, the how-tos and the FAQ: the body less the copyright
  footer under its last rule (a ``font`` block, "(c) Copyright 2017 The ProFTPD Project All
  Rights Reserved", as AsciiDoc's ``div#footer``; on 128 of the 131 pages);
"""

from __future__ import annotations

from bench._docsets._base import DOCSETS, DocSet, _has_class, _installed

SETS = (
    DocSet("sqlite", _installed("usr/share/doc/sqlite3", page="index.html"), "sqlite3-doc",
           # SQLite's generator (Tcl) marks no main container: every page opens with the
           # site header (the body's first ``div.nosearch``: logo, tagline, menus, search
           # box; a C API page's second one is its title block, content). Left out besides:
           # a "fancy" page's table of contents (``div.fancy_toc``: its links to its own
           # sections, as doxygen's ``div.summary``, a list sqlite.css hides until its
           # toggle is clicked), what sqlite.css hides on a desktop screen
           # (``.mobileonly``: the menu's mobile entries, a phone's version of a table) and
           # the "This page last modified on ..." line at the foot (the p around its
           # ``#mtimelink``: the generator's footer, as AsciiDoc's ``div#footer``). And
           # left out, the running head over a C API page's title: the name of the
           # reference the page is in ("SQLite C Interface", "Session Module C
           # Interface"), a heading wrapped in a link up to that reference's introduction,
           # the same on each of its 255 pages: its way up (a breadcrumb of one step), as
           # a DocBook page's navheader names its chapter and links up to it, which the
           # DocBook sets leave out too
           "/html/body",
           f"./div[{_has_class('nosearch')}][1] | .//div[{_has_class('fancy_toc')}] "
           f"| .//*[{_has_class('mobileonly')}] | .//p[.//a[@id='mtimelink']] "
           "| .//a[@href][h2][following-sibling::*[1][self::h2]]"),
    # openjade's DSSSL stylesheets write uppercase markup; lxml lowercases the names of
    # tags and attributes, not the attributes' values
    DocSet("pgbackrest", _installed("usr/share/doc/pgbackrest-doc/html"), "pgbackrest-doc",
           # pgBackRest's own generator: the title (``div.page-header``) and the body
           # (``div.page-body``), not the menu, the table of contents beside the body nor
           # the footer
           f"/html/body/div[{_has_class('page-header')}] "
           f"| /html/body/div[{_has_class('page-body')}]"),
    DocSet("httpd", _installed("usr/share/doc/apache2-doc/manual/en", page="index.html"),
           "apache2-doc",
           # the Apache HTTP Server manual's generator: ``div#page-content``, or (the
           # directive index and quick reference, which have none) the body; less the
           # header, breadcrumbs and footer around the content, the language bars and the
           # page's sidebar (``div#quickview``: manual.css places it beside the text and
           # the page's script moves it out of the content into a panel a button opens)
           "//div[@id='page-content'] | /html/body[not(.//div[@id='page-content'])]",
           "./div[@id='page-header' or @id='path' or @id='footer' or @class='up'] "
           "| .//div[@class='toplang' or @class='bottomlang' or @id='quickview']",
           language="en"),
    DocSet("haproxy", _installed("usr/share/doc/haproxy/html", page="configuration.html"),
           "haproxy-doc",
           # haproxy-dconv marks the document's container (``div#page-wrapper``), beside the
           # navigation bar and the sidebar; its footer line restates the title
           "//div[@id='page-wrapper']",
           # and its keywords' pop-up menus ("This keyword is available in sections :",
           # then links to each), which Bootstrap's CSS hides until the keyword is clicked
           f".//div[{_has_class('text-right')}] | .//ul[{_has_class('pager')}] "
           f"| .//ul[{_has_class('dropdown-menu')}]"),
    DocSet("golang", _installed("usr/share/doc/golang-1.19-doc/html"), "golang-1.19-doc",
           # Go 1.19's references, the bodies of the Go site's pages (its template's
           # title, menus and footer are not in the files): the body
           "/html/body"),
    DocSet("lua", _installed("usr/share/doc/lua5.2"), "lua5.2-doc",
           # Lua 5.2's manual, written by hand: no container; the body less the bar of
           # links under the title (links set apart by ``·``) and the footer's "Last
           # update" line
           "/html/body",
           ".//a[contains(following-sibling::text()[1], '\u00b7') "
           "or contains(preceding-sibling::text()[1], '\u00b7')] "
           f"| .//small[{_has_class('footer')}]"),
    DocSet("postfix", DOCSETS / "postfix", "scripts/build-postfix",
           # Postfix's pages are written by hand (the manual pages a ``<pre>`` each): no
           # container and no chrome (the logo in the title, a rule under it): the body
           "/html/body"),
    DocSet("proftpd", DOCSETS / "proftpd", "scripts/build-proftpd",
           # ProFTPD's pages are written by hand: no container, the body less the copyright
           # footer under the last rule (``<font size=2>`` "(c) Copyright 2017 The ProFTPD
           # Project All Rights Reserved", the site's line on every page, as AsciiDoc's
           # ``div#footer``: no text of the page's)
           "/html/body", ".//font[starts-with(normalize-space(.), '\u00a9 Copyright')]"),
)
