// The node client against the real `hal` binary built by the workspace ($HAL_BIN, else
// target/debug/hal). Hermetic: `hal` runs with the environment each test gives, under a
// launcher script named like the runtime, so the real ancestry cannot decide.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { createRuntimeHal, HalVersionError } from "../index.js";
import { JSON_VERSION, UNKNOWN_CAPABILITIES } from "../generated.js";

const here = dirname(fileURLToPath(import.meta.url));
const HAL = resolve(process.env.HAL_BIN ?? join(here, "../../../target/debug/hal"));

/** A script named `name` that runs `hal` (so `hal`'s parent is a process called `name`). */
function launcher(name, body = `"${HAL}" "$@"`) {
  const dir = mkdtempSync(join(tmpdir(), "hal-node-"));
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** `console.warn` calls made while `f` runs. */
function warnings(f) {
  const seen = [];
  const saved = console.warn;
  console.warn = (...args) => seen.push(args.join(" "));
  try {
    f();
  } finally {
    console.warn = saved;
  }
  return seen;
}

const codexEnv = { PATH: "/usr/bin:/bin", CODEX_THREAD_ID: "t" };

test("inside Codex the client answers what the CLI answers", () => {
  const hal = createRuntimeHal({ bin: launcher("codex"), env: codexEnv });
  const seen = warnings(() => {
    assert.equal(hal.detectProvider(), "codex");
    assert.equal(hal.getSessionId(), "t");
    assert.equal(hal.getStallThreshold(), 180);
    assert.equal(hal.getNudgeInterval(), 60);
    assert.equal(hal.supportsHooks(), false);
    assert.equal(hal.supportsNudge(), true);
    assert.equal(hal.getStartupStrategy(), "startup_fallback");
    assert.equal(hal.getGUPPStrategy(), "startup_fallback");
    const cli = JSON.parse(
      execFileSync(HAL, ["startup", "--role", "polecat", "--provider", "codex", "--json"], { env: codexEnv }),
    );
    assert.deepEqual(hal.getStartupCommands("polecat"), cli.commands);
    assert.equal(hal.getDetection().version, JSON_VERSION);
    assert.equal(hal.getCapabilities().provider, "codex");
  });
  assert.deepEqual(seen, []);
});

test("the session id is asked on every call; detection once", () => {
  const dir = mkdtempSync(join(tmpdir(), "hal-node-"));
  const sid = join(dir, "sid");
  writeFileSync(sid, "first");
  // The launcher exports the session id it reads from a file at each run.
  const bin = launcher("codex", `CODEX_THREAD_ID="$(cat '${sid}')" "${HAL}" "$@"`);
  const hal = createRuntimeHal({ bin, env: { PATH: "/usr/bin:/bin" } });
  assert.equal(hal.getSessionId(), "first");
  writeFileSync(sid, "second");
  assert.equal(hal.getSessionId(), "second");
  assert.equal(hal.getDetection(), hal.getDetection(), "cached: the same object");
});

test("no session id is null, not a failure", () => {
  const hal = createRuntimeHal({ bin: launcher("codex"), env: { PATH: "/usr/bin:/bin", GT_RUNTIME: "codex" } });
  const seen = warnings(() => assert.equal(hal.getSessionId(), null));
  assert.deepEqual(seen, []);
});

test("a missing binary gives the graceful answer and one warning", () => {
  const hal = createRuntimeHal({ bin: "/nonexistent/hal", env: codexEnv });
  const seen = warnings(() => {
    assert.equal(hal.detectProvider(), "unknown");
    assert.equal(hal.getGUPPStrategy(), "polling");
    assert.equal(hal.getStartupStrategy(), "polling");
    assert.equal(hal.supportsHooks(), false);
    assert.equal(hal.getSessionId(), null);
    assert.equal(hal.getStallThreshold(), UNKNOWN_CAPABILITIES.stall_threshold_secs);
    assert.ok(Array.isArray(hal.getStartupCommands("polecat")));
  });
  assert.equal(seen.length, 1, seen.join("\n"));
  assert.match(seen[0], /nonexistent/);
});

test("a JSON version the client does not know throws a clear error", () => {
  const bin = launcher("hal", `echo '{"version": 2, "provider": "claude"}'`);
  const hal = createRuntimeHal({ bin });
  assert.throws(() => hal.detectProvider(), (e) => e instanceof HalVersionError && /version 2/.test(e.message));
});

test("a binary that fails or prints garbage is a warning, not a throw", () => {
  for (const body of ["exit 3", "echo not-json"]) {
    const hal = createRuntimeHal({ bin: launcher("hal", body) });
    const seen = warnings(() => assert.equal(hal.detectProvider(), "unknown"));
    assert.equal(seen.length, 1, body);
  }
});
