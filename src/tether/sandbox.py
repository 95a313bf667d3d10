"""The sandbox commands run in: what a command the model chose (or a check after "done", which
runs the code the model wrote) can touch.

Rules decide whether a command runs; they cannot confine what it does once it runs (`pytest`
runs a `conftest.py` the model wrote, `git status` a hook it patched in). On Linux with
bubblewrap (`bwrap`, the tool Flatpak uses), every command runs with:

- the system read-only (`/` bound read-only), `/tmp` private, `/dev` and `/proc` its own;
- the workspace read-write (and the configured `writable` paths), nothing else writable;
- the home folder's secrets hidden: ~/.ssh, ~/.aws, ~/.gnupg, ~/.config, ~/.docker, ~/.kube,
  ~/.azure and files such as ~/.netrc, ~/.git-credentials, ~/.pypirc, ~/.npmrc;
- environment variables that look like credentials removed (names with KEY, TOKEN, SECRET,
  PASSWORD, CREDENTIAL, AUTH, COOKIE, SESSION; AWS_*, AZURE_*, GOOGLE_APPLICATION_CREDENTIALS);
- no network unless the configuration allows it (its own empty network namespace);
- its own PID namespace and `--die-with-parent`: when the call ends (exit, timeout, Stop,
  tether killed), every process it started ends with it, daemons and `setsid` children too.

Where bubblewrap is missing (macOS, a container without user namespaces), `Sandbox.active` is
False and tether says so once; the rules still ask a person about every command that is not
on the allow-list.

Also, in both modes: resource limits (`tether.limits`: CPU time, memory, file size,
processes). In the sandbox: a system-call filter (`tether.seccomp`: no ptrace, mounts, new
namespaces, kernel modules, bpf, ...) and, when tether runs as root, no capabilities (root
with CAP_SYS_ADMIN could remount the read-only system writable).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from tether import seccomp
from tether.limits import Limits

SandboxMode = Literal["bwrap", "none"]

SECRET_DIRS = (".ssh", ".aws", ".gnupg", ".config", ".docker", ".kube", ".azure", ".password-store")
SECRET_FILES = (".netrc", ".git-credentials", ".pypirc", ".npmrc", ".pgpass", ".boto")
_CREDENTIAL_NAME = re.compile(
    r"KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION|^AWS_|^AZURE_|^GOOGLE_APPLICATION",
    re.I,
)


@cache
def bwrap_path() -> str | None:
    """The bubblewrap binary, when it is installed AND can make a sandbox here (a container
    without user namespaces has the binary but cannot use it)."""
    path = shutil.which("bwrap")
    if path is None:
        return None
    try:
        probe = subprocess.run(
            [path, "--ro-bind", "/", "/", "--unshare-pid", "--die-with-parent", "true"],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return path if probe.returncode == 0 else None


def _programs_in_tmp() -> list[str]:
    """Python and the PATH's folders that live under /tmp (a virtualenv of a checkout there):
    shown again, read-only, above the sandbox's private /tmp, so commands still find them."""
    tmp = Path("/tmp")
    found: set[str] = set()
    places = [sys.prefix, sys.base_prefix, sys.exec_prefix]
    places += [p for p in os.environ.get("PATH", "").split(os.pathsep) if p]
    for place in places:
        for path in {Path(place), Path(place).resolve()}:
            if path.is_relative_to(tmp) and path != tmp and path.exists():
                found.add(str(path))
    return sorted(found)


def kernel_at_least(major: int, minor: int) -> bool:
    """Whether the running Linux kernel is this version or later."""
    release = os.uname().release.split("-")[0].split(".")
    try:
        return (int(release[0]), int(release[1])) >= (major, minor)
    except (IndexError, ValueError):
        return False


def pid_max_is_per_namespace() -> bool:
    """Whether `pid_max` belongs to each PID namespace (Linux 6.14 and later): earlier, the
    same write would change the whole machine's."""
    return kernel_at_least(6, 14)


