"""The codec server: lets the Temporal web UI and CLI show trawl's sealed payloads.

Temporal's remote-codec protocol: ``POST /encode`` and ``POST /decode`` take and return
``{"payloads": [...]}`` in protobuf JSON, with CORS for the UI's origin. ``trawl up``
starts one beside the embedded Temporal and points the UI at it
(``--ui-codec-endpoint``); against another Temporal server run ``trawl codec-server`` and
set the UI's codec endpoint (or the CLI's ``--codec-endpoint``) to it.

It listens on loopback only: whoever can reach it can read every crawl's payloads, session
data included (see SECURITY.md).
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence

from google.protobuf import json_format
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from temporalio.api.common.v1 import Payload, Payloads

from trawl.config import get_settings, use_data_dir
from trawl.secrets import SealError
from trawl.services.temporal import LOCALHOST
from trawl.worker.codec import SealingCodec

log = logging.getLogger("trawl.codec")


def codec_app(codec: SealingCodec, ui_origins: Iterable[str]) -> Starlette:
    def route(apply: Callable[[Sequence[Payload]], Awaitable[list[Payload]]]
              ) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            try:
                payloads = json_format.Parse(await request.body(), Payloads())
                done = await apply(payloads.payloads)
            except (json_format.ParseError, SealError, ValueError) as exc:
                return JSONResponse({"message": str(exc)}, status_code=400)
            return Response(json_format.MessageToJson(Payloads(payloads=done)),
                            media_type="application/json")
        return handle

    return Starlette(
        routes=[Route("/encode", route(codec.encode), methods=["POST"]),
                Route("/decode", route(codec.decode), methods=["POST"])],
        middleware=[Middleware(CORSMiddleware, allow_origins=list(ui_origins),
                               allow_methods=["POST"], allow_credentials=True,
                               allow_headers=["content-type", "x-namespace",
                                              "authorization"])])


def ui_origins_for(ui_port: int) -> list[str]:
    return [f"http://localhost:{ui_port}", f"http://127.0.0.1:{ui_port}"]


def main(argv: list[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(prog="trawl codec-server", description=__doc__)
    parser.add_argument("--port", type=int, default=get_settings().codec_port)
    parser.add_argument("--ui-origin", action="append",
                        help="the web UI's origin (repeatable); default: the embedded UI's")
    parser.add_argument("--data-dir", help="the data dir whose data key opens payloads "
                                           "(default TRAWL_DATA_DIR)")
    args = parser.parse_args(argv)
    use_data_dir(args.data_dir)
    origins = args.ui_origin or ui_origins_for(get_settings().temporal_ui_port)
    uvicorn.run(codec_app(SealingCodec(), origins), host=LOCALHOST, port=args.port,
                log_level="warning")


if __name__ == "__main__":
    main()
