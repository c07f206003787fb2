//! The runtime indicators, read from the registry: variables (markers, combinations,
//! weak signals, session variables), the runtime-provided path variables among them,
//! indicator files and configuration directories, and runtime process names. The
//! literal prefilter built from them is [`crate::prefilter`]'s.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};
use hal_caps::vars;

/// Variables hal reads besides the registry's rows that are not `GT_*` (those count by
/// their prefix): the generic agent identity.
pub(crate) const EXTRA_VARS: &[&str] = &[vars::AI_AGENT];
/// How the name of a variable holding a path ends: such a weak signal of the registry,
/// used as a path, is the `runtime-path-var` rule's, not `indicator-var`'s. `_DATA`
/// names a data folder (`CLAUDE_PLUGIN_DATA`, `GROK_PLUGIN_DATA`, `JUNIE_DATA`: issue
/// 47, round 18).
const PATH_SUFFIXES: &[&str] = &["_DIR", "_ROOT", "_FILE", "_HOME", "_CWD", "_DATA"];
/// `/proc/<pid>/…` files that are a process's identity or ancestry.
const PROC_FILES: &[&str] = &["stat", "status", "cmdline", "comm", "exe", "environ"];
/// The `/proc/self/…` files that hold the parent's id (the start of a walk); the rest of
/// the process's own files are its bookkeeping.
const OWN_PARENT_FILES: &[&str] = &["stat", "status"];
/// Every runtime indicator variable the registry names (markers, combinations, weak
/// signals, session variables; not the generic ones like `HOME`), plus `AI_AGENT`. Any
/// `GT_*` name counts too (see [`is_indicator_var`]).
#[must_use]
pub fn indicator_vars() -> Vec<&'static str> {
    let mut v = registry_vars().to_vec();
    v.extend(EXTRA_VARS);
    v.sort_unstable();
    v.dedup();
    v
}

/// Whether reading `name` is reading a runtime indicator: a registry variable,
/// `AI_AGENT`, or a Gastown operator variable (`GT_` and upper-case letters, digits, `_`).
#[must_use]
pub fn is_indicator_var(name: &str) -> bool {
    (name.len() > 3
        && name.starts_with(vars::GASTOWN_PREFIX)
        && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'))
        || EXTRA_VARS.contains(&name)
        || registry_vars().binary_search(&name).is_ok()
}

/// The names of the runtimes whose marker `var` is (ids and aliases, any length:
/// `pi` for `PI_CODING_AGENT`), for a rule's record that names its variable's own
/// runtime by a name too short to be one anywhere else.
pub(crate) fn marker_owners(var: &str) -> Vec<&'static str> {
    hal_caps::registry::REGISTRY
        .iter()
        .filter(|r| r.markers.iter().any(|m| m.var == var))
        .flat_map(|r| std::iter::once(r.provider.as_str()).chain(r.aliases.iter().copied()))
        .collect()
}

/// The vendor prefixes of a registry variable `name`: its first part and `_` where that
/// part is a runtime's name (`CLAUDE_`, `CODEX_`, `CURSOR_`), with its second part too
/// when more follow (`CLAUDE_CODE_`); a name without `_` followed by one (`CLAUDECODE_`).
fn prefixes_of(name: &str) -> Vec<String> {
    let parts: Vec<&str> = name.split('_').collect();
    match parts.as_slice() {
        [one] if one.len() > 3 => vec![format!("{one}_")],
        [first, second, _, ..] if is_runtime_name(first) => vec![format!("{first}_"), format!("{first}_{second}_")],
        [first, _, ..] if is_runtime_name(first) => vec![format!("{first}_")],
        _ => Vec::new(),
    }
}

/// The registry's vendor prefixes (see [`prefixes_of`]), longest first, and the tails
/// its identity variables (markers, combinations, session variables; not settings such
/// as `GOOSE_MODEL`) have after them (`SESSION_ID`, `CLI`, `ENTRYPOINT`).
fn vendor_shapes() -> &'static (Vec<String>, std::collections::HashSet<String>) {
    static SHAPES: OnceLock<(Vec<String>, std::collections::HashSet<String>)> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let (mut prefixes, mut tails) = (Vec::new(), std::collections::HashSet::new());
        for name in registry_vars() {
            prefixes.extend(prefixes_of(name));
        }
        let identities = hal_caps::registry::REGISTRY.iter().flat_map(|r| {
            r.markers
                .iter()
                .map(|m| m.var)
                .chain(r.combos.iter().flat_map(|c| c.all.iter().map(|(v, _)| *v)))
                .chain(r.session_vars.iter().copied())
                .chain(r.cascade_session_var)
        });
        for name in identities.filter(|n| is_indicator_var(n)) {
            for p in prefixes_of(name) {
                if name.len() > p.len() {
                    tails.insert(name[p.len()..].to_owned());
                }
            }
        }
        prefixes.sort_unstable_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        prefixes.dedup();
        (prefixes, tails)
    })
}

/// The registry's vendor prefixes, for the prefilter.
pub(crate) fn vendor_prefixes() -> &'static [String] {
    &vendor_shapes().0
}

/// The vendor prefix a variable hal does not know stands under, when the rest of its
/// name is what a registry variable has after its own prefix (issue 47: names by shape
/// as well as by list): `CURSOR_CLI` (as `GEMINI_CLI`), `CURSOR_SESSION_ID` and
/// `CLAUDECODE_SESSION_ID` (as `GEMINI_SESSION_ID`), `CLAUDE_CODE_CLI`; not a skill's
/// own `CLAUDE_MEM_PORT`.
pub(crate) fn vendor_prefix(name: &str) -> Option<&'static str> {
    if is_indicator_var(name) || !name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_') {
        return None;
    }
    let (prefixes, tails) = vendor_shapes();
    // A session's tail may follow a word of the program's own (`KIRO_IDE_SESSION_ID`,
    // as `GEMINI_SESSION_ID`).
    let shaped = |tail: &str| {
        tails.contains(tail)
            || tail
                .split_once('_')
                .is_some_and(|(_, rest)| crate::facts::SESSION_SUFFIXES.contains(&rest) && tails.contains(rest))
    };
    prefixes
        .iter()
        .find(|p| name.len() > p.len() && name.starts_with(p.as_str()) && shaped(&name[p.len()..]))
        .or_else(|| {
            // A session's variable under a runtime's own name, where no registry
            // variable gives its prefix (`OPENCLAW_SESSION_ID`, `ROVODEV_SESSION_ID`).
            name_prefixes().iter().find(|p| {
                name.strip_prefix(p.as_str()).is_some_and(|tail| {
                    crate::facts::SESSION_SUFFIXES.iter().any(|s| tail == *s || tail.ends_with(&format!("_{s}")))
                })
            })
        })
        .map(String::as_str)
}

/// Each runtime's name of four letters or more as a prefix (`OPENCLAW_`, `ROVODEV_`),
/// longest first.
fn name_prefixes() -> &'static [String] {
    static PREFIXES: OnceLock<Vec<String>> = OnceLock::new();
    PREFIXES.get_or_init(|| {
        let mut v: Vec<String> = runtime_names()
            .iter()
            .filter(|n| n.len() >= 4 && n.bytes().all(|b| b.is_ascii_alphanumeric()))
            .map(|n| format!("{}_", n.to_ascii_uppercase()))
            .collect();
        v.sort_unstable_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        v.dedup();
        v
    })
}

/// Whether `name`, under a runtime's vendor prefix ([`vendor_prefix`]), names a
/// session (`KIRO_IDE_SESSION_ID`, `CLAUDECODE_SESSION_ID`): reading it reads a
/// runtime's session, whatever the value then decides.
pub(crate) fn session_shaped(name: &str) -> bool {
    crate::facts::SESSION_SUFFIXES.iter().any(|t| name.strip_suffix(t).is_some_and(|n| n.ends_with('_')))
        && vendor_prefix(name).is_some()
}

