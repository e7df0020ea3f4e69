"""Models by name: ``PROVIDER:NAME`` to a pydantic-ai model, built in the worker.

pydantic-ai (``pydantic-ai-slim``) is the one library under every model call: one message
and tool vocabulary over OpenAI, Anthropic and Ollama, typed and validated output with
re-asks, token usage per request, and scripted models for tests (TestModel,
FunctionModel). Keys and endpoints come from the worker's environment only
(``OPENAI_API_KEY``/``OPENAI_BASE_URL``, ``ANTHROPIC_API_KEY``, ``OLLAMA_BASE_URL``): what
travels with a crawl or an agent run is the name, so no key reaches Temporal's history,
Postgres, the logs or the events.

``openai:`` speaks the Chat Completions API (pydantic-ai's ``OpenAIChatModel``), not the
Responses API its own ``openai:`` prefix means: Chat Completions is what every
OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio) answers, so ``openai:``
with ``OPENAI_BASE_URL`` works against any of them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from trawl.config import get_settings
from trawl.errors import ConfigError
from trawl.model import check_model

if TYPE_CHECKING:
    from pydantic_ai.models import Model
    from pydantic_ai.settings import ModelSettings

DEFAULT_OLLAMA_BASE_URL = "http://127.0.0.1:11434/v1"
"""Where ``ollama:`` models are asked when ``OLLAMA_BASE_URL`` is not set: a local Ollama
(its OpenAI-compatible endpoint)."""

_built: dict[str, Model] = {}
_overrides: dict[str, Model] = {}


def build_model(ref: str) -> Model:
    """The model ``ref`` names, built once per process (its HTTP client is reused).
    ConfigError when the provider cannot be set up here (a key missing)."""
    ref = check_model(ref)
    if ref in _overrides:
        return _overrides[ref]
    model = _built.get(ref)
    if model is None:
        model = _built[ref] = _new_model(ref)
    return model


def _new_model(ref: str) -> Model:
    from pydantic_ai.exceptions import UserError

    provider, _, name = ref.partition(":")
    try:
        if provider == "openai":
            from pydantic_ai.models.openai import OpenAIChatModel
            from pydantic_ai.providers.openai import OpenAIProvider

            return OpenAIChatModel(name, provider=OpenAIProvider())
        if provider == "anthropic":
            from pydantic_ai.models.anthropic import AnthropicModel
            from pydantic_ai.providers.anthropic import AnthropicProvider

            return AnthropicModel(name, provider=AnthropicProvider())
        from pydantic_ai.models.ollama import OllamaModel
        from pydantic_ai.providers.ollama import OllamaProvider

        base_url = os.environ.get("OLLAMA_BASE_URL") or DEFAULT_OLLAMA_BASE_URL
        return OllamaModel(name, provider=OllamaProvider(base_url=base_url))
    except (UserError, ValueError) as exc:  # a key or endpoint missing in this environment
        raise ConfigError(f"model {ref} cannot be used by this worker: {_first_line(exc)}") \
            from None


def model_settings(**extra: Any) -> ModelSettings:
    """Settings of every request: a deadline (``TRAWL_MODEL_TIMEOUT_S``) and no sampling
    temperature (extraction wants the same answer twice)."""
    settings: dict[str, Any] = {"timeout": get_settings().model_timeout_s,
                                "temperature": 0.0, **extra}
    return settings  # type: ignore[return-value]


@contextlib.contextmanager
def override_models(models: dict[str, Model]) -> Iterator[None]:
    """Use ``models`` (PROVIDER:NAME -> a pydantic-ai model, e.g. a FunctionModel) in this
    process instead of building them: scripted models for tests."""
    saved = dict(_overrides)
    _overrides.update({check_model(ref): model for ref, model in models.items()})
    try:
        yield
    finally:
        _overrides.clear()
        _overrides.update(saved)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
