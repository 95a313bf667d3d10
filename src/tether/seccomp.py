"""The system-call filter a sandboxed command runs under: a classic BPF program for seccomp,
built here (no libseccomp), handed to bubblewrap (`bwrap --seccomp FD`).

The sandbox's namespaces and read-only mounts hold only while the command cannot change them
or look into other processes. Refused with EPERM, on x86-64 and aarch64:

- debugging and reading other processes: ptrace, process_vm_readv/writev;
- mounts: mount, umount2, pivot_root, the new mount API (fsopen ... mount_setattr),
  open_by_handle_at (reads files by handle, past the mounts);
- new namespaces: unshare, setns, clone with a CLONE_NEW* flag (clone3, whose flags this filter
  cannot read, answers ENOSYS, so C libraries fall back to clone);
- the kernel's attack surface: kexec_load/kexec_file_load, init/finit/delete_module, bpf,
  perf_event_open, userfaultfd, io_uring_setup/enter/register, the keyring (add_key,
  request_key, keyctl), swapon/swapoff, reboot, acct;
- personality changes other than the harmless ones (PER_LINUX, UNAME26, the query).

Every other call is allowed. Any other architecture (a 32-bit program through the compat
entry, x32 calls) is refused outright: its numbers differ and would slip past the lists.
"""

from __future__ import annotations

import errno
import platform
import struct
from dataclasses import dataclass
from functools import cache

# BPF instruction classes and modes (linux/bpf_common.h)
_LD_W_ABS = 0x00 | 0x00 | 0x20  # BPF_LD | BPF_W | BPF_ABS
_JEQ_K = 0x05 | 0x10 | 0x00  # BPF_JMP | BPF_JEQ | BPF_K
_JGE_K = 0x05 | 0x30 | 0x00  # BPF_JMP | BPF_JGE | BPF_K
_JSET_K = 0x05 | 0x40 | 0x00  # BPF_JMP | BPF_JSET | BPF_K
_RET_K = 0x06 | 0x00  # BPF_RET | BPF_K

SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000

AUDIT_ARCH_X86_64 = 0xC000003E
AUDIT_ARCH_AARCH64 = 0xC00000B7
X32_SYSCALL_BIT = 0x40000000

# struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6]
_NR, _ARCH = 0, 4


def _arg_low(index: int) -> int:
    """Offset of the low 32 bits of argument `index` (little-endian: both arches here)."""
    return 16 + 8 * index


# CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
# CLONE_NEWNET
CLONE_NEW_ANY = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000
CLONE_NEW_ANY |= 0x40000000
# personality(2) values that change nothing that matters: PER_LINUX, PER_LINUX32, UNAME26
# (alone or with PER_LINUX32), and 0xffffffff (the query)
HARMLESS_PERSONALITIES = (0x0, 0x8, 0x20000, 0x20008, 0xFFFFFFFF)

DENIED = (
    *("ptrace", "process_vm_readv", "process_vm_writev"),
    *("mount", "umount2", "pivot_root", "fsopen", "fsconfig", "fsmount", "fspick"),
    *("move_mount", "open_tree", "mount_setattr", "open_by_handle_at", "unshare", "setns"),
    *("kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module"),
    *("bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter"),
    *("io_uring_register", "add_key", "request_key", "keyctl"),
    *("swapon", "swapoff", "reboot", "acct"),
)


@dataclass(frozen=True)
class Arch:
    """One architecture: its audit id and the numbers of the calls the filter looks at."""

    audit: int
    numbers: dict[str, int]


# From the kernel's unistd tables (asm/unistd_64.h; asm-generic/unistd.h for aarch64).
X86_64 = Arch(
    AUDIT_ARCH_X86_64,
    {
        "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "mount": 165,
        "umount2": 166, "pivot_root": 155, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
        "fspick": 433, "move_mount": 429, "open_tree": 428, "mount_setattr": 442,
        "open_by_handle_at": 304, "unshare": 272, "setns": 308, "kexec_load": 246,
        "kexec_file_load": 320, "init_module": 175, "finit_module": 313, "delete_module": 176,
        "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "io_uring_setup": 425,
        "io_uring_enter": 426, "io_uring_register": 427, "add_key": 248, "request_key": 249,
        "keyctl": 250, "swapon": 167, "swapoff": 168, "reboot": 169, "acct": 163,
        "personality": 135, "clone": 56, "clone3": 435,
    },
)  # fmt: skip
AARCH64 = Arch(
    AUDIT_ARCH_AARCH64,
    {
        "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "mount": 40,
        "umount2": 39, "pivot_root": 41, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
        "fspick": 433, "move_mount": 429, "open_tree": 428, "mount_setattr": 442,
        "open_by_handle_at": 265, "unshare": 97, "setns": 268, "kexec_load": 104,
        "kexec_file_load": 294, "init_module": 105, "finit_module": 273, "delete_module": 106,
        "bpf": 280, "perf_event_open": 241, "userfaultfd": 282, "io_uring_setup": 425,
        "io_uring_enter": 426, "io_uring_register": 427, "add_key": 217, "request_key": 218,
        "keyctl": 219, "swapon": 224, "swapoff": 225, "reboot": 142, "acct": 89,
        "personality": 92, "clone": 220, "clone3": 435,
    },
)  # fmt: skip


