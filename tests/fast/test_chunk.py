"""trawl.extract.chunk_markdown: heading-aware chunks, with hostile shapes."""

from __future__ import annotations

import pytest

from trawl.extract import Chunk, chunk_markdown


def _squash(text: str) -> str:
    return "".join(text.split())


def _covers(chunks: list[Chunk], markdown: str) -> None:
    """The chunks, in order, are the markdown (whitespace aside), numbered 0..n-1."""
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    assert _squash("".join(c.markdown for c in chunks)) == _squash(markdown)
    assert all(c.markdown.strip() for c in chunks)


DOC = """# Guide

Intro paragraph.

## Install

Run the installer.

### Linux

Use apt.

## Usage

Call it.
"""


def test_sections_pack_under_shared_heading_path() -> None:
    chunks = chunk_markdown(DOC, size=10_000)
    assert len(chunks) == 1
    assert chunks[0].headings == ("Guide",)
    _covers(chunks, DOC)


def test_small_size_gives_one_section_each_with_its_path() -> None:
    chunks = chunk_markdown(DOC, size=30)
    _covers(chunks, DOC)
    paths = [c.headings for c in chunks]
    assert ("Guide", "Install", "Linux") in paths
    assert ("Guide", "Usage") in paths
    linux = next(c for c in chunks if c.headings == ("Guide", "Install", "Linux"))
    assert linux.markdown == "### Linux\n\nUse apt."


def test_a_50kb_code_block_is_never_split() -> None:
    code = "\n".join(f"x_{i} = {i}  # line. Another sentence. " for i in range(1400))
    assert len(code) > 50_000
    md = f"# Code\n\nBefore.\n\n```python\n{code}\n```\n\nAfter the code.\n"
    chunks = chunk_markdown(md, size=500)
    _covers(chunks, md)
    holding = [c for c in chunks if "x_0 = 0" in c.markdown]
    assert len(holding) == 1
    block = holding[0].markdown
    assert block.count("```") == 2 and "x_1399 = 1399" in block
    assert all(c.markdown.count("```") % 2 == 0 for c in chunks)


def test_heading_inside_a_fence_is_not_a_heading() -> None:
    md = "# Real\n\n```sh\n# a comment, not a heading\necho hi\n```\n"
    chunks = chunk_markdown(md, size=5)
    _covers(chunks, md)
    assert all(c.headings == ("Real",) for c in chunks)
    assert any("# a comment" in c.markdown and "echo hi" in c.markdown for c in chunks)


def test_unclosed_fence_runs_to_the_end() -> None:
    md = "# A\n\n```\ncode\n# not heading\nmore\n"
    chunks = chunk_markdown(md, size=5)
    _covers(chunks, md)
    assert chunks[-1].markdown.startswith("```") and "# not heading" in chunks[-1].markdown


def test_a_table_is_never_split() -> None:
    rows = "\n".join(f"| row {i} | value {i}. More. |" for i in range(200))
    md = f"## Table\n\n| a | b |\n|---|---|\n{rows}\n\nTail.\n"
    chunks = chunk_markdown(md, size=200)
    _covers(chunks, md)
    table = [c for c in chunks if "| a | b |" in c.markdown]
    assert len(table) == 1 and "row 199" in table[0].markdown
    assert table[0].headings == ("Table",)


def test_no_headings_at_all_long_paragraph_at_sentence_ends() -> None:
    sentences = [f"Sentence number {i} says something modest." for i in range(300)]
    md = " ".join(sentences)
    chunks = chunk_markdown(md, size=400)
    _covers(chunks, md)
    assert len(chunks) > 10
    assert all(c.headings == () for c in chunks)
    assert all(c.chars <= 400 for c in chunks)
    assert all(c.markdown.endswith(".") for c in chunks)  # cut after a sentence


def test_headings_only() -> None:
    md = "\n\n".join(f"{'#' * (1 + i % 3)} Heading {i}" for i in range(100))
    chunks = chunk_markdown(md, size=100)
    _covers(chunks, md)
    assert all(c.chars <= 100 for c in chunks)
    # a chunk spanning two top-level sections sits under no heading; one inside a section
    # under that section's path
    assert all(c.headings == () or c.headings[0].startswith("Heading") for c in chunks)
    assert ("Heading 0", "Heading 1", "Heading 2")[:len(chunks[0].headings)] \
        == chunks[0].headings
    assert chunk_markdown("# A\n\n## B\n\n## C", size=100)[0].headings == ("A",)


def test_text_without_spaces_is_cut_at_the_size() -> None:
    md = "a" * 5_000
    chunks = chunk_markdown(md, size=1_000)
    _covers(chunks, md)
    assert [c.chars for c in chunks] == [1_000] * 5


@pytest.mark.parametrize("md", ["", "   \n\n  ", None])
def test_empty(md: str | None) -> None:
    assert chunk_markdown(md) == []


def test_long_list_splits_at_line_ends() -> None:
    md = "## List\n\n" + "\n".join(f"- item {i} with a few words" for i in range(200))
    chunks = chunk_markdown(md, size=300)
    _covers(chunks, md)
    assert all(c.chars <= 300 for c in chunks)
    for chunk in chunks[1:]:
        assert chunk.markdown.startswith("- item")  # never mid-item