/// Whether a string a scan of the environment's names looks for names a runtime's
/// variable: a registry variable, one hal does not know by its shape, or the start of a
/// registry variable (`CODEX_`, `CLAUDE_CODE`, at least four characters).
pub(crate) fn scanned_name(s: &str) -> Option<()> {
    let s = s.trim_start_matches('^');
    (is_indicator_var(s)
        || vendor_prefix(s).is_some()
        || (s.len() >= 4
            && s.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
            && registry_vars().iter().any(|v| v.starts_with(s))))
    .then_some(())
}

/// Whether `name` is a runtime-provided path (`CLAUDE_PROJECT_DIR`, `CLAUDE_ENV_FILE`,
/// `CODEX_HOME`, ...): a weak signal of the registry whose name says it holds a path.
/// Read to be used as a path it is the `runtime-path-var` rule's; tested for presence
/// it is still `indicator-var`'s.
#[must_use]
pub fn is_path_var(name: &str) -> bool {
    path_vars().binary_search(&name).is_ok()
}

fn path_vars() -> &'static [&'static str] {
    static VARS: OnceLock<Vec<&'static str>> = OnceLock::new();
    VARS.get_or_init(|| {
        let mut v: Vec<&'static str> = hal_caps::registry::REGISTRY
            .iter()
            .flat_map(|r| r.weak.iter().chain(r.skill_vars).copied())
            .filter(|w| has_path_suffix(w))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    })
}

pub(crate) fn registry_vars() -> &'static [&'static str] {
    static VARS: OnceLock<Vec<&'static str>> = OnceLock::new();
    VARS.get_or_init(hal_caps::registry::indicator_vars)
}

/// Every runtime indicator file or directory the registry names.
#[must_use]
pub fn indicator_paths() -> Vec<&'static str> {
    registry_paths().to_vec()
}

pub(crate) fn registry_paths() -> &'static [&'static str] {
    static PATHS: OnceLock<Vec<&'static str>> = OnceLock::new();
    PATHS.get_or_init(hal_caps::registry::indicator_paths)
}

/// Whether the variable `name` holds a credential (`…_TOKEN`, `…_API_KEY`, `…_SECRET`,
/// `…_PASSWORD`): a key to pass on or a provider's login, never a runtime's identity.
pub(crate) fn is_credential(name: &str) -> bool {
    ["TOKEN", "KEY", "SECRET", "PASSWORD"].iter().any(|t| name.ends_with(t))
}

/// Whether the variable `name` is a provider's key ([`crate::facts::PROVIDER_KEY_PIECES`]).
pub(crate) fn is_provider_key(name: &str) -> bool {
    crate::facts::PROVIDER_KEY_PIECES.iter().any(|p| name.contains(p))
}

/// Whether `path` (pieces joined with `/`) is one of the files a runtime writes in its
/// folder (the registry's `own_files`: its credentials, installation id): reading one
/// for its content asks whether the runtime is installed or logged in.
pub(crate) fn is_own_file(path: &str) -> bool {
    static OWN: OnceLock<Vec<&'static str>> = OnceLock::new();
    let own = OWN.get_or_init(|| {
        hal_caps::registry::REGISTRY.iter().flat_map(|r| r.own_files.iter().map(|f| bare_path(f))).collect()
    });
    matches!(path_hit(path), Some(PathHit::Indicator(p)) if own.contains(&bare_path(p)))
        || own_file_within(path).is_some()
}

/// Issue 47, round 12: the registry's own file (`~/.claude/.credentials.json`) a path
/// names by its distinctive file name under a folder given at run time
/// (`join(configDir, '.credentials.json')`, a profile's `CLAUDE_CONFIG_DIR`) or right in
/// a runtime's folder under home: a hidden file's name, a credentials file's
/// (`oauth_creds.json`) or an installation's id; plain names (`auth.json`, `config.json`)
/// say too little alone.
pub(crate) fn own_file_within(path: &str) -> Option<&'static str> {
    let t = path.trim().trim_matches(['"', '\'']);
    let (dir, name) = t.rsplit_once('/')?;
    let (_, own) = distinctive_own_files().iter().find(|(n, _)| *n == name)?;
    // Under a folder given at run time (the file names its runtime), or right in a
    // runtime's folder under home (`~/.factory/installation_id`: that folder's).
    if dir.ends_with('}') && !dir.contains('/') {
        return Some(*own);
    }
    runtime_dir_within(dir)
}

/// The distinctive names of the registry's own files, for the prefilter.
pub(crate) fn own_file_names() -> Vec<&'static str> {
    distinctive_own_files().iter().map(|(n, _)| *n).collect()
}

/// The registry's own files whose name alone is distinctive ([`own_file_within`]):
/// each name with its file.
fn distinctive_own_files() -> &'static [(&'static str, &'static str)] {
    static OWN: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    OWN.get_or_init(|| {
        hal_caps::registry::REGISTRY
            .iter()
            .flat_map(|r| r.own_files.iter().copied())
            .filter_map(|f| {
                let name = f.rsplit('/').next()?;
                (name.starts_with('.')
                    || name.contains("creds")
                    || name.contains("credentials")
                    || name.contains("installation"))
                .then_some((name, f))
            })
            .collect()
    })
}

pub(crate) fn registry_dirs() -> &'static [&'static str] {
    static DIRS: OnceLock<Vec<&'static str>> = OnceLock::new();
    DIRS.get_or_init(|| {
        let mut dirs = hal_caps::registry::indicator_dirs();
        dirs.extend(hal_caps::registry::config_folders().into_iter().filter(|d| d.starts_with('.')));
        dirs.sort_unstable();
        dirs.dedup();
        dirs
    })
}

fn process_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(hal_caps::registry::process_names)
}

/// The first runtime directory or indicator path of a constant list's `values` that
/// names two or more of them (`['.claude', '.gemini']`, a list of runtimes' paths), or
/// one file a runtime writes in its folder (its credentials), if any: a path built from
/// each element asks which runtime is there, or whether it is logged in.
pub(crate) fn runtime_dir_of_list<'v>(values: impl Iterator<Item = &'v str>) -> Option<&'static str> {
    let mut own = None;
    let mut dirs = values.filter_map(|v| {
        let d = runtime_dir(v).or(match path_hit(v) {
            Some(PathHit::Indicator(d)) => Some(d),
            _ => None,
        });
        if own.is_none() && d.is_some() && is_own_file(v) {
            own = d;
        }
        d
    });
    let first = dirs.next()?;
    dirs.next().map(|_| first).or(own)
}

/// Whether `dir` (one path component, any case) is a runtime's configuration directory
/// (`.claude`, `.codex`, ...).
pub(crate) fn is_runtime_dir(dir: &str) -> bool {
    runtime_dir(dir).is_some()
}

/// The registry's configuration directory `dir` names (any case), if any.
pub(crate) fn runtime_dir(dir: &str) -> Option<&'static str> {
    registry_dirs().iter().copied().find(|d| d.eq_ignore_ascii_case(dir.trim_end_matches('/')))
}

/// Whether `name` holds a path by its name (`_DIR`, `_ROOT`, `_FILE`, `_HOME`).
pub(crate) fn has_path_suffix(name: &str) -> bool {
    PATH_SUFFIXES.iter().any(|s| name.ends_with(s))
}

/// Every name of a runtime, lower case: registry ids, aliases, executable basenames.
fn runtime_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut v: Vec<String> = hal_caps::registry::REGISTRY
            .iter()
            .flat_map(|r| std::iter::once(r.provider.as_str()).chain(r.aliases.iter().copied()))
            .chain(process_names().iter().copied())
            .map(str::to_ascii_lowercase)
            .filter(|n| n.len() > 2 && n != "unknown")
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    })
}

/// Whether `word` is a runtime's name (`claude`, `gemini`, `opencode`, `cursor`).
pub(crate) fn is_runtime_name(word: &str) -> bool {
    runtime_name(word).is_some()
}

