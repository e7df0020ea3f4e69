"""What the model layer costs trawl, measured against a local OpenAI-compatible server that
answers at once: the overhead per extraction request of pydantic-ai (an Agent with a
StructuredDict output tool, as trawl.ai.extract_page runs it; and the direct model_request
an agent turn uses) beside the bare openai SDK and a bare httpx POST of the same request,
side by side in one run (ratios), and each library's import time in a fresh interpreter.

A model's own latency (hundreds of ms to seconds) dwarfs all of these; the point is that
the library adds nothing a crawl would notice. Timing figures: under load they are noisy,
so the load average is printed with them.

    .venv/bin/python bench/model_layer.py [--requests 200] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SCHEMA = {"type": "object", "properties": {"plan": {"type": "string"},
                                           "price": {"type": "number"}},
          "required": ["plan", "price"]}
PAGE = "# Plan Pro\n\nOnly $19 per month. " + "Some text about the plan. " * 200


class _Server(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        tools = request.get("tools") or [{"function": {"name": "final_result"}}]
        body = json.dumps({
            "id": "x", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": None, "tool_calls": [{
                    "id": "c1", "type": "function", "function": {
                        "name": tools[0]["function"]["name"],
                        "arguments": json.dumps({"plan": "Pro", "price": 19})}}]}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _import_ms(module: str) -> float:
    out = subprocess.run([sys.executable, "-c", f"import time; t = time.perf_counter(); "
                          f"import {module}; print((time.perf_counter() - t) * 1000)"],
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


async def _per_request(requests: int, base_url: str) -> dict[str, float]:
    import httpx
    from openai import AsyncOpenAI

    from trawl.ai import extract_page, override_models
    from trawl.ai._models import _new_model

    os.environ["OPENAI_BASE_URL"], os.environ["OPENAI_API_KEY"] = base_url, "k"
    model = _new_model("openai:bench")
    body = {"model": "m", "messages": [{"role": "user", "content": PAGE}],
            "tools": [{"type": "function", "function": {"name": "final_result",
                                                        "parameters": SCHEMA}}],
            "tool_choice": "required"}
    client = AsyncOpenAI(base_url=base_url, api_key="k")
    http = httpx.AsyncClient()

    async def raw_httpx() -> None:
        reply = (await http.post(base_url + "/chat/completions", json=body)).json()
        json.loads(reply["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"])

    async def openai_sdk() -> None:
        reply = await client.chat.completions.create(**body)  # type: ignore[call-overload]
        json.loads(reply.choices[0].message.tool_calls[0].function.arguments)

    async def trawl_extract() -> None:
        with override_models({"openai:bench": model}):
            found = await extract_page({"schema": SCHEMA, "prompt": "The plan."},
                                       url="http://x/", markdown=PAGE, model="openai:bench")
        assert found.data is not None, found.error

    out = {}
    for name, call in (("httpx POST", raw_httpx), ("openai SDK", openai_sdk),
                       ("trawl extract_page (pydantic-ai)", trawl_extract)):
        for _ in range(5):
            await call()  # warm
        started = time.perf_counter()
        for _ in range(requests):
            await call()
        out[name] = (time.perf_counter() - started) / requests * 1000
    await http.aclose()
    await client.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    print(f"load average {os.getloadavg()[0]:.1f} (timings under load are noisy; ratios "
          "are taken within each round)")
    rounds = [asyncio.run(_per_request(args.requests, base_url)) for _ in range(args.rounds)]
    print(f"\nms per request against a server that answers at once (median of "
          f"{args.rounds} rounds of {args.requests}):")
    for name in rounds[0]:
        ms = statistics.median(r[name] for r in rounds)
        ratio = statistics.median(r[name] / r["httpx POST"] for r in rounds)
        print(f"  {name:<34} {ms:7.2f} ms   x{ratio:.2f} of a bare httpx POST")
    print("\nimport time in a fresh interpreter (median of 3):")
    for module in ("httpx", "openai", "pydantic_ai", "trawl.ai"):
        print(f"  {module:<34} {statistics.median(_import_ms(module) for _ in range(3)):7.0f} ms")
    server.shutdown()


if __name__ == "__main__":
    main()
