//! Operator overrides and the config file.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::time::Duration;

use hal_caps::{ConfigSource, OriginKind, RawSettings, RawVar, resolve};
use hal_types::{GuppStrategy, RuntimeProvider as P};

/// `bytes` as an OS string, not valid Unicode where they are not UTF-8 (on Windows each
/// byte is a UTF-16 unit, those from 0x80 lone surrogates).
fn os_bytes(bytes: Vec<u8>) -> OsString {
    #[cfg(unix)]
    return std::os::unix::ffi::OsStringExt::from_vec(bytes);
    #[cfg(windows)]
    return std::os::windows::ffi::OsStringExt::from_wide(
        &bytes.iter().map(|b| if *b < 0x80 { u16::from(*b) } else { 0xD800 | u16::from(*b) }).collect::<Vec<_>>(),
    );
}

#[allow(clippy::unnecessary_wraps, reason = "the settings fields are options")]
fn var(name: &'static str, value: impl Into<OsString>) -> Option<RawVar> {
    Some(RawVar { name, value: value.into() })
}

fn settings() -> RawSettings {
    RawSettings::default()
}

fn stall(provider: P, raw: &RawSettings) -> (Duration, Vec<String>) {
    let r = resolve(&hal_caps::capabilities(provider), raw);
    (r.capabilities.stall_threshold, r.warnings())
}

#[test]
fn duration_forms() {
    for (text, secs) in [("240", 240), ("240s", 240), (" 4m ", 240), ("1h", 3600), ("1", 1), ("24h", 86_400)] {
        let mut s = settings();
        s.stall_threshold = var("GT_STALL_THRESHOLD", text);
        let (d, w) = stall(P::Codex, &s);
        assert_eq!(d, Duration::from_secs(secs), "{text}");
        assert!(!w.iter().any(|x| x.contains("ignoring")), "{text}: {w:?}");
    }
}

#[test]
fn bad_durations_keep_the_default_and_say_so() {
    let long = "9".repeat(200);
    for text in ["0", "86401", "25h", "abc", "-5", "4 minutes", "1.5m", "", long.as_str(), "\u{1b}[2J99"] {
        let mut s = settings();
        s.stall_threshold = var("GT_STALL_THRESHOLD", text);
        let r = resolve(&hal_caps::capabilities(P::Codex), &s);
        assert_eq!(r.capabilities.stall_threshold, Duration::from_secs(180), "{text:?}");
        if text.is_empty() {
            continue;
        }
        let w = r.warnings().join("\n");
        assert!(w.contains("GT_STALL_THRESHOLD") && w.contains("using 180s"), "{text:?}: {w}");
        assert!(!w.contains('\u{1b}'), "control characters are escaped: {w:?}");
        assert!(w.len() < 300, "long values are truncated: {}", w.len());
        assert!(r.overrides.iter().any(|o| o.origin == OriginKind::Rejected));
    }
    let mut s = settings();
    s.nudge_interval = var("GT_NUDGE_INTERVAL", os_bytes(vec![0x34, 0xff]));
    let r = resolve(&hal_caps::capabilities(P::Codex), &s);
    assert_eq!(r.capabilities.nudge_interval, Duration::from_secs(60));
    assert!(r.warnings()[0].contains("GT_NUDGE_INTERVAL"));
}

#[test]
fn nudge_not_shorter_than_stall_is_kept_with_a_warning() {
    let mut s = settings();
    s.nudge_interval = var("GT_NUDGE_INTERVAL", "10m");
    let r = resolve(&hal_caps::capabilities(P::Claude), &s);
    assert_eq!(r.capabilities.nudge_interval, Duration::from_secs(600));
    assert!(r.warnings().iter().any(|w| w.contains("not shorter than stall threshold")));
}

