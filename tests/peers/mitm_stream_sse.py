"""mitmproxy addon for tests/http_har_peers.rs: stream SSE responses and
keep their bytes for `hardump`.

mitmproxy buffers a response body until it ends
(https://github.com/mitmproxy/mitmproxy/issues/4469), so an SSE stream that
stays open (the 2024-11-05 HTTP+SSE transport's GET stream, which carries
every answer) never reaches the client; a streamed body, on the other
hand, is not recorded. This addon streams `text/event-stream` responses
through a callback that keeps a copy, and puts the copy back as the body
when the flow ends (`response`, or `error` when the client closed the
stream), before `hardump` writes the HAR on exit.

    mitmdump --mode reverse:http://127.0.0.1:PORT -s mitm_stream_sse.py --set hardump=FILE
"""

from mitmproxy import http


def responseheaders(flow: http.HTTPFlow) -> None:
    assert flow.response
    if flow.response.headers.get("content-type", "").startswith("text/event-stream"):
        kept = bytearray()
        flow.metadata["mcpwire_sse"] = kept

        def tee(chunk: bytes) -> bytes:
            kept.extend(chunk)
            return chunk

        flow.response.stream = tee


def _keep(flow: http.HTTPFlow) -> None:
    kept = flow.metadata.get("mcpwire_sse")
    if kept is not None and flow.response is not None:
        flow.response.stream = False
        flow.response.content = bytes(kept)


def response(flow: http.HTTPFlow) -> None:
    _keep(flow)


def error(flow: http.HTTPFlow) -> None:
    _keep(flow)
