// The node client against the real `hal` binary built by the workspace ($HAL_BIN, else
// target/debug/hal). Hermetic: `hal` runs with the environment each test gives, under a
// launcher script named like the runtime, so the real ancestry cannot decide.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { createRuntimeHal, HalUsageError, HalVersionError, platformPackage } from "../index.js";
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

test("a missing binary is named as such, with the fix, once", () => {
  const hal = createRuntimeHal({ bin: "/nonexistent/hal", env: codexEnv });
  const seen = warnings(() => {
    assert.equal(hal.detectProvider(), "unknown");
    assert.equal(hal.getGUPPStrategy(), "polling");
    assert.equal(hal.getStartupStrategy(), "polling");
    assert.equal(hal.supportsHooks(), false);
    assert.equal(hal.getSessionId(), null);
    assert.equal(hal.getStallThreshold(), UNKNOWN_CAPABILITIES.stall_threshold_secs);
    assert.deepEqual(hal.getStartupCommands("polecat"), []);
  });
  assert.equal(seen.length, 1, seen.join("\n"));
  assert.match(seen[0], /hal is not installed: `\/nonexistent\/hal` \(the `bin` option\) does not exist/);
});

test("with no hal anywhere the warning says what was tried and how to install it", () => {
  const empty = mkdtempSync(join(tmpdir(), "hal-node-"));
  const hal = createRuntimeHal({ replaceEnv: { PATH: empty } });
  const seen = warnings(() => {
    assert.equal(hal.detectProvider(), "unknown");
    assert.equal(hal.supportsHooks(), false);
    assert.deepEqual(hal.getStartupCommands(), [], "no role: a host failure, not a usage error");
    assert.equal(hal.getSessionId(), null);
  });
  assert.equal(seen.length, 1, seen.join("\n"));
  const [why] = seen;
  assert.ok(why.includes(`the package ${platformPackage()} is not installed`), why);
  assert.ok(why.includes("HAL_BIN is not set"), why);
  assert.ok(why.includes(`no \`hal\` on PATH (${JSON.stringify(empty)})`), why);
  // The exact package, at this package's version, and the tarball that provides it.
  const { version } = JSON.parse(readFileSync(join(here, "../package.json"), "utf8"));
  const name = platformPackage();
  assert.ok(why.includes(`Install ${name}@${version}: \`npm install ./${name.slice(1).replace("/", "-")}-${version}.tgz\``), why);
  assert.match(why, /cargo xtask package.*set HAL_BIN, or pass `bin`/);
  assert.doesNotMatch(why, /ENOENT/);
});

test("`env` adds to this process's environment; `replaceEnv` replaces it", () => {
  const dir = mkdtempSync(join(tmpdir(), "hal-node-"));
  symlinkSync(HAL, join(dir, "hal"));
  const saved = { PATH: process.env.PATH, HAL_BIN: process.env.HAL_BIN };
  process.env.PATH = `${dir}:/usr/bin:/bin`;
  delete process.env.HAL_BIN;
  try {
    const seen = warnings(() => {
      const hal = createRuntimeHal({ env: { GT_RUNTIME: "codex" } });
      assert.equal(hal.detectProvider(), "codex", "hal found on the inherited PATH");
      assert.equal(hal.getDetection().source.kind, "override", "GT_RUNTIME added");
      const viaVar = createRuntimeHal({ replaceEnv: { HAL_BIN: HAL, GT_RUNTIME: "gemini" } });
      assert.equal(viaVar.detectProvider(), "gemini", "HAL_BIN read from the environment hal gets");
    });
    assert.deepEqual(seen, []);
    const replaced = createRuntimeHal({ replaceEnv: { GT_RUNTIME: "codex" } });
    const missing = warnings(() => assert.equal(replaced.detectProvider(), "unknown"));
    assert.match(missing.join("\n"), /hal is not installed/);
  } finally {
    process.env.PATH = saved.PATH;
    if (saved.HAL_BIN !== undefined) process.env.HAL_BIN = saved.HAL_BIN;
  }
});

test("a usage error throws with hal's own message; no role outside Gastown too", () => {
  const hal = createRuntimeHal({ bin: HAL, replaceEnv: { PATH: "/usr/bin:/bin" } });
  assert.throws(
    () => hal.getStartupCommands("bogus"),
    (e) => e instanceof HalUsageError && /bogus/.test(e.message) && /polecat/.test(e.stderr) && e.command === "startup --role bogus",
  );
  assert.throws(() => hal.getStartupCommands(), (e) => e instanceof HalUsageError && /role/.test(e.message));
  // A host question on the same client still answers.
  assert.equal(hal.getSessionId(), null);
});

