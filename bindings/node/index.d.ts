// The runtime HAL's interface, as the design states it, over hal's JSON types.
import type {
  AgentRole,
  Capabilities,
  Detection,
  GuppStrategy,
  Installed,
  HookAnswer,
  LaunchPlan,
  RuntimeProvider,
  StartupStrategy,
} from "./generated.js";

export * from "./generated.js";

/** The design's name for {@link GuppStrategy}. */
export type GUPPStrategy = GuppStrategy;

/** Options of {@link createRuntimeHal}. */
export interface RuntimeHalOptions {
  /**
   * The `hal` executable. Default: this platform's package (`@gastown-chipset/hal-<os>-<cpu>`,
   * installed as an optional dependency), then `$HAL_BIN`, then `hal` on `PATH`.
   */
  bin?: string;
  /** Variables added to this process's environment for `hal` (and for finding it). */
  env?: Record<string, string>;
  /** The whole environment `hal` runs with, instead of this process's plus `env`. */
  replaceEnv?: Record<string, string>;
  /** How long one call may take before `hal` is killed and the answer is unknown (default 5000). */
  timeoutMs?: number;
  /** The directory `hal` runs in (default: this process's). */
  cwd?: string;
  /** The role `getStartupCommands()` plans for when called without one (default: `hal`'s `GT_ROLE`). */
  role?: AgentRole;
}

/** The runtime HAL: one place to ask what the runtime can do. */
export interface RuntimeHAL {
  detectProvider(): RuntimeProvider;
  /**
   * Whether a running agent was seen: a runtime's marker, an agent that named itself
   * (`AI_AGENT`, a named `AGENT`), a runtime ancestor, a hook payload. `false` where only a
   * workspace file (`.claude/settings.json`) names the runtime: `getDetection().configured_for`.
   */
  isAgent(): boolean;
  /** The name an agent declared for itself (`AI_AGENT`, else a named `AGENT`), or `null`. */
  getAgentName(): string | null;
  getStartupStrategy(): StartupStrategy;
  getStartupCommands(role?: AgentRole): string[];
  supportsHooks(): boolean;
  supportsNudge(): boolean;
  getSessionId(): string | null;
  getGUPPStrategy(): GUPPStrategy;
  /** Seconds. */
  getStallThreshold(): number;
  /** Seconds. */
  getNudgeInterval(): number;
  /** `hal caps --json`, cached. */
  getCapabilities(): Capabilities;
  /** `hal detect --json`, cached. */
  getDetection(): Detection;
  /** The runtime's version the answers are for (`hal detect`'s `runtime_version`), or `null` when unknown. */
  getRuntimeVersion(): string | null;
  /** `hal inventory --json`: the runtimes installed on this host, each with its version and standing (`[]` when hal cannot answer). */
  listInstalled(): Installed[];
  /**
   * The hook payload as a canonical lifecycle event (`hal hook --json`): which runtime wrote
   * it, the event (`session.start`, `tool.use.pre`, ...), the session id. Reads this
   * process's stdin, or `payload` when given. Not cached. hal's timeouts, caps and
   * degradation apply: a missing or failing hal answers with every key `null`, one warning.
   */
  readHook(payload?: string | Uint8Array): HookAnswer;
  /**
   * How to start a runtime (`hal launch --json`): the argv, the environment to set and to
   * clear (`env_unset`), where the prompt goes. hal never runs it. `null` when hal cannot
   * answer; a combination the runtime cannot do throws a {@link HalUsageError} naming
   * what it can do.
   */
  launchPlan(request?: LaunchRequest): LaunchPlan | null;
}

/** What {@link RuntimeHAL.launchPlan} asks for (`hal launch`'s options). */
export interface LaunchRequest {
  provider?: RuntimeProvider;
  runtimeVersion?: string;
  role?: AgentRole;
  mode?: "interactive" | "print" | "acp";
  autonomy?: "none" | "edits" | "full";
  prompt?: string;
  resume?: string;
  continue?: boolean;
  model?: string;
  /** The work item (`--work-item`): the plan's `work_item` and a line of the first prompt. */
  workItem?: string;
  /** Start a new session with this id (`--session-id`), where the runtime takes one. */
  sessionId?: string;
  /** Never add the runtime's hook-trust switch (`--no-bypass`). */
  noBypass?: boolean;
}

/** Thrown when `hal` answers in a JSON version this client does not know. */
export class HalVersionError extends Error {}

/** Thrown when `hal` rejects a call as a usage error (exit 2, e.g. a role it does not know). */
export class HalUsageError extends Error {
  /** The command, e.g. `startup --role bogus`. */
  readonly command: string;
  /** hal's own message (its stderr). */
  readonly stderr: string;
}

/** How long a call may take by default before the client kills `hal` (milliseconds). */
export declare const DEFAULT_TIMEOUT_MS: number;
/** The most a call reads from `hal`'s stdout or stderr (bytes). */
export declare const MAX_OUTPUT_BYTES: number;

/** The name of this platform's binary package, e.g. `@gastown-chipset/hal-linux-x64`. */
export function platformPackage(platform?: string, arch?: string): string;

/** Finds `hal` for a process running with `env`: the binary, or why none was found. */
export function locateHal(
  env: Record<string, string | undefined>,
  how?: { path?: boolean },
): { bin: string } | { missing: string };

/**
 * A RuntimeHAL backed by the `hal` command. A missing, failing, hung or garbled `hal`
 * answers as an unknown runtime (key by key for a partial answer) with one warning per
 * distinct failure; only a usage error (HalUsageError) or an unknown JSON version
 * (HalVersionError) throws.
 */
export function createRuntimeHal(options?: RuntimeHalOptions): RuntimeHAL;
