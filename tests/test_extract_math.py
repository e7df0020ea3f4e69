"""Every page whole (issue 26), brief 117: equations are content (``trawl/extract/_math.py``).

A MathML ``<math>`` was dropped with the page's scripts and styles: every formula of a
LaTeX-to-HTML paper, an encyclopedia's article or a MathJax page left the stored text. Now
each is kept as the LaTeX the page gives (``alttext``, the TeX annotation), else as a linear
writing of its tokens; inline as ``$...$``, displayed as ``$$...$$`` on lines of its own;
once (a renderer's glyphs and a fallback image of the same formula go with it).

Loosenings: ``_math:_rest_silent=false`` and ``_math:_silent=false`` fail the encyclopedia
shapes (the hidden accessible copy is taken alone, hidden, and the image's alt stays);
``_math:_displayed=false`` fails the display shapes; ``_math:_shown_elsewhere=true`` fails
``test_hidden_math_alone_stays_hidden``.
"""

from __future__ import annotations

from trawl.extract import extract

URL = "https://example.org/notes/energy.html"
PROSE = ("<p>The theory was first written down in a short paper, and it has been tested in "
         "many experiments since then, each of them more precise than the one before it, "
         "in laboratories and in the sky alike.</p>")
SIDEBAR = ("<aside class='sidebar'><h3>Related</h3><ul><li><a href='/a'>Mass</a></li>"
           "<li><a href='/b'>Light</a></li><li><a href='/c'>Momentum</a></li></ul></aside>")


def page(body: str, aside: str = SIDEBAR) -> str:
    return ("<html><head><title>Energy — Notes</title></head><body>"
            "<nav><a href='/'>Home</a> <a href='/notes'>Notes</a></nav>"
            f"<main><article><h1>Energy</h1>{body}{PROSE}</article></main>{aside}"
            "<footer>© 2026 Example notes</footer></body></html>")


def md(body: str, aside: str = SIDEBAR) -> str:
    return extract(page(body, aside), URL).markdown


def test_inline_alttext_is_kept_as_latex():
    out = extract(page(
        "<p>The energy of a body at rest is <math alttext='E=mc^{2}'><mi>E</mi><mo>=</mo>"
        "<mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math>, where <math alttext='m'>"
        "<mi>m</mi></math> is its mass and the constant is the speed of light.</p>"), URL)
    assert "The energy of a body at rest is $E=mc^{2}$, where $m$ is its mass" in out.markdown
    assert "$E=mc^{2}$" in out.text  # the plain text holds the same


def test_display_annotation_on_its_own_lines():
    out = md("<p>The sum of the first numbers is</p><math display='block'><semantics><mrow>"
             "<mi>S</mi></mrow><annotation encoding='application/x-tex'>"
             "\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}</annotation></semantics></math>"
             "<p>as the young Gauss found in school, the story goes.</p>")
    assert "\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$\n" in out
    assert "\\_" not in out and "\\*" not in out  # the LaTeX as it is, not escaped


def test_alone_in_its_paragraph_is_displayed():
    out = md("<p>The identity reads</p><p><math alttext='e^{i\\pi}+1=0'><mi>e</mi></math></p>")
    assert "\n$$\ne^{i\\pi}+1=0\n$$\n" in out


def test_tokens_when_no_latex_is_given():
    out = md("<p>The root is <math><msub><mi>x</mi><mn>1</mn></msub><mo>=</mo><mfrac>"
             "<mrow><mo>-</mo><mi>b</mi></mrow><msqrt><mi>d</mi></msqrt></mfrac></math> "
             "for the discriminant d of the equation.</p>")
    assert "The root is $x_{1} = \\frac{- b}{\\sqrt{d}}$ for the discriminant" in out


