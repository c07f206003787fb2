#!/usr/bin/env node
// `npx hal …` / `hal …` from node_modules/.bin: runs this platform's binary (the
// optional dependency @gastown-chipset/hal-<os>-<cpu>, else $HAL_BIN) with the same
// arguments, stdio and exit status. PATH is not searched: this script is the `hal` there.
// `npx hal which` prints that binary's path instead: hooks run it directly (node and
// this script cost about a hundred times what hal itself does; docs/guide-skill.md has the figures).
import { spawnSync } from "node:child_process";

import { locateHal } from "../locate.js";

// A wrapper that HAL_BIN names and that runs this shim again (`exec npx hal "$@"`)
// would fork without end: the shim marks the environment of what it runs and refuses
// to run under its own mark.
const GUARD = "HAL_NPM_SHIM";
if (process.env[GUARD]) {
  console.error(`hal: HAL_BIN (${JSON.stringify(process.env.HAL_BIN ?? "")}) runs this npm shim again; set it to the hal binary`);
  process.exit(127);
}
const where = locateHal(process.env, { path: false });
if (where.missing) {
  console.error(`hal: ${where.missing.replace(", or pass `bin`", "")}`);
  process.exit(127);
}
if (process.argv.length === 3 && process.argv[2] === "which") {
  console.log(where.bin);
  process.exit(0);
}
const r = spawnSync(where.bin, process.argv.slice(2), { stdio: "inherit", env: { ...process.env, [GUARD]: "1" } });
if (r.error) {
  console.error(`hal: ${where.bin}: ${r.error.message}`);
  process.exit(127);
}
if (r.signal) process.kill(process.pid, r.signal);
process.exit(r.status ?? 1);
