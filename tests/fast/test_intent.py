"""The model layer's pure parts (issue 30): extract specs, selectors, goal relevance, model
names, scripted models through pydantic-ai (TestModel, FunctionModel): no services."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from trawl.ai import extract_page, goal_terms, link_priority, override_models, relevance
from trawl.ai._extraction import _merge, model_chunks
from trawl.ai._selectors import select_fields
from trawl.errors import ConfigError
from trawl.model import CrawlSpec, check_model, parse_extract

pytestmark = pytest.mark.fast

PAGE = """<html><body><main>
<h1>  Pricing </h1>
<div class=plan><h3>Basic</h3><span class=price>$1,299.00</span><a href="/buy/basic">Buy</a></div>
<div class=plan><h3>Pro</h3><span class=price>12,5 €</span><a href="pro.html">Buy</a></div>
<div class=plan><h3>Free</h3><span class=price>free</span></div>
<meta name=version content="2.1">
<img src="/logo.png" alt="logo">
</main></body></html>"""


def test_selector_fields_read_texts_numbers_urls_lists_and_items() -> None:
    found = select_fields(PAGE, "https://shop.test/pricing/", {"fields": {
        "title": "h1",
        "logo": {"css": "img", "type": "url"},
        "alt": {"css": "img", "type": "attribute", "attribute": "alt"},
        "names": {"css": ".plan h3", "type": "list"},
        "version": {"xpath": "//meta[@name='version']/@content", "type": "number"},
        "plans": {"css": ".plan", "type": "list", "fields": {
            "name": "h3", "link": {"css": "a", "type": "url"},
            "price": {"css": ".price", "type": "number"}}},
        "missing": ".nothing"}})
    assert found.errors == ["plans[2].price: 'free' holds no number"]
    assert found.data is None  # a value that does not parse is no guess: no data
    ok = select_fields(PAGE, "https://shop.test/pricing/", {"fields": {
        "title": "h1", "logo": {"css": "img", "type": "url"},
        "plans": {"xpath": "//div[@class='plan'][position() < 3]", "type": "list", "fields": {
            "name": "h3", "link": {"css": "a", "type": "url"},
            "price": {"css": ".price", "type": "number"}}},
        "version": {"xpath": "//meta[@name='version']/@content", "type": "number"},
        "missing": ".nothing"}})
    assert ok.errors == []
    assert ok.data == {
        "title": "Pricing", "logo": "https://shop.test/logo.png",
        "plans": [{"name": "Basic", "link": "https://shop.test/buy/basic", "price": 1299.0},
                  {"name": "Pro", "link": "https://shop.test/pricing/pro.html",
                   "price": 12.5}],
        "version": 2.1, "missing": None}


def test_a_required_field_that_is_missing_fails_the_page() -> None:
    found = select_fields(PAGE, "https://shop.test/", {"fields": {
        "sku": {"css": ".sku", "required": True}}})
    assert found.data is None and found.errors == ["sku: required, not found (css '.sku')"]


@pytest.mark.parametrize(("raw", "message"), [
    ({}, "give either 'fields'"),
    ({"fields": {"a": "h1"}, "schema": {"type": "object"}}, "not both"),
    ({"fields": {"a": {"css": "h1", "type": "colour"}}}, "type must be one of"),
    ({"fields": {"a": {"css": "h1", "xpath": "//h1"}}}, "give one of css"),
    ({"fields": {"a": {"xpath": "//h1[", "type": "text"}}}, "bad xpath selector"),
    ({"fields": {"a": {"css": "img", "type": "attribute"}}}, "needs 'attribute: NAME'"),
    ({"fields": {"a": {"css": "h1", "fields": {"b": "p"}}}}, "nested fields need type: list"),
    ({"schema": {"type": "object"}}, "a schema needs a prompt"),
    ({"schema": {"type": "array"}, "prompt": "x"}, "JSON Schema of an object"),
    ({"schema": {"type": "object", "properties": {"a": {"type": 3}}}, "prompt": "x"},
     "not a valid JSON Schema"),
    ({"fields": {"a": "h1"}, "max_chunks": 0}, "max_chunks must be"),
    ({"fields": {"a": "h1"}, "colour": 1}, "unknown key"),
])
def test_bad_extract_specs_are_one_clear_line(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_extract(raw)


def test_models_are_named_provider_colon_name() -> None:
    assert check_model(" ollama:qwen2.5:7b ") == "ollama:qwen2.5:7b"
    assert check_model("openai:gpt-4.1-mini") == "openai:gpt-4.1-mini"
    for bad, why in (("gpt-4", "PROVIDER:NAME"), ("mistral:large", "unknown provider"),
                     ("openai:", "give the model's name")):
        with pytest.raises(ConfigError, match=why):
            check_model(bad)
    with pytest.raises(ConfigError, match="needs a model"):
        CrawlSpec(seeds=["https://a.test/"], extract={"schema": {"type": "object"},
                                                      "prompt": "x"}).validated()
    with pytest.raises(ConfigError, match="--goal-pages needs --extract"):
        CrawlSpec(seeds=["https://a.test/"], goal_pages=3).validated()


def test_goal_relevance_prefers_links_about_the_goal() -> None:
    terms = goal_terms("Pricing plans and monthly prices")
    assert terms == {"pric", "plan", "monthly"}
    assert relevance(terms, "Our plans") == pytest.approx(1 / 3)
    pricing = link_priority(terms, "See pricing", "https://a.test/pricing/plans", 0.0)
    blog = link_priority(terms, "Blog", "https://a.test/blog/2024/hello", 0.0)
    on_topic_page = link_priority(terms, "Blog", "https://a.test/blog/2024/hello", 1.0)
    assert pricing > on_topic_page > blog == 0.0


def test_long_pages_are_packed_into_model_sized_chunks() -> None:
    page = "\n\n".join(f"## Part {i}\n\n" + "word " * 300 for i in range(6))
    chunks = model_chunks(page, 2000)
    assert len(chunks) == 6 and all(len(c) <= 2000 for c in chunks)
    assert all(c.startswith(f"(section: Part {i})\n\n## Part {i}") for i, c in
               enumerate(chunks))
    assert model_chunks("short", 2000) == ["short"]
    assert _merge([{"a": None, "l": [1]}, {"a": "x", "l": [2]}, {"a": "y"}], {}) == {
        "a": "x", "l": [1, 2]}


async def test_a_scripted_function_model_is_re_asked_until_its_json_validates() -> None:
    """pydantic-ai's FunctionModel: invalid JSON, then a wrong type, then a valid answer."""
    answers = iter(['{"name": ', {"name": 3}, {"name": "Ada", "age": 36}])
    seen: list[int] = []

    def model(messages: list[Any], info: AgentInfo) -> ModelResponse:
        seen.append(len(messages))
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, next(answers))])

    schema = {"type": "object", "properties": {"name": {"type": "string"},
                                               "age": {"type": "integer"}},
              "required": ["name"]}
    with override_models({"openai:function": FunctionModel(model)}):
        found = await extract_page({"schema": schema, "prompt": "Who?"}, url="http://a.test/",
                                   markdown="Ada, 36", model="openai:function")
    assert found.data == {"name": "Ada", "age": 36} and found.error is None
    assert found.requests == 3 and len(seen) == 3
    assert seen == sorted(seen)  # each re-ask carries the earlier answers and the errors


async def test_a_model_that_only_talks_never_yields_data() -> None:
    def chatty(messages: list[Any], info: AgentInfo) -> ModelResponse:
        return ModelResponse(parts=[TextPart("I think the price is about $10, probably.")])

    with override_models({"openai:chatty": FunctionModel(chatty)}):
        found = await extract_page({"schema": {"type": "object", "properties": {
            "price": {"type": "number"}}}, "prompt": "Price?", "retries": 1},
            url="http://a.test/", markdown="$10", model="openai:chatty")
    assert found.data is None and "not valid after 1 re-ask" in (found.error or "")