def test_mathjax3_container_keeps_its_equation_once():
    glyphs = ("<mjx-math class='MJX-TEX' aria-hidden='true'><mjx-mi class='mjx-i'>"
              "<mjx-c class='mjx-c1D438 TEX-I'></mjx-c></mjx-mi><mjx-mo class='mjx-n'>"
              "<mjx-c class='mjx-c3D'></mjx-c></mjx-mo><mjx-mi>E</mjx-mi></mjx-math>")
    mml = ("<mjx-assistive-mml unselectable='on' display='{d}'><math "
           "xmlns='http://www.w3.org/1998/Math/MathML' display='{m}'><mi>E</mi><mo>=</mo>"
           "<mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></mjx-assistive-mml>")
    out = md("<p>The energy is <mjx-container class='MathJax' jax='CHTML'>"
             f"{glyphs}{mml.format(d='inline', m='inline')}</mjx-container> at rest.</p>"
             "<p>And displayed:</p><mjx-container class='MathJax' jax='CHTML' display='true'>"
             f"{glyphs}{mml.format(d='block', m='block')}</mjx-container>")
    assert "The energy is $E = m c^{2}$ at rest." in out
    assert "\n$$\nE = m c^{2}\n$$\n" in out
    assert out.count("E = m c^{2}") == 2


def wiki(tex: str, block: bool) -> str:
    kind = "display" if block else "inline"
    extra = " mwe-math-element-block" if block else ""
    display = 'display="block" ' if block else ""
    alt = "{\\displaystyle " + tex + "}"
    return (f"<span class='mwe-math-element{extra}'>"
            f"<span class='mwe-math-mathml-{kind} mwe-math-mathml-a11y' style='display: none;'>"
            f"<math xmlns='http://www.w3.org/1998/Math/MathML' {display}alttext='{alt}'>"
            f"<semantics><mrow><mi>E</mi></mrow><annotation encoding='application/x-tex'>"
            f"{alt}</annotation></semantics></math></span>"
            f"<img src='/media/math/render/svg/abc' class='mwe-math-fallback-image-{kind}' "
            f"aria-hidden='true' alt='{alt}'></span>")


def test_encyclopedia_math_with_fallback_image_not_doubled():
    out = md(f"<p>The relation {wiki('E=mc^{2}', False)} links mass and energy.</p>"
             f"<dl><dd>{wiki('p=mv', True)}</dd></dl>")
    assert "The relation $E=mc^{2}$ links mass and energy." in out
    assert "\n$$\np=mv\n$$\n" in out
    assert "displaystyle" not in out and "![" not in out and "/media/math" not in out


def test_adjacent_fallback_image_with_the_same_alt_goes():
    out = md("<p>The relation <math alttext='a+b'><mi>a</mi></math><img src='/f.png' "
             "alt='a+b'> is symmetric in its two terms, as any sum is.</p>")
    assert "The relation $a+b$ is symmetric" in out
    assert "![" not in out


def test_paragraphs_of_mostly_equations_are_content():
    eqs = "".join(f"<p>Then <math alttext='x_{{{i}}}=x_{{{i - 1}}}+h f(x_{{{i - 1}}})'>"
                  f"<mi>x</mi></math>.</p>" for i in range(1, 7))
    out = md(f"<p>Euler's method steps the solution forward.</p>{eqs}")
    for i in range(1, 7):
        assert f"$x_{{{i}}}=x_{{{i - 1}}}+h f(x_{{{i - 1}}})$" in out
    assert "first written down" in out  # the prose too


def test_sidebar_widget_math_stays_out():
    widget = ("<aside class='widget sidebar'><h3>Formula of the day</h3><p><math "
              "alttext='a^{2}+b^{2}=c^{2}'><mi>a</mi></math></p><ul><li><a href='/x'>More "
              "formulas</a></li><li><a href='/y'>Archive</a></li></ul></aside>")
    out = md("<p>The energy of a body is proportional to its mass, a fact with many "
             "consequences that this note goes through one by one.</p>", aside=widget)
    assert "first written down" in out
    assert "a^{2}" not in out and "Formula of the day" not in out


def test_hidden_math_alone_stays_hidden():
    out = md("<p>The energy of a body is proportional to its mass.<span style='display:none'>"
             "<math alttext='\\mathrm{secret}'><mi>s</mi></math></span></p>")
    assert "secret" not in out
