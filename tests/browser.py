"""Real browsers for the browser table's tests: `rulelang serve` started as a process on a free
port, and headless Chromium driven by Selenium (Debian's `chromium` and `chromium-driver`, which
`.ci/run` installs). Tests that need them are skipped, saying why, when either is missing."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WAIT = 30  # seconds a test waits for the page to show what it expects


def missing() -> str | None:
    """Why browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e \".[test]\")"
    if CHROMIUM is None or DRIVER is None:
        return "Chromium or its driver is not installed (Debian: apt-get install chromium chromium-driver)"
    return None


class Server:
    """`rulelang serve` on a free port of this machine, with a database of its own."""

    def __init__(self, folder: str, pause: float = 0.0):
        self.db = os.path.join(folder, "tables.sqlite3")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-c", "from rulelang.cli.main import main; main()", "serve",
                   "--port", str(self.port), "--db", self.db, "--bot-pause", str(pause)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/tables", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("rulelang serve ended: " + self.process.stderr.read().decode())
                time.sleep(0.2)
        raise RuntimeError("rulelang serve did not answer in time")

    def post(self, path: str, body: dict) -> dict:
        """A JSON request to the server's API."""
        import json
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return json.loads(answer.read())

    def stop(self) -> None:
        """End the server."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.process.stderr.close()


def browser(width: int = 1400, height: int = 1000):
    """A headless Chromium of its own (a new profile: a browser context of its own)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-quic", f"--window-size={width},{height}",
                 f"--user-data-dir={tempfile.mkdtemp(prefix='rulelang-chromium-')}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=options)
