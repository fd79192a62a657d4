"""What no input or use may do to the host: crash the interpreter (deep
messages on a small thread stack), grow without bound (a long
conversation), or fail when a session is shared by threads."""

import json
import os
import subprocess
import sys
import threading
import time

import pytest

import pymcpwire

REV = "2025-11-25"


def nested(depth: int) -> str:
    """A JSON value ``depth`` levels deep (arrays and objects by turns)."""
    opens = "".join("[" if i % 2 else '{"a":' for i in range(depth))
    closes = "".join("]" if i % 2 else "}" for i in reversed(range(depth)))
    return opens + "1" + closes


def shapes(depth: int):
    """Messages whose nesting is ``depth`` levels in all, with the deep value
    where the judging descends into it: free values, a violation elsewhere
    (the slow path builds the whole message), a batch, a bare array."""
    inner = nested(depth - 2)
    yield '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":' + inner + "}}"
    yield '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":7,"arguments":' + inner + "}}"
    yield '{"jsonrpc":"2.0","id":3,"result":{"content":[],"structuredContent":' + inner + "}}"
    yield '[{"jsonrpc":"2.0","method":"x","params":' + nested(depth - 2) + "}]"
    yield nested(depth)


# Run in a child interpreter: a crash there is a failed assertion here, not
# the end of the test run.
DEEP_SCRIPT = r"""
import sys, threading
sys.path[:0] = [sys.argv[1]]
import pymcpwire
from test_limits import shapes

def judge(depths, max_depth):
    s = pymcpwire.Session("2025-11-25", max_depth=max_depth)
    for depth in depths:
        for text in shapes(depth):
            found = s.observe(text, "client")
            deep = [f for f in found if f.keyword == "input"]
            assert (depth > max_depth) == bool(deep), (depth, max_depth, found)
    assert s.observe('{"jsonrpc":"2.0","id":9,"method":"ping"}', "client") == []

errors = []
def run():
    try:
        judge([512, 9_000, 10_000, 10_001], 10_000)
        judge([100, 600], 512)
    except BaseException as e:
        errors.append(e)
threading.stack_size(1 << 20)
t = threading.Thread(target=run)
t.start()
t.join()
assert not errors, errors
judge([30_000, 10_000], 10_000)
print("judged")
"""


def test_deep_messages_never_crash_the_interpreter():
    here = os.path.dirname(os.path.abspath(__file__))
    done = subprocess.run(
        [sys.executable, "-c", DEEP_SCRIPT, here], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0 and done.stdout.strip() == "judged", (done.returncode, done.stderr[-3000:])


@pytest.mark.parametrize("depth", [0, 10_001, 2**40])
def test_max_depth_outside_the_cli_range_is_refused(depth):
    with pytest.raises(pymcpwire.McpwireError, match="max_depth"):
        pymcpwire.Session(REV, max_depth=depth)


PING = b'{"jsonrpc":"2.0","id":%d,"method":"ping"}'
PONG = b'{"jsonrpc":"2.0","id":%d,"result":{}}'


def test_a_session_shared_by_threads_counts_every_message():
    s = pymcpwire.Session(REV)
    per_thread, threads = 2_000, 4
    errors = []

    def run(k):
        try:
            for i in range(per_thread):
                n = k * per_thread + i
                assert s.observe(PING % n, "client") == []
                assert s.observe(PONG % n, "server") == []
                s.summary()
        except BaseException as e:
            errors.append(e)

    workers = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors, errors[:3]
    summary = s.summary()
    assert (summary.messages, summary.errors, summary.unanswered) == (2 * per_thread * threads, 0, 0)


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc")
def test_a_million_messages_in_one_session_hold_memory_flat():
    s = pymcpwire.Session(REV)
    bad = b'{"jsonrpc":"2.0","id":%d,"result":[]}'
    probe = pymcpwire.Session(REV)
    probe.observe(PING % 1, "client")
    per_bad = len(probe.observe(bad % 1, "server"))
    assert per_bad > 0
    pairs = 500_000

    def run(first, last):
        for n in range(first, last):
            s.observe(PING % n, "client")
            s.observe((bad if n % 100 == 0 else PONG) % n, "server")

    # Warm: the kept reports fill, and the session's table of answered ids
    # (for duplicate-id findings, bounded at 65,536 per direction) fills.
    warm = 100_000
    run(0, warm)
    before = rss_bytes()
    t = time.perf_counter()
    run(warm, pairs)
    grown = rss_bytes() - before
    summary = s.summary()
    assert summary.messages == 2 * pairs
    assert summary.errors == per_bad * pairs // 100
    assert len(s.reports) == 100
    assert grown < 4 << 20, f"RSS grew {grown / 2**20:.1f} MiB over {2 * (pairs - warm)} messages"
    print(f"{2 * pairs} messages, {time.perf_counter() - t:.1f} s, RSS {grown / 2**20:+.1f} MiB")


def test_keep_reports():
    s = pymcpwire.Session(REV, keep_reports=0)
    s.observe(PING % 1, "client")
    assert s.observe(b'{"jsonrpc":"2.0","id":1,"result":[]}', "server")
    assert len(s.reports) == 0 and s.findings() == [] and s.summary().errors >= 1
    every = pymcpwire.Session(REV, keep_reports=None)
    for n in range(300):
        every.observe(PING % n, "client")
    assert len(every.reports) == 300
    with pytest.raises(pymcpwire.McpwireError, match="keep_reports"):
        pymcpwire.Session(REV, keep_reports=-1)
