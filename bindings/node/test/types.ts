// Type-checked by `cargo xtask check` (tsc --noEmit --strict) where TypeScript is
// installed: the design's interface over the generated types, used as a skill would.
import { type Capabilities, createRuntimeHal, type GUPPStrategy, type RuntimeHAL, type RuntimeProvider } from "../index.js";

const hal: RuntimeHAL = createRuntimeHal({ role: "witness", env: { PATH: "/usr/bin:/bin" } });
const provider: RuntimeProvider = hal.detectProvider();
const gupp: GUPPStrategy = hal.getGUPPStrategy();
const caps: Capabilities = hal.getCapabilities();
const seconds: number = caps.stall_threshold_secs + hal.getNudgeInterval();
const commands: string[] = hal.getStartupCommands("polecat");
const session: string | null = hal.getSessionId();
const inject: "yes" | "nudge" | "no" | "none" = caps.native_hooks.inject;
export { commands, gupp, inject, provider, seconds, session };
