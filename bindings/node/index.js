// The runtime HAL's interface for TypeScript and JavaScript skills, backed by the `hal`
// command. No dependencies; synchronous, as the design's interface is.
//
// Detection and capabilities are asked once and cached (the HAL "runs once at
// activation"); the session id is asked on every call (runtimes may set it late).
//
// What can go wrong, and what the client does:
// - hal is missing, fails, hangs (killed after `timeoutMs`), prints too much, prints
//   something that is not JSON or not an object, or answers with missing or mistyped
//   keys: the design's graceful answer (an unknown runtime: polling, no hooks; key by
//   key for a partial answer) and one console.warn per distinct failure, never a throw.
// - a usage error (exit 2: a role hal does not know, no role outside a Gastown session):
//   HalUsageError, carrying hal's own message. That is a bug of the caller, not of the host.
// - a JSON version this client does not know: HalVersionError.
import { spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";

import {
  ANSWER_TYPES,
  JSON_VERSION,
  UNKNOWN_CAPABILITIES,
  UNKNOWN_DETECTION,
  UNKNOWN_STARTUP_COMMANDS,
} from "./generated.js";
import { locateHal, platformPackage } from "./locate.js";

/**
 * Whether `hal` runs in a process group (and session) of its own, so that a timeout
 * kills what it started too: on POSIX, where no person is at this process's terminal.
 * Where one is, hal keeps the controlling terminal, by which it tells that a person is
 * at the other end (`TERM_PROGRAM=kiro`), and stays in the terminal's foreground group,
 * so that Ctrl-C still reaches it: Node cannot make a group without a session, so hal
 * runs under {@link TREE_RUNNER} instead, which kills hal's process tree at the timeout.
 */
function ownGroup() {
  if (process.platform === "win32") return false;
  if (process.stderr.isTTY) return false;
  try {
    closeSync(openSync("/dev/tty", "r+"));
    return false;
  } catch {
    return true;
  }
}

/**
 * The runner of `hal` where a person's terminal is attached (`node -e TREE_RUNNER MS BIN
 * ARGS...`): hal runs as its child in the same session and group (its terminal and
 * Ctrl-C kept), its stdio the runner's; at SIGTERM (the client's timeout or output cap),
 * SIGINT, SIGHUP or after MS plus a second, every process of hal's tree is stopped, then
 * killed. hal's exit status or signal is the runner's; a spawn error is
 * `hal-runner-error:CODE` on stderr and exit 127.
 */
const TREE_RUNNER = `
const { spawn, execFileSync } = require("node:child_process");
const [ms, bin, ...args] = process.argv.slice(1);
const child = spawn(bin, args, { stdio: "inherit" });
const tree = () => {
  let out = "";
  try { out = execFileSync("ps", ["-A", "-o", "pid=", "-o", "ppid="], { encoding: "utf8" }); } catch {}
  const kids = new Map();
  for (const line of out.split("\\n")) {
    const [pid, ppid] = line.trim().split(/\\s+/).map(Number);
    if (pid) kids.set(ppid, [...(kids.get(ppid) ?? []), pid]);
  }
  const all = [];
  const stack = [child.pid];
  while (stack.length) { const p = stack.pop(); if (!all.includes(p)) { all.push(p); stack.push(...(kids.get(p) ?? [])); } }
  return all;
};
const signal = (pids, sig) => { for (const p of pids) { try { process.kill(p, sig); } catch {} } };
const end = (code) => {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    for (let i = 0; i < 3; i++) signal(tree(), "SIGSTOP");
    signal(tree(), "SIGKILL");
  }
  process.exit(code);
};
for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => end(128 + require("node:os").constants.signals[s]));
setTimeout(() => end(124), Number(ms) + 1000).unref();
child.on("error", (e) => { process.stderr.write("hal-runner-error:" + e.code + "\\n"); process.exit(127); });
child.on("exit", (code, sig) => {
  if (sig) { process.removeAllListeners(sig); process.kill(process.pid, sig); }
  else process.exit(code);
});
`;

export { locateHal, platformPackage };

/** How long a call may take before the client kills `hal` (milliseconds). */
export const DEFAULT_TIMEOUT_MS = 5000;
/** The most a call reads from `hal`'s stdout or stderr (bytes). */
export const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/** Thrown when `hal` answers in a JSON version this client does not know. */
export class HalVersionError extends Error {
  constructor(version, command) {
    super(
      `hal ${command} answered with JSON version ${JSON.stringify(version)}; this client reads version ${JSON_VERSION}: ` +
        "update the client or install a matching hal",
    );
    this.name = "HalVersionError";
  }
}

/** Thrown when `hal` rejects the call as a usage error (exit 2); `message` is hal's own. */
export class HalUsageError extends Error {
  constructor(command, stderr) {
    super(`hal ${command}: ${stderr.trim() || "usage error (exit 2)"}`);
    this.name = "HalUsageError";
    this.command = command;
    this.stderr = stderr;
  }
}

/** The JSON type of `v`, in JSON Schema's words. */
function jsonType(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** Whether `v` is of one of the JSON Schema `types`. */
function hasType(v, types) {
  const t = jsonType(v);
  return types.includes(t) || (t === "integer" && types.includes("number"));
}

/** `readHook()` without a payload: hal reads this process's own stdin. */
const STDIN = Symbol("stdin");

/**
 * The answer of `hal hook --json` when hal cannot answer: every key the schema lists,
 * `null` (or empty) where it may be, so that nothing is claimed.
 */
function unknownHook() {
  const value = {};
  for (const [key, types] of Object.entries(ANSWER_TYPES.hook)) {
    if (key === "version") value[key] = JSON_VERSION;
    else if (types.includes("null")) value[key] = null;
    else if (types.includes("array")) value[key] = [];
  }
  return value;
}

/** At most `max` characters of `text`, one line. */
function brief(text, max = 400) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/**
 * Creates a RuntimeHal.
 * @param {import("./index.js").RuntimeHalOptions} [options]
 */
export function createRuntimeHal(options = {}) {
  const env = options.replaceEnv ? { ...options.replaceEnv } : { ...process.env, ...(options.env ?? {}) };
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const warned = new Set();
  let located;
  let detection;
  let capabilities;
  const plans = new Map();

  /** One warning per distinct failure (`key`), however often it happens. */
  const warnOnce = (key, why) => {
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(`hal: ${why}`);
    }
  };
  const fail = (key, why) => {
    warnOnce(key, `${why}; answering as an unknown runtime`);
    return undefined;
  };

  /** The binary to run, or why there is none. */
  const locate = () => (located ??= options.bin ? { bin: options.bin } : locateHal(env));

  /**
   * `hal <args> --json`, parsed; `undefined` when hal could not answer. `input`: what hal
   * reads on stdin (a payload, or {@link STDIN} for this process's own); nothing otherwise.
   */
  const ask = (args, input) => {
    const command = args.join(" ");
    const where = locate();
    if (where.missing) return fail("missing", where.missing);
    const given = input !== undefined && input !== STDIN;
    const group = ownGroup();
    // With a person's terminal attached (no group of its own), hal runs under the tree runner.
    const runner = !group && process.platform !== "win32";
    const [file, argv] = runner
      ? [process.execPath, ["-e", TREE_RUNNER, String(timeout), where.bin, ...args, "--json"]]
      : [where.bin, [...args, "--json"]];
    const r = spawnSync(file, argv, {
      env,
      cwd: options.cwd,
      stdio: [input === STDIN ? "inherit" : given ? "pipe" : "ignore", "pipe", "pipe"],
      ...(given ? { input } : {}),
      timeout,
      killSignal: runner ? "SIGTERM" : "SIGKILL",
      maxBuffer: MAX_OUTPUT_BYTES,
      windowsHide: true,
      detached: group,
    });
    if (group && r.pid && r.error && ["ETIMEDOUT", "ENOBUFS"].includes(r.error.code)) {
      // What hal (or a wrapper named as it) started, killed with it (its group).
      try {
        process.kill(-r.pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    const stdout = r.stdout ? r.stdout.toString("utf8") : "";
    const stderr = r.stderr ? r.stderr.toString("utf8") : "";
    const runnerError = runner && r.status === 127 && /^hal-runner-error:(\S+)/.exec(stderr);
    const code = (r.error && r.error.code) || (runnerError && runnerError[1]);
    if (code === "ENOENT") {
      return fail("missing", `hal is not installed: \`${where.bin}\` (the \`bin\` option) does not exist; install it or fix \`bin\``);
    }
    if (code === "ETIMEDOUT" && r.status === 0) {
      // hal answered and exited, but something it started still holds its output open.
      warnOnce("held", `\`hal ${command}\` answered, but a process it left kept its output open until the timeout (${timeout} ms)`);
    } else if (code === "ETIMEDOUT") {
      return fail("timeout", `\`hal ${command}\` did not answer within ${timeout} ms and was killed (option timeoutMs)`);
    } else if (code === "ENOBUFS") {
      return fail("output", `\`hal ${command}\` printed more than ${MAX_OUTPUT_BYTES} bytes and was killed`);
    } else if (code) {
      return fail(`spawn ${code}`, `\`${where.bin} ${command}\` could not run (${code})`);
    } else if (r.status === 2) {
      throw new HalUsageError(command, stderr);
    } else if (r.status !== 0 && !(r.status === 1 && stdout.trim() !== "")) {
      // Exit 1 with a JSON answer is an answer (no session id, say); anything else is not.
      const how = r.signal ? `killed by ${r.signal}` : `exit ${r.status}`;
      return fail(`exit ${how}`, `\`hal ${command}\` failed (${how}${stderr.trim() ? `: ${brief(stderr)}` : ""})`);
    }
    let value;
    try {
      value = JSON.parse(stdout);
    } catch {
      return fail("json", `\`hal ${command}\` did not print JSON (${JSON.stringify(brief(stdout, 80))})`);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return fail("shape", `\`hal ${command}\` printed JSON that is not an object (${jsonType(value)})`);
    }
    if (typeof value.version === "number" && value.version !== JSON_VERSION) {
      throw new HalVersionError(value.version, args[0]);
    }
    return value;
  };

  /** `answer`, each key missing or mistyped (against hal's schema) taken from `fallback`. */
  const conform = (answer, fallback, command) => {
    const value = structuredClone(fallback);
    if (answer === undefined) return value;
    const bad = [];
    for (const [key, types] of Object.entries(ANSWER_TYPES[command])) {
      if (hasType(answer[key], types)) value[key] = answer[key];
      else bad.push(key);
    }
    for (const [key, v] of Object.entries(answer)) {
      if (!(key in ANSWER_TYPES[command])) value[key] = v; // keys of a newer hal: kept
    }
    if (bad.length > 0) {
      warnOnce(
        `keys ${command} ${bad.join(",")}`,
        `\`hal ${command}\` answered without valid ${bad.map((k) => `\`${k}\``).join(", ")}; those keys answer as for an unknown runtime`,
      );
    }
    return value;
  };

  const getDetection = () => (detection ??= conform(ask(["detect"]), UNKNOWN_DETECTION, "detect"));
  const getCapabilities = () => (capabilities ??= conform(ask(["caps"]), UNKNOWN_CAPABILITIES, "caps"));

  return {
    detectProvider: () => getDetection().provider,
    isAgent: () => getDetection().is_agent === true,
    getAgentName: () => {
      const name = getDetection().agent;
      return typeof name === "string" ? name : null;
    },
    getStartupStrategy: () => getCapabilities().startup_strategy,
    getStartupCommands(role = options.role) {
      const key = role ?? "";
      if (!plans.has(key)) {
        const args = role === undefined ? ["startup"] : ["startup", "--role", role];
        const plan = ask(args);
        const fallback = [...(UNKNOWN_STARTUP_COMMANDS[role] ?? [])];
        if (plan === undefined) {
          plans.set(key, fallback);
        } else if (Array.isArray(plan.commands) && plan.commands.every((c) => typeof c === "string")) {
          plans.set(key, plan.commands);
        } else {
          warnOnce("keys startup commands", `\`hal ${args.join(" ")}\` answered without valid \`commands\`; no commands`);
          plans.set(key, fallback);
        }
      }
      return [...plans.get(key)];
    },
    supportsHooks: () => getCapabilities().session_hooks === "yes",
    supportsNudge: () => getCapabilities().nudge_support !== "no",
    getSessionId: () => {
      const answer = ask(["session-id"]);
      return answer && typeof answer.session_id === "string" ? answer.session_id : null;
    },
    getGUPPStrategy: () => getCapabilities().gupp_strategy,
    getStallThreshold: () => getCapabilities().stall_threshold_secs,
    getNudgeInterval: () => getCapabilities().nudge_interval_secs,
    getCapabilities,
    getDetection,
    getRuntimeVersion: () => {
      const v = getDetection().runtime_version;
      return typeof v === "string" ? v : null;
    },
    listInstalled: () => {
      const answer = ask(["inventory"]);
      if (answer === undefined) return [];
      if (!Array.isArray(answer.runtimes)) {
        warnOnce("keys inventory runtimes", "`hal inventory` answered without valid `runtimes`; none listed");
        return [];
      }
      const ok = (r) => r !== null && typeof r === "object" && typeof r.provider === "string" && typeof r.standing === "string";
      return answer.runtimes.filter(ok);
    },
    launchPlan(request = {}) {
      // Not cached: each request is its own. hal never runs the runtime; the caller does.
      const args = ["launch"];
      const flag = (name, value) => {
        // One argument, `--name=value`: a value that starts with `-` stays a value.
        if (value !== undefined && value !== null) args.push(`--${name}=${String(value)}`);
      };
      flag("provider", request.provider);
      flag("runtime-version", request.runtimeVersion);
      flag("role", request.role);
      flag("mode", request.mode);
      flag("autonomy", request.autonomy);
      flag("prompt", request.prompt);
      flag("resume", request.resume);
      flag("model", request.model);
      flag("work-item", request.workItem);
      flag("session-id", request.sessionId);
      if (request.continue === true) args.push("--continue");
      if (request.noBypass === true) args.push("--no-bypass");
      const plan = ask(args);
      if (plan === undefined) return null;
      if (!Array.isArray(plan.argv) || plan.argv.length === 0 || !plan.argv.every((a) => typeof a === "string")) {
        warnOnce("keys launch argv", `\`hal ${args.join(" ")}\` answered without a valid \`argv\`; no plan`);
        return null;
      }
      return plan;
    },
    readHook(payload) {
      // Not cached: each hook invocation has its own payload.
      const input = payload === undefined ? STDIN : typeof payload === "string" ? payload : Buffer.from(payload);
      return conform(ask(["hook"], input), unknownHook(), "hook");
    },
  };
}
