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

import sys
import time

import hal_runtime
from hal_runtime import HalUsageError, HalVersionError, create_runtime_hal

HERE = Path(__file__).resolve().parent
HAL = str(Path(os.environ.get("HAL_BIN", HERE / "../../target/debug/hal")).resolve())
HOOKS = HERE / "../../hal-caps/tests/fixtures/hooks"
CODEX_ENV = {"PATH": "/usr/bin:/bin", "CODEX_THREAD_ID": "t"}


def recorded(f):
    """The warnings ``f()`` gave, as strings."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        f()
    return [str(w.message) for w in seen]


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

    def test_launch_plan_answers_what_hal_launch_answers(self) -> None:
        env = {"PATH": "/usr/bin:/bin", "CLAUDECODE": "1", "CLAUDE_CODE_SESSION_ID": "s1"}
        hal = create_runtime_hal(bin=HAL, replace_env=env)
        plan = hal.launch_plan("codex", mode="print", autonomy="full", prompt="hi")
        cli = json.loads(
            subprocess.run(
                [HAL, "launch", "--provider", "codex", "--mode", "print", "--autonomy", "full", "--prompt", "hi", "--json"],
                env=env,
                capture_output=True,
                check=True,
            ).stdout
        )
        assert plan is not None
        self.assertEqual(plan["argv"], cli["argv"])
        self.assertEqual(plan["argv"][0], "codex")
        self.assertEqual(plan["argv"][-1], "hi")
        self.assertIn("CLAUDECODE", plan["env_unset"])
        self.assertIn("CLAUDE_CODE_SESSION_ID", plan["env_unset"])
        with self.assertRaises(HalUsageError) as caught:
            hal.launch_plan("claude", mode="acp")
        self.assertIn("--mode interactive", str(caught.exception))
        missing = create_runtime_hal(bin="/nonexistent/hal", replace_env=env)
        recorded(lambda: self.assertIsNone(missing.launch_plan("codex", mode="print", prompt="hi")))

    def test_a_dash_led_prompt_is_passed_as_a_value(self) -> None:
        # Hostile-findings R2: the client passes `--prompt=<text>`, so hal sees the text.
        hal = create_runtime_hal(bin=HAL, replace_env={"PATH": "/usr/bin:/bin"})
        plan = hal.launch_plan("opencode", prompt="--version")
        assert plan is not None
        self.assertIn("--prompt=--version", plan["argv"])
        # After `--` where the runtime's parser ends its options there; refused where none does.
        claude = hal.launch_plan("claude", mode="print", prompt="--settings={}")
        assert claude is not None
        self.assertEqual(claude["argv"][-2:], ["--", "--settings={}"])
        with self.assertRaises(HalUsageError) as caught:
            hal.launch_plan("cline", mode="print", prompt="--settings={}")
        self.assertIn("starts with `-`", str(caught.exception))

    def test_read_hook_answers_a_payload_with_lone_surrogates(self) -> None:
        # Hostile-findings R11: `"\ud83d"` after json.loads, or invalid UTF-8 read under
        # Python's UTF-8 mode (surrogateescape), is a str Python cannot encode strictly.
        hal = create_runtime_hal(bin=HAL, replace_env={"PATH": "/usr/bin:/bin"})
        payload = {"session_id": "s-1", "hook_event_name": "SessionStart", "transcript_path": "/x", "cwd": "/"}
        for extra in ["\ud83d", "a\udcff"]:
            text = json.dumps(dict(payload, source=extra), ensure_ascii=False)
            self.assertEqual(hal.read_hook(text)["session_id"], "s-1", extra)

    def test_launch_plan_answers_for_the_install_on_path(self) -> None:
        # Codex installed as the first `codex` on PATH (an npm layout): the plan is for its
        # version, as `list_installed` says; work_item and no_bypass reach hal.
        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            pkg = root / "lib/node_modules/@openai/codex"
            (pkg / "bin").mkdir(parents=True)
            (pkg / "package.json").write_text(json.dumps({"name": "@openai/codex", "version": "0.100.0"}))
            (pkg / "bin/codex.js").write_text("")
            (root / "bin").mkdir()
            (root / "bin/codex").symlink_to(pkg / "bin/codex.js")
            env = {"PATH": f"{root / 'bin'}:/usr/bin:/bin", "HOME": str(root)}
            hal = create_runtime_hal(bin=HAL, replace_env=env)
            installed = [r for r in hal.list_installed() if r["provider"] == "codex"][0]
            plan = hal.launch_plan("codex", mode="print", prompt="hi", work_item="gt-7", no_bypass=True)
            assert plan is not None
            self.assertEqual(plan["runtime_version"], installed["version"])
            self.assertIn("hal inventory", plan["runtime_version_source"] or "")
            self.assertEqual(plan["work_item"], "gt-7")
            self.assertTrue(any("gt-7" in a for a in plan["argv"]), plan["argv"])
            self.assertFalse(any(a.startswith("--dangerously") for a in plan["argv"]), plan["argv"])
            sid = "3f1e2a4c-0000-4000-8000-000000000044"
            claude = hal.launch_plan("claude", session_id=sid)
            assert claude is not None
            self.assertEqual(claude["session_id"], sid)
            with self.assertRaises(HalUsageError) as caught:
                hal.launch_plan("codex", session_id=sid)
            self.assertIn("claude", str(caught.exception))

    def test_an_unknown_agent_named_by_ai_agent_is_an_agent(self) -> None:
        named = create_runtime_hal(bin=HAL, replace_env={"PATH": "/usr/bin:/bin", "AI_AGENT": "custom-agent@v1.0"})
        self.assertEqual(named.detect_provider(), "unknown")
        self.assertTrue(named.is_agent())
        self.assertEqual(named.get_agent_name(), "custom-agent")
        plain = create_runtime_hal(bin=HAL, replace_env={"PATH": "/usr/bin:/bin"})
        self.assertFalse(plain.is_agent())
        self.assertIsNone(plain.get_agent_name())
        self.assertTrue(create_runtime_hal(bin=launcher("codex"), replace_env=CODEX_ENV).is_agent())

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

    def test_a_missing_binary_is_named_as_such_with_the_fix_once(self) -> None:
        hal = create_runtime_hal(bin="/nonexistent/hal", env=CODEX_ENV)

        def calls() -> None:
            self.assertEqual(hal.detect_provider(), "unknown")
            self.assertEqual(hal.get_gupp_strategy(), "polling")
            self.assertFalse(hal.supports_hooks())
            self.assertIsNone(hal.get_session_id())
            self.assertEqual(hal.get_stall_threshold(), hal_runtime.UNKNOWN_CAPABILITIES["stall_threshold_secs"])
            self.assertEqual(hal.get_startup_commands("polecat"), [])

        seen = recorded(calls)
        self.assertEqual(len(seen), 1, seen)
        self.assertIn("hal is not installed: `/nonexistent/hal` (the `bin=` option) does not exist", seen[0])

    def test_with_no_hal_anywhere_the_warning_says_what_was_tried(self) -> None:
        empty = tempfile.mkdtemp(prefix="hal-py-")
        hal = create_runtime_hal(replace_env={"PATH": empty})

        def calls() -> None:
            self.assertEqual(hal.detect_provider(), "unknown")
            self.assertEqual(hal.get_startup_commands(), [], "no role: a host failure, not a usage error")
            self.assertIsNone(hal.get_session_id())

        seen = recorded(calls)
        self.assertEqual(len(seen), 1, seen)
        why = seen[0]
        self.assertIn("HAL_BIN is not set", why)
        self.assertIn(f"no `hal` on PATH ({empty!r})", why)
        self.assertIn("pip install hal-runtime", why)
        self.assertIn("pass `bin=`", why)
        self.assertNotIn("Errno", why)

    def test_env_adds_to_the_environment_and_replace_env_replaces_it(self) -> None:
        d = Path(tempfile.mkdtemp(prefix="hal-py-"))
        (d / "hal").symlink_to(HAL)
        saved = {k: os.environ.get(k) for k in ("PATH", "HAL_BIN")}
        os.environ["PATH"] = f"{d}:/usr/bin:/bin"
        os.environ.pop("HAL_BIN", None)
        try:

            def calls() -> None:
                hal = create_runtime_hal(env={"GT_RUNTIME": "codex"})
                self.assertEqual(hal.detect_provider(), "codex", "hal found on the inherited PATH")
                self.assertEqual(hal.get_detection()["source"]["kind"], "override", "GT_RUNTIME added")
                via_var = create_runtime_hal(replace_env={"HAL_BIN": HAL, "GT_RUNTIME": "gemini"})
                self.assertEqual(via_var.detect_provider(), "gemini", "HAL_BIN read from the environment hal gets")

            self.assertEqual(recorded(calls), [])
            replaced = create_runtime_hal(replace_env={"GT_RUNTIME": "codex"})
            missing = recorded(lambda: self.assertEqual(replaced.detect_provider(), "unknown"))
            self.assertIn("hal is not installed", " ".join(missing))
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    def test_a_usage_error_raises_with_hals_own_message(self) -> None:
        hal = create_runtime_hal(bin=HAL, replace_env={"PATH": "/usr/bin:/bin"})
        with self.assertRaises(HalUsageError) as caught:
            hal.get_startup_commands("bogus")
        self.assertIn("bogus", str(caught.exception))
        self.assertIn("polecat", caught.exception.stderr)
        self.assertEqual(caught.exception.command, "startup --role bogus")
        with self.assertRaisesRegex(HalUsageError, "role"):
            hal.get_startup_commands()
        self.assertIsNone(hal.get_session_id(), "a host question still answers")

    def test_a_hung_hal_is_killed_at_the_timeout(self) -> None:
        hal = create_runtime_hal(bin=launcher("hal", "exec sleep 30"), timeout=0.5)
        started = time.monotonic()
        seen = recorded(lambda: self.assertEqual(hal.detect_provider(), "unknown"))
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(len(seen), 1, seen)
        self.assertIn("did not answer within 0.5 s and was killed", seen[0])

    def test_a_hal_leaving_a_child_that_holds_the_pipe_is_answered(self) -> None:
        hal = create_runtime_hal(bin=launcher("codex", f'"{HAL}" "$@"; sleep 30 &'), replace_env=CODEX_ENV, timeout=2)
        started = time.monotonic()
        seen = recorded(lambda: self.assertEqual(hal.detect_provider(), "codex"))
        self.assertLess(time.monotonic() - started, 2, "answered once hal exited, not at the timeout")
        self.assertEqual(seen, [])

    def test_a_timeout_kills_what_hal_started_too(self) -> None:
        # N10's case for this client: a wrapper leaving a child; nothing is left running.
        marker = f"{31 + time.time() % 1:.5f}"
        hal = create_runtime_hal(bin=launcher("hal", f"sleep {marker} & sleep {marker}; wait"), timeout=0.5)
        recorded(lambda: self.assertEqual(hal.detect_provider(), "unknown"))
        left = subprocess.run(["pgrep", "-f", f"sleep {marker}"], capture_output=True, text=True).stdout
        self.assertEqual(left, "", f"left running: {left}")

    def test_deeply_nested_output_is_a_failure_not_an_exception(self) -> None:
        # N11 of the third hostile pass: 200,000 levels raised RecursionError.
        deep = 'python3 -c \'print("{\\"version\\":1,\\"x\\":" + "[" * 200000 + "]" * 200000 + "}")\''
        hal = create_runtime_hal(bin=launcher("hal", deep))
        seen = recorded(lambda: self.assertEqual(hal.detect_provider(), "unknown"))
        self.assertEqual(len(seen), 1, seen)
        self.assertIn("nested deeper than", seen[0])
        # Brackets inside strings are not nesting.
        hal = create_runtime_hal(bin=launcher("codex", f'"{HAL}" "$@" | sed \'s/"version"/"x":"{"[" * 500}","version"/\''), replace_env=CODEX_ENV)
        self.assertEqual(recorded(lambda: self.assertEqual(hal.detect_provider(), "codex")), [])

    def test_an_env_value_that_is_not_a_string_is_a_failure_not_an_exception(self) -> None:
        hal = create_runtime_hal(bin=launcher("hal"), env={"X": None})  # type: ignore[dict-item]
        seen = recorded(lambda: self.assertEqual(hal.detect_provider(), "unknown"))
        self.assertEqual(len(seen), 1, seen)
        self.assertIn("could not run", seen[0])

    def test_a_version_1_answer_missing_keys_degrades_key_by_key(self) -> None:
        hal = create_runtime_hal(bin=launcher("hal", "echo '{\"version\": 1}'"))

        def calls() -> None:
            self.assertEqual(hal.detect_provider(), "unknown")
            self.assertEqual(hal.get_detection()["source"]["kind"], "fallback")
            self.assertEqual(hal.get_stall_threshold(), hal_runtime.UNKNOWN_CAPABILITIES["stall_threshold_secs"])
            self.assertFalse(hal.supports_hooks())

        seen = recorded(calls)
        self.assertEqual(len(seen), 2, seen)
        self.assertRegex(seen[0], r"`hal detect` answered without valid .*`ambiguous`, .*`provider`")
        self.assertRegex(seen[1], r"`hal caps` answered without valid .*`stall_threshold_secs`")

        body = "echo '{\"version\": 1, \"provider\": \"codex\", \"session_hooks\": \"yes\", \"stall_threshold_secs\": \"soon\"}'"
        mixed = create_runtime_hal(bin=launcher("hal", body))

        def partial() -> None:
            self.assertEqual(mixed.get_capabilities()["provider"], "codex", "a valid key is kept")
            self.assertTrue(mixed.supports_hooks())
            self.assertEqual(mixed.get_stall_threshold(), 300, "a mistyped key falls back")

        seen = recorded(partial)
        self.assertEqual(len(seen), 1, seen)
        self.assertIn("`stall_threshold_secs`", seen[0])
        self.assertNotIn("`provider`", seen[0])

    def test_json_that_is_not_an_object_degrades(self) -> None:
        for body in ["echo null", "echo '[1]'", "echo 5", "echo '\"codex\"'"]:
            hal = create_runtime_hal(bin=launcher("hal", body))

            def calls() -> None:
                self.assertEqual(hal.detect_provider(), "unknown", body)
                self.assertIsNone(hal.get_session_id(), body)

            seen = recorded(calls)
            self.assertEqual(len(seen), 1, (body, seen))
            self.assertIn("printed JSON that is not an object", seen[0])

    def test_endless_output_is_cut_at_the_cap(self) -> None:
        hal = create_runtime_hal(bin=launcher("hal", "exec cat /dev/zero"))
        started = time.monotonic()
        seen = recorded(lambda: self.assertEqual(hal.detect_provider(), "unknown"))
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(len(seen), 1, seen)
        self.assertRegex(seen[0], r"printed more than \d+ bytes and was killed")

    def test_each_distinct_failure_is_warned_once(self) -> None:
        body = "case \"$1\" in detect) echo not-json ;; caps) exit 3 ;; *) echo '{\"version\":1}' ;; esac"
        hal = create_runtime_hal(bin=launcher("hal", body))

        def calls() -> None:
            for _ in range(3):
                self.assertEqual(hal.detect_provider(), "unknown")
                self.assertEqual(hal.get_gupp_strategy(), "polling")
                self.assertIsNone(hal.get_session_id())

        seen = recorded(calls)
        self.assertEqual(len(seen), 2, seen)
        self.assertIn("`hal detect` did not print JSON", seen[0])
        self.assertIn("`hal caps` failed (exit 3)", seen[1])

    def test_a_json_version_the_client_does_not_know_raises(self) -> None:
        hal = create_runtime_hal(bin=launcher("hal", "echo '{\"version\": 2}'"))
        with self.assertRaisesRegex(HalVersionError, "version 2"):
            hal.detect_provider()

    def test_a_binary_that_fails_or_prints_garbage_is_a_warning(self) -> None:
        for body in ["exit 3", "echo not-json", "kill -9 $$"]:
            hal = create_runtime_hal(bin=launcher("hal", body))
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                self.assertEqual(hal.detect_provider(), "unknown")
            self.assertEqual(len(seen), 1, body)

    def test_list_installed_reads_versions_and_standings_from_the_install(self) -> None:
        with tempfile.TemporaryDirectory() as home:
            pkg = Path(home, "p/lib/node_modules/@openai/codex")
            pkg.mkdir(parents=True)
            (pkg / "package.json").write_text('{"name": "@openai/codex", "version": "0.30.0"}')
            (pkg / "codex.js").write_text("")
            Path(home, "p/bin").mkdir()
            os.symlink(pkg / "codex.js", Path(home, "p/bin/codex"))
            env = {"PATH": str(Path(home, "p/bin")), "HOME": home}
            hal = create_runtime_hal(bin=HAL, replace_env=env)
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                installed = hal.list_installed()
            self.assertEqual(seen, [])
            cli = json.loads(subprocess.run([HAL, "inventory", "--json"], env=env, capture_output=True).stdout)
            self.assertEqual(installed, cli["runtimes"])
            codex = [r for r in installed if r["provider"] == "codex"][0]
            self.assertEqual((codex["version"], codex["standing"]), ("0.30.0", "older_than_supported"))
            self.assertIsNone(create_runtime_hal(bin=HAL, replace_env={"CLAUDECODE": "1"}).get_runtime_version())
            # The newest verified version, as hal's registry says it (no live version here).
            providers = json.loads(subprocess.run([HAL, "providers", "--json"], env={}, capture_output=True).stdout)
            newest_verified = [p for p in providers["providers"] if p["provider"] == "claude"][0]["verified"]["version"]
            declared = {"CLAUDECODE": "1", "AI_AGENT": "claude-code_" + newest_verified.replace(".", "-") + "_agent"}
            self.assertEqual(create_runtime_hal(bin=HAL, replace_env=declared).get_runtime_version(), newest_verified)
            # A version past the verified range: the answers say so, naming the newest verified.
            newest = create_runtime_hal(bin=HAL, replace_env=declared).get_capabilities()
            self.assertEqual([d["code"] for d in newest["diagnostics"]], [])
            past = {"CLAUDECODE": "1", "AI_AGENT": "claude-code_2-1-999_agent"}
            caps = create_runtime_hal(bin=HAL, replace_env=past).get_capabilities()
            said = [d["message"] for d in caps["diagnostics"] if d["code"] == "version_unverified"]
            self.assertEqual(len(said), 1, caps["diagnostics"])
            self.assertIn("2.1.999", said[0])
            self.assertIn(newest_verified, said[0])
            self.assertIn(said[0], caps["warnings"])

    def test_read_hook_answers_a_real_claude_payload_given_or_on_stdin(self) -> None:
        payload = (HOOKS / "claude/SessionStart-resume.json").read_bytes()
        env = {"PATH": "/usr/bin:/bin"}
        cli = json.loads(subprocess.run([HAL, "hook", "--json"], env=env, input=payload, capture_output=True).stdout)
        hal = create_runtime_hal(bin=HAL, replace_env=env)
        seen = recorded(lambda: self.assertEqual(hal.read_hook(payload.decode()), cli))
        self.assertEqual(seen, [])
        event = hal.read_hook(payload)
        self.assertEqual((event["provider"], event["event"], event["source"]), ("claude", "session.resume", "resume"))
        self.assertEqual(event["session_id"], "0b5f6d1e-8c1a-4f7e-9a55-3c7d2f1e9b10")
        # Without a payload: the process's own stdin, as a hook receives it.
        script = (
            f"import json, sys; sys.path.insert(0, {str(HERE)!r}); import hal_runtime; "
            f"print(json.dumps(hal_runtime.create_runtime_hal(bin={HAL!r}).read_hook()))"
        )
        out = subprocess.run([sys.executable, "-c", script], env=env, input=payload, capture_output=True, check=True)
        self.assertEqual(json.loads(out.stdout), cli)

    def test_read_hook_without_hal_claims_nothing(self) -> None:
        missing = create_runtime_hal(bin="/nonexistent/hal", replace_env={"PATH": "/usr/bin:/bin"})
        box = {}
        seen = recorded(lambda: box.update(missing.read_hook("{}")))
        self.assertEqual(len(seen), 1)
        self.assertEqual((box["version"], box["provider"], box["session_id"], box["diagnostics"]), (1, None, None, []))
        # A payload larger than a pipe holds is fed without blocking.
        big = json.dumps({"hook_event_name": "Stop", "session_id": "s", "x": "y" * 200_000})
        event = create_runtime_hal(bin=HAL, replace_env={"PATH": "/usr/bin:/bin"}).read_hook(big)
        self.assertEqual(event["session_id"], "s")

    def test_a_workspace_configured_for_claude_is_not_an_agent(self) -> None:
        ws = Path(tempfile.mkdtemp(prefix="hal-ws-"))
        (ws / ".git").mkdir()
        (ws / ".claude").mkdir()
        (ws / ".claude/settings.json").write_text("{}")
        hal = create_runtime_hal(bin=HAL, cwd=str(ws), replace_env={"PATH": "/usr/bin:/bin"})
        self.assertFalse(hal.is_agent())
        self.assertEqual(hal.get_detection()["configured_for"], "claude")
        running = create_runtime_hal(bin=HAL, cwd=str(ws), replace_env={"PATH": "/usr/bin:/bin", "CLAUDECODE": "1"})
        self.assertTrue(running.is_agent())


if __name__ == "__main__":
    unittest.main()
