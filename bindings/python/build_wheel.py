"""Builds hal-runtime's wheel with the standard library alone.

As a PEP 517 backend (``pyproject.toml``): ``pip install .`` builds a pure wheel holding
the ``hal_runtime`` module. As a script (``cargo xtask package``)::

    python3 build_wheel.py --binary PATH [--lint-binary PATH] --platform TAG --out DIR

builds the platform wheel, the binary in its scripts (``<name>.data/scripts/hal``) so
that ``pip install`` puts ``hal`` on the environment's ``PATH``, and the lint binary
beside it (``hal-lint``: the full build ``hal lint`` hands over to); prints the wheel's
path.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import re
import sys
import zipfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
MODULE = "hal_runtime.py"
# A fixed timestamp: the same inputs give the same wheel.
EPOCH = (2026, 1, 1, 0, 0, 0)


def project() -> Dict[str, str]:
    """``[project]``'s scalar keys from pyproject.toml."""
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib  # Python 3.11+

        return {k: v for k, v in tomllib.loads(text)["project"].items() if isinstance(v, str)}
    except ImportError:
        section = text.split("[project]", 1)[1].split("\n[", 1)[0]
        return dict(re.findall(r'^(\w[\w-]*) = "([^"]*)"$', section, re.M))


def metadata(p: Dict[str, str]) -> str:
    readme = (HERE / p.get("readme", "README.md")).read_text(encoding="utf-8")
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {p['name']}\n"
        f"Version: {p['version']}\n"
        f"Summary: {p['description']}\n"
        f"License: {p.get('license', '')}\n"
        f"Requires-Python: {p.get('requires-python', '>=3.8')}\n"
        "Project-URL: Repository, https://github.com/gastown-chipset/hal\n"
        "Description-Content-Type: text/markdown\n\n"
        f"{readme}"
    )


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


# The licence texts the wheel and the sdist carry (the metadata says MIT OR Apache-2.0).
LICENCES = ("LICENSE-MIT", "LICENSE-APACHE")


def build(
    out: Path, binary: Optional[Path] = None, platform: Optional[str] = None, lint: Optional[Path] = None
) -> Path:
    """Writes the wheel into ``out``; its path. With ``binary``, a platform wheel (with
    ``lint`` beside it as ``hal-lint``)."""
    p = project()
    dist = p["name"].replace("-", "_")
    version = p["version"]
    tag = f"py3-none-{platform}" if binary else "py3-none-any"
    info = f"{dist}-{version}.dist-info"
    files: List[Tuple[str, bytes, int]] = [(MODULE, (HERE / MODULE).read_bytes(), 0o644)]
    if binary:
        # A Windows binary keeps its `.exe`: the scripts are installed under their own names.
        exe = ".exe" if Path(binary).suffix.lower() == ".exe" else ""
        files.append((f"{dist}-{version}.data/scripts/hal{exe}", Path(binary).read_bytes(), 0o755))
        if lint:
            files.append((f"{dist}-{version}.data/scripts/hal-lint{exe}", Path(lint).read_bytes(), 0o755))
    wheel_meta = (
        "Wheel-Version: 1.0\nGenerator: hal build_wheel.py\n"
        f"Root-Is-Purelib: {'false' if binary else 'true'}\n"
        + "".join(f"Tag: py3-none-{t}\n" for t in (platform.split(".") if binary else ["any"]))
    )
    files.append((f"{info}/METADATA", metadata(p).encode(), 0o644))
    for licence in LICENCES:
        files.append((f"{info}/licenses/{licence}", (HERE / licence).read_bytes(), 0o644))
    files.append((f"{info}/WHEEL", wheel_meta.encode(), 0o644))
    record = [_record_line(name, data) for name, data, _ in files] + [f"{info}/RECORD,,"]
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode(), 0o644))
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{dist}-{version}-{tag}.whl"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in files:
            entry = zipfile.ZipInfo(name, date_time=EPOCH)
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    return path


# PEP 517 hooks: the pure wheel (the module only); an sdist of this directory.
def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None, metadata_directory: Optional[str] = None) -> str:
    return build(Path(wheel_directory)).name


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    import tarfile

    p = project()
    base = f"{p['name'].replace('-', '_')}-{p['version']}"
    path = Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(path, "w:gz") as t:
        for name in ("pyproject.toml", "build_wheel.py", MODULE, "README.md", "CHANGELOG.md", *LICENCES):
            t.add(HERE / name, arcname=f"{base}/{name}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = metadata(p).encode()
        info.size = len(data)
        import io

        t.addfile(info, io.BytesIO(data))
    return path.name


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", type=Path, required=True, help="the hal binary to carry")
    parser.add_argument("--lint-binary", type=Path, help="the hal-lint binary to carry beside it")
    parser.add_argument("--platform", required=True, help="the platform tag(s), dot-separated")
    parser.add_argument("--out", type=Path, required=True, help="the directory to write the wheel to")
    args = parser.parse_args(argv)
    print(build(args.out, args.binary, args.platform, args.lint_binary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