/// The runtime's name `word` is (any case), if it is one.
fn runtime_name(word: &str) -> Option<&'static str> {
    let names = runtime_names();
    names.binary_search(&word.to_ascii_lowercase()).ok().map(|i| names[i].as_str())
}

/// Every runtime name as a path component of a directory named for it (see
/// [`runtime_named_dir`]), for the prefilter: `opencode` and `.opencode`.
pub(crate) fn runtime_dir_names() -> Vec<String> {
    runtime_names().iter().flat_map(|n| [n.clone(), format!(".{n}")]).collect()
}

/// Every runtime's Windows program as a path piece (`codex.exe`, `Codex.exe`), for the
/// prefilter (see [`runtime_named_dir`]).
pub(crate) fn runtime_program_names() -> Vec<String> {
    runtime_names()
        .iter()
        .flat_map(|n| {
            let mut cap = n.clone();
            if let Some(f) = cap.get_mut(0..1) {
                f.make_ascii_uppercase();
            }
            [format!("{n}.exe"), format!("{cap}.exe")]
        })
        .collect()
}

/// The extensions of a runtime's hidden settings file in the home directory.
pub(crate) const CONFIG_EXTENSIONS: &[&str] = &[".json", ".toml", ".yaml", ".yml"];

/// A directory named for a runtime that no registry row lists, as the last component
/// of `t` (pieces joined with `/`): a hidden one (`.openclaw`, `.warp`), or one under a
/// hidden directory (`.config/opencode`, `.codeium/windsurf`, `.gemini/antigravity`):
/// a runtime's own configuration directory wherever the path was built from segments.
fn runtime_named_dir(t: &str) -> Option<&'static str> {
    let t = t.trim_end_matches(['/', '"', '\'']);
    let (above, last) = t.rsplit_once('/').unwrap_or(("", t));
    let parent = above.rsplit('/').next().unwrap_or("");
    // `~/.local/share/opencode`, `~/.local/state/opencode`: under a hidden folder too.
    let parent = if above.ends_with(".local/share") || above.ends_with(".local/state") { ".local" } else { parent };
    // Issue 47, round 23: a runtime's application, its macOS bundle
    // (`/Applications/Cursor.app`) or its Windows program in the folder of its name
    // (`{programFiles}/Codex/Codex.exe`).
    if let Some(app) = last.strip_suffix(".app").filter(|_| parent == "Applications") {
        return runtime_name(&app.replace(' ', ""));
    }
    if let Some(program) = last.strip_suffix(".exe").filter(|p| p.eq_ignore_ascii_case(parent)) {
        return runtime_name(program);
    }
    let word = match last.strip_prefix('.') {
        // A hidden file named for a runtime, holding its settings (`~/.claude.json`).
        Some(name) => CONFIG_EXTENSIONS.iter().find_map(|e| name.strip_suffix(e)).unwrap_or(name),
        None if parent.len() > 1 && parent.starts_with('.') && parent != ".." => last,
        None => return None,
    };
    runtime_name(word)
}

/// The runtime's folder a longer path stands inside (`~/.claude/local`,
/// `~/.openclaw/openclaw.json`, `~/.local/share/claude/versions`), if any: the
/// first of its leading pieces that names one. `/proc` is none.
pub(crate) fn runtime_dir_within(path: &str) -> Option<&'static str> {
    let t = path.trim().trim_matches(['"', '\'']);
    if t.len() > MAX_WITHIN || !home_rooted(t) {
        return None;
    }
    t.match_indices('/').map(|(i, _)| &t[..i]).chain(std::iter::once(t)).find_map(|prefix| match path_hit(prefix) {
        Some(PathHit::Indicator(d)) if !GENERIC_HOME_DIRS.contains(&d) => Some(d),
        _ => None,
    })
}

/// Whether the path `t` (pieces joined with `/`) starts at the home directory (`~`,
/// `$HOME`, `{homedir}`).
/// Issue 47, round 24: whether `t` is a path below home (`$HOME/.perplexity`,
/// `{home}/Library/Application Support/ChatGPT`), not home itself nor a shell's or
/// shared settings root alone (`~/.config`, `~/.bashrc`).
pub(crate) fn under_home(t: &str) -> bool {
    let t = t.trim().trim_matches(['"', '\'']).trim_end_matches('/');
    let mut pieces = t.split('/');
    let first = pieces.next().unwrap_or("");
    let rest: Vec<&str> = pieces.collect();
    home_rooted(first)
        && !rest.is_empty()
        && rest.iter().all(|r| !r.is_empty() && !r.contains(['$', '{', '*']))
        && (rest.len() > 1 || !GENERIC_HOME_DIRS.contains(&rest[0]))
        && !(rest.len() == 1
            && ["rc", "profile", "login", "logout", "history", "env"].iter().any(|e| rest[0].ends_with(e)))
}

fn home_rooted(t: &str) -> bool {
    let first = t.split('/').next().unwrap_or("");
    first == "~"
        || first == "$HOME"
        || first == "${HOME}"
        || (first.starts_with('{') && first.ends_with('}') && first.to_ascii_lowercase().contains("home"))
}

/// Whether the last piece of `path` is a file named for a runtime
/// (`~/.openclaw/openclaw.json`): the runtime's own, not a tool's file in its folder.
pub(crate) fn names_its_runtime(path: &str) -> bool {
    let last = path.trim().trim_matches(['"', '\'']).rsplit('/').next().unwrap_or("");
    let stem = CONFIG_EXTENSIONS.iter().find_map(|e| last.strip_suffix(e)).unwrap_or(last);
    runtime_name(stem.trim_start_matches('.')).is_some()
}

/// Whether a piece of the path `path` (pieces joined with `/`) is named for a runtime:
/// it starts with a runtime's name, a leading `.` left out (`.cursorrules`, `Claude`,
/// `claude_desktop_config.json`). Issue 47, round 18: such a path probed where the
/// answer names a runtime tells that runtime, whatever folder holds it.
pub(crate) fn piece_named_for_a_runtime(path: &str) -> bool {
    let t = path.trim().trim_matches(['"', '\'']);
    t.len() <= MAX_WITHIN
        && t.split('/').any(|piece| {
            let piece = piece.trim_start_matches('.');
            let head: String = piece.chars().take_while(char::is_ascii_alphabetic).collect();
            (4..=head.len()).any(|k| runtime_name(&head[..k]).is_some())
        })
}

/// Whether `path` (pieces joined with `/`, `{…}` for a piece that is no literal) ends in
/// a literal piece: a marker file or folder by its name (`{cwd}/.mcp.json`, `.vscode`).
pub(crate) fn literal_marker(path: &str) -> bool {
    let t = path.trim().trim_matches(['"', '\'']).trim_end_matches('/');
    t.len() <= MAX_WITHIN && t.rsplit('/').next().is_some_and(|last| !last.is_empty() && !last.contains(['{', '}']))
}

/// Issue 47, round 23: whether `path` starts at a folder a value names as a skill's or
/// a plugin's (`{skillPath}/skill.mdc`, `{plugin_dir}/SKILL.md`): its files tell the
/// artifact's format (which agents a skill suits), not which runtime runs or which a
/// project is set up for.
pub(crate) fn under_an_artifact(path: &str) -> bool {
    let first = path.trim().trim_matches(['"', '\'']).split('/').next().unwrap_or("");
    first.starts_with('{') && {
        let lower = first.to_ascii_lowercase();
        lower.len() <= 48 && (lower.contains("skill") || lower.contains("plugin"))
    }
}

/// The folders of a runtime's configuration that hold what tools install into it.
const INSTALLED_INTO: &[&str] = &["plugins", "plugin", "hooks", "skills", "commands", "agents", "extensions", "rules"];

