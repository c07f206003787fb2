"""The Python client against the real ``hal`` binary built by the workspace ($HAL_BIN,
else target/debug/hal). Hermetic: ``hal`` runs with the environment each test gives,
under a launcher script named like the runtime, so the real ancestry cannot decide."""

import json
import os
import stat
import subprocess
import tempfile
import unittest
import warnings
from pathlib import Path

import hal_runtime
from hal_runtime import HalVersionError, create_runtime_hal

HERE = Path(__file__).resolve().parent
HAL = str(Path(os.environ.get("HAL_BIN", HERE / "../../target/debug/hal")).resolve())
CODEX_ENV = {"PATH": "/usr/bin:/bin", "CODEX_THREAD_ID": "t"}


def launcher(name: str, body: str = f'"{HAL}" "$@"') -> str:
    """A script named ``name`` that runs ``hal`` (so hal's parent is a process called ``name``)."""
    path = Path(tempfile.mkdtemp(prefix="hal-py-")) / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


class ClientTest(unittest.TestCase):
    def test_inside_codex_the_client_answers_what_the_cli_answers(self) -> None:
        hal = create_runtime_hal(bin=launcher("codex"), env=CODEX_ENV)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            self.assertEqual(hal.detect_provider(), "codex")
            self.assertEqual(hal.get_session_id(), "t")
            self.assertEqual(hal.get_stall_threshold(), 180)
            self.assertEqual(hal.get_nudge_interval(), 60)
            self.assertFalse(hal.supports_hooks())
            self.assertTrue(hal.supports_nudge())
            self.assertEqual(hal.get_startup_strategy(), "startup_fallback")
            self.assertEqual(hal.get_gupp_strategy(), "startup_fallback")
            cli = json.loads(
                subprocess.run(
                    [HAL, "startup", "--role", "polecat", "--provider", "codex", "--json"],
                    env=CODEX_ENV,
                    capture_output=True,
                    check=True,
                ).stdout
            )
            self.assertEqual(hal.get_startup_commands("polecat"), cli["commands"])
        self.assertEqual(seen, [])

    def test_the_session_id_is_asked_on_every_call_and_detection_once(self) -> None:
        sid = Path(tempfile.mkdtemp(prefix="hal-py-")) / "sid"
        sid.write_text("first")
        hal = create_runtime_hal(
            bin=launcher("codex", f'CODEX_THREAD_ID="$(cat \'{sid}\')" "{HAL}" "$@"'), env={"PATH": "/usr/bin:/bin"}
        )
        self.assertEqual(hal.get_session_id(), "first")
        sid.write_text("second")
        self.assertEqual(hal.get_session_id(), "second")
        self.assertIs(hal.get_detection(), hal.get_detection())

    def test_a_missing_binary_gives_the_graceful_answer_and_one_warning(self) -> None:
        hal = create_runtime_hal(bin="/nonexistent/hal", env=CODEX_ENV)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            self.assertEqual(hal.detect_provider(), "unknown")
            self.assertEqual(hal.get_gupp_strategy(), "polling")
            self.assertFalse(hal.supports_hooks())
            self.assertIsNone(hal.get_session_id())
            self.assertEqual(hal.get_stall_threshold(), hal_runtime.UNKNOWN_CAPABILITIES["stall_threshold_secs"])
        self.assertEqual(len(seen), 1, [str(w.message) for w in seen])
        self.assertIn("nonexistent", str(seen[0].message))

    def test_a_json_version_the_client_does_not_know_raises(self) -> None:
        hal = create_runtime_hal(bin=launcher("hal", "echo '{\"version\": 2}'"))
        with self.assertRaisesRegex(HalVersionError, "version 2"):
            hal.detect_provider()

    def test_a_binary_that_fails_or_prints_garbage_is_a_warning(self) -> None:
        for body in ["exit 3", "echo not-json"]:
            hal = create_runtime_hal(bin=launcher("hal", body))
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                self.assertEqual(hal.detect_provider(), "unknown")
            self.assertEqual(len(seen), 1, body)


if __name__ == "__main__":
    unittest.main()
