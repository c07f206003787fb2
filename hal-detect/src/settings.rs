//! The operator's raw settings: override variables and the config file.

use std::ffi::OsString;
use std::path::PathBuf;

use hal_caps::{ConfigSource, MAX_CONFIG_BYTES, RawSettings, RawVar};

use crate::host::{Host, Stat};
use crate::os::describe;
use crate::vars;

fn raw<H: Host + ?Sized>(host: &H, name: &'static str) -> Option<RawVar> {
    host.var(name).filter(|v| !v.is_empty()).map(|value| RawVar { name, value })
}

/// Where the config file is looked for, in order (for `hal man`).
pub const CONFIG_PATHS: &[(&str, &str)] = &[
    ("$GT_HAL_CONFIG", "when set; it must exist (config_missing otherwise)"),
    ("$XDG_CONFIG_HOME/hal/config.toml", "when XDG_CONFIG_HOME is set"),
    ("~/.config/hal/config.toml", "otherwise"),
];

/// Where the config file is: `$GT_HAL_CONFIG`, else `hal/config.toml` in the first of
/// the platform's config folders whose base is set (`$XDG_CONFIG_HOME`, `~/.config`;
/// on Windows `%APPDATA%`).
pub fn config_path<H: Host + ?Sized>(host: &H) -> Option<PathBuf> {
    let nonempty = |n: &str| host.var(n).filter(|v: &OsString| !v.is_empty()).map(PathBuf::from);
    let platform = host.platform();
    nonempty(vars::GT_HAL_CONFIG).or_else(|| {
        platform
            .config_dirs
            .iter()
            .find_map(|p| p.resolve(platform, "", nonempty))
            .map(|d| d.join("hal").join("config.toml"))
    })
}

/// The user's home folder, as the host's platform names it (`HOME`; `USERPROFILE`
/// first on Windows).
pub fn home<H: Host + ?Sized>(host: &H) -> Option<PathBuf> {
    host.platform().home(|n| host.var(n).filter(|v| !v.is_empty()).map(PathBuf::from))
}

/// Reads the config file: stat first, only a regular file of at most 1 MiB is read.
pub fn read_config<H: Host + ?Sized>(host: &H) -> ConfigSource {
    let Some(path) = config_path(host) else { return ConfigSource::Absent };
    let shown = hal_caps::text::escape_control(&path.to_string_lossy()).into_owned();
    let unusable = |reason: String| ConfigSource::Unusable { path: shown.clone(), reason };
    match host.stat(&path) {
        // A path the operator named is expected to exist; a default path is optional.
        Ok(Stat::Missing) if host.var(vars::GT_HAL_CONFIG).is_some_and(|v| !v.is_empty()) => {
            ConfigSource::Missing { path: shown }
        }
        Ok(Stat::Missing) => ConfigSource::Absent,
        Ok(Stat::File { len }) if len > MAX_CONFIG_BYTES => {
            unusable(format!("{len} bytes, larger than the {MAX_CONFIG_BYTES}-byte limit"))
        }
        Ok(Stat::File { .. }) => match host.read_file(&path, MAX_CONFIG_BYTES) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => ConfigSource::Text { path: shown.clone(), text },
                Err(_) => unusable("not valid UTF-8".to_owned()),
            },
            Err(e) => unusable(format!("unreadable ({e})")),
        },
        Ok(s) => unusable(format!("{}, not a regular file", describe(s))),
        Err(e) => unusable(format!("unreadable ({e})")),
    }
}

/// Gastown's role stamp (`GT_ROLE`), as set: `None` when unset or empty. Not UTF-8 is
/// read lossily (it then maps to no role and is reported as such).
pub fn gastown_role<H: Host + ?Sized>(host: &H) -> Option<String> {
    let v = host.var(vars::GT_ROLE)?;
    let s = v.to_string_lossy().trim().to_owned();
    (!s.is_empty()).then_some(s)
}

/// The raw operator settings. The config file is read only when `with_config`.
pub fn read_settings<H: Host + ?Sized>(host: &H, with_config: bool) -> RawSettings {
    let mut s = RawSettings::default();
    s.stall_threshold = raw(host, vars::GT_STALL_THRESHOLD);
    s.nudge_interval = raw(host, vars::GT_NUDGE_INTERVAL);
    s.gupp_strategy = raw(host, vars::GT_GUPP_STRATEGY);
    s.command = raw(host, vars::GT_COMMAND);
    if with_config {
        s.config = read_config(host);
    }
    s
}
