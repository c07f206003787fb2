// Type-checked by `cargo xtask check` (tsc --noEmit --strict) where TypeScript is
// installed: the design's interface over the generated types, used as a skill would.
import {
  ANSWER_TYPES,
  type Capabilities,
  createRuntimeHal,
  DEFAULT_TIMEOUT_MS,
  type GUPPStrategy,
  HalUsageError,
  locateHal,
  platformPackage,
  type RuntimeHAL,
  type RuntimeProvider,
} from "../index.js";

const hal: RuntimeHAL = createRuntimeHal({ role: "witness", env: { GT_RUNTIME: "codex" }, timeoutMs: 2000 });
const exact: RuntimeHAL = createRuntimeHal({ replaceEnv: { PATH: "/usr/bin:/bin" }, bin: "hal" });
const provider: RuntimeProvider = hal.detectProvider();
const gupp: GUPPStrategy = hal.getGUPPStrategy();
const caps: Capabilities = exact.getCapabilities();
const seconds: number = caps.stall_threshold_secs + hal.getNudgeInterval() + DEFAULT_TIMEOUT_MS;
let commands: string[] = [];
try {
  commands = hal.getStartupCommands("polecat");
} catch (e) {
  if (e instanceof HalUsageError) console.error(e.command, e.stderr);
}
const session: string | null = hal.getSessionId();
const inject: "yes" | "nudge" | "no" | "none" = caps.native_hooks.inject;
const where = locateHal({ PATH: "/usr/bin" });
const found: string = "bin" in where ? where.bin : where.missing;
const keys: readonly string[] = ANSWER_TYPES.detect.provider;
const pkg: string = platformPackage();
export { commands, found, gupp, inject, keys, pkg, provider, seconds, session };