#[test]
fn gupp_override_within_structural_limits() {
    let cases = [
        (P::Codex, "hook_injection", GuppStrategy::StartupFallback, true),
        (P::Codex, "polling", GuppStrategy::Polling, false),
        (P::Codex, "prompt_preamble", GuppStrategy::PromptPreamble, false),
        (P::Claude, "polling", GuppStrategy::Polling, false),
        // SessionStart output is injected text, and claude takes a launch prompt.
        (P::Claude, "prompt_preamble", GuppStrategy::PromptPreamble, false),
        (P::Roo, "prompt_preamble", GuppStrategy::Polling, true),
        (P::Cursor, "hook_injection", GuppStrategy::PromptPreamble, true),
        (P::Gemini, " STARTUP_FALLBACK ", GuppStrategy::StartupFallback, false),
        (P::Unknown, "startup_fallback", GuppStrategy::Polling, true),
        (P::Unknown, "hook_injection", GuppStrategy::Polling, true),
        (P::Claude, "bogus", GuppStrategy::HookInjection, true),
    ];
    for (provider, value, want, rejected) in cases {
        let mut s = settings();
        s.gupp_strategy = var("GT_GUPP_STRATEGY", value);
        let r = resolve(&hal_caps::capabilities(provider), &s);
        assert_eq!(r.capabilities.gupp_strategy, want, "{provider} {value}");
        let was_rejected =
            r.overrides.iter().any(|o| o.origin == OriginKind::Rejected && o.field.as_str() == "gupp_strategy");
        assert_eq!(was_rejected, rejected, "{provider} {value}: {:?}", r.overrides);
        assert_eq!(!r.warnings().is_empty(), rejected, "{provider} {value}: {:?}", r.warnings());
    }
}

/// The GUPP impossibility rule restated from the registry's facts, independently of
/// `gupp_possible`: `None` when possible, else the capability a rejection must name.
fn missing(r: &hal_caps::Runtime, strategy: GuppStrategy) -> Option<&'static str> {
    let row = hal_caps::row(r);
    let own_hook_injects = r.hook_system().is_some_and(|h| h.injects());
    let adapter_primes = r.gastown.is_some_and(|g| g.adapter.is_some_and(|a| a.primes) && g.undelivered.is_none());
    let text_at_start = r.takes_prompt
        || row.startup_injection == hal_types::StartupInjection::CommandPalette
        || row.session_hooks == hal_types::Support::Yes
        || own_hook_injects
        || adapter_primes;
    match strategy {
        GuppStrategy::HookInjection if row.session_hooks != hal_types::Support::Yes => Some("session_hooks: yes"),
        GuppStrategy::PromptPreamble if !text_at_start => Some("receive text at start"),
        GuppStrategy::StartupFallback if r.provider == P::Unknown => Some("known runtime"),
        _ => None,
    }
}

#[test]
fn every_runtime_and_every_gupp_strategy_per_the_rule() {
    let mut rejected = std::collections::BTreeMap::<GuppStrategy, Vec<&str>>::new();
    for r in hal_caps::REGISTRY {
        for strategy in GuppStrategy::ALL {
            let direct = hal_caps::gupp_possible(&hal_caps::row(r), *strategy);
            let mut s = settings();
            s.gupp_strategy = var("GT_GUPP_STRATEGY", strategy.as_str());
            let res = resolve(&hal_caps::row(r), &s);
            let refused = res.overrides.iter().find(|o| o.origin == OriginKind::Rejected);
            match missing(r, *strategy) {
                None => {
                    assert_eq!(direct, Ok(()), "{} {strategy}", r.provider);
                    assert_eq!(res.capabilities.gupp_strategy, *strategy, "{} {strategy}", r.provider);
                    assert!(refused.is_none(), "{} {strategy}", r.provider);
                }
                Some(capability) => {
                    let reason = direct.expect_err("rejected");
                    assert!(reason.contains(capability), "{} {strategy}: {reason}", r.provider);
                    assert_eq!(refused.and_then(|o| o.reason.clone()), Some(reason), "{} {strategy}", r.provider);
                    assert_eq!(res.capabilities.gupp_strategy, hal_caps::row(r).gupp_strategy);
                    rejected.entry(*strategy).or_default().push(r.provider.as_str());
                }
            }
        }
    }
    // The rule in numbers, reviewed: polling is never refused, startup_fallback only
    // on unknown, prompt_preamble only where nothing delivers text at start.
    assert!(!rejected.contains_key(&GuppStrategy::Polling));
    assert_eq!(rejected[&GuppStrategy::StartupFallback], ["unknown"]);
    let listing = rejected.iter().fold(String::new(), |mut out, (s, ps)| {
        let _ = writeln!(out, "{s} rejected on {}: {}", ps.len(), ps.join(", "));
        out
    });
    insta::assert_snapshot!("gupp_rejections", listing);
}