/// Issue 47, round 25: whether `path` names one file a tool installs into a runtime's
/// folder (`~/.config/opencode/plugins/agentpong.ts`, `~/.claude/hooks/pong.sh`): a
/// literal file name with an extension right under the runtime's plugins, hooks,
/// skills, commands, agents, extensions or rules folder. Probing it asks whether the
/// tool itself is installed there, not which runtime runs.
pub(crate) fn a_tool_s_own_file(path: &str) -> bool {
    let t = path.trim().trim_matches(['"', '\'']);
    let mut pieces = t.rsplit('/');
    let (Some(file), Some(folder)) = (pieces.next(), pieces.next()) else { return false };
    let named = file.len() <= 64
        && !file.starts_with('.')
        && file.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && !ext.is_empty() && ext.len() <= 8 && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        })
        && file.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
    named && INSTALLED_INTO.contains(&folder) && matches!(path_hit(t), Some(PathHit::Indicator(_)))
}

/// The longest path [`runtime_dir_within`] looks into.
const MAX_WITHIN: usize = 256;

/// A hidden folder right under the home directory that no registry row names, as
/// `~/.name` (or `~/.name/sub`, one plain folder below it), when `t` (pieces joined with
/// `/`, `{…}` for a piece that is no literal) spells one: its first piece the home
/// directory (`~`, `$HOME`, `{home}`, `{os.homedir()}`, `{Path.home()}`). Probed in a
/// function whose name says it detects an installation, it is a runtime hal does not
/// know (`existsSync(join(home, ".mux"))` in `detectInstalled`).
pub(crate) fn unknown_home_dir(t: &str) -> Option<String> {
    let t = t.trim().trim_matches(['"', '\'']).trim_end_matches('/');
    let mut pieces = t.split('/');
    pieces.next()?;
    let home = home_rooted(t);
    let dir = pieces.next()?;
    let sub = pieces.next();
    let name = dir.strip_prefix('.')?;
    let word = |w: &str| {
        !w.is_empty() && w.len() <= 32 && w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    if !home || pieces.next().is_some() || !word(name) || sub.is_some_and(|s| !word(s)) {
        return None;
    }
    // A runtime hal knows is its own rule's; a shell's or a tool's settings file
    // (`.bashrc`, `.bash_profile`, `.npmrc`) is no program's folder.
    let settings = ["rc", "profile", "login", "logout", "history", "env", "config"].iter().any(|e| name.ends_with(e));
    if GENERIC_HOME_DIRS.contains(&dir) || settings || is_runtime_dir(dir) || path_hit(t).is_some() {
        return None;
    }
    Some(sub.map_or_else(|| format!("~/{dir}"), |s| format!("~/{dir}/{s}")))
}

/// Hidden folders under home that hold no program's installation of its own: shared
/// configuration and cache roots, shells', version managers' and package managers'.
const GENERIC_HOME_DIRS: &[&str] = &[
    ".config", ".local", ".cache", ".ssh", ".npm", ".nvm", ".cargo", ".rustup", ".bun", ".deno", ".pyenv", ".volta",
    ".yarn", ".pnpm", ".gnupg", ".docker", ".kube", ".aws", ".vscode", ".git", ".agents", ".agent",
];

/// The runtime whose hook payload holds `key` where no other runtime's does (the
/// registry's payload `tells` and the keys of its telling `pairs`), if any: a program
/// testing a payload for it (`"turn_id" in payload`) tells the runtime by the payload's
/// shape. Keys every payload is read for (the session, the working directory) and keys
/// of one plain word (`model`, `timestamp`), which name too much to tell by, are left
/// out.
pub(crate) fn payload_tell(key: &str) -> Option<&'static str> {
    static TELLS: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    let tells = TELLS.get_or_init(|| {
        use hal_caps::registry::payloads::{COMMON, PAYLOADS};
        let common: Vec<&str> = [COMMON.session, COMMON.cwd, COMMON.cwd_lists, COMMON.transcript, COMMON.tool]
            .iter()
            .flat_map(|l| l.iter().copied())
            .collect();
        let mut v: Vec<(&'static str, &'static str)> = PAYLOADS
            .iter()
            .flat_map(|p| {
                let keys = p.tells.iter().copied().chain(p.pairs.iter().flat_map(|(a, b)| [*a, *b]));
                keys.map(move |k| (k, p.provider.as_str()))
            })
            .filter(|(k, _)| compound(k) && !common.contains(k))
            .collect();
        v.sort_unstable();
        v.dedup_by(|a, b| a.0 == b.0);
        v
    });
    tells.binary_search_by(|(k, _)| (*k).cmp(key)).ok().map(|i| tells[i].1)
}

/// Every key [`payload_tell`] knows, for the prefilter.
pub(crate) fn payload_tell_keys() -> Vec<&'static str> {
    use hal_caps::registry::payloads::PAYLOADS;
    let mut v: Vec<&'static str> = PAYLOADS
        .iter()
        .flat_map(|p| p.tells.iter().copied().chain(p.pairs.iter().flat_map(|(a, b)| [*a, *b])))
        .filter(|k| payload_tell(k).is_some())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The vendor prefix of the registry's variables `name` stands under, whatever the rest
/// of it (`GEMINI_API_KEY`, a skill's `CLAUDE_MEM_PORT` too), if any. Under a
/// [`generic_prefix`] (`AGENT_`) only a name of an identity's shape counts
/// (`AGENT_SESSION_ID`, [`vendor_prefix`]): the word is every tool's, not a vendor's.
pub(crate) fn under_vendor_prefix(name: &str) -> Option<&'static str> {
    vendor_prefixes()
        .iter()
        .find(|p| name.len() > p.len() && name.starts_with(p.as_str()) && !generic_prefix(p))
        .map(String::as_str)
        .or_else(|| vendor_prefix(name).filter(|p| generic_prefix(p)))
}

/// Issue 47, round 26: whether the vendor prefix `prefix` is a common word rather than a
/// runtime's name (`AGENT_`, from the `AGENT=amp` marker; not `CLAUDECODE_`, which
/// starts with one): a skill's own `AGENT_MAIL_AGENT` or `AGENT_OUTPUT` is no vendor's
/// variable.
pub(crate) fn generic_prefix(prefix: &str) -> bool {
    let first = prefix.split('_').next().unwrap_or("").to_ascii_lowercase();
    !runtime_names().iter().any(|n| n.len() >= 3 && first.starts_with(n.as_str()))
}

/// Whether a quoted literal of `text` (the line around a read) is a runtime's name or
/// one of its native hook events (`"AfterTool"`, `"PostToolUse"`): a value chosen by the
/// runtime that runs, so a read deciding between such values tells the runtime
/// (`process.env.GEMINI_API_KEY ? "AfterTool" : "PostToolUse"`).
pub(crate) fn names_a_runtime_s_value(text: &str) -> bool {
    quoted(text).any(|lit| literal_runtime(lit).is_some() || is_native_event(lit))
}

/// The quoted literals of `text`.
fn quoted(text: &str) -> impl Iterator<Item = &str> {
    ['"', '\'', '`'].into_iter().flat_map(move |q| text.split(q).skip(1).step_by(2))
}

/// Whether `lit` is one of a runtime's native hook events (`"beforeSubmitPrompt"`,
/// `"AfterTool"`): a value only that runtime's payloads hold.
pub(crate) fn is_native_event(lit: &str) -> bool {
    static EVENTS: OnceLock<Vec<&'static str>> = OnceLock::new();
    let events = EVENTS.get_or_init(|| {
        let mut v: Vec<&'static str> = hal_caps::registry::REGISTRY
            .iter()
            .filter_map(|r| r.hooks)
            .flat_map(|h| h.events.iter().map(|e| e.native))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    });
    events.binary_search(&lit).is_ok()
}

/// Whether a quoted literal of `text` is one of a runtime's native hook events whose
/// name is compound (`"beforeSubmitPrompt"`, `"PostToolUse"`; not `"Stop"`, a word
/// other code says too).
pub(crate) fn quotes_a_native_event(text: &str) -> bool {
    quoted(text).any(|lit| compound(lit) && is_native_event(lit))
}

/// Whether a key or an event's name is compound: `snake_case` or `camelCase`.
fn compound(k: &str) -> bool {
    k.contains('_') || k.bytes().skip(1).any(|b| b.is_ascii_uppercase())
}

