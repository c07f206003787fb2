//! The platform table at work on a recorded host: Windows' names, `;` lists, `PATHEXT`,
//! npm's shims and home folders read through `hal_caps::platform`, on any machine. The
//! same checks run on a real Windows process tree under wine (`cargo xtask wine`).

use std::path::{Path, PathBuf};

use hal_caps::platform::{LINUX, MACOS, Platform, WINDOWS};
use hal_detect::inventory::inventory;
use hal_detect::{Detector, FakeHost, ProcessInfo, Stat};
use hal_types::RuntimeProvider;

fn under(platform: &'static Platform, chain: Vec<ProcessInfo>) -> (RuntimeProvider, Option<String>) {
    let host = FakeHost::new().platform(platform).ancestors(chain);
    let d = Detector::new(host).detect();
    (d.provider, d.source.signal)
}

fn exe(pid: u32, path: &str) -> ProcessInfo {
    let name = path.rsplit(['\\', '/']).next().unwrap_or(path);
    ProcessInfo::new(pid, Some(1), name).with_exe(path).with_argv([path])
}

#[test]
fn windows_names_compare_without_exe_and_case() {
    for name in ["codex.exe", "CODEX.EXE", "Codex.Exe", "codex-x86_64-pc-windows-msvc.exe"] {
        let p = exe(20, &format!(r"C:\Users\u\bin\{name}"));
        assert_eq!(under(&WINDOWS, vec![p]).0, RuntimeProvider::Codex, "{name}");
    }
    let claude = exe(21, r"C:\Users\u\.local\bin\claude.exe");
    assert_eq!(under(&WINDOWS, vec![claude]).0, RuntimeProvider::Claude);
    // Linux's names are exact: `CODEX.EXE` there is some other program.
    let upper = ProcessInfo::new(22, Some(1), "CODEX.EXE").with_exe("/opt/CODEX.EXE");
    assert_eq!(under(&LINUX, vec![upper.clone()]).0, RuntimeProvider::Unknown);
    assert_eq!(under(&MACOS, vec![upper]).0, RuntimeProvider::Unknown);
    // Nothing above: unknown.
    assert_eq!(under(&WINDOWS, vec![exe(23, r"C:\Windows\system32\cmd.exe")]).0, RuntimeProvider::Unknown);
}

#[test]
fn node_exe_running_an_npm_script_is_that_runtime() {
    let script = r"C:\Users\u\AppData\Roaming\npm\node_modules\@openai\codex\bin\codex.js";
    for node in ["node.exe", "NODE.EXE", "bun.exe"] {
        let path = format!(r"C:\Program Files\nodejs\{node}");
        let p = ProcessInfo::new(30, Some(1), node).with_exe(&path).with_argv([path.as_str(), script]);
        assert_eq!(under(&WINDOWS, vec![p]).0, RuntimeProvider::Codex, "{node}");
    }
    let py = r"C:\Python312\python.exe";
    let gemini = r"C:\Users\u\AppData\Roaming\npm\node_modules\@google\gemini-cli\dist\index.js";
    let p = ProcessInfo::new(31, Some(1), "python.exe").with_exe(py).with_argv([py, gemini]);
    assert_eq!(under(&WINDOWS, vec![p]).0, RuntimeProvider::Gemini);
}