test("a hung hal is killed at the timeout and answered as unknown", () => {
  const hal = createRuntimeHal({ bin: launcher("hal", "exec sleep 30"), timeoutMs: 500 });
  const started = Date.now();
  const seen = warnings(() => assert.equal(hal.detectProvider(), "unknown"));
  assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  assert.equal(seen.length, 1, seen.join("\n"));
  assert.match(seen[0], /did not answer within 500 ms and was killed/);
});

test("a hal leaving a child that holds its output open is answered within the timeout", () => {
  const bin = launcher("codex", `"${HAL}" "$@"; sleep 30 &`);
  const hal = createRuntimeHal({ bin, replaceEnv: codexEnv, timeoutMs: 1000 });
  const started = Date.now();
  const seen = warnings(() => assert.equal(hal.detectProvider(), "codex"));
  assert.ok(Date.now() - started < 6000, `took ${Date.now() - started} ms`);
  assert.equal(seen.length, 1, seen.join("\n"));
  assert.match(seen[0], /kept its output open until the timeout \(1000 ms\)/);
});

test("an answer of version 1 missing keys degrades key by key, with a warning", () => {
  const hal = createRuntimeHal({ bin: launcher("hal", `echo '{"version": 1}'`) });
  const seen = warnings(() => {
    assert.equal(hal.detectProvider(), "unknown");
    assert.equal(hal.getDetection().source.kind, "fallback");
    assert.equal(hal.getStallThreshold(), UNKNOWN_CAPABILITIES.stall_threshold_secs);
    assert.equal(hal.supportsHooks(), false);
  });
  assert.equal(seen.length, 2, seen.join("\n"));
  assert.match(seen[0], /`hal detect` answered without valid .*`ambiguous`, .*`provider`/);
  assert.match(seen[1], /`hal caps` answered without valid .*`stall_threshold_secs`/);

  const partial = `echo '{"version": 1, "provider": "codex", "session_hooks": "yes", "stall_threshold_secs": "soon"}'`;
  const mixed = createRuntimeHal({ bin: launcher("hal", partial) });
  const seen2 = warnings(() => {
    assert.equal(mixed.getCapabilities().provider, "codex", "a valid key is kept");
    assert.equal(mixed.supportsHooks(), true);
    assert.equal(mixed.getStallThreshold(), UNKNOWN_CAPABILITIES.stall_threshold_secs, "a mistyped key falls back");
  });
  assert.equal(seen2.length, 1);
  assert.match(seen2[0], /`stall_threshold_secs`/);
  assert.doesNotMatch(seen2[0], /`provider`/);
});

test("JSON that is not an object degrades with a warning", () => {
  for (const body of ["echo null", "echo '[1]'", "echo 5", `echo '"codex"'`]) {
    const hal = createRuntimeHal({ bin: launcher("hal", body) });
    const seen = warnings(() => {
      assert.equal(hal.detectProvider(), "unknown", body);
      assert.equal(hal.getSessionId(), null, body);
    });
    assert.equal(seen.length, 1, `${body}: ${seen.join("\n")}`);
    assert.match(seen[0], /printed JSON that is not an object/);
  }
});

test("endless output is cut at the cap and answered as unknown", () => {
  const hal = createRuntimeHal({ bin: launcher("hal", "exec cat /dev/zero") });
  const started = Date.now();
  const seen = warnings(() => assert.equal(hal.detectProvider(), "unknown"));
  assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  assert.equal(seen.length, 1, seen.join("\n"));
  assert.match(seen[0], /printed more than \d+ bytes and was killed/);
});

test("each distinct failure is warned once", () => {
  const body = `case "$1" in detect) echo not-json ;; caps) exit 3 ;; *) echo '{"version":1}' ;; esac`;
  const hal = createRuntimeHal({ bin: launcher("hal", body) });
  const seen = warnings(() => {
    for (let i = 0; i < 3; i++) {
      assert.equal(hal.detectProvider(), "unknown");
      assert.equal(hal.getGUPPStrategy(), "polling");
      assert.equal(hal.getSessionId(), null);
    }
  });
  assert.equal(seen.length, 2, seen.join("\n"));
  assert.match(seen[0], /`hal detect` did not print JSON/);
  assert.match(seen[1], /`hal caps` failed \(exit 3\)/);
});

