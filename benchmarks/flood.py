"""One client floods the server with plain requests, then a class arrives: are they all served, and how fast?

    python benchmarks/flood.py                      # ~2 minutes on 2 cores
    python benchmarks/flood.py --flood 60 --visitors 20 --cap 20

Voila is started as ``make play`` starts it (the repo's voila.json) with a small cap (``--cap``, 20 by default:
the issue's probe) and pools of 2.  One client (127.0.0.1) sends ``--flood`` plain HTTP requests for the Nine
Knights app as fast as it can (no browser, no websocket: each takes a kernel that no page ever connects to).
Then ``--visitors`` students, each from an address of its own (127.0.0.2, 127.0.0.3, ...: another client for the
server), ask for the app at the same moment.  Printed: what the flood got (how many pages, how many busy
pages), how many students were served, and the median and slowest time to their page (the whole page, sent
once the app has run in its kernel).  Not a timed test; see benchmarks/README.md, "Serving a class".
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests" / "browser")]

from appdriver import NOTEBOOKS, kernel_pids, start_voila, stop_voila, wait_until  # noqa: E402

APP = "apps/nine_knights.ipynb"


def fetch(base_url: str, address: str) -> tuple[int, float]:
    """(HTTP status, seconds) of one plain request for the app, sent from ``address``."""
    url = urlsplit(base_url)
    started = time.monotonic()
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=180, source_address=(address, 0))
    try:
        connection.request("GET", f"/voila/render/{APP}")
        response = connection.getresponse()
        body = response.read()
        served = response.status == 200 and b"application/vnd.jupyter.widget-view+json" in body
        return (200 if served else response.status), time.monotonic() - started
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=40)
    parser.add_argument("--visitors", type=int, default=20)
    parser.add_argument("--cap", type=int, default=20)
    args = parser.parse_args()
    log = Path(tempfile.mkdtemp()) / "voila.log"
    base_url, proc = start_voila(NOTEBOOKS, log, extra_args=(f"--ClassroomKernelManager.max_kernels={args.cap}",
                                                             "--pool_size=2", "--VoilaKernelManager.fill_delay=0"))
    try:
        wait_until(lambda: len(kernel_pids(proc)) >= min(12, args.cap - max(2, args.cap // 4)), 180)
        flood = [fetch(base_url, "127.0.0.1")[0] for _ in range(args.flood)]
        print(f"flood from one client: {args.flood} requests, {flood.count(200)} pages, "
              f"{flood.count(503)} busy pages; kernels now {len(kernel_pids(proc))}")
        results: list[tuple[int, float]] = [(0, 0.0)] * args.visitors

        def visit(n: int) -> None:
            results[n] = fetch(base_url, f"127.0.0.{n + 2}")

        threads = [threading.Thread(target=visit, args=(n,)) for n in range(args.visitors)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        served = [seconds for status, seconds in results if status == 200]
        print(f"{args.visitors} students from their own addresses: {len(served)} served, "
              f"{sum(1 for s, _ in results if s == 503)} busy pages")
        if served:
            print(f"time to the page: median {statistics.median(served):.1f} s, slowest {max(served):.1f} s")
    finally:
        stop_voila(proc)


if __name__ == "__main__":
    main()