/// The prefilter's literals of a payload's shape (issue 47, round 19): every compound
/// key a runtime's hook payload holds, subscripted (`["conversation_id"]`,
/// `['hook_event_name']`), and every compound native hook event, quoted
/// (`"beforeSubmitPrompt"`): what a payload's field tested to name a runtime stands
/// beside.
pub(crate) fn payload_shape_literals() -> Vec<String> {
    use hal_caps::registry::payloads::{COMMON, PAYLOADS};
    let mut keys: Vec<&'static str> = [COMMON.session, COMMON.cwd, COMMON.cwd_lists, COMMON.transcript, COMMON.tool]
        .iter()
        .flat_map(|l| l.iter().copied())
        .chain(PAYLOADS.iter().flat_map(|p| {
            p.event_key
                .into_iter()
                .chain([p.session_key])
                .chain(p.tells.iter().copied())
                .chain(p.pairs.iter().flat_map(|(a, b)| [*a, *b]))
        }))
        .filter(|k| compound(k))
        .collect();
    let mut events: Vec<&'static str> = hal_caps::registry::REGISTRY
        .iter()
        .filter_map(|r| r.hooks)
        .flat_map(|h| h.events.iter().map(|e| e.native))
        .filter(|e| compound(e))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    events.sort_unstable();
    events.dedup();
    let mut out = Vec::new();
    for q in ['"', '\''] {
        out.extend(keys.iter().map(|k| format!("[{q}{k}{q}]")));
        out.extend(events.iter().map(|e| format!("{q}{e}{q}")));
    }
    out
}

/// Variables naming the terminal or editor a program runs in: a read of one is a
/// finding only where its value is compared to a runtime's name
/// (`TERM_PROGRAM == "claude-code"`, `case "$TERM_PROGRAM" in cursor)`).
pub(crate) const EDITOR_VARS: &[&str] = &["TERM_PROGRAM", "TERMINAL_EMULATOR"];

/// The runtime a literal names, whole (`cursor`, `claude-code`, a pattern's `claude*`):
/// a name that only starts with one (`claude_code_hooks_daemon`, a tool's own) is none.
pub(crate) fn literal_runtime(lit: &str) -> Option<&'static str> {
    runtime_name(lit.trim().trim_end_matches('*'))
}

/// The runtime a name like `claude_desktop` or `gemini-cli` starts with (its first
/// word, or the whole name), if any: a name, one word of letters, digits, `-`, `_` and
/// `.`, never prose.
pub(crate) fn first_word_runtime(name: &str) -> Option<&'static str> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')) {
        return None;
    }
    literal_runtime(name).or_else(|| name.split(['-', '_', '.']).next().and_then(runtime_name))
}

/// The runtime's name `text` (the line, or the statement's literals, around a read of
/// an [`EDITOR_VARS`] variable) compares it to, if any: a quoted literal, or a shell
/// `case` pattern (`cursor)`, `claude*|codex)`), naming one.
pub(crate) fn compared_runtime(text: &str) -> Option<&'static str> {
    for q in ['"', '\'', '`'] {
        if let Some(r) = text.split(q).skip(1).step_by(2).find_map(literal_runtime) {
            return Some(r);
        }
    }
    text.split_whitespace()
        .filter_map(|w| w.strip_suffix(')'))
        .flat_map(|w| w.trim_start_matches('(').split('|'))
        .find_map(literal_runtime)
}

/// Whether a variable is named for a runtime: its first `_`-separated part is a
/// runtime's name (`GEMINI_CONFIG_DIR`, `KILO_CONFIG`; not `RUNTIME`, `HOME`).
pub(crate) fn named_for_a_runtime(var: &str) -> bool {
    var.split_once('_').is_some_and(|(first, _)| is_runtime_name(first))
}

/// The runtime a variable is named just for (`CODEX`, `CURSOR`, `CLAUDE`): upper case,
/// a runtime's whole name of four letters or more (a shorter one, `PI`, names too much
/// else).
pub(crate) fn runtime_s_own_name(var: &str) -> Option<&'static str> {
    (var.len() >= 4 && var.bytes().all(|b| b.is_ascii_uppercase() || b == b'_') && !var.contains("__"))
        .then(|| runtime_name(var))
        .flatten()
}

/// Whether a flag's name names a runtime in any of its `_`-separated parts
/// (`codex_installed`, `HAS_AGENT_CLAUDE`, `FOUND_GEMINI`): a flag that stores whether
/// that runtime is there, not a count.
pub(crate) fn flag_names_a_runtime(var: &str) -> bool {
    var.contains('_') && var.split('_').any(is_runtime_name)
}

/// What a path text reaching a probe names: a runtime indicator file or directory, or
/// a process's identity under `/proc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PathHit {
    Indicator(&'static str),
    Proc,
}

/// Whether `t` names `/proc/<pid>/<identity file>` for the process's parent (`$PPID`,
/// `${ppid}`, a piece `{}` that is no literal), or the process's own `stat`/`status`
/// (`self`, `$$`: where its parent's id is read):
/// `/proc/cpuinfo`, `/proc/1/comm` and `/proc/self/cgroup` are hardware, kernel and
/// container facts, and `/proc/${pid}/cmdline` of a server a script found is no
/// runtime's.
pub(crate) fn is_proc_identity(t: &str) -> bool {
    t.match_indices("/proc/").any(|(i, _)| {
        let mut parts = t[i + "/proc/".len()..].split('/');
        let pid = parts.next().unwrap_or("");
        let file = parts.next().unwrap_or("");
        let file_end = file.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(file.len());
        let lower = pid.to_ascii_lowercase();
        let file = &file[..file_end];
        let parent = pid == "{}" || lower.contains("ppid") || lower.contains("parent");
        // The process's own executable, arguments, name or environment are bookkeeping
        // (a bundled library asking which C library it runs on); its `stat`/`status`
        // hold the parent's id, where a walk up the table starts.
        let own = matches!(pid, "self" | "thread-self" | "$$" | "${$}") && OWN_PARENT_FILES.contains(&file);
        (parent && PROC_FILES.contains(&file)) || own
    })
}

/// Whether `t` lists the process table: `/proc` itself, or a glob over its pids
/// (`/proc/*`, `/proc/[0-9]*/comm`): the start of a walk over every process.
pub(crate) fn is_proc_listing(t: &str) -> bool {
    let t = t.trim_matches(['"', '\'']);
    t.strip_prefix("/proc")
        .is_some_and(|rest| matches!(rest, "" | "/") || rest.starts_with("/*") || rest.starts_with("/["))
}

