// The runtime HAL's interface, as the design states it, over hal's JSON types.
import type {
  AgentRole,
  Capabilities,
  Detection,
  GuppStrategy,
  RuntimeProvider,
  StartupStrategy,
} from "./generated.js";

export * from "./generated.js";

/** The design's name for {@link GuppStrategy}. */
export type GUPPStrategy = GuppStrategy;

/** Options of {@link createRuntimeHal}. */
export interface RuntimeHalOptions {
  /** The `hal` executable (default: `hal` on PATH). */
  bin?: string;
  /** The environment `hal` runs with (default: this process's). */
  env?: Record<string, string>;
  /** The directory `hal` runs in (default: this process's). */
  cwd?: string;
  /** The role `getStartupCommands()` plans for when called without one (default: `hal`'s `GT_ROLE`). */
  role?: AgentRole;
}

/** The runtime HAL: one place to ask what the runtime can do. */
export interface RuntimeHAL {
  detectProvider(): RuntimeProvider;
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
}

/** Thrown when `hal` answers in a JSON version this client does not know. */
export class HalVersionError extends Error {}

/** A RuntimeHAL backed by the `hal` command. Never throws for a missing or failing `hal`. */
export function createRuntimeHal(options?: RuntimeHalOptions): RuntimeHAL;
