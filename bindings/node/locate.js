// Finding the `hal` binary: the platform package first (`@gastown-chipset/hal-<os>-<cpu>`,
// an optional dependency of this package carrying the static binary), then `HAL_BIN`,
// then `hal` on `PATH`. Every place looked at is recorded, so that a missing binary is
// reported with what was tried and how to fix it.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The name of this platform's binary package, e.g. `@gastown-chipset/hal-linux-x64`. */
export function platformPackage(platform = process.platform, arch = process.arch) {
  return `@gastown-chipset/hal-${platform}-${arch}`;
}

/** Whether `path` is an executable regular file. */
function executable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary inside this platform's package, or `undefined` when it is not installed. */
/** This package's directory, its symbolic links resolved. */
const PACKAGE_DIR = (() => {
  const here = dirname(fileURLToPath(import.meta.url));
  try {
    return realpathSync(here);
  } catch {
    return here;
  }
})();

/**
 * Whether `path` resolves to a file of this package (the `hal` shim, `.bin/hal`, which
 * links to it): running it as `hal` would start the shim again, without end.
 * @param {string} path
 */
export function ownScript(path) {
  let real;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  const rel = relative(PACKAGE_DIR, real);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

export function platformBinary() {
  let manifest;
  try {
    manifest = require.resolve(`${platformPackage()}/package.json`);
  } catch {
    return undefined;
  }
  const bin = join(dirname(manifest), "bin", process.platform === "win32" ? "hal.exe" : "hal");
  return executable(bin) ? bin : undefined;
}

/**
 * Finds `hal` for a process running with `env`.
 * @param {Record<string, string | undefined>} env
 * @param {{ path?: boolean }} [how] `path: false` skips the `PATH` search (the `npx hal` shim).
 * @returns {{ bin: string } | { missing: string }} the binary, or why none was found
 */
export function locateHal(env, how = {}) {
  const tried = [];
  const fromPackage = platformBinary();
  if (fromPackage) return { bin: fromPackage };
  tried.push(`the package ${platformPackage()} is not installed`);

  const fromVar = env.HAL_BIN;
  if (fromVar) {
    if (ownScript(fromVar)) {
      tried.push(`HAL_BIN=${JSON.stringify(fromVar)} is a script of this package (the \`hal\` shim runs HAL_BIN: it would run itself)`);
    } else if (executable(fromVar)) return { bin: fromVar };
    else tried.push(`HAL_BIN=${JSON.stringify(fromVar)} is not an executable file`);
  } else {
    tried.push("HAL_BIN is not set");
  }

  if (how.path !== false) {
    const dirs = (env.PATH ?? "").split(delimiter).filter((d) => isAbsolute(d));
    const name = process.platform === "win32" ? "hal.exe" : "hal";
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (executable(candidate) && !ownScript(candidate)) return { bin: candidate };
    }
    tried.push(`no \`hal\` on PATH (${JSON.stringify(env.PATH ?? "")})`);
  }
  return { missing: `hal is not installed: ${tried.join("; ")}. ${installAdvice()}, set HAL_BIN, or pass \`bin\`` };
}

/** The platform packages this package lists in its `optionalDependencies`. */
function shippedPackages() {
  try {
    return Object.keys(require("./package.json").optionalDependencies ?? {});
  } catch {
    return [];
  }
}

/** This package's version (the platform package must be at the same one). */
function ownVersion() {
  try {
    return require("./package.json").version;
  } catch {
    return undefined;
  }
}

/**
 * How to install this platform's binary package: the exact package and version, as the
 * tarball `cargo xtask package` writes (nothing is published to the registry yet) or
 * from the registry once it is.
 */
export function installAdvice(platform = process.platform, arch = process.arch) {
  const name = platformPackage(platform, arch);
  const shipped = shippedPackages();
  if (shipped.length > 0 && !shipped.includes(name)) {
    return (
      `hal ships no binary for ${platform}-${arch} (no package ${name}); the platforms with one: ` +
      `${shipped.map((p) => p.replace("@gastown-chipset/hal-", "")).join(", ")}. Build hal from source ` +
      "(`cargo install --path hal-cli --locked` in a clone) and set HAL_BIN"
    );
  }
  const version = ownVersion() ?? "<this package's version>";
  const tarball = `${name.replace("@", "").replace("/", "-")}-${version}.tgz`;
  return (
    `Install ${name}@${version}: \`npm install ./${tarball}\` (the tarball \`cargo xtask package\` ` +
    `writes to target/package/ in a hal clone), or \`npm install ${name}@${version}\` from a registry that ` +
    `has it (an install that skipped optional dependencies, or another platform, leaves it out)`
  );
}