fn with_config(text: &str) -> RawSettings {
    let mut s = settings();
    s.config = ConfigSource::Text { path: "/etc/hal.toml".to_owned(), text: text.to_owned() };
    s
}

#[test]
fn config_file_valid_and_env_beats_file() {
    let text =
        "[defaults]\nstall_threshold = \"4m\"\n[runtime.codex]\nnudge_interval = 45\ngupp_strategy = \"polling\"\n";
    let r = resolve(&hal_caps::capabilities(P::Codex), &with_config(text));
    assert_eq!(r.capabilities.stall_threshold, Duration::from_secs(240));
    assert_eq!(r.capabilities.nudge_interval, Duration::from_secs(45));
    assert_eq!(r.capabilities.gupp_strategy, GuppStrategy::Polling);
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());
    let o = r.overrides.iter().find(|o| o.field.as_str() == "nudge_interval").unwrap();
    assert_eq!(o.origin, OriginKind::ConfigFile);
    // [runtime.codex] does not apply to claude; [defaults] does.
    let r = resolve(&hal_caps::capabilities(P::Claude), &with_config(text));
    assert_eq!(r.capabilities.nudge_interval, Duration::from_secs(30));
    assert_eq!(r.capabilities.stall_threshold, Duration::from_secs(240));
    // The environment beats the file.
    let mut s = with_config(text);
    s.stall_threshold = var("GT_STALL_THRESHOLD", "7m");
    let r = resolve(&hal_caps::capabilities(P::Codex), &s);
    assert_eq!(r.capabilities.stall_threshold, Duration::from_secs(420));
    let o = r.overrides.iter().find(|o| o.field.as_str() == "stall_threshold").unwrap();
    assert_eq!((o.origin, o.source.as_deref()), (OriginKind::Env, Some("GT_STALL_THRESHOLD")));
}

#[test]
fn config_file_absent_malformed_unusable() {
    let defaults = hal_caps::capabilities(P::Codex);
    let r = resolve(&defaults, &settings());
    assert_eq!(r.capabilities, defaults);
    assert!(r.warnings().is_empty());
    for text in [
        "stall_threshold = [",
        "[defaults]\nstall_threshold = true\n",
        "oops = 1",
        "[runtime.nobody]\nstall_threshold = 5\n",
        "[defaults]\ntypo = 1\n",
    ] {
        let r = resolve(&defaults, &with_config(text));
        assert_eq!(r.capabilities, defaults, "{text:?}");
        assert!(!r.warnings().is_empty(), "{text:?} warns");
    }
    let mut s = settings();
    s.config = ConfigSource::Unusable { path: "/x".to_owned(), reason: "larger than 1048576 bytes".to_owned() };
    let r = resolve(&defaults, &s);
    assert_eq!(r.capabilities, defaults);
    assert!(r.warnings()[0].contains("larger than"));
}

#[test]
fn command_override() {
    let mut s = settings();
    s.command = var("GT_COMMAND", "/opt/gas town/gt");
    assert_eq!(resolve(&hal_caps::capabilities(P::Codex), &s).command, "/opt/gas town/gt");
    s.command = var("GT_COMMAND", os_bytes(vec![0xff]));
    let r = resolve(&hal_caps::capabilities(P::Codex), &s);
    assert_eq!(r.command, "gt");
    assert!(!r.warnings().is_empty());
}

