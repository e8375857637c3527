"""The server half of resuming (see :mod:`widgets.resume`): a store of games in progress, one small JSON file each.

:class:`ResumeStore` keeps one small JSON file per game on the server, named by a random *token* (the file name
is a hash of the token, so listing the folder does not reveal tokens).  Tokens are issued by the store: a random
part signed with the store's own secret, so a page cannot make up tokens to fill the store.  Entries expire after
``ttl_seconds`` and there are at most ``max_entries`` of them; a game played in the last ``protect_seconds`` (a
day) is never pushed out to make room: when the store is full of those, a new game is simply not kept.  One client
(the visitor's address, as the server noted it for the kernel: :func:`kernel_client`) keeps at most
``max_per_client`` games: its new game pushes out its own oldest, never another client's.  A bad token, a bad file
or a broken folder never raises: ``get`` returns None, ``put`` does nothing and logs.  No widgets here.

    >>> import tempfile
    >>> store = ResumeStore(tempfile.mkdtemp())
    >>> token = store.new_token()
    >>> store.put(token, {"save": "{}"})
    True
    >>> store.get(token), store.get("../../etc/passwd")
    ({'save': '{}'}, None)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import logging
import os
import re
import secrets
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from ninekit.core import MAX_SAVE_BYTES

__all__ = ["ANYONE", "CLIENT_DIR_ENV", "KEY_PATTERN", "MAX_ENTRY_BYTES", "ResumeStore", "STORAGE_PREFIX",
           "client_key", "default_directory", "kernel_client", "valid_token"]

# A payload holds a save (at most MAX_SAVE_BYTES) and a little about the table; this leaves room for both.
MAX_ENTRY_BYTES = 2 * MAX_SAVE_BYTES
SWEEP_INTERVAL_SECONDS = 300  # put() sweeps at most this often
STALE_TEMP_SECONDS = 3600  # a temp file this old is left over from a crash
STORAGE_PREFIX = "ninekit-resume:"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
KEY_PATTERN = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_ENTRY = re.compile(r"[0-9a-f]{40}\.json")
_SECRET = ".secret"  # the store's signing key, in its folder (mode 0o600)
# A token: 24 random URL-safe characters, 8 hex of its client's tag, then 16 of the signature of both.  Its file is
# named by the tag and a hash of the token, so the games of one client are the files that begin with its tag.
_RANDOM_CHARS, _TAG_CHARS, _MAC_CHARS = 24, 8, 16
_TOKEN_CHARS = _RANDOM_CHARS + _TAG_CHARS + _MAC_CHARS
_HEX = re.compile(r"[0-9a-f]+")
ANYONE = "0" * _TAG_CHARS  # the tag of a game whose client is not known (JupyterLab, a plain Voila): no bound
# Where the server (ninekit_serving) notes each kernel's client: a file named by the kernel id holding the address.
CLIENT_DIR_ENV = "NINEKIT_CLIENT_DIR"
_FORMAT = 1

log = logging.getLogger("ninekit.resume")


def valid_token(token: object) -> str | None:
    """``token`` if it is a well-formed resume token (16 to 64 of ``A-Z a-z 0-9 _ -``), else None.

    >>> valid_token("abcdefghijklmnop1234")
    'abcdefghijklmnop1234'
    >>> [valid_token(t) for t in ("../x", "short", "a" * 65, None, 12345678901234567890, "abcdefghijklmnop/")]
    [None, None, None, None, None, None]
    """
    if isinstance(token, str) and _TOKEN.fullmatch(token):
        return token
    return None


def default_directory(environ: Mapping[str, str] | None = None) -> Path:
    """Where games are kept: ``$NINEKIT_RESUME_DIR``, else ``$XDG_CACHE_HOME/ninekit/games``, else ``~/.cache/...``.

    ``environ`` is ``os.environ`` unless given.

    >>> str(default_directory({"NINEKIT_RESUME_DIR": "/srv/games"}))
    '/srv/games'
    >>> str(default_directory({"XDG_CACHE_HOME": "/var/cache"}))
    '/var/cache/ninekit/games'
    """
    environ = os.environ if environ is None else environ
    chosen = environ.get("NINEKIT_RESUME_DIR")
    if chosen:
        return Path(chosen).expanduser()
    cache = environ.get("XDG_CACHE_HOME")
    base = Path(cache).expanduser() if cache else Path.home() / ".cache"
    return base / "ninekit" / "games"


def client_key(address: object) -> str | None:
    """What counts as one client for the store: an IPv4 address, an IPv6 address's /64 network (one home or
    phone has a whole /64 to pick from), any other text as it is; None for none.

    >>> client_key("10.0.0.5"), client_key("2001:db8:1:2:aaaa::1"), client_key("::ffff:10.0.0.5"), client_key(None)
    ('10.0.0.5', '2001:db8:1:2::/64', '10.0.0.5', None)
    """
    if not isinstance(address, str) or not address.strip():
        return None
    address = address.strip()
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address[:200]
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def kernel_client(environ: Mapping[str, str] | None = None, connection_file: str | None = None) -> str | None:
    """The address of the visitor whose page this kernel serves, as the classroom server noted it
    (``$NINEKIT_CLIENT_DIR/<kernel id>``, see ninekit_serving); None outside such a server or before it says.
    ``connection_file`` is the kernel's (``kernel-<id>.json``), asked of ipykernel unless given.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = open(os.path.join(folder, "k1"), "w").write("10.0.0.5")
    >>> kernel_client({"NINEKIT_CLIENT_DIR": folder}, "/run/kernel-k1.json"), kernel_client({}, "/run/kernel-k1.json")
    ('10.0.0.5', None)
    """
    environ = os.environ if environ is None else environ
    folder = environ.get(CLIENT_DIR_ENV)
    if not folder:
        return None
    if connection_file is None:
        try:
            from ipykernel.connect import get_connection_file

            connection_file = get_connection_file()
        except Exception:  # no kernel here (a script, a test)
            return None
    name = os.path.basename(str(connection_file))
    if not (name.startswith("kernel-") and name.endswith(".json")):
        return None
    kernel_id = name[len("kernel-"):-len(".json")]
    if not KEY_PATTERN.fullmatch(kernel_id):
        return None
    try:
        with open(os.path.join(folder, kernel_id), encoding="utf-8") as f:
            return client_key(f.read(256))
    except OSError:
        return None


class ResumeStore:
    """Games in progress kept on the server as files, one per token, for ``ttl_seconds`` at most.

    ``directory`` (default :func:`default_directory`) is created with mode 0o700 at the first ``put``,
    and its files with 0o600.  Writes are atomic (a temp file, then ``os.replace``).  Payloads over
    ``max_bytes`` (as JSON) are refused.  A client keeps at most ``max_per_client`` games (0: no bound): a
    token is issued for a client (``new_token(client)``), and that client's new game beyond the bound
    replaces its own oldest.  ``sweep()`` deletes expired entries and, beyond
    ``max_entries``, the oldest; ``put`` calls it at most every five minutes.  Nothing here raises
    on a bad token, a bad file or a broken folder.  ``clock`` (``time.time`` unless given) is what
    "now" means for expiry.

    >>> import tempfile
    >>> store = ResumeStore(tempfile.mkdtemp(), ttl_seconds=0)   # everything expires at once
    >>> token = store.new_token()
    >>> store.put(token, {"save": "{}"}), store.get(token)
    (True, None)
    """

    def __init__(self, directory: str | os.PathLike | None = None, ttl_seconds: float = 7 * 24 * 3600,
                 max_entries: int = 1000, max_bytes: int = MAX_ENTRY_BYTES,
                 clock: Callable[[], float] = time.time, protect_seconds: float = 24 * 3600,
                 max_per_client: int = 200):
        self.directory = Path(directory).expanduser() if directory is not None else default_directory()
        self.ttl_seconds = ttl_seconds
        self.max_entries = max_entries
        self.protect_seconds = protect_seconds
        self.max_per_client = max_per_client
        self._key: bytes | None = None
        self.max_bytes = max_bytes
        self.clock = clock
        self._last_sweep = float("-inf")
        self._warned = False
        self._ready = False  # the folder is made (or checked) at the first put

    def __repr__(self) -> str:
        return f"ResumeStore({str(self.directory)!r}, ttl_seconds={self.ttl_seconds}, max_entries={self.max_entries})"

    # ------------------------------------------------------------------ public
    def new_token(self, client: str | None = None) -> str:
        """A fresh token this store issued for ``client`` (an address, see :func:`client_key`; None: not known):
        24 random URL-safe characters (144 bits), 8 hex of the client's tag (a keyed hash: the address is not
        in it), and 16 of the signature of both with the store's secret (:meth:`issued` checks it).

        >>> import tempfile
        >>> store = ResumeStore(tempfile.mkdtemp())
        >>> token = store.new_token("10.0.0.5")
        >>> len(token), store.issued(token), store.issued("A" * 48), valid_token(token) == token
        (48, True, False, True)
        >>> store.new_token("10.0.0.5")[24:32] == token[24:32] != store.new_token("10.0.0.6")[24:32]
        True
        """
        random_part = secrets.token_urlsafe(18) + self._tag(client)
        return random_part + self._signature(random_part)

    def issued(self, token: object) -> bool:
        """Whether ``token`` is one this store (or another on the same folder) issued, not one a page made up."""
        token = valid_token(token)
        if token is None or len(token) != _TOKEN_CHARS or not _HEX.fullmatch(token[_RANDOM_CHARS:-_MAC_CHARS]):
            return False
        return hmac.compare_digest(self._signature(token[:-_MAC_CHARS]), token[-_MAC_CHARS:])

    def path_for(self, token: object) -> Path | None:
        """The file that holds ``token``'s game (its client's tag and a hash of the token), or None for a token
        this store did not issue.

        >>> ResumeStore("/srv/games").path_for("../etc") is None
        True
        """
        if not self.issued(token):
            return None
        tag = token[_RANDOM_CHARS:-_MAC_CHARS]
        return self.directory / (tag + hashlib.sha256(token.encode("ascii")).hexdigest()[:40 - _TAG_CHARS] + ".json")

    def put(self, token: object, payload: dict) -> bool:
        """Keep ``payload`` (a JSON-ready dict) for ``token``; True if it was written.

        False, with a log line, for a malformed token, a payload that is not JSON or is over
        ``max_bytes``, or a folder that cannot be written.

        >>> import tempfile
        >>> store = ResumeStore(tempfile.mkdtemp(), max_bytes=100)
        >>> store.put(store.new_token(), {"save": "x" * 200}), store.put("../x", {})
        (False, False)
        """
        path = self.path_for(token)
        if path is None:
            log.warning("ResumeStore.put: refused a token this store did not issue")
            return False
        if not isinstance(payload, dict):
            log.warning("ResumeStore.put: the payload is a %s, not a dict", type(payload).__name__)
            return False
        try:
            data = json.dumps({"ninekit_resume": _FORMAT, "payload": payload}, ensure_ascii=False,
                              separators=(",", ":"), allow_nan=False).encode("utf-8")
        except (TypeError, ValueError):
            log.warning("ResumeStore.put: the payload is not plain JSON", exc_info=True)
            return False
        if len(data) > self.max_bytes:
            log.warning("ResumeStore.put: refused a payload of %d bytes (at most %d)", len(data), self.max_bytes)
            return False
        if not self._ready:
            self._ready = self._make_directory()
            if not self._ready:  # tried again at the next put: the folder may be fixed meanwhile
                return False
        if not path.exists():
            self._make_room_for_client(path.name[:_TAG_CHARS])
        if not path.exists() and not self._room_for_one():
            log.warning("ResumeStore.put: games played in the last %g s fill the store (%d); a new one is not kept",
                        self.protect_seconds, self.max_entries)
            return False
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".part")  # mode 0o600
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            tmp = None
        except OSError as exc:
            self._warn(f"ResumeStore.put: could not write in {self.directory}: {exc}")
            return False
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
        if time.monotonic() - self._last_sweep >= SWEEP_INTERVAL_SECONDS:
            self.sweep()
        return True

    def get(self, token: object) -> dict | None:
        """The payload kept for ``token``, or None if it is unknown, expired, malformed, or the token is.

        >>> import tempfile
        >>> store = ResumeStore(tempfile.mkdtemp())
        >>> store.get(store.new_token()), store.get(None), store.get("a/../../b")
        (None, None, None)
        """
        path = self.path_for(token)
        if path is None:
            return None
        try:
            with open(path, "rb") as f:
                expired = self._expired(os.fstat(f.fileno()).st_mtime)
                data = b"" if expired else f.read(self.max_bytes + 1)
        except OSError:  # unknown token (FileNotFoundError), or unreadable
            return None
        if expired:
            self._unlink(path)
            return None
        if len(data) > self.max_bytes:
            return None
        try:
            entry = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            log.warning("ResumeStore.get: %s is not a valid entry", path.name)
            return None
        if not (isinstance(entry, dict) and entry.get("ninekit_resume") == _FORMAT
                and isinstance(entry.get("payload"), dict)):
            return None
        return entry["payload"]

    def drop(self, token: object) -> None:
        """Forget ``token``'s game (nothing happens for an unknown or malformed token).

        >>> import tempfile
        >>> store = ResumeStore(tempfile.mkdtemp())
        >>> token = store.new_token(); _ = store.put(token, {})
        >>> store.drop(token); store.drop("../x"); store.get(token) is None
        True
        """
        path = self.path_for(token)
        if path is not None:
            self._unlink(path)

    def sweep(self, keep: int | None = None) -> int:
        """Delete expired entries (and temp files left by a crash), then the oldest beyond ``max_entries``,
        but never one written in the last ``protect_seconds``: a flood of new games cannot push out a game
        someone played today.

        Returns how many entries were deleted.  ``keep``: keep at most this many (default ``max_entries``).

        >>> import tempfile
        >>> store = ResumeStore(tempfile.mkdtemp(), max_entries=1, protect_seconds=0)
        >>> first, second = store.new_token(), store.new_token()
        >>> store.put(first, {}), store.put(second, {}), store.get(first), len(store)   # the oldest made room
        (True, True, None, 1)
        >>> busy = ResumeStore(tempfile.mkdtemp(), max_entries=1)   # a game played today is never pushed out
        >>> kept = busy.new_token()
        >>> busy.put(kept, {}), busy.put(busy.new_token(), {}), busy.get(kept)
        (True, False, {})
        """
        self._last_sweep = time.monotonic()
        now = self.clock()
        live: list[tuple[float, str, Path]] = []
        deleted = 0
        try:
            with os.scandir(self.directory) as entries:
                for entry in entries:
                    try:
                        if not entry.is_file(follow_symlinks=False):
                            continue
                        mtime = entry.stat(follow_symlinks=False).st_mtime
                    except OSError:
                        continue
                    path = Path(entry.path)
                    if entry.name.startswith(".tmp-") and entry.name.endswith(".part"):
                        if now - mtime > STALE_TEMP_SECONDS:
                            self._unlink(path)
                    elif _ENTRY.fullmatch(entry.name):
                        if self._expired(mtime, now):
                            deleted += self._unlink(path)
                        else:
                            live.append((mtime, entry.name, path))
        except OSError as exc:
            self._warn(f"ResumeStore.sweep: could not list {self.directory}: {exc}")
            return deleted
        extra = len(live) - max(self.max_entries if keep is None else keep, 0)
        if extra > 0:
            live.sort()
            for mtime, _name, path in live[:extra]:
                if now - mtime < self.protect_seconds:
                    break  # this one and all newer were played within the protected time
                deleted += self._unlink(path)
        return deleted

    def issued_for(self, token: object, client: str | None) -> bool:
        """Whether ``token`` is one this store issued for ``client`` (an address; None: a client not known).

        >>> import tempfile
        >>> store = ResumeStore(tempfile.mkdtemp())
        >>> token = store.new_token("10.0.0.5")
        >>> store.issued_for(token, "10.0.0.5"), store.issued_for(token, "10.0.0.6"), store.issued_for("x", None)
        (True, False, False)
        """
        return self.issued(token) and token[_RANDOM_CHARS:-_MAC_CHARS] == self._tag(client)

    def __len__(self) -> int:
        """How many entries the folder holds now (expired ones included until a sweep).

        >>> import tempfile
        >>> len(ResumeStore(tempfile.mkdtemp()))
        0
        """
        try:
            with os.scandir(self.directory) as entries:
                return sum(1 for e in entries if _ENTRY.fullmatch(e.name))
        except OSError:
            return 0

    # --------------------------------------------------------------- internals
    def _room_for_one(self) -> bool:
        """Whether a new entry fits: under ``max_entries``, after a sweep if need be."""
        if len(self) < self.max_entries:
            return True
        self.sweep(keep=self.max_entries - 1)
        return len(self) < self.max_entries

    def _make_room_for_client(self, tag: str) -> None:
        """Make room for one more game of the client with this tag: beyond ``max_per_client`` its own oldest
        games go (played today or not), never another client's."""
        if tag == ANYONE or self.max_per_client <= 0:
            return
        mine = []
        try:
            with os.scandir(self.directory) as entries:
                for entry in entries:
                    if entry.name.startswith(tag) and _ENTRY.fullmatch(entry.name):
                        try:
                            mine.append((entry.stat(follow_symlinks=False).st_mtime, entry.name, Path(entry.path)))
                        except OSError:
                            continue
        except OSError:
            return
        mine.sort()
        for _mtime, _name, path in mine[:max(0, len(mine) - self.max_per_client + 1)]:
            self._unlink(path)

    def _tag(self, client: str | None) -> str:
        """8 hex characters naming a client in tokens and file names (keyed with the store's secret, so the
        address cannot be read back); ANYONE for an unknown client."""
        key = client_key(client)
        if key is None:
            return ANYONE
        tag = hmac.new(self._secret(), b"client:" + key.encode("utf-8"), hashlib.sha256).hexdigest()[:_TAG_CHARS]
        return tag if tag != ANYONE else "0" * (_TAG_CHARS - 1) + "1"

    def _signature(self, random_part: str) -> str:
        digest = hmac.new(self._secret(), random_part.encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode("ascii")[:_MAC_CHARS]

    def _secret(self) -> bytes:
        """The store's signing key: read from its folder, or made there (atomically: the first of several
        kernels to get there wins, the others read it).  A folder that cannot be written gets a key for this
        process only (its games cannot be kept anyway)."""
        if self._key is not None:
            return self._key
        path = self.directory / _SECRET
        try:
            self._key = path.read_bytes()
        except OSError:
            self._key = None
        if not self._key or len(self._key) < 32:
            key = secrets.token_bytes(32)
            if self._make_directory():
                tmp = None
                try:
                    fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".part")  # mode 0o600
                    with os.fdopen(fd, "wb") as f:
                        f.write(key)
                    os.link(tmp, path)  # fails if another kernel made it first
                except FileExistsError:
                    pass
                except OSError as exc:
                    self._warn(f"ResumeStore: cannot keep a key in {self.directory}: {exc}")
                finally:
                    if tmp is not None:
                        self._unlink(Path(tmp))
                try:
                    key = path.read_bytes() or key
                except OSError:
                    pass
            self._key = key
        return self._key

    def _expired(self, mtime: float, now: float | None = None) -> bool:
        if self.ttl_seconds <= 0:
            return True
        return (self.clock() if now is None else now) - mtime >= self.ttl_seconds

    def _make_directory(self) -> bool:
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            self._warn(f"ResumeStore: cannot create {self.directory}: {exc}; games will not be kept")
            return False
        if not os.access(self.directory, os.W_OK | os.X_OK):
            self._warn(f"ResumeStore: cannot write in {self.directory}; games will not be kept")
            return False
        return True

    def _warn(self, text: str) -> None:
        """A warning the first time, then quieter: a broken folder must not flood the server log."""
        log.log(logging.DEBUG if self._warned else logging.WARNING, text)
        self._warned = True

    @staticmethod
    def _unlink(path: Path) -> int:
        try:
            path.unlink()
            return 1
        except OSError:
            return 0