/// A registry path as it stands inside a path: without `~/` and a trailing `/`.
fn bare_path(p: &'static str) -> &'static str {
    p.trim_start_matches("~/").trim_end_matches('/')
}

/// The indicator `text` (a path, or path pieces joined with `/`, `{}` standing for a
/// piece that is no literal) names, if any.
pub(crate) fn path_hit(text: &str) -> Option<PathHit> {
    // Every answer past `/proc` holds a registry path or directory: one overlapping
    // pass finds every registry path that stands in the text (most paths a linter meets
    // name none), and whether any directory does.
    static ANY: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    let t = text.trim();
    if is_proc_listing(t) {
        return Some(PathHit::Proc);
    }
    if memchr::memmem::find(t.as_bytes(), b"/proc/").is_some() {
        return is_proc_identity(t).then_some(PathHit::Proc);
    }
    let paths = registry_paths();
    let any = ANY
        .get_or_init(|| {
            AhoCorasick::new(paths.iter().map(|p| bare_path(p)).chain(registry_dirs().iter().copied())).ok()
        })
        .as_ref()?;
    let (mut matched, mut file) = (false, None::<usize>);
    for m in any.find_overlapping_iter(t) {
        matched = true;
        let (k, i) = (m.pattern().as_usize(), m.start());
        if k >= paths.len() || file.is_some_and(|f| f < k) {
            continue;
        }
        // A whole path component match: `.claude/settings.json` inside
        // `$HOME/.claude/settings.json`, not inside `x.claude/settings.jsonl`; the
        // first in the registry's order wins.
        let before = t[..i].chars().next_back();
        let after = t[m.end()..].chars().next();
        if (i == 0 || t[i..].starts_with('/') || matches!(before, Some('/' | '"' | '\'' | '}' | ' ')))
            && (after.is_none() || matches!(after, Some('/' | '"' | '\'' | ' ')))
        {
            file = Some(k);
        }
    }
    if !matched {
        return runtime_named_dir(t).map(PathHit::Indicator);
    }
    if let Some(f) = file {
        return Some(PathHit::Indicator(paths[f]));
    }
    // A bare configuration directory: the path ends with it.
    let end = t.trim_end_matches(['/', '"', '\'']);
    registry_dirs()
        .iter()
        .copied()
        .find(|d| {
            end.strip_suffix(d)
                .is_some_and(|pre| pre.is_empty() || pre.ends_with('/') || pre.ends_with('~') || pre.ends_with(' '))
        })
        .or_else(|| runtime_named_dir(t))
        .map(PathHit::Indicator)
}

/// Whether `word` is a runtime's process name, or a pattern naming one as a word
/// (`claude`, `-f 'node.*claude'`).
fn names_a_runtime(word: &str) -> bool {
    let word = fold_classes(word);
    word.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .any(|w| !w.is_empty() && process_names().contains(&w))
}

/// A pattern's bracket classes (`[Cc]ursor`, `[c]laude`, the trick that keeps `grep`
/// from finding itself) folded to the class's first character, lower case; a class
/// whose `[` was trimmed off the word's start (`c]laude`) too.
fn fold_classes(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut class: Option<String> = word.find(']').filter(|&e| !word[..e].contains('[')).map(|_| String::new());
    for c in word.chars() {
        match (c, class.as_mut()) {
            ('[', None) => class = Some(String::new()),
            (']', Some(k)) => {
                out.extend(k.chars().next().map(|f| f.to_ascii_lowercase()));
                class = None;
            }
            (c, Some(k)) => k.push(c),
            (c, None) => out.push(c),
        }
    }
    out.extend(class.into_iter().flat_map(|k| k.chars().collect::<Vec<_>>()));
    out
}

/// The process-listing program a command line runs in a way that reads a process's
/// identity or ancestry, if it does: `ps` with `-p`/`--ppid`/`$PPID`/`$$` or an
/// `-o` format of `comm`/`args`/`ppid`, or piped into a `grep` of a runtime's name;
/// `pgrep`/`pidof` of a runtime's process name; `pstree` of `$$` or `$PPID`.
/// `ps` listing daemons and `pgrep pipewire` are not.
pub(crate) fn process_command(cmd: &str) -> Option<&'static str> {
    let segments: Vec<Vec<&str>> = cmd
        .split(['|', ';', '&', '(', ')', '`', '\n'])
        .map(|s| {
            s.split_whitespace()
                .map(|w| w.trim_matches(['"', '\'', ',', '[', ']', '{', '}', '+']))
                .filter(|w| !w.is_empty())
                .collect()
        })
        .collect();
    // `… | grep claude` looks for a runtime; `grep -v claude` leaves it out.
    let greps_runtime = segments.iter().any(|s| {
        s.first().is_some_and(|p| matches!(base(p), "grep" | "egrep" | "rg"))
            && !s[1..].iter().any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('v'))
            && s[1..].iter().any(|w| !w.starts_with('-') && names_a_runtime(w))
    }) || cmd.find("awk ").is_some_and(|at| {
        // `… | awk '$3 == "claude" {print $1}'`: a field compared to a runtime's name
        // (the program's `&&` and `;` are its own, so the text after `awk`).
        let words: Vec<&str> =
            cmd[at..].split_whitespace().map(|w| w.trim_matches(['"', '\'', '/', '{', '}'])).collect();
        words.windows(2).any(|w| matches!(w[0], "==" | "~") && names_a_runtime(w[1]))
    });
    for seg in &segments {
        let mut words =
            seg.iter().copied().skip_while(|w| matches!(*w, "sudo" | "command" | "exec") || w.contains('='));
        let Some(prog) = words.next() else { continue };
        let args: Vec<&str> = words.collect();
        let ancestry = |w: &&str| {
            w.contains("ppid") || w.contains("PPID") || w.contains("$$") || w.to_ascii_lowercase().contains("parent")
        };
        match base(prog) {
            "ps" => {
                let (formats, targets) = ps_words(&args);
                // What `ps` prints of the process it is pointed at: a name (`comm`,
                // `args`, the default columns) tells the runtime; pids alone are
                // bookkeeping (`ps -o ppid= -p "$PPID"`, a watchdog's liveness check).
                let names = formats.is_empty() || formats.iter().any(|f| names_a_process(f));
                if greps_runtime || (names && targets.iter().any(ancestry)) {
                    return Some("ps");
                }
            }
            "pgrep" | "pidof" if args.iter().any(|w| !w.starts_with('-') && names_a_runtime(w)) => {
                return Some(if base(prog) == "pgrep" { "pgrep" } else { "pidof" });
            }
            "pstree" if args.iter().any(ancestry) => return Some("pstree"),
            // Issue 47, round 12: macOS's process table through AppleScript (`osascript
            // -e 'tell application "System Events" to get … of first process whose name
            // is "Cursor"'`), asked for a runtime's process by name.
            "osascript"
                if cmd.contains("System Events")
                    && (cmd.contains("process whose") || cmd.contains("processes"))
                    && (cmd.contains('$') || args.iter().any(|w| names_a_runtime(w))) =>
            {
                return Some("osascript System Events");
            }
            _ => {}
        }
    }
    None
}

/// Whether a command line runs `ps` over the whole table printing each process's name
/// or command line (`ps -eo pid,tty,args`, `ps aux`, `ps`): a listing, a finding only
/// where what it printed is searched for a runtime.
pub(crate) fn lists_process_names(cmd: &str) -> bool {
    cmd.split(['|', ';', '&', '\n']).any(|seg| {
        let words: Vec<&str> = seg
            .split_whitespace()
            .map(|w| w.trim_matches(['"', '\'', ',', '[', ']', '{', '}', '+']))
            .filter(|w| !w.is_empty())
            .collect();
        words.first().is_some_and(|p| base(p) == "ps") && {
            let (formats, targets) = ps_words(&words[1..]);
            (formats.is_empty() || formats.iter().any(|f| names_a_process(f)))
                && targets.iter().all(|t| matches!(*t, "ax" | "aux" | "axo" | "auxww" | "axww" | "e" | "-e" | "-A"))
        }
    })
}

/// Format fields of `ps` that print a process's name or command line.
const PS_NAME_FIELDS: &[&str] = &["comm", "ucomm", "args", "command", "cmd", "ucmd", "exe", "fname", "cmdline"];

/// Whether a `ps` format (`comm=`, `pid,comm`, `ppid=`) prints a name.
fn names_a_process(format: &str) -> bool {
    format.split([',', ' ']).map(|f| f.split(['=', ':']).next().unwrap_or("")).any(|f| PS_NAME_FIELDS.contains(&f))
}

/// The format words of `ps`'s arguments (`-o X`, `-oX`, `-eo X`, `--format X`) and the
/// others that are no option: the processes it is pointed at.
fn ps_words<'a>(args: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    let (mut formats, mut targets) = (Vec::new(), Vec::new());
    let mut it = args.iter().copied().peekable();
    while let Some(w) = it.next() {
        if matches!(w, "-o" | "-O" | "-eo" | "-Ao" | "--format" | "o") {
            formats.extend(it.next());
        } else if let Some(f) = w.strip_prefix("--format=") {
            formats.push(f);
        } else if w.starts_with("-o") && w.len() > 2 {
            formats.push(&w[2..]);
        } else if !w.starts_with('-') {
            targets.push(w);
        }
    }
    (formats, targets)
}

