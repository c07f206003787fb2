// The runtime HAL's interface for TypeScript and JavaScript skills, backed by the `hal`
// command. No dependencies; synchronous, as the design's interface is.
//
// Detection and capabilities are asked once and cached (the HAL "runs once at
// activation"); the session id is asked on every call (runtimes may set it late). A
// missing or failing `hal` gives the design's graceful answer (an unknown runtime:
// polling, no hooks) and one console.warn, never a throw; only a JSON version this
// client does not know throws.
import { execFileSync } from "node:child_process";

import { JSON_VERSION, UNKNOWN_CAPABILITIES, UNKNOWN_DETECTION, UNKNOWN_STARTUP_COMMANDS } from "./generated.js";

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

/**
 * Creates a RuntimeHal.
 * @param {{ bin?: string, env?: Record<string, string>, cwd?: string, role?: string }} [options]
 */
export function createRuntimeHal(options = {}) {
  const bin = options.bin ?? "hal";
  let warned = false;
  let detection;
  let capabilities;
  const plans = new Map();

  const warnOnce = (why) => {
    if (!warned) {
      warned = true;
      console.warn(`hal: ${why}; answering as an unknown runtime`);
    }
  };

  /** `hal <args> --json`, parsed; `undefined` when hal could not answer. */
  const ask = (args) => {
    let stdout;
    try {
      stdout = execFileSync(bin, [...args, "--json"], {
        env: options.env,
        cwd: options.cwd,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (e) {
      // Exit 1 with a JSON answer is an answer (no session id, say); anything else is not.
      if (e && e.status === 1 && typeof e.stdout === "string" && e.stdout.trim() !== "") {
        stdout = e.stdout;
      } else {
        warnOnce(`\`${bin} ${args.join(" ")}\` failed (${e && (e.code ?? `exit ${e.status}`)})`);
        return undefined;
      }
    }
    let value;
    try {
      value = JSON.parse(stdout);
    } catch {
      warnOnce(`\`${bin} ${args.join(" ")}\` did not print JSON`);
      return undefined;
    }
    if (value === null || typeof value !== "object" || value.version !== JSON_VERSION) {
      throw new HalVersionError(value && value.version, args[0]);
    }
    return value;
  };

  const getDetection = () => (detection ??= ask(["detect"]) ?? structuredClone(UNKNOWN_DETECTION));
  const getCapabilities = () => (capabilities ??= ask(["caps"]) ?? structuredClone(UNKNOWN_CAPABILITIES));

  return {
    detectProvider: () => getDetection().provider,
    getStartupStrategy: () => getCapabilities().startup_strategy,
    getStartupCommands(role = options.role) {
      const key = role ?? "";
      if (!plans.has(key)) {
        const args = role === undefined ? ["startup"] : ["startup", "--role", role];
        const plan = ask(args);
        plans.set(key, plan ? plan.commands : [...(UNKNOWN_STARTUP_COMMANDS[role] ?? [])]);
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
  };
}
