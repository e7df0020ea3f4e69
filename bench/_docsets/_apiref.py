"""The sets of API reference generators, each with why its reference is what it is (the
declarations' comments say more).

- ``javadoc``: jsoup's API reference (Javadoc of JDK 17; Debian libjsoup-java-doc): ``main``;
- ``doxygen``: log4cplus' API reference (Doxygen 1.9; Debian liblog4cplus-doc): the page's
  ``div.header`` and ``div.contents``;
- ``rustdoc``: four modules of Rust 1.63's standard library API docs (rustdoc 1.63; Debian
  rust-doc, only ``std/collections``, ``std/io``, ``std/sync`` and ``std/iter`` unpacked:
  the four modules of the std a program uses most, 250 pages, each module's index, its
  structs', traits', enums' and functions' pages, and its submodules'): the page's
  ``section#main-content`` less what rustdoc.css hides (the ``§`` anchors, the examples'
  "Run" links and the "Notable traits" tooltips, shown on hover), and not rustdoc's
  redirect files (a re-exported item's old path, a ``Refresh`` to its page);
- ``typedoc``: RxJS 7.8's API reference (TypeDoc 0.28, TypeScript's API documentation
  generator; no package ships such pages built: ``scripts/build-typedoc`` builds them from
  the npm packages, 236 pages, a page a class, interface, function, type alias or variable),
  added to measure how the rules generalise: TypeDoc's ``div.col-content``, not the toolbar
  above it (the search), the sidebar beside it (the page's members, the settings, the
  site's navigation) nor the footer ("Generated using TypeDoc"): that container less its
  breadcrumbs (``ul.tsd-breadcrumb``, the links to the module above the title) and its
  self-links (``a.tsd-anchor-icon``, an icon with no words);
- ``pdoc``: pdoc 15.0.1's API pages of standard-library packages, Python-Markdown and
  PyMdown Extensions (``scripts/build-docsets``; 68 pages with reference text): its
  ``main.pdoc``, not the module list sidebar, less the self-links and the "View Source"
  labels (pdoc.css draws their text); the source listings they disclose are kept, as a
  ``details``'s body is;
- ``gidocgen``: GTK 4.8's API reference (gi-docgen 2023.1, GNOME's generator after gtk-doc;
  Debian libgtk-4-doc, only its ``gtk4/`` pages, not its figures nor the GDK and GSK
  references beside): 5,791 pages, most of them an API entry a page (a method, property,
  signal, constructor, virtual function, enum, function or constant: a kind over a
  breadcrumb title, a C declaration, a description, the parameters' and return value's
  tables), a class or interface a page (its description, ancestors, descendants and
  interfaces, one-line summaries of its members and of the members it inherits, in
  sections main.js collapses: text, as rustdoc's closed ``<details>``) and the
  handwritten guides (getting started, the CSS reference, migration guides); the
  generator's main container, ``section#main``, not what it sets around it: the sidebar
  (``nav.sidebar``: the logo, the search box, the library's name and version, the links to
  the type's every member), the page's table of contents (``div#toc``: links to its own
  sections, as pgbackrest's ``div.page-toc``), the search results' panel and the footer;
  the "[src]" links beside a section's heading (to the source file's line) are kept, as
  rustdoc's "source" links are. Ten pages (an enumeration's or error domain's) leave a
  ``div`` unclosed before ``</section>``, which a browser closes there and libxml2 does
  not: their table of contents and search panel parse inside ``section#main``, and are
  left out of it;
- ``haddock``: GHC 9.0's base library reference (Haddock 2.25; Debian ghc-doc, only base's
  263 module pages, not their hyperlinked sources): a page a module, its header (the
  module's name, its stability and portability table), its description and its interface
  (sections of entries: a signature line, its description, a class's methods, a type's
  instances, each instance's methods folded in a collapsed ``details``, which counts, as
  rustdoc's do); ``div#content`` less the page's contents list, the collapsed synopsis (the
  entries' signatures again), the toggles' labels (``summary``), and each entry's "Source"
  and ``#`` links;
- ``qdoc``: Qt 5.15's QtCore module (QDoc; Debian qtbase5-doc-html, only qtcore's class,
  overview and example pages, 422, not their "All Members" lists): ``div.mainContent``
  less the page's contents box (``div.sidebar``);
- ``rdoc``: the Ruby 3.1 standard library's reference as RDoc 6.4 renders it (its
  Darkfish theme; ``scripts/build-rdoc``, not installed by setup; 346 pages: a page a class
  or module, its description, constants, attributes and methods, each method a heading of
  its call sequence and its description): ``main`` (``role=main``), not the side
  navigation (the search box, the page's contents, its parent, included modules and
  method list), less the headings' ``¶``/``↑`` links (hidden by the theme's style until
  hovered), each method's "click to toggle source" label (hidden until hovered); the method's
  source it toggles (``div.method-source-code``, of no height until clicked) is kept, as
  a collapsed ``details``'s body is;
- ``yard``: YARD 0.9's own library reference as YARD 0.9.28 renders it (its default
  template; ``scripts/build-yard``, not installed by setup; 284 pages: a page a class or
  module, its overview, constants, attributes and methods, each method a signature heading
  and its description, tags and examples; the guides; the alphabetic index; not the side
  menu's frame documents, ``class_list.html``, ``method_list.html``, ``file_list.html``,
  nor ``frames.html``, a script's frameset): ``div#content``, not the breadcrumb bar and
  the footer, less the controls that show or fold (the summaries' "collapse" links, the
  inheritance tree's "show all") and what the theme's style hides until clicked (the full
  inheritance tree, each method's source listing, ``div.defines``);
- ``jsdoc``: JSDoc 4.0's own library as JSDoc 4.0.5 renders it (its default template;
  ``scripts/build-jsdoc``, not installed by setup; 89 pages: a page a module, class and
  namespace, each member a signature heading, its description, a parameters table and a
  "Source" line; the home page, JSDoc's README; a page of pretty-printed source a file):
  ``div#main`` (the page's title and its ``section``); the side menu (``nav``: every
  module, class and namespace) and the "Documentation generated by" footer are outside it;
- ``pydoctor``: python-dateutil 2.9's API reference as pydoctor 25.10 (Twisted's API
  generator) renders it (its default template; ``scripts/build-pydoctor``, not installed
  by setup; 78 pages: a page a module and a class, its docstring, the summary table of its
  children, each member's entry; the indexes of modules, classes and names, the
  undocumented summary and the generator's help page): ``main``, less the members' ``¶``
  self-links (``a.headerLink``) and a class's "View In Hierarchy" line (a link to its
  place in the class index, navigation, as Haddock's "Source" links); the navigation bar
  with its search box, the side menu and the footer are outside it. The private members
  the theme hides until "Toggle Private API" is clicked are kept, as a reader opens them
  in place (rdoc's source listings);
- ``pydoc``: Python 3.11's standard library as ``pydoc -w`` writes it (``scripts/build-pydoc``,
  not installed by setup, nothing installed; 143 pages: the packages email, json, http,
  urllib, concurrent, xml, logging, importlib, unittest, wsgiref, collections, sqlite3,
  html, xmlrpc and dbm with their submodules, and a dozen single modules): no container,
  the body (the title bar, the docstring, the sections of modules, classes, functions and
  data, each a table headed by its title row), less the title bar's links to the index,
  the module's file and its reference online (``td.extra``);
- ``pdoc3``: Click 8.5's, Jinja 3.1's and Werkzeug 3.1's API reference as pdoc3 0.11 (the
  older fork of pdoc) renders it (``pdoc --html``, its default template;
  ``scripts/build-pdoc3``, not installed by setup; 86 pages): ``article#content``, less the
  "Expand source code" labels (a toggle's, as the ``pdoc`` set's "View Source"); the source
  listings they disclose are kept, as a collapsed ``details``'s body; the index beside it
  and the footer are outside it;
- ``mkdocstrings``: Rich 15's API reference as mkdocstrings 1.0 and its Python handler render
  it in Material for MkDocs 9.5 (``scripts/build-mkdocstrings``, not installed by setup; a
  page a public module, ``::: rich.NAME``, the handler's default options, 57 pages and the
  404 page): ``article.md-content__inner`` less the ``¶`` self-links and the listings' line
  numbers (``LINE_NUMBERS``, brief 132; counted before it, as the gtkdoc set's were); the
  source listings and their "Source code in ..." summaries (naming what they open) are
  kept;
- ``nodejs``: Node.js 18's API reference (its own generator, tools/doc; Debian nodejs-doc,
  only its 65 pages, not their Markdown and JSON copies; setup unpacks them under a folder
  of their own, as another release's ``nodejs`` package may hold ``/usr/share/doc/nodejs/api``):
  a page a module, each a long run of API entries (a heading per class, method, event or
  property, a closed "History" table of the versions that changed it, its parameters and
  return value as a list, "Stability" notes, prose and code examples), the error codes'
  and deprecations' references, the CLI options, and the whole reference on one page
  (``all.html``, 5.8 MB); the generator's main container, ``div#apicontent``, not what it
  sets around it: the side menu of every module (``div#column2``), the page's header (the
  version picker, the "Table of contents" and "Index" pickers, "View on single page",
  "View as JSON", "Edit on GitHub": ``header.header``) and the page's table of contents
  between the header and the content (``details#toc``: links to its own entries, as
  pgbackrest's ``div.page-toc``); a closed "History" table is text, as rustdoc's closed
  ``<details>``;
- ``erlang``: Erlang/OTP 25's documentation (its own XSLT generator, erl_docgen; Debian
  erlang-doc, only the HTML pages of its applications, ``lib/*/doc/html/``, and of the
  runtime system, ``erts-*/doc/html/``: 887 pages, 179 MB of the package's 209, each
  page holding the side menu of its application's every module and function; not its
  PDFs, its shell's doc chunks, its scripts, its system guides under ``doc/`` nor
  jinterface's Javadoc, which the ``javadoc`` set has): a page a module (its
  summary, description, data types and exported functions: an entry a function, its
  signature, its types block, its prose; wxErlang's pages many short entries), each
  application's user's guide a chapter a page, its release notes; each section's heading
  set in a wrapper div of its own, the section's body the wrapper's next sibling or
  inside it after the heading; the generator's main container, ``div#content``, less its
  copyright footer (``div.footer``, as AsciiDoc's ``div#footer``), not the side menu of
  the application's modules and functions (``aside``, outside it);
- ``scribble``: Racket 8.7's Guide and Reference (Scribble; Debian racket-doc, only those
  two manuals, 358 pages): ``div.main`` less its two bars of links (top, contents, prev,
  up, next);
"""