/// Fuzz finding (override_value, crash-44d26d92): the reason for a rejected
/// GT_GUPP_STRATEGY quoted the raw value, so a control character reached the warning
/// unescaped.
#[test]
fn fuzz_regression_gupp_reason_is_escaped() {
    let mut s = settings();
    s.gupp_strategy = var("GT_GUPP_STRATEGY", "@\u{4}");
    let r = resolve(&hal_caps::capabilities(P::Codex), &s);
    for w in &r.warnings() {
        assert!(!w.chars().any(char::is_control), "{w:?}");
    }
    for o in &r.overrides {
        assert!(!o.reason.as_deref().unwrap_or("").chars().any(char::is_control), "{o:?}");
        assert!(!o.value.chars().any(char::is_control), "{o:?}");
    }
}

/// Long config-file values are truncated in warnings like environment values.
#[test]
fn config_values_are_quoted_like_env_values() {
    let long = "9".repeat(500);
    let r = resolve(
        &hal_caps::capabilities(P::Codex),
        &with_config(&format!("[defaults]\nstall_threshold = \"{long}\"\n")),
    );
    assert!(r.warnings()[0].len() < 300, "{}", r.warnings()[0]);
}

#[test]
fn every_problem_is_a_diagnostic_with_its_code() {
    use hal_types::DiagnosticCode as C;
    let with = |f: &dyn Fn(&mut RawSettings)| {
        let mut s = settings();
        f(&mut s);
        s
    };
    let text = |t: &str| ConfigSource::Text { path: "/x.toml".to_owned(), text: t.to_owned() };
    let cases: Vec<(RawSettings, C)> = vec![
        (with(&|s| s.stall_threshold = var("GT_STALL_THRESHOLD", "25h")), C::OverrideOutOfRange),
        (with(&|s| s.nudge_interval = var("GT_NUDGE_INTERVAL", "soon")), C::OverrideOutOfRange),
        (with(&|s| s.gupp_strategy = var("GT_GUPP_STRATEGY", "hook_injection")), C::OverrideRejected),
        (with(&|s| s.command = var("GT_COMMAND", os_bytes(vec![0xff]))), C::OverrideRejected),
        (with(&|s| s.nudge_interval = var("GT_NUDGE_INTERVAL", "1h")), C::NudgeNotShorter),
        (with(&|s| s.config = ConfigSource::Missing { path: "/x.toml".to_owned() }), C::ConfigMissing),
        (with(&|s| s.config = text("[x")), C::ConfigUnusable),
        (with(&|s| s.config = text("[defaults]\nbogus = 1\n")), C::ConfigUnusable),
    ];
    for (raw, code) in cases {
        let r = resolve(&hal_caps::capabilities(P::Codex), &raw);
        let codes: Vec<C> = r.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, [code], "{raw:?}");
        assert_eq!(r.warnings(), [r.diagnostics[0].message.clone()]);
    }
}

#[test]
fn a_rejected_value_is_raw_in_data_and_quoted_only_in_the_message() {
    let mut raw = settings();
    raw.gupp_strategy = var("GT_GUPP_STRATEGY", "bogus\n");
    let r = resolve(&hal_caps::capabilities(P::Codex), &raw);
    let rejected = r.overrides.iter().find(|o| o.origin == OriginKind::Rejected).unwrap();
    assert_eq!(rejected.raw.as_deref(), Some("bogus\\n"));
    assert_eq!(rejected.value, "bogus\\n");
    assert_eq!(r.diagnostics[0].subject.as_deref(), Some("GT_GUPP_STRATEGY"));
    assert!(r.diagnostics[0].message.contains("`bogus\\n`"), "{}", r.diagnostics[0].message);
}