test("a JSON version the client does not know throws a clear error", () => {
  const bin = launcher("hal", `echo '{"version": 2, "provider": "claude"}'`);
  const hal = createRuntimeHal({ bin });
  assert.throws(() => hal.detectProvider(), (e) => e instanceof HalVersionError && /version 2/.test(e.message));
});

test("a binary that fails or prints garbage is a warning, not a throw", () => {
  for (const body of ["exit 3", "echo not-json", "kill -9 $$"]) {
    const hal = createRuntimeHal({ bin: launcher("hal", body) });
    const seen = warnings(() => assert.equal(hal.detectProvider(), "unknown"));
    assert.equal(seen.length, 1, body);
  }
});

test("an agent hal does not know, named by AI_AGENT, is an agent of unknown provider", () => {
  const named = createRuntimeHal({ bin: HAL, replaceEnv: { PATH: "/usr/bin:/bin", AI_AGENT: "custom-agent@v1.0" } });
  assert.equal(named.detectProvider(), "unknown");
  assert.equal(named.isAgent(), true);
  assert.equal(named.getAgentName(), "custom-agent");
  const plain = createRuntimeHal({ bin: HAL, replaceEnv: { PATH: "/usr/bin:/bin" } });
  assert.equal(plain.isAgent(), false);
  assert.equal(plain.getAgentName(), null);
  const codex = createRuntimeHal({ bin: launcher("codex"), replaceEnv: codexEnv });
  assert.equal(codex.isAgent(), true);
});

test("listInstalled reads versions and standings from the install", () => {
  const home = mkdtempSync(join(tmpdir(), "hal-inv-"));
  const pkg = join(home, "p/lib/node_modules/@openai/codex");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), '{"name": "@openai/codex", "version": "0.30.0"}');
  writeFileSync(join(pkg, "codex.js"), "");
  mkdirSync(join(home, "p/bin"));
  symlinkSync(join(pkg, "codex.js"), join(home, "p/bin/codex"));
  const env = { PATH: join(home, "p/bin"), HOME: home };
  const hal = createRuntimeHal({ bin: HAL, replaceEnv: env });
  let installed;
  const seen = warnings(() => {
    installed = hal.listInstalled();
  });
  assert.deepEqual(seen, []);
  const cli = JSON.parse(execFileSync(HAL, ["inventory", "--json"], { env }));
  assert.deepEqual(installed, cli.runtimes);
  const codex = installed.find((r) => r.provider === "codex");
  assert.deepEqual([codex.version, codex.standing], ["0.30.0", "older_than_supported"]);
  assert.equal(createRuntimeHal({ bin: HAL, replaceEnv: { CLAUDECODE: "1" } }).getRuntimeVersion(), null);
  // The newest verified version, as hal's registry says it (no live version here).
  const providers = JSON.parse(execFileSync(HAL, ["providers", "--json"], { env: {} }));
  const newestVerified = providers.providers.find((p) => p.provider === "claude").verified.version;
  const declared = { CLAUDECODE: "1", AI_AGENT: `claude-code_${newestVerified.replaceAll(".", "-")}_agent` };
  assert.equal(createRuntimeHal({ bin: HAL, replaceEnv: declared }).getRuntimeVersion(), newestVerified);
  // A version past the verified range: the answers say so, naming the newest verified.
  assert.deepEqual(createRuntimeHal({ bin: HAL, replaceEnv: declared }).getCapabilities().diagnostics, []);
  const past = { CLAUDECODE: "1", AI_AGENT: "claude-code_2-1-999_agent" };
  const caps = createRuntimeHal({ bin: HAL, replaceEnv: past }).getCapabilities();
  const said = caps.diagnostics.filter((d) => d.code === "version_unverified").map((d) => d.message);
  assert.equal(said.length, 1, JSON.stringify(caps.diagnostics));
  assert.ok(said[0].includes("2.1.999") && said[0].includes(newestVerified), said[0]);
  assert.ok(caps.warnings.includes(said[0]));
});

const hooks = resolve(here, "../../../hal-caps/tests/fixtures/hooks");