fn base(prog: &str) -> &str {
    prog.rsplit('/').next().unwrap_or(prog)
}

fn names_automaton() -> &'static AhoCorasick {
    static AC: OnceLock<AhoCorasick> = OnceLock::new();
    AC.get_or_init(|| {
        let mut lits: Vec<&str> = indicator_vars();
        lits.push(vars::GASTOWN_PREFIX);
        AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&lits)
            .unwrap_or_else(|_| AhoCorasick::new([vars::GASTOWN_PREFIX]).unwrap_or_else(|_| unreachable!()))
    })
}

/// Every place in `text` where an indicator variable's name stands as a whole word,
/// as `(byte offset, name)`.
pub(crate) fn var_names(text: &str) -> Vec<(usize, &str)> {
    let ac = names_automaton();
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    for m in ac.find_iter(bytes) {
        if m.start() > 0 && ident(bytes[m.start() - 1]) {
            continue;
        }
        let mut end = m.end();
        while end < bytes.len() && ident(bytes[end]) {
            end += 1;
        }
        let name = &text[m.start()..end];
        if is_indicator_var(name) {
            out.push((m.start(), name));
        }
    }
    out
}

/// Whether a function's name says it tells whether a program is installed or present:
/// it names `detect` or `installed` (`detectInstalled`, `isDetected`, `is_installed`;
/// any case, `_` ignored).
pub(crate) fn is_detector(name: &str) -> bool {
    if name.len() > 64 {
        return false;
    }
    let lower: String = name.chars().filter(|c| *c != '_').map(|c| c.to_ascii_lowercase()).collect();
    lower.contains("detect") || lower.contains("installed")
}

/// Issue 47, round 20: the runtime a short name of at most three words starts with,
/// whole or by its first word (`Claude Code`, `Gemini CLI`, as `claude-code`): a name
/// answered or assigned, never a sentence.
pub(crate) fn named_runtime(name: &str) -> Option<&'static str> {
    let words = name.split(' ').count();
    (name.len() <= 32 && words <= 3).then(|| first_word_runtime(&name.replace(' ', "-"))).flatten()
}

/// Issue 47, round 19: the runtime a literal searched for in a value tells: a piece of
/// a path that is a runtime's hidden folder (`/.gemini/`, `.claude/projects`), or a
/// runtime's name, in lower case, with the `-` or `_` that starts its ids (`gemini-`).
pub(crate) fn told_by_value(lit: &str) -> Option<&'static str> {
    if lit.len() > 64 {
        return None;
    }
    if lit.contains('/') {
        return lit.split('/').find_map(|piece| piece.strip_prefix('.').and_then(literal_runtime));
    }
    // Lower case: an id's prefix, never the start of a variable's name (`CODEX_`).
    lit.strip_suffix(['-', '_']).filter(|n| n.bytes().all(|b| b.is_ascii_lowercase())).and_then(literal_runtime)
}

/// Issue 47, round 19: whether a function's name says it answers whether it runs
/// under a runtime, in one of its sessions or as one of its agents (`is_subagent_session`,
/// `_is_gemini_session`, `isClaudeCode`, `inAgentSession`, `running_under_codex`,
/// `hasCodexEnvironment`): a predicate (`is`, `in`, `running`, `under`, `inside` first,
/// or `has` of an environment) naming a runtime, or with `agents` an agent too (a
/// session alone may be the tool's own: `is_work_session_active`; so may an agent,
/// `isAgent` testing the tool's own team flags, where the names are not a runtime's).
pub(crate) fn is_runtime_predicate(name: &str, agents: bool) -> bool {
    let words = name_words(name);
    let names_one = || {
        words
            .iter()
            .skip(1)
            .any(|w| (agents && matches!(w.as_str(), "agent" | "subagent" | "sidechain")) || runtime_name(w).is_some())
    };
    match words.first().map(String::as_str) {
        Some("is" | "in" | "running" | "under" | "inside") => names_one(),
        // `hasCodexEnvironment`: whether its environment is a runtime's (not
        // `hasClaudeAuth`, a login, nor `hasClaudeConfig`, a file).
        Some("has") => names_one() && words.iter().any(|w| matches!(w.as_str(), "env" | "environment")),
        _ => false,
    }
}

/// The words of an identifier, lower case: split at `_`, `-` and where a capital
/// follows a lower-case letter or digit (`checkGeminiLogin`, `check_gemini_login`: `check`,
/// `gemini`, `login`). At most 16 words of a name of at most 64 bytes.
pub(crate) fn name_words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    if name.len() > 64 {
        return words;
    }
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if (c == '_' || c == '-' || (c.is_ascii_uppercase() && prev_lower)) && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        if c != '_' && c != '-' {
            cur.push(c.to_ascii_lowercase());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words.truncate(16);
    words
}

/// The runtime a class's name in CamelCase names by its first word (`AmpAdapter`,
/// `ClaudeCodeAgent`: `amp`, `claude`).
pub(crate) fn camel_first_word_runtime(ident: &str) -> Option<&'static str> {
    camel_runtime(ident).or_else(|| name_words(ident).first().and_then(|w| runtime_name(w)))
}

/// Issue 47, round 23: whether `name` is a model's id: a piece after its first starts
/// with a digit (`gemini-1.5-flash`, `claude-3-haiku-20240307`, `gpt-4o`).
pub(crate) fn is_model_id(name: &str) -> bool {
    name.split(['-', '_', '.', '/', ':']).skip(1).any(|w| w.starts_with(|c: char| c.is_ascii_digit()))
}

/// Issue 47, round 23: the runtime an enumeration's member names (`SupportedTool.CLAUDE_CODE`,
/// `AgentType.Cursor`, `Platform.codex`): the member of a type (a capitalised name),
/// whole or by its first word; `self.cursor` and `db.cursor` are no enumeration.
pub(crate) fn enum_member_runtime(text: &str) -> Option<&'static str> {
    let (owner, member) = text.rsplit_once('.')?;
    let owner = owner.rsplit('.').next().unwrap_or(owner);
    if text.len() > 64
        || !owner.starts_with(|c: char| c.is_ascii_uppercase())
        || owner.bytes().all(|b| !b.is_ascii_lowercase())
    {
        return None;
    }
    first_word_runtime(&member.to_ascii_lowercase()).or_else(|| camel_first_word_runtime(member))
}

/// The runtime an identifier in CamelCase names, whole or by its first word
/// (`ClaudeCode`, `GeminiCli`, `Cursor`; not `ClaudeMemPort`'s tool).
pub(crate) fn camel_runtime(ident: &str) -> Option<&'static str> {
    if ident.len() > 64 || !ident.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let mut kebab = String::new();
    for (i, c) in ident.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            kebab.push('-');
        }
        kebab.push(c.to_ascii_lowercase());
    }
    literal_runtime(&kebab).or_else(|| {
        kebab.split_once('-').and_then(|(first, rest)| {
            // `ClaudeCode`, `CodexCli`: a runtime's name and a word of its product's.
            matches!(rest, "code" | "cli" | "agent" | "ai" | "dev").then(|| runtime_name(first)).flatten()
        })
    })
}

/// Issue 47, round 15: whether a function named `name`, of text `text`, walks down the
/// process table: its name says it lists a process's children or descendants
/// (`_child_pids_for`, `build_children_map`, `collect_descendants`) and its text names
/// no runtime in a literal. Children of a known pid (a tool's own, to stop or count
/// them) tell nothing of the parent.
pub(crate) fn walks_down(name: &str, text: &str) -> bool {
    name_words(name)
        .iter()
        .any(|w| matches!(w.as_str(), "child" | "children" | "descendant" | "descendants" | "subtree"))
        && compared_runtime(&text.to_ascii_lowercase()).is_none()
}

