"""Starts the built Roost binary on a free loopback port for each test. The compatibility
tests get clients of the official Sendbird Platform SDK (sendbird-platform-sdk==0.0.16)
pointed at it; the system tests drive it over plain HTTP."""

import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest
import sendbird_platform_sdk as sendbird
import sendbird_platform_sdk.rest

from schemas import OfficialSchemas

API_TOKEN = "compat-api-token"
ROOT = Path(__file__).resolve().parents[1]
# With ROOST_TEST_ENGINE=postgres the `server` fixture runs Roost on a new database of the
# PostgreSQL that ROOST_TEST_POSTGRES_URL names (scripts/test starts one).
POSTGRES_URL = os.environ.get("ROOST_TEST_POSTGRES_URL")
SERVERS_USE_POSTGRES = os.environ.get("ROOST_TEST_ENGINE") == "postgres"


def binary():
    configured = os.environ.get("ROOST_BINARY")
    return configured or str(ROOT / ".build" / "debug" / "roost")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RoostServer:
    """One Roost process over one SQLite file (or the PostgreSQL database a URL names, with its
    files in `folder`); `restart` keeps the database."""

    def __init__(self, database, extra_arguments=(), folder=None):
        self.database = database
        self.folder = folder or os.path.dirname(database)
        self.extra_arguments = list(extra_arguments)
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        self.process = subprocess.Popen(
            [binary(), "serve", "--port", str(self.port), "--database", self.database,
             "--api-token", API_TOKEN, "--log-level", "warning", "--uploads", self.folder,
             "--snapshots", os.path.join(self.folder, "snapshots")]
            + self.extra_arguments,
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"roost exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("roost did not answer /health within 30 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)

    def kill(self):
        """Ends the process at once, as a crash or power cut would (SIGKILL)."""
        self.process.kill()
        self.process.wait(timeout=30)

    def restart(self):
        self.stop()
        self.start()


def postgres_database_url(name):
    return urllib.parse.urlunsplit(urllib.parse.urlsplit(POSTGRES_URL)._replace(path="/" + name))


def psql(sql):
    subprocess.run(["psql", POSTGRES_URL, "-q", "-c", sql], check=True, stdout=subprocess.DEVNULL)


def stored_rows(location, sql):
    """The rows `sql` reads from Roost's database at `location` (a SQLite file, or a PostgreSQL
    database by URL), each a tuple of its values as text (NULL as None)."""
    if not location.startswith("postgres"):
        import sqlite3
        with sqlite3.connect(f"file:{location}?mode=ro", uri=True) as reader:
            return [tuple(None if value is None else str(value) for value in row) for row in reader.execute(sql)]
    # One row a line, values apart by a unit separator, NULL as a record separator (control
    # characters no value the tests read holds).
    output = subprocess.run(
        ["psql", location, "-X", "-q", "-A", "-t", "-F", "\x1f", "-P", "null=\x1e", "-c", sql],
        check=True, capture_output=True, text=True,
    ).stdout
    return [tuple(None if value == "\x1e" else value for value in line.split("\x1f")) for line in output.splitlines()]


@pytest.fixture(scope="session")
def postgres_template():
    """A database Roost migrated once, which each test's database is copied from."""
    name = f"roost_pytest_template_{os.getpid()}"
    psql(f"DROP DATABASE IF EXISTS {name}")
    psql(f"CREATE DATABASE {name}")
    with tempfile.TemporaryDirectory() as folder:
        roost = RoostServer(postgres_database_url(name), folder=folder)
        roost.start()
        roost.stop()
    yield name
    psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def database(request):
    """Where the `server` fixture's Roost keeps its data: a SQLite file in `folder`, or with
    ROOST_TEST_ENGINE=postgres a new PostgreSQL database."""
    with tempfile.TemporaryDirectory() as folder:
        if not SERVERS_USE_POSTGRES:
            yield os.path.join(folder, "roost.sqlite"), folder
            return
        template = request.getfixturevalue("postgres_template")
        name = "roost_pytest_" + uuid.uuid4().hex
        psql(f"CREATE DATABASE {name} TEMPLATE {template}")
        try:
            yield postgres_database_url(name), folder
        finally:
            psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def server(request, database):
    # Flood protection is off unless a test asks for it with @pytest.mark.flood_limit(n).
    marker = request.node.get_closest_marker("flood_limit")
    limit = marker.args[0] if marker else 0
    location, folder = database
    roost = RoostServer(location, ["--max-messages-per-second", str(limit)], folder=folder)
    roost.start()
    try:
        yield roost
    finally:
        roost.stop()


def pytest_configure(config):
    config.addinivalue_line("markers", "flood_limit(n): start the server with --max-messages-per-second n")


@pytest.fixture
def client(server):
    with sendbird.ApiClient(sendbird.Configuration(host=server.url)) as api_client:
        yield api_client


@pytest.fixture
def token():
    return API_TOKEN


def call_api(base, method, path, body=None, token=API_TOKEN, timeout=10):
    """A JSON request over plain HTTP: answers the status and the decoded body, errors included."""
    request = urllib.request.Request(
        base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Api-Token": token, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def read_json_answer(connection):
    """The bytes of one HTTP answer whose body is a JSON object, read off a raw socket until
    the body's closing brace (or until the server closes the connection)."""
    answer = b""
    while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
        chunk = connection.recv(65536)
        if not chunk:
            break
        answer += chunk
    return answer


def error_code(exception):
    """The Sendbird error code inside an ApiException's body."""
    body = json.loads(exception.body)
    assert body["error"] is True
    assert isinstance(body["message"], str) and body["message"]
    return body["code"]


@pytest.fixture(scope="session")
def official_schemas():
    return OfficialSchemas()


@pytest.fixture(autouse=True)
def answers_match_the_official_schemas(request, official_schemas):
    """Every JSON body an official SDK receives in a test must match the response model of
    its operation in every official SDK version (see Tests/schemas.py)."""
    if "client" not in request.fixturenames:
        yield
        return
    problems = []
    original = sendbird_platform_sdk.rest.RESTClientObject.request

    def checked(self, method, url, *arguments, **keywords):
        response = original(self, method, url, *arguments, **keywords)
        path = urllib.parse.urlsplit(url).path
        problems.extend(official_schemas.problems(method, path, response.status, response.data))
        return response

    sendbird_platform_sdk.rest.RESTClientObject.request = checked
    try:
        yield
    finally:
        sendbird_platform_sdk.rest.RESTClientObject.request = original
    assert not problems, "answers that break Sendbird's official schemas:\n" + "\n".join(problems)