class _Program:
    """Instructions with symbolic jump targets, resolved to the relative offsets BPF wants."""

    def __init__(self) -> None:
        self.code: list[tuple[int, str | int, str | int, int]] = []
        self.labels: dict[str, int] = {}

    def label(self, name: str) -> None:
        self.labels[name] = len(self.code)

    def load(self, offset: int) -> None:
        self.code.append((_LD_W_ABS, 0, 0, offset))

    def jump(self, op: int, k: int, true: str | int = 0, false: str | int = 0) -> None:
        self.code.append((op, true, false, k))

    def ret(self, value: int) -> None:
        self.code.append((_RET_K, 0, 0, value))

    def packed(self) -> bytes:
        out = bytearray()
        for at, (op, true, false, k) in enumerate(self.code):
            jt = self.labels[true] - at - 1 if isinstance(true, str) else true
            jf = self.labels[false] - at - 1 if isinstance(false, str) else false
            if not (0 <= jt <= 255 and 0 <= jf <= 255):
                raise ValueError(f"BPF jump out of range at instruction {at}")
            out += struct.pack("=HBBI", op, jt, jf, k)  # struct sock_filter
        return bytes(out)


def _deny_list(prog: _Program, arch: Arch, tag: str) -> None:
    n = arch.numbers
    prog.load(_NR)
    for name in DENIED:
        prog.jump(_JEQ_K, n[name], "eperm")
    prog.jump(_JEQ_K, n["clone3"], "enosys")
    prog.jump(_JEQ_K, n["clone"], f"{tag}_clone")
    prog.jump(_JEQ_K, n["personality"], f"{tag}_personality")
    prog.ret(SECCOMP_RET_ALLOW)
    prog.label(f"{tag}_clone")
    prog.load(_arg_low(0))  # clone's flags, the first argument on both arches
    prog.jump(_JSET_K, CLONE_NEW_ANY, "eperm")
    prog.ret(SECCOMP_RET_ALLOW)
    prog.label(f"{tag}_personality")
    prog.load(_arg_low(0))
    for value in HARMLESS_PERSONALITIES:
        prog.jump(_JEQ_K, value, "allow")
    prog.ret(SECCOMP_RET_ERRNO | errno.EPERM)


@cache
def program() -> bytes:
    """The filter as packed `struct sock_filter` instructions (what `bwrap --seccomp` reads)."""
    prog = _Program()
    prog.load(_ARCH)
    prog.jump(_JEQ_K, AUDIT_ARCH_X86_64, "x86_64")
    prog.jump(_JEQ_K, AUDIT_ARCH_AARCH64, "aarch64")
    prog.ret(SECCOMP_RET_ERRNO | errno.EPERM)  # any other ABI: refused outright
    prog.label("x86_64")
    prog.load(_NR)
    prog.jump(_JGE_K, X32_SYSCALL_BIT, "eperm")  # x32 numbers would dodge the list
    _deny_list(prog, X86_64, "x86")
    prog.label("aarch64")
    _deny_list(prog, AARCH64, "arm")
    prog.label("allow")
    prog.ret(SECCOMP_RET_ALLOW)
    prog.label("eperm")
    prog.ret(SECCOMP_RET_ERRNO | errno.EPERM)
    prog.label("enosys")
    prog.ret(SECCOMP_RET_ERRNO | errno.ENOSYS)
    return prog.packed()


def supported() -> bool:
    """Whether this machine's architecture is one the filter knows."""
    return platform.machine() in ("x86_64", "AMD64", "aarch64", "arm64")


def program_fd() -> int:
    """A fresh in-memory file holding `program()`, read from its start (bubblewrap reads it
    to the end, so each command needs its own)."""
    import os

    fd = os.memfd_create("tether-seccomp", os.MFD_CLOEXEC)
    os.write(fd, program())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