/// Whether a function's text (its name and body) may walk the process table through
/// `/proc`: it names a parent (`ppid`, `parent`), or a runtime or a runtime's variable
/// in a literal. One naming none reads the process's own status (its umask, its start
/// time), a known pid's identity or whether `/proc` exists.
pub(crate) fn may_walk_the_table(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("ppid")
        // `parent`, not `parenthesis`.
        || lower.match_indices("parent").any(|(i, _)| !lower[i + "parent".len()..].starts_with("hes"))
        || compared_runtime(&lower).is_some()
        || text.split(['"', '\'', '`']).skip(1).step_by(2).any(is_indicator_var)
}

/// Whether `text` names `word` as a whole identifier.
pub(crate) fn names_word(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(word).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(ident) && !text[i + word.len()..].chars().next().is_some_and(ident)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_indicators_and_generic_ones_are_not() {
        for v in ["CLAUDECODE", "CODEX_THREAD_ID", "GEMINI_CLI", "GT_STALL_THRESHOLD", "GT_ANYTHING", "AI_AGENT"] {
            assert!(is_indicator_var(v), "{v}");
        }
        for v in ["HOME", "PATH", "USER", "TERM_PROGRAM", "GT_", "CLAUDECODEX", "GT_\u{1b}[2J"] {
            assert!(!is_indicator_var(v), "{v}");
        }
        assert!(indicator_vars().contains(&"CLAUDECODE"));
        assert!(indicator_vars().contains(&"CLAUDE_CODE_SSE_PORT"));
        assert!(is_path_var("CLAUDE_PROJECT_DIR") && is_path_var("CLAUDE_ENV_FILE") && !is_path_var("CLAUDECODE"));
    }

    /// hal's own variables are read from the pure tier, not restated: each is an
    /// indicator, the generic ones it also reads (`HOME`, `XDG_CONFIG_HOME`) are not.
    #[test]
    fn hals_own_variables_are_lint_indicators() {
        for v in vars::ALL {
            assert!(is_indicator_var(v), "{v}");
        }
        assert!(!is_indicator_var(vars::HOME) && !is_indicator_var(vars::XDG_CONFIG_HOME));
    }

    #[test]
    fn paths_match_whole_components() {
        assert_eq!(path_hit(".claude/settings.json"), Some(PathHit::Indicator(".claude/settings.json")));
        assert_eq!(path_hit("$HOME/.cursor/hooks.json"), Some(PathHit::Indicator(".cursor/hooks.json")));
        assert_eq!(path_hit("{}/.codex"), Some(PathHit::Indicator(".codex")));
        assert_eq!(path_hit("~/.qwen/"), Some(PathHit::Indicator(".qwen")));
        assert_eq!(path_hit("/proc/self/status"), Some(PathHit::Proc));
        assert_eq!(path_hit("/proc/$$/stat"), Some(PathHit::Proc));
        // The process's own executable, name and arguments are its bookkeeping.
        assert_eq!(path_hit("/proc/self/exe"), None);
        assert_eq!(path_hit("/proc/self/comm"), None);
        assert_eq!(path_hit("/proc/$PPID/cmdline"), Some(PathHit::Proc));
        assert_eq!(path_hit("/proc/{}/stat"), Some(PathHit::Proc));
        assert_eq!(path_hit("/proc/{process.ppid}/comm"), Some(PathHit::Proc));
        assert_eq!(path_hit("/proc"), Some(PathHit::Proc));
        assert_eq!(path_hit("/proc/[0-9]*"), Some(PathHit::Proc));
        assert_eq!(path_hit("/proc/*/comm"), Some(PathHit::Proc));
        for no in [
            "/proc/1/comm",
            "/proc/cpuinfo",
            "/proc/self/cgroup",
            "/procurement",
            "docs/claude-settings.md",
            "cat /proc/${pid}/cmdline",
        ] {
            assert_eq!(path_hit(no), None, "{no}");
        }
        assert_eq!(path_hit("x.claude/settings.jsonl"), None);
        // Names by shape: under a vendor prefix of the registry's variables.
        assert_eq!(vendor_prefix("CURSOR_CLI"), Some("CURSOR_"));
        assert_eq!(vendor_prefix("CLAUDECODE_SESSION_ID"), Some("CLAUDECODE_"));
        assert_eq!(vendor_prefix("CLAUDE_CODE_CLI"), Some("CLAUDE_CODE_"));
        for no in ["CLAUDECODE", "HOME", "CLAUDE_", "MY_CLAUDE_X", "claude_x", "TERM_PROGRAM", "CLAUDE_MEM_INTERNAL"] {
            assert_eq!(vendor_prefix(no), None, "{no}");
        }
        // Directories named for a runtime, built from segments (issue 47).
        // The indicator is the path's last piece, without its dot.
        // A runtime's config folder from its launch facts, whole (`.pi/agent` too).
        assert_eq!(path_hit("{}/.config/opencode"), Some(PathHit::Indicator(".config/opencode")));
        assert_eq!(path_hit("{home}/.pi/agent"), Some(PathHit::Indicator(".pi/agent")));
        assert_eq!(path_hit("{home}/.pi/other"), None);
        for yes in ["{}/.config/crush/", "{}/.codeium/windsurf/", "{}/.gemini/antigravity", "~/.openclaw"] {
            let last = yes.trim_end_matches('/').rsplit('/').next().unwrap().trim_start_matches('.');
            assert_eq!(path_hit(yes), Some(PathHit::Indicator(last)), "{yes}");
        }
        for no in ["{}/share/opencode", "bin/claude", "{}/.config/nvim", "../claude", "{}/.config/opencode/x.json"] {
            assert_eq!(path_hit(no), None, "{no}");
        }
        assert_eq!(path_hit("src/my.codex"), None);
    }

    #[test]
    fn hidden_home_folders_hal_does_not_know() {
        for (yes, dir) in [
            ("{home}/.mux", "~/.mux"),
            ("~/.kode", "~/.kode"),
            ("$HOME/.pochi/", "~/.pochi"),
            ("{os.homedir()}/.adal/agent", "~/.adal/agent"),
        ] {
            assert_eq!(unknown_home_dir(yes).as_deref(), Some(dir), "{yes}");
        }
        // Known runtimes, shells' and tools' settings, shared roots, not under home.
        for no in [
            "{home}/.claude",
            "{home}/.claude/local",
            "{home}/.bash_profile",
            "{home}/.npmrc",
            "{home}/.config",
            "{home}/.cache",
            "{cwd}/.mux",
            "{home}/.mux/a/b",
            "{home}/.mux.json",
            "{home}/mux",
        ] {
            assert_eq!(unknown_home_dir(no), None, "{no}");
        }
    }

    #[test]
    fn process_commands_that_mean_detection() {
        for yes in [
            "ps -o comm= -p $PPID",
            "ps -p \"$$\" -o args=",
            "ps -o pid,comm -p \"$parent_pid\"",
            "ps aux | grep -i claude",
            "pgrep -f claude",
            "pidof codex",
            "pstree -s $$",
            "ps -p $PPID",
            // A bracket class keeps `grep` from finding itself.
            "pgrep -fl \"[Cc]ursor\"",
            "ps aux | grep '[c]laude'",
        ] {
            assert!(process_command(yes).is_some(), "{yes}");
        }
        for no in [
            "pgrep pipewire",
            "pgrep -f minecraft",
            "pgrep -f '[m]inecraft'",
            "ps aux",
            "ps -e | grep pulseaudio",
            "echo ps",
            "steps -p",
            "ps -p 1 -o args=",
            "ps -o ppid=",
            "ps -o ppid= -p \"$PPID\"",
            "ps -ww -p \"$pid\" -o command=",
            "ps -o pid,vsz,rss,comm -p \"$pid\"",
            "ps -eo pid,user,etime,cmd | grep -E \"$p\" | grep -v -E \"grep|claude\"",
        ] {
            assert_eq!(process_command(no), None, "{no}");
        }
    }

    #[test]
    fn variable_names_stand_as_whole_words() {
        assert_eq!(var_names("a $GT_ROLE b CLAUDECODEX"), [(3, "GT_ROLE")]);
    }
}