from __future__ import annotations

from pathlib import Path

from bench._docsets._base import DOCSETS, LINE_NUMBERS, DocSet, _has_class, _installed

SETS = (
    DocSet("javadoc", _installed("usr/share/doc/libjsoup-java/api"), "libjsoup-java-doc",
           "//main"),
    DocSet("doxygen", Path("/usr/share/doc/liblog4cplus-dev/html"), "liblog4cplus-doc",
           "//div[@class='header'] | //div[@class='contents']",
           # doxygen.css hides the tooltips of a source listing (``.ttc``) and the inherited
           # members' rows until their header is clicked (``.inherit``); ``div.summary`` is
           # the page's bar of links to its own sections (Javadoc has the same bar in its
           # navigation, outside ``main``)
           f".//*[{_has_class('ttc')} or {_has_class('inherit')}] "
           "| ./div[@class='summary']"),
    DocSet("rustdoc",
           # setup unpacks these std modules under a folder of their own, so that the
           # mdbook set's folder (the package's html/) does not gain them
           _installed("usr/share/doc/rust-doc/html/std", DOCSETS / "rustdoc"), "rust-doc",
           # rustdoc 1.63: ``section#main-content`` (the item's title, declaration, docs,
           # implementations), less what its rustdoc.css hides: the ``§`` anchors, the "Run"
           # links of examples (``a.test-arrow``: shown on hover), the "Notable traits"
           # tooltips (shown on hover) and ``.hidden``; a closed ``<details>`` (a trait
           # implementation's methods) is text: a click opens it in place and the browser's
           # find-in-page opens it too (see docs/extraction.md)
           "//section[@id='main-content']",
           f".//*[{_has_class('anchor')} or {_has_class('test-arrow')} "
           f"or {_has_class('notable-traits-tooltiptext')} or {_has_class('hidden')} "
           f"or {_has_class('hidden-by-impl-hider')} or {_has_class('hidden-by-usual-hider')}]",
           include=("collections", "io", "sync", "iter"), skip_redirects=True),
    DocSet("typedoc", DOCSETS / "typedoc", "scripts/build-typedoc",
           # TypeDoc 0.28: ``div.col-content``; the toolbar, the sidebar and the footer are
           # outside it
           f"//div[{_has_class('col-content')}]",
           f".//ul[{_has_class('tsd-breadcrumb')}] | .//a[{_has_class('tsd-anchor-icon')}]"),
    DocSet("pdoc", DOCSETS / "pdoc-stdlib", "scripts/build-docsets",
           # pdoc: ``main.pdoc``; the module list sidebar (search, submodules, members) is
           # outside it; less the self-links and the "View Source" toggles' labels (their
           # text is drawn by pdoc.css; the source they disclose is kept, as a ``details``'s
           # is), and the ``em`` pdoc.css hides in a docstring's alerts
           "//main[" + _has_class("pdoc") + "]",
           ".//a[contains(@class, 'headerlink')] | .//label[" + _has_class("view-source-button")
           + "] | .//*[" + _has_class("alert") + "]/em"),
    DocSet("gidocgen", _installed("usr/share/doc/libgtk-4-doc/gtk4", page="index.html"),
           "libgtk-4-doc",
           "//section[@id='main']", ".//div[@id='toc'] | .//section[@id='search']"),
    DocSet("haddock",
           _installed("usr/share/doc/ghc-doc/html/libraries/base-4.15.1.0", DOCSETS / "ghc"),
           "ghc-doc",
           # Haddock 2.25 (GHC 9.0's base library, its module pages): ``div#content`` (the
           # module header, its description and its interface); the package bar
           # (``div#package-header``: Source, Contents, Index) and the "Produced by Haddock"
           # footer are outside it. Less the page's own contents list (``div#table-of-
           # contents``: links to its sections, navigation), the synopsis (a collapsed
           # ``details``: each declaration's signature again, shown on a click), the
           # toggles' labels (a ``details``'s ``summary``: "Instance details", "Expand",
           # which haddock's script hides and replaces by a button), each declaration's
           # "Source" link (``a.link``, to its hyperlinked source) and self-link (``#``).
           # Every other collapsed ``details`` (an instance's "Defined in" line and its
           # methods, a collapsed example) is text: a click opens it in place and the
           # browser's find-in-page opens it too, as rustdoc's (see docs/extraction.md)
           "//div[@id='content']",
           "./div[@id='table-of-contents'] | ./div[@id='synopsis'] | .//details/summary "
           f"| .//a[{_has_class('link')} or {_has_class('selflink')}]"),
    DocSet("qdoc", _installed("usr/share/qt5/doc/qtcore", DOCSETS / "qdoc"), "qtbase5-doc-html",
           # QDoc (Qt 5.15's QtCore module: its classes, overviews and examples, not their
           # "All Members" lists): ``div.mainContent`` (the page's title, its summary tables,
           # its detailed description and member entries), less the page's contents box in
           # it (``div.sidebar``: links to its own sections, floated beside the text); the
           # breadcrumb bar (``div.navigationbar``) and the licence footer are outside it
           f"//div[{_has_class('mainContent')}]", f"./div[{_has_class('sidebar')}]"),
    DocSet("rdoc", DOCSETS / "rdoc", "scripts/build-rdoc",
           # RDoc 6.4's Darkfish theme (the Ruby 3.1 standard library): ``main``
           # (``role=main``); the side navigation (``nav``: home, search, the page's
           # contents, its parent, included modules, its methods) and the footer are
           # outside it. Less the headings' self-links (a ``span`` of ``¶`` and ``↑``,
           # ``display: none`` in the theme's style) and each method's "click to toggle
           # source" label (a control's, shown on hover). The method's source it toggles
           # (``div.method-source-code``, of no height until clicked) is kept: a reader
           # opens it in place, as a collapsed ``details``'s body (pdoc's source
           # listings are kept so too; session 18 kept it, brief 92)
           "//main[@role='main']",
           ".//span[a[@href='#top']] "
           f"| .//span[{_has_class('method-click-advice')}]"),
    DocSet("yard", DOCSETS / "yard", "scripts/build-yard",
           # YARD 0.9's default template (YARD's own library): ``div#content`` (in
           # ``div#main``); the side menu (an ``iframe`` of ``class_list.html``), the
           # breadcrumb bar and the search link (``div#header``) and the footer are outside
           # it. Less the controls that fold or unfold (``a`` of ``href="#"``: the
           # summaries' "collapse", the inheritance's "show all") and what the theme's style
           # hides until clicked (``display: none``: the full inheritance tree
           # ``ul.fullTree``, the "Defined in" list's other files ``.defines``). Each
           # method's source listing (``div.source_code``, hidden until its "View source"
           # is clicked) is kept: a reader opens it in place, as rdoc's and pdoc's listings
           # (session 18). The side menu's frame documents and the frameset page are not
           # pages of their own
           "//div[@id='content']",
           ".//a[@href='#'] "
           f"| .//ul[{_has_class('fullTree')}] | .//*[{_has_class('defines')}]",
           exclude=("class_list.html", "method_list.html", "file_list.html", "frames.html")),
    DocSet("jsdoc", DOCSETS / "jsdoc", "scripts/build-jsdoc",
           # JSDoc 4.0's default template (JSDoc's own library): ``div#main`` (the page's
           # title, its members, their parameters tables); the side menu (``nav``) and
           # the footer are outside it, and it has no self-links
           "//div[@id='main']"),
    DocSet("pydoctor", DOCSETS / "pydoctor", "scripts/build-pydoctor",
           # pydoctor 25.10's default template (python-dateutil's API): ``main`` (the page's
           # title, its kind, docstring, children's table and members' entries), less the
           # ``¶`` self-links and the "View In Hierarchy" link (to the class's place in the
           # class index: navigation, as Haddock's "Source" links); the navigation bar, the
           # side menu and the footer are outside it. The private members, hidden until a
           # click on "Toggle Private API", are kept, as a reader opens them in place
           "//main", f".//a[{_has_class('headerLink')}] "
           "| .//p[a[starts-with(@href, 'classIndex.html#')] and count(node()) = 1]"),
    DocSet("pydoc", DOCSETS / "pydoc", "scripts/build-pydoc",
           # Python 3.11's ``pydoc -w`` (its standard library's modules): no container, the
           # body (the title bar, the docstring, the sections of modules, classes,
           # functions and data), less the title bar's links to the index, the module's
           # file and its reference on the Python site (``td.extra``: navigation)
           "/html/body", f".//td[{_has_class('extra')}]"),
    DocSet("pdoc3", DOCSETS / "pdoc3", "scripts/build-pdoc3",
           # pdoc3 0.11's default template (Click's, Jinja's and Werkzeug's API):
           # ``article#content`` (the module's title and docstring, its sub-modules,
           # variables, functions and classes); the index beside it (``nav#sidebar``) and
           # the footer are outside it. Less the "Expand source code" labels (a toggle's,
           # as the pdoc set's "View Source"); the source listings they disclose are kept,
           # as a collapsed ``details``'s body
           "//article[@id='content']", ".//details[@class='source']/summary"),
    DocSet("mkdocstrings", DOCSETS / "mkdocstrings", "scripts/build-mkdocstrings",
           # mkdocstrings 1.0's Python handler in Material for MkDocs 9.5 (Rich's API):
           # ``article.md-content__inner`` (the page's title, each object's heading, its
           # signature, its docstring's tables, each source listing in a collapsed
           # ``details``, kept as its body is, under its "Source code in rich/NAME.py",
           # which names what it opens as a disclosure button's label does), less the ``¶``
           # self-links and the listings' line numbers (``LINE_NUMBERS``: brief 132; counted
           # before it, as gtkdoc's were); the header, both side menus and the footer are
           # outside it
           f"//article[{_has_class('md-content__inner')}]",
           f".//a[{_has_class('headerlink')}]" + LINE_NUMBERS),
    DocSet("nodejs", DOCSETS / "nodejs/usr/share/doc/nodejs/api", "nodejs-doc",
           # Node.js's generator: ``div#apicontent``, not the side menu of modules, the
           # header's pickers (version, contents, index, options) nor the table of contents
           # between the header and the content (all outside it)
           "//div[@id='apicontent']"),
    DocSet("erlang", _installed("usr/share/doc/erlang-doc", page="lib"),
           "erlang-doc",
           # erl_docgen: ``div#content`` (the page's title, its sections and function
           # entries), less its copyright footer; the side menu (``aside``) is outside it.
           # ``doc/`` holds the system guides (not measured: the set is the applications'
           # and runtime system's pages); a page without ``div#content`` (xmerl's example
           # outputs, ``lib/index.html``'s frame of links) has no reference and is skipped
           "//div[@id='content']", ".//div[@class='footer']", exclude=("doc",)),
    DocSet("scribble", _installed("usr/share/doc/racket", DOCSETS / "racket", page="guide"),
           "racket-doc",
           # Scribble (Racket 8.7's Guide and Reference): ``div.main`` (in ``div.maincolumn``:
           # the page's title, its text, its definitions' boxes and the margin notes set
           # beside the text), less its two bars of links (``div.navsettop`` with the search
           # box, ``div.navsetbottom``: top, contents, prev, up, next); the table of
           # contents on the left (``div.tocset``: the manual's and the page's) is outside it
           f"//div[{_has_class('maincolumn')}]/div[{_has_class('main')}]",
           "./div[@class='navsettop' or @class='navsetbottom']",
           include=("guide", "reference")),
)