def _as_root_without_capabilities(argv: list[str], processes: int) -> list[str] | None:
    """bubblewrap run by root keeps every capability in the sandbox (CAP_SYS_ADMIN remounts
    the read-only system writable): drop them all, from the bounding set too, so nothing the
    command runs gets them back. Before that, bound the PID namespace's `pid_max` (RLIMIT_NPROC
    never limits root): at most about `processes` processes at once (PIDs 1 to 300 are
    used once).
    None: no `setpriv` here, bubblewrap's `--cap-drop ALL` does it (no bound on processes)."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    drop = [setpriv, "--bounding-set=-all", "--inh-caps=-all", "--"]
    if not (processes and pid_max_is_per_namespace()):
        return [*drop, *argv]
    bound = processes + 301  # PIDs below 300 are not used again once the numbers wrap
    script = f'echo {bound} > /proc/sys/kernel/pid_max 2>/dev/null; exec "$@"'
    return ["/bin/sh", "-c", script, "sh", *drop, *argv]


def credential_free(env: Mapping[str, str]) -> dict[str, str]:
    """`env` without the variables whose names look like credentials."""
    return {k: v for k, v in env.items() if not _CREDENTIAL_NAME.search(k)}


@dataclass(frozen=True)
class Sandbox:
    """How commands are confined (the `[sandbox]` configuration)."""

    mode: SandboxMode = "bwrap"
    network: bool = False
    writable: tuple[str, ...] = ()
    readable: tuple[str, ...] = ()
    home: Path = field(default_factory=Path.home)
    limits: Limits = field(default_factory=Limits)

    @property
    def active(self) -> bool:
        """Whether commands really run confined (bubblewrap asked for and usable here)."""
        return self.mode == "bwrap" and bwrap_path() is not None

    def why_not(self) -> str:
        """One line for a person: why commands run unconfined, and what to do."""
        if self.mode == "none":
            return 'the sandbox is off ([sandbox] mode = "none"): commands run unconfined'
        return (
            "bubblewrap is not usable here (install it: apt-get install bubblewrap), so commands "
            "run unconfined; every command not on the allow-list is asked about"
        )

    def argv(
        self,
        argv: Sequence[str],
        workspace: Path,
        cwd: Path,
        readable: Sequence[str] = (),
        seccomp_fd: int | None = None,
    ) -> list[str]:
        """`argv` wrapped so it runs confined and limited (only limited when the sandbox is
        not active); `readable`: more paths this one command may read (a check's answer
        file); `seccomp_fd`: a file holding the system-call filter (`seccomp_file()`)."""
        path = bwrap_path() if self.mode == "bwrap" else None
        if path is None:
            return [*self.limits.prlimit_args(count_processes=False), *argv]
        out = [path, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-ipc"]
        out += ["--unshare-uts", "--unshare-cgroup-try"]
        if not self.network:
            out.append("--unshare-net")
        if seccomp_fd is not None:
            out += ["--seccomp", str(seccomp_fd)]
        out += ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
        for name in SECRET_DIRS:
            if (self.home / name).is_dir():
                out += ["--tmpfs", str(self.home / name)]
        for name in SECRET_FILES:
            if (self.home / name).exists():
                out += ["--ro-bind", "/dev/null", str(self.home / name)]
        for extra in (*_programs_in_tmp(), *self.readable, *readable):
            if Path(extra).exists():
                out += ["--ro-bind", extra, extra]
        for extra in (str(workspace), *self.writable):
            if Path(extra).exists():
                out += ["--bind", extra, extra]
        # RLIMIT_NPROC counts per user namespace since Linux 5.14 (bubblewrap makes one)
        own_count = kernel_at_least(5, 14)
        limited = [*self.limits.prlimit_args(count_processes=own_count), *argv]
        if os.geteuid() == 0:  # (otherwise bubblewrap's own user namespace: no capabilities)
            dropped = _as_root_without_capabilities(limited, self.limits.processes)
            if dropped is None:
                out += ["--cap-drop", "ALL"]
            else:
                limited = dropped
        return [*out, "--chdir", str(cwd), "--", *limited]

    def seccomp_file(self) -> int | None:
        """A file descriptor holding the system-call filter for one command (the caller
        closes it once the command started), or None when there is none to apply."""
        if not self.active or not seccomp.supported():
            return None
        return seccomp.program_fd()

    def env(self, env: Mapping[str, str] | None) -> dict[str, str] | None:
        """The environment a confined command gets: without credentials (None: unchanged)."""
        if not self.active:
            return None if env is None else dict(env)
        return credential_free(os.environ if env is None else env)
