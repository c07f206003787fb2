//! What each rule of the boundary lint reports, and what it leaves alone: the rules
//! table of `docs/reference/lint.md`, `hal lint --help` and the man page. The ids are
//! hal-types' ([`Rule`]); the prose is the lint's.

use crate::rules::Rule;

/// What `rule` reports, and what it leaves alone.
pub(crate) const fn what(rule: Rule) -> &'static str {
    match rule {
        Rule::IndicatorVar => {
            "a read of a runtime's marker, session or identity variable (the registry's markers, combinations, weak signals, settings, session variables and the variables skills read to tell a runtime; `AI_AGENT`, `GT_*`) in any idiom: `process.env.X`, `process.env['X']`, destructuring, `'X' in process.env`, `Object.hasOwn(process.env, 'X')`, a constant list of names, `os.environ.get`, `os.getenv`, `'X' in os.environ`, `$X`, `${X:+…}`, `[[ -n $X ]]`, `printenv X`, `env | grep X`, `[[ -v X ]]`, `declare -p X`, `${!v}`, awk's `ENVIRON`, `std::env::var`, with the name folded from literals (`\"CLAUDE\" + \"CODE\"`, escapes, templates, `concat!`), in `eval`, `python3 -c`, `node -e` and heredoc code, hook command strings and Markdown code blocks, and through an alias of the environment (`function f(env = process.env)`, `def f(env=os.environ)`, `{ ...process.env }`, `dict(os.environ)`); and a shell presence test of any variable named for a runtime whose branch only names a runtime (`elif [ -n \"$GEMINI_CONFIG_DIR\" ]; then RUNTIME=gemini`); a scan of the environment's names for a runtime's prefix (`Object.keys(process.env).some(k => k.startsWith('CODEX_'))`, `any(k.startswith('CLAUDE_CODE') for k in os.environ)`, `env | grep '^CLAUDE_'`, `compgen -e`); a name hal does not know under a runtime's vendor prefix, shaped like a registry identity variable (`CURSOR_CLI`) read where it decides or compared to a literal (`process.env.CLAUDE_CODE_CLI === 'true'`), or choosing between runtimes' own values (`process.env.GEMINI_API_KEY ? 'AfterTool' : 'PostToolUse'`), stored in a name a later condition tests (`const sid = process.env.CLAUDECODE_SESSION_ID; return sid ? …`), or tested by an `if` returning a runtime's name (`if os.getenv('CLAUDE_DESKTOP'): return 'claude_desktop'`); a session variable under a runtime's own name (`KIRO_IDE_SESSION_ID`, `OPENCLAW_SESSION_ID`) read and kept; names kept in a table and read by lookup (`for (const [r, v] of Object.entries(VARS)) process.env[v]`, `for r, v in VARS.items()`, a Rust array of tuples), reported at the table's names; `TERM_PROGRAM` compared to a runtime's name (also by a `case`'s patterns); a hook payload tested for a key only one runtime's payload holds (`'turn_id' in payload`), or for any field whose test's branch returns a runtime's name (`if ('toolName' in payload) return 'copilot'`). Not: a write, delete or unset (`delete process.env.X`, `os.environ.pop`, `env -u X`), a default set and read by nothing (`os.environ.setdefault('X', 'v')`, `: \"${X:=v}\"`), a scan that leaves a runtime's name out of a child's environment (`{k: v for k, v in os.environ.items() if k != 'CLAUDECODE'}`), `${X:+$X/…}` building a path, a variable whose name says it holds a path read as a path or tested only to use it (`X ? expand(X) : join(home, '.codex')`, `${CODEX_HOME:-$HOME/.codex}`), a literal that reaches no read, `HOME`/`PATH`, a skill's own variable under a vendor prefix (`CLAUDE_MEM_PORT`), a shell script's own variable set above its reads (`AGENT=\"ai:review\"`), a runtime's folder variable tested only to pass it to a child (`[ -n \"$CODEX_HOME\" ] && MIN_ENV+=(…)`), Rust's `env::vars()` in a statement naming no runtime (kept for a child, proxies logged), a session variable only printed, `TERM_PROGRAM` compared to no runtime, a payload's field read for its value"
        }
        Rule::RuntimePathVar => {
            "(retired: never reported) a runtime-provided path (`CLAUDE_PROJECT_DIR`, `CODEX_HOME`, ...) used as a path is no detection; the id stays so that suppressions naming it still parse"
        }
        Rule::IndicatorFile => {
            "a probe whose answer decides on a runtime's indicator file or configuration directory from the registry (exists/is-file/is-dir/stat, `[ -f ]`/`-d`/`-e`, a read inside a condition), or a file the runtime itself writes there (the registry's own files: `~/.gemini/installation_id`, `~/.codex/auth.json`, read for its content too) or a hidden file named for it (`~/.claude.json`), built literally, by joins, templates or `pathlib` `/`, through a variable the script assigns once, a function or method of the same file returning the path, a closure's parameter, a runtime's base folders (`xdg`'s `with_prefix(\"opencode\")`, platformdirs), from a constant list naming two or more runtimes' directories, behind a value's default (`process.env.CODEX_HOME || join(home, '.codex')`), or given by a table of records iterated (`for (const t of TOOLS) for (const p of t.detectPaths(home))`); a runtime's config folder from its launch facts (`~/.pi/agent`); a hidden folder under home that hal does not know, probed in a function whose name says it detects an installation (`detectInstalled: () => existsSync(join(home, '.mux'))`, `isDetected`, `detect_kode() { [ -d \"$HOME/.kode\" ]; }`); each entry of a table probed in a loop of a function named for detecting agents or tools (`detectAgents`): `existsSync(join(home, '.codex'))`, `self.settings_path().map(|p| p.exists())`, `for (const d of ['.claude', '.gemini']) existsSync(join(home, d, 'x'))`, `for d in .claude .gemini; do [ -d \"$HOME/$d\" ]`. Not: code that writes or edits that file (an installer owns its hook file), a read whose result decides nothing, a stat read only for the file's size or age, a probe whose answer only goes into a printed message, a shell health check whose branches only print and count (a flag named for a runtime, `codex_installed=1`, is no count), a probe under a parameter whose branch only collects or prints report lines (an inventory of a project it was given), the same path probed again inside its own probe's branch, a mention in a message, the tool's own files in a runtime's directory (`.claude/skills/pick/SKILL.md`, `.claude/pick-state.json`), a probe in a loop that climbs the directory tree to find a project's root (`while cur != cur.parent: if (cur / '.claude').is_dir()`, `d=$(dirname \"$d\")`)"
        }
        Rule::ProcessTable => {
            "reads the process table for a runtime: `/proc/<$PPID|parent>/{stat,status,cmdline,comm,exe,environ}`, `/proc/self/{stat,status}` (where the parent's id is read), `/proc/<pid>/stat` read for the parent's id, a shell loop climbing by `p=$(ps -o ppid= -p \"$p\")`, a listing of `/proc` (`readdirSync('/proc')`, `os.listdir('/proc')`, `for p in /proc/[0-9]*`), `ps` printing the name of itself or its parent (`ps -o comm= -p $PPID`), `ps | grep <runtime>`, `pgrep`/`pidof` of a runtime's process name (a bracket class too: `pgrep -f '[c]laude'`), `pstree -s $$`, `psutil.Process(os.getppid())`, psutil's `parent()`/`parents()`, psutil's `process_iter()` where its function compares to a runtime's name, sysinfo's `parent()`, sysinfo's `System::new_all()`/`processes()` where its function compares to a runtime's name. Not: the process's own pid or parent pid (`process.ppid`, `os.getppid()`, `parent_id()`), a known pid's liveness or command line (`ps -p \"$pid\" -o command=`, `ps -o ppid= -p \"$PPID\"`, `/proc/$pid/cmdline`), other `/proc` files (`/proc/cpuinfo`, `/proc/self/cgroup`, `/proc/self/exe`, `/proc/1/comm`), a dashboard listing every process (`ps aux | grep claude` split into lines), a listing of `/proc` in a function naming no runtime (killing the tool's own workers), a walk up the table reading only each ancestor's terminal (`ps -o tty=`), `ps`/`pgrep` of programs that are no runtime (`pgrep pipewire`)"
        }
        Rule::HalCrateDependency => "`Cargo.toml` depends on a hal crate other than `hal-types`",
        Rule::UnpinnedHalTypes => {
            "`Cargo.toml` requires `hal-types` without pinning a release line (`*`, `>=`, a path or git source without a version)"
        }
        Rule::ProcessDependency => {
            "(with `--strict` only: a dependency is no read; the process-table reads in code are `process-table`'s) a manifest depends on a process-table crate or package (`sysinfo`, `procfs`, `psutil`, `ps-list`, ...)"
        }
        Rule::DetectionPackage => {
            "`package.json` or `pyproject.toml` depends on a runtime-detection package (`@vercel/detect-agent`, `am-i-vibing`, `is-ai-agent`, `std-env`, ...)"
        }
        Rule::BadSuppression => "a `hal-lint: allow(...)` comment without a reason, or naming an unknown rule",
        Rule::Newer => NEWER,
        // `Rule` is `#[non_exhaustive]`: a rule hal-types adds without its text here
        // fails the build (below).
        _ => "",
    }
}

/// What a rule a newer hal reports reads as.
const NEWER: &str = "a rule a newer hal reports, which this version does not know";

// Every rule has its description: a new `LintRule` without one does not compile.
const _: () = {
    let mut i = 0;
    while i < Rule::ALL.len() {
        assert!(!what(Rule::ALL[i]).is_empty(), "every lint rule has its description in what.rs");
        i += 1;
    }
};