test("readHook() answers a real Claude payload's canonical event, given or on stdin", () => {
  const payload = readFileSync(join(hooks, "claude/SessionStart-resume.json"), "utf8");
  const env = { PATH: "/usr/bin:/bin" };
  const cli = JSON.parse(execFileSync(HAL, ["hook", "--json"], { env, input: payload }));
  const hal = createRuntimeHal({ bin: HAL, replaceEnv: env });
  const seen = warnings(() => {
    const event = hal.readHook(payload);
    assert.deepEqual(event, cli);
    assert.equal(event.provider, "claude");
    assert.equal(event.event, "session.resume");
    assert.equal(event.source, "resume");
    assert.equal(event.session_id, "0b5f6d1e-8c1a-4f7e-9a55-3c7d2f1e9b10");
    assert.deepEqual(hal.readHook(Buffer.from(payload)), cli);
  });
  assert.deepEqual(seen, []);
  // Without a payload: the process's own stdin, as a hook receives it.
  const script =
    `import { createRuntimeHal } from ${JSON.stringify(resolve(here, "../index.js"))};` +
    `process.stdout.write(JSON.stringify(createRuntimeHal({ bin: ${JSON.stringify(HAL)} }).readHook()));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { env, input: payload });
  assert.deepEqual(JSON.parse(out), cli);
});

test("readHook() without hal, or of no payload, claims nothing", () => {
  const missing = createRuntimeHal({ bin: "/nonexistent/hal", replaceEnv: { PATH: "/usr/bin:/bin" } });
  let event;
  const seen = warnings(() => (event = missing.readHook("{}")));
  assert.equal(seen.length, 1);
  assert.equal(event.version, JSON_VERSION);
  assert.equal(event.provider, null);
  assert.equal(event.session_id, null);
  assert.deepEqual(event.diagnostics, []);
  const empty = createRuntimeHal({ bin: HAL, replaceEnv: { PATH: "/usr/bin:/bin" } });
  const none = warnings(() => (event = empty.readHook("")));
  assert.deepEqual(none, []);
  assert.equal(event.event, null);
});

test("a workspace configured for claude is not an agent", () => {
  const ws = mkdtempSync(join(tmpdir(), "hal-ws-"));
  mkdirSync(join(ws, ".git"));
  mkdirSync(join(ws, ".claude"));
  writeFileSync(join(ws, ".claude/settings.json"), "{}");
  const hal = createRuntimeHal({ bin: HAL, cwd: ws, replaceEnv: { PATH: "/usr/bin:/bin" } });
  assert.equal(hal.isAgent(), false);
  assert.equal(hal.getDetection().configured_for, "claude");
  const running = createRuntimeHal({ bin: HAL, cwd: ws, replaceEnv: { PATH: "/usr/bin:/bin", CLAUDECODE: "1" } });
  assert.equal(running.isAgent(), true);
  assert.equal(running.getDetection().configured_for, null);
});

test("the `hal` shim prints the binary hooks should run (`npx hal which`)", () => {
  const shim = resolve(here, "../bin/hal.js");
  const env = { PATH: "/usr/bin:/bin", HAL_BIN: HAL };
  assert.equal(execFileSync(process.execPath, [shim, "which"], { env }).toString().trim(), HAL);
  const out = execFileSync(process.execPath, [shim, "detect"], { env: { ...env, GT_RUNTIME: "codex" } });
  assert.match(out.toString(), /^codex /);
});

// N9 of the third hostile pass: HAL_BIN naming the shim, or a wrapper that runs it
// again, made each shim start the next (72 node processes and 3 GB in 4.5 s).
test("the shim refuses a HAL_BIN that runs the shim again", () => {
  const shim = join(here, "../bin/hal.js");
  const wrapper = launcher("hal", `exec "${process.execPath}" "${shim}" "$@"`);
  const link = join(mkdtempSync(join(tmpdir(), "hal-node-")), "hal");
  symlinkSync(shim, link);
  for (const bin of [shim, link, wrapper]) {
    const started = Date.now();
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, [shim, "detect"], {
        env: { PATH: "/usr/bin:/bin", HAL_BIN: bin },
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 20000,
      });
    } catch (e) {
      status = e.status;
      stderr = String(e.stderr);
    }
    assert.equal(status, 127, `${bin}: ${stderr}`);
    assert.match(stderr, /this package|runs this npm shim again/, bin);
    assert.ok(Date.now() - started < 10000, `${bin}: ${Date.now() - started} ms`);
  }
  // The real binary still runs through the shim.
  const out = execFileSync(process.execPath, [shim, "detect", "--json"], {
    env: { PATH: "/usr/bin:/bin", HAL_BIN: HAL, CODEX_THREAD_ID: "t" },
  });
  assert.equal(JSON.parse(String(out)).provider, "codex");
});

// N10 of the third hostile pass: at the timeout, only the first process was killed; what
// it started (a wrapper's `sleep`) was left, re-parented to pid 1. Run without a
// controlling terminal (setsid), where the client gives hal a group of its own.
test("a timeout kills what hal started too", () => {
  const marker = `${31 + Math.random()}`.slice(0, 8);
  const bin = launcher("hal", `sleep ${marker} & sleep ${marker}; wait`);
  const client = `
    import { createRuntimeHal } from ${JSON.stringify(join(here, "../index.js"))};
    console.warn = () => {};
    const hal = createRuntimeHal({ bin: ${JSON.stringify(bin)}, timeoutMs: 500 });
    process.stdout.write(hal.detectProvider());
  `;
  let out;
  try {
    out = execFileSync("setsid", ["-w", process.execPath, "--input-type=module", "-e", client], {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 20000,
    });
  } catch (e) {
    if (e.code === "ENOENT") return; // no setsid here
    throw e;
  }
  assert.equal(String(out), "unknown");
  let left = "";
  try {
    left = String(execFileSync("pgrep", ["-f", `sleep ${marker}`]));
  } catch {
    // pgrep exits 1 when nothing matches.
  }
  assert.equal(left, "", `left running: ${left}`);
});

// N10 with a person's terminal attached (the client runs under `script`, a pseudo-terminal
// as its controlling terminal and stdio): hal keeps the terminal (it tells a person by it)
// and the terminal's group, and the timeout still kills everything it started.
test("with a terminal attached, a timeout kills what hal started, and hal keeps the terminal", () => {
  const marker = `${41 + Math.random()}`.slice(0, 8);
  const flag = join(mkdtempSync(join(tmpdir(), "hal-node-")), "had-tty");
  const bin = launcher("hal", `if ( : </dev/tty ) 2>/dev/null; then : > "${flag}"; fi; sleep ${marker} & sleep ${marker}; wait`);
  const client = join(mkdtempSync(join(tmpdir(), "hal-node-")), "client.mjs");
  writeFileSync(
    client,
    `import { spawnSync } from "node:child_process";
    import { createRuntimeHal } from ${JSON.stringify(join(here, "../index.js"))};
    console.warn = () => {};
    const hal = createRuntimeHal({ bin: ${JSON.stringify(bin)}, timeoutMs: 800 });
    const started = Date.now();
    const answer = hal.detectProvider();
    const ms = Date.now() - started;
    // Asked here: when the terminal closes, its hangup would end the survivors.
    const left = spawnSync("pgrep", ["-f", "sleep ${marker}"], { encoding: "utf8" }).stdout.trim().split("\\n").join(",");
    process.stdout.write("answer=" + answer + " ms=" + ms + " left=[" + left + "]\\n");`,
  );
  const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(client)}`;
  let out;
  try {
    out = String(execFileSync("script", ["-qec", cmd, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"], timeout: 20000 }));
  } catch (e) {
    if (e.code === "ENOENT") return; // no script(1) here
    throw e;
  }
  const m = /answer=(\w+) ms=(\d+) left=\[([\d,]*)\]/.exec(out);
  assert.ok(m, out);
  assert.equal(m[1], "unknown");
  assert.ok(Number(m[2]) < 5000, `answered after ${m[2]} ms`);
  assert.ok(existsSync(flag), "hal did not have the controlling terminal");
  assert.equal(m[3], "", `left running: ${m[3]}`);
});

test("launchPlan passes a dash-led prompt as a value (hostile-findings R2)", () => {
  const hal = createRuntimeHal({ bin: HAL, replaceEnv: { PATH: "/usr/bin:/bin" } });
  const plan = hal.launchPlan({ provider: "opencode", prompt: "--version" });
  assert.ok(plan.argv.includes("--prompt=--version"), plan.argv);
  // After `--` where the runtime's parser ends its options there; refused where none does.
  const claude = hal.launchPlan({ provider: "claude", mode: "print", prompt: "--settings={}" });
  assert.deepEqual(claude.argv.slice(-2), ["--", "--settings={}"], claude.argv);
  assert.throws(
    () => hal.launchPlan({ provider: "cline", mode: "print", prompt: "--settings={}" }),
    (e) => e instanceof HalUsageError && /starts with `-`/.test(e.message),
  );
});

test("launchPlan answers what `hal launch` answers, and an impossible start throws", () => {
  const env = { PATH: "/usr/bin:/bin", CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: "s1" };
  const hal = createRuntimeHal({ bin: HAL, replaceEnv: env });
  const request = { provider: "codex", mode: "print", autonomy: "full", prompt: "hi" };
  const plan = hal.launchPlan(request);
  const cli = JSON.parse(
    execFileSync(HAL, ["launch", "--provider", "codex", "--mode", "print", "--autonomy", "full", "--prompt", "hi", "--json"], { env }),
  );
  assert.deepEqual(plan.argv, cli.argv);
  assert.equal(plan.argv[0], "codex");
  assert.equal(plan.argv.at(-1), "hi");
  assert.ok(plan.env_unset.includes("CLAUDECODE") && plan.env_unset.includes("CLAUDE_CODE_SESSION_ID"), plan.env_unset);
  assert.equal(plan.version, JSON_VERSION);
  assert.throws(
    () => hal.launchPlan({ provider: "claude", mode: "acp" }),
    (e) => e instanceof HalUsageError && /ACP/.test(e.message) && /--mode interactive/.test(e.message),
  );
  const missing = createRuntimeHal({ bin: "/nonexistent/hal", replaceEnv: env });
  warnings(() => assert.equal(missing.launchPlan(request), null));
});

test("launchPlan answers for the install on PATH, as inventory does; workItem and noBypass", () => {
  // Codex installed as the first `codex` on PATH (an npm layout): the plan is for its version.
  const root = mkdtempSync(join(tmpdir(), "hal-node-"));
  const pkg = join(root, "lib/node_modules/@openai/codex");
  mkdirSync(join(pkg, "bin"), { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@openai/codex", version: "0.100.0" }));
  writeFileSync(join(pkg, "bin/codex.js"), "");
  mkdirSync(join(root, "bin"));
  symlinkSync(join(pkg, "bin/codex.js"), join(root, "bin/codex"));
  const env = { PATH: `${join(root, "bin")}:/usr/bin:/bin`, HOME: root };
  const hal = createRuntimeHal({ bin: HAL, replaceEnv: env });
  const installed = hal.listInstalled().find((r) => r.provider === "codex");
  const plan = hal.launchPlan({ provider: "codex", mode: "print", prompt: "hi", workItem: "gt-7", noBypass: true });
  assert.equal(plan.runtime_version, installed.version);
  assert.match(plan.runtime_version_source, /hal inventory/);
  assert.equal(plan.work_item, "gt-7");
  assert.ok(plan.argv.some((a) => a.includes("gt-7")), plan.argv);
  assert.ok(!plan.argv.some((a) => a.startsWith("--dangerously")), plan.argv);
  const id = "3f1e2a4c-0000-4000-8000-000000000044";
  assert.equal(hal.launchPlan({ provider: "claude", sessionId: id }).session_id, id);
  assert.throws(() => hal.launchPlan({ provider: "codex", sessionId: id }), (e) => e instanceof HalUsageError && /claude/.test(e.message));
});

test("the install advice names each shipped platform's package, and the shipped ones where there is none", async () => {
  const { installAdvice } = await import("../locate.js");
  const { version, optionalDependencies } = JSON.parse(readFileSync(join(here, "../package.json"), "utf8"));
  for (const [platform, arch] of [["darwin", "arm64"], ["darwin", "x64"], ["linux", "arm64"], ["linux", "x64"], ["win32", "x64"]]) {
    const name = `@gastown-chipset/hal-${platform}-${arch}`;
    assert.equal(optionalDependencies[name], version, name);
    assert.ok(installAdvice(platform, arch).startsWith(`Install ${name}@${version}`), installAdvice(platform, arch));
  }
  const none = installAdvice("freebsd", "x64");
  assert.match(none, /hal ships no binary for freebsd-x64 \(no package @gastown-chipset\/hal-freebsd-x64\)/);
  assert.match(none, /darwin-arm64, darwin-x64, linux-arm64, linux-x64, win32-x64/);
});