fn npm_windows(appdata: &Path, version: &str) -> FakeHost {
    let npm = appdata.join("npm");
    let manifest = format!(r#"{{"name":"@openai/codex","version":"{version}"}}"#);
    FakeHost::new()
        .platform(&WINDOWS)
        .env("APPDATA", appdata.as_os_str())
        .env("USERPROFILE", r"C:\Users\u")
        .path(npm.join("codex.cmd"), Ok(Stat::File { len: 300 }))
        .path(npm.join("codex.ps1"), Ok(Stat::File { len: 300 }))
        .path(npm.join("node_modules").join("@openai").join("codex"), Ok(Stat::Dir))
        .file(npm.join("node_modules").join("@openai").join("codex").join("package.json"), manifest.into_bytes())
}

/// A Windows `PATH` holding npm's global folder (spelled as the fake host's paths are
/// joined: on a Linux test machine `\\` and `/` are different bytes).
fn path_with_npm(appdata: &Path) -> String {
    format!(r"C:\Windows\system32;{};C:\Windows", appdata.join("npm").display())
}

#[test]
fn inventory_finds_npm_s_cmd_shim_and_its_package_on_a_windows_path() {
    let appdata = PathBuf::from(r"C:\Users\u\AppData\Roaming");
    // On `PATH` (`;`-separated), and through `%APPDATA%\npm` alone.
    let on_path = npm_windows(&appdata, "0.170.5").env("APPDATA", r"D:\elsewhere").env("PATH", path_with_npm(&appdata));
    let no_path = npm_windows(&appdata, "0.170.5");
    for host in [on_path, no_path] {
        let found = inventory(&host);
        let codex = found.iter().find(|i| i.provider == RuntimeProvider::Codex).expect("codex is found");
        assert_eq!(codex.executable, appdata.join("npm").join("codex.cmd"));
        assert_eq!(codex.version.as_deref(), Some("0.170.5"));
        assert_eq!(codex.version_source.as_deref(), Some("package.json of @openai/codex"));
    }
    // PATHEXT without .CMD: only the PowerShell shim is left, npm's third spelling.
    let host = npm_windows(&appdata, "0.170.5").env("PATHEXT", ".EXE");
    let codex = inventory(&host).into_iter().find(|i| i.provider == RuntimeProvider::Codex).expect("codex");
    assert_eq!(codex.executable, appdata.join("npm").join("codex.ps1"));
    // Linux does not look in APPDATA, nor for `.cmd`.
    let linux = npm_windows(&appdata, "0.170.5").platform(&LINUX);
    assert!(inventory(&linux).is_empty());
}

#[test]
fn the_version_on_a_windows_path_comes_from_npm_s_node_modules() {
    let appdata = PathBuf::from(r"C:\Users\u\AppData\Roaming");
    let host = npm_windows(&appdata, "0.170.5").env("CODEX_THREAD_ID", "t").env("PATH", path_with_npm(&appdata));
    let d = Detector::new(host).detect();
    assert_eq!(d.provider, RuntimeProvider::Codex);
    assert_eq!(d.runtime_version.as_deref(), Some("0.170.5"));
}

#[test]
fn home_and_config_follow_the_platform() {
    let config = |host: FakeHost| hal_detect::settings::config_path(&host);
    let win = FakeHost::new()
        .platform(&WINDOWS)
        .env("USERPROFILE", r"C:\Users\u")
        .env("APPDATA", r"C:\Users\u\AppData\Roaming");
    assert_eq!(config(win.clone()), Some(PathBuf::from(r"C:\Users\u\AppData\Roaming").join("hal").join("config.toml")));
    assert_eq!(hal_detect::settings::home(&win), Some(PathBuf::from(r"C:\Users\u")));
    let linux = FakeHost::new().platform(&LINUX).env("HOME", "/h").env("APPDATA", "/a");
    assert_eq!(config(linux), Some(PathBuf::from("/h/.config/hal/config.toml")));
    // The home folder is never a workspace, under USERPROFILE too.
    let home = FakeHost::new()
        .platform(&WINDOWS)
        .env("USERPROFILE", r"C:\Users\u")
        .cwd(Some(r"C:\Users\u"))
        .path(PathBuf::from(r"C:\Users\u").join(".claude"), Ok(Stat::Dir))
        .path(PathBuf::from(r"C:\Users\u").join(".claude").join("settings.json"), Ok(Stat::File { len: 2 }));
    assert_eq!(Detector::new(home).detect().provider, RuntimeProvider::Unknown);
}
