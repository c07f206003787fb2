//! Startup plans: Gastown's presets as a table, the fragments as mergeable
//! configuration, one snapshot per strategy and kind of role, and shell safety.

use std::fmt::Write as _;

use hal_caps::fragment::{installed, merge};
use hal_caps::registry;
use hal_gupp::shell::{join, quote};
use hal_gupp::{agent_id_from_stamp, role_from_stamp, startup_plan, startup_plan_for};
use hal_types::{AgentRole, HookKind, RuntimeProvider as P, StartupPlan, StartupStrategy as S};
use proptest::prelude::*;
use serde_json::{Value, json};

fn plan(p: P, role: AgentRole) -> StartupPlan {
    let r = registry::runtime(p);
    startup_plan(&hal_caps::row(r), r, role, "gt")
}

/// Gastown's presets, copied from runtime-facts.md §5 ("Presets and hook files", the
/// startup fallback matrix, the Claude settings templates and the hook templates;
/// sources: steveyegge/gastown:internal/config/agents.go,
/// gastownhall/gastown:internal/config/agents.go@d74edb69 for kiro and grok,
/// steveyegge/gastown:internal/hooks/templates/), as hal plans them. The design's rows
/// keep gemini, codex and cursor on the fallback: their adapters are native facts.
///
/// preset, strategy, hook file, hook kind, fragment events, startup nudge delay.
type Preset = (P, S, Option<&'static str>, Option<HookKind>, &'static [&'static str], Option<u64>);

/// See [`Preset`].
const PRESETS: &[Preset] = &[
    (
        P::Claude,
        S::HookInjection,
        Some(".claude/settings.json"),
        Some(HookKind::SettingsJson),
        &["PreCompact", "SessionStart", "UserPromptSubmit"],
        None,
    ),
    (P::Gemini, S::StartupFallback, None, None, &[], Some(2000)),
    (P::Codex, S::StartupFallback, None, None, &[], Some(2000)),
    (P::Cursor, S::StartupFallback, None, None, &[], Some(2000)),
    (P::Auggie, S::StartupFallback, None, None, &[], Some(2000)),
    (P::Amp, S::StartupFallback, None, None, &[], Some(2000)),
    (P::Opencode, S::HookInjection, Some(".opencode/plugins/gastown.js"), Some(HookKind::JsPlugin), &[], None),
    // Copilot's and omp's adapters do not deliver where a live run checked them
    // (`GastownPreset::undelivered`): the fallback.
    (P::Copilot, S::StartupFallback, None, None, &[], Some(2000)),
    (P::Pi, S::HookInjection, Some(".pi/extensions/gastown-hooks.js"), Some(HookKind::JsPlugin), &[], None),
    (P::Omp, S::StartupFallback, None, None, &[], Some(2000)),
    // `.vibe/config.toml` sets tool permissions only: no hook primes vibe.
    (P::Vibe, S::StartupFallback, None, None, &[], Some(2000)),
    (
        P::GroqCompound,
        S::HookInjection,
        Some(".claude/settings.json"),
        Some(HookKind::SettingsJson),
        &["PreCompact", "SessionStart", "UserPromptSubmit"],
        None,
    ),
    (P::Kiro, S::StartupFallback, None, None, &[], Some(2000)),
    (
        P::Grok,
        S::HookInjection,
        Some(".grok/hooks/gastown.json"),
        Some(HookKind::HooksJson),
        &["PreCompact", "SessionStart", "UserPromptSubmit"],
        None,
    ),
];

#[test]
fn every_gastown_preset_as_gastown_runs_it() {
    assert_eq!(PRESETS.len(), 14);
    assert_eq!(registry::REGISTRY.iter().filter(|r| r.gastown.is_some()).count(), 14, "one preset per row");
    for &(p, strategy, file, kind, events, nudge) in PRESETS {
        assert!(registry::runtime(p).gastown.is_some(), "{p} has Gastown's preset recorded");
        for role in AgentRole::ALL {
            let plan = plan(p, *role);
            assert_eq!(plan.strategy, strategy, "{p} {role}");
            assert_eq!(hal_caps::capabilities(p).startup_strategy, strategy, "{p}: the row and the plan agree");
            assert_eq!(plan.hook_file.as_deref(), file, "{p}");
            assert_eq!(plan.hook_kind, kind, "{p}");
            let got: Vec<&str> = plan.hook_fragment.as_ref().map(|f| f.events()).unwrap_or_default();
            assert_eq!(got, events, "{p}");
            assert_eq!(plan.startup_nudge.as_ref().map(|n| n.delay_ms), nudge, "{p}");
            // Primed exactly once: by the hook, or by the commands delivered at start.
            assert_eq!(plan.hook_file.is_some(), plan.startup_nudge.is_none(), "{p}");
            let mail = plan.commands.iter().any(|c| c.ends_with("&& gt mail check --inject"));
            assert_eq!(mail, role.is_autonomous(), "{p} {role}");
        }
    }
}

#[test]
fn every_runtime_is_primed_exactly_once() {
    for r in hal_caps::REGISTRY {
        for role in AgentRole::ALL {
            let plan = startup_plan(&hal_caps::row(r), r, *role, "gt");
            let by_hook = plan.hook_file.is_some();
            let at_start = plan.startup_nudge.is_some();
            let polled = plan.poll.is_some();
            let one = match plan.strategy {
                S::HookInjection => by_hook && !at_start && !polled,
                S::StartupFallback => at_start && !by_hook && !polled,
                _ => polled && !by_hook && !at_start && plan.commands.is_empty(),
            };
            assert!(one, "{} {role}: {plan:?}", r.provider);
            // A configuration adapter always comes with its fragment.
            if matches!(plan.hook_kind, Some(HookKind::SettingsJson | HookKind::HooksJson)) {
                assert!(plan.hook_fragment.is_some(), "{}", r.provider);
            }
        }
    }
}

#[test]
fn claude_hooks_what_gastowns_templates_hook() {
    let f = |role| serde_json::to_value(plan(P::Claude, role).hook_fragment.unwrap()).unwrap();
    let group = |cmd: &str| json!([{"matcher":"","hooks":[{"type":"command","command":cmd}]}]);
    assert_eq!(
        f(AgentRole::Polecat),
        json!({"hooks":{
            "SessionStart": group("gt prime --hook && gt mail check --inject"),
            "PreCompact": group("gt prime --hook"),
            "UserPromptSubmit": group("gt mail check --inject"),
        }})
    );
    assert_eq!(f(AgentRole::Crew)["hooks"]["SessionStart"], group("gt prime --hook"));
}

/// Gastown's Copilot adapter stays recorded as Gastown's (a `sessionStart` hook of
/// `.github/hooks/gastown.json`), but Copilot CLI (its verified version) drops its plain stdout: hal
/// plans the fallback and says why.
#[test]
fn copilots_gastown_adapter_is_recorded_but_not_planned() {
    let g = registry::runtime(P::Copilot).gastown.unwrap();
    assert!(g.primes_by_hook() && !g.delivers_by_hook(), "{g:?}");
    assert!(g.undelivered.is_some_and(|why| why.contains("additionalContext")));
    let plan = plan(P::Copilot, AgentRole::Witness);
    assert_eq!((plan.strategy, plan.hook_file, plan.hook_fragment), (S::StartupFallback, None, None));
}

/// Every value path of `v` that is not an array element (`hooks.Stop`, `model`).
fn keys(v: &Value, prefix: &str, out: &mut Vec<String>) {
    if let Value::Object(m) = v {
        for (k, v) in m {
            let path = format!("{prefix}{k}");
            out.push(path.clone());
            keys(v, &format!("{path}."), out);
        }
    }
}

/// Every fragment merges (`hal_caps::fragment`, the launcher's rule) into a user's
/// file keeping its keys; merged again, it changes nothing.
#[test]
fn every_fragment_parses_and_merges_without_dropping_the_users_keys() {
    let mut checked = 0;
    for r in hal_caps::REGISTRY {
        for role in AgentRole::ALL {
            let plan = startup_plan(&hal_caps::row(r), r, *role, "gt");
            let Some(fragment) = &plan.hook_fragment else { continue };
            // Configuration adapters only: JSON files.
            assert!(matches!(plan.hook_kind, Some(HookKind::SettingsJson | HookKind::HooksJson)), "{}", r.provider);
            let file = std::path::Path::new(plan.hook_file.as_deref().unwrap_or_default());
            assert_eq!(file.extension().and_then(|e| e.to_str()), Some("json"), "{}", r.provider);
            let text = serde_json::to_string_pretty(fragment).unwrap();
            let parsed: Value = serde_json::from_str(&text).expect("the fragment is JSON");
            assert_eq!(serde_json::from_value::<hal_types::HookFragment>(parsed.clone()).unwrap(), *fragment);
            let user = json!({
                "model": "opus",
                "version": 1,
                "permissions": {"allow": ["Bash(ls)"]},
                "hooks": {
                    "Stop": [{"matcher":"","hooks":[{"type":"command","command":"notify"}]}],
                    "SessionStart": [{"matcher":"startup","hooks":[{"type":"command","command":"mine"}]}],
                    "sessionStart": [{"type":"command","bash":"mine","timeoutSec":5}],
                },
            });
            let mut merged = user.clone();
            assert!(merge(&mut merged, &parsed), "{}: the first merge installs it", r.provider);
            assert!(installed(&merged, &parsed) && !installed(&user, &parsed), "{}", r.provider);
            // Issue 44.4: a resumed worker's launcher merges again: one copy, not two.
            let once = merged.clone();
            assert!(!merge(&mut merged, &parsed), "{}: a second merge changes nothing", r.provider);
            assert_eq!(merged, once, "{}", r.provider);
            let (mut before, mut after) = (Vec::new(), Vec::new());
            keys(&user, "", &mut before);
            keys(&merged, "", &mut after);
            for k in &before {
                assert!(after.contains(k), "{}: merging dropped {k}", r.provider);
            }
            for (event, entries) in parsed["hooks"].as_object().unwrap() {
                let all = merged["hooks"][event].as_array().unwrap();
                let kept = user["hooks"].get(event).and_then(Value::as_array).map_or(0, Vec::len);
                assert_eq!(all.len(), kept + entries.as_array().unwrap().len(), "{} {event}", r.provider);
                assert_eq!(&all[..kept], user["hooks"].get(event).and_then(Value::as_array).map_or(&[][..], |v| v));
            }
            checked += 1;
        }
    }
    assert!(checked >= 8 * 4, "claude, cowork, groq-compound, copilot, grok ... ({checked})");
}

#[test]
fn the_poll_path_takes_the_agent_id_or_keeps_the_placeholder() {
    let r = registry::runtime(P::Unknown);
    let caps = hal_caps::row(r);
    let path = |id| startup_plan_for(&caps, r, AgentRole::Polecat, "gt", id).poll.unwrap().path;
    assert_eq!(path(None), "state/hooks/{agentId}.json");
    assert_eq!(path(Some("toast")), "state/hooks/toast.json");
    for bad in ["", "..", "a/b", "a\nb"] {
        assert_eq!(path(Some(bad)), "state/hooks/{agentId}.json", "{bad:?}");
    }
    let plan = startup_plan_for(&caps, r, AgentRole::Polecat, "gt", None);
    assert!(plan.commands.is_empty(), "a polling agent starts generic");
    assert_eq!(plan.poll.unwrap().interval_secs, caps.nudge_interval.as_secs());
}

#[test]
fn gastown_role_stamps() {
    let cases = [
        ("mayor", Some(AgentRole::Mayor), Some("mayor")),
        ("deacon", Some(AgentRole::Deacon), Some("deacon")),
        ("deacon/boot", Some(AgentRole::Boot), Some("boot")),
        ("dog", Some(AgentRole::Dog), Some("dog")),
        ("gastown/witness", Some(AgentRole::Witness), Some("witness")),
        ("gastown/refinery", Some(AgentRole::Refinery), Some("refinery")),
        ("gastown/polecats/toast", Some(AgentRole::Polecat), Some("toast")),
        ("gastown/crew/max", Some(AgentRole::Crew), Some("max")),
        (" polecat ", Some(AgentRole::Polecat), Some("polecat")),
        ("bogus", None, Some("bogus")),
        ("gastown/polecats/", None, None),
        ("gastown/polecats", None, Some("polecats")),
        ("a/b/c/d", None, Some("d")),
        ("", None, None),
        ("/witness", None, Some("witness")),
    ];
    for (stamp, role, id) in cases {
        assert_eq!(role_from_stamp(stamp), role, "{stamp:?}");
        assert_eq!(agent_id_from_stamp(stamp), id, "{stamp:?}");
    }
}

/// One snapshot per strategy × autonomous/interactive role: the per-runtime facts are
/// the table test's.
#[test]
fn one_plan_per_strategy_and_kind_of_role() {
    let mut all = serde_json::Map::new();
    for (p, what) in [
        (P::Claude, "hook_injection (settings JSON)"),
        (P::Copilot, "hook_injection (hooks JSON)"),
        (P::Opencode, "hook_injection (JS plugin)"),
        (P::Codex, "startup_fallback"),
        (P::Unknown, "polling"),
    ] {
        for role in [AgentRole::Polecat, AgentRole::Crew] {
            let kind = if role.is_autonomous() { "autonomous" } else { "interactive" };
            all.insert(format!("{what} / {kind} ({p} {role})"), serde_json::to_value(plan(p, role)).unwrap());
        }
    }
    insta::assert_json_snapshot!("plans_by_strategy", all);
}

#[test]
fn quoting_examples() {
    let mut s = String::new();
    for w in ["gt", "/opt/gas town/gt", "it's", "", "$(rm -rf /)", "a\nb", "=x", "ünï"] {
        let _ = writeln!(s, "{w:?} -> {}", quote(w));
    }
    insta::assert_snapshot!("quoting", s);
}

fn words_of(line: &str) -> Vec<String> {
    shlex::split(line).expect("parses as shell words")
}

/// Every command line of a plan: its commands, the poll command and every hook
/// command of its fragment.
fn lines(plan: &StartupPlan) -> Vec<String> {
    let mut lines = plan.commands.clone();
    lines.extend(plan.poll.as_ref().map(|p| p.command.clone()));
    if let Some(f) = &plan.hook_fragment {
        let v = serde_json::to_value(f).unwrap();
        for entries in v["hooks"].as_object().unwrap().values() {
            for e in entries.as_array().unwrap() {
                lines.extend(e["bash"].as_str().map(str::to_owned));
                for h in e["hooks"].as_array().into_iter().flatten() {
                    lines.extend(h["command"].as_str().map(str::to_owned));
                }
            }
        }
    }
    lines
}

proptest! {
    #[test]
    fn quote_round_trips(word in "[^\u{0}]{0,40}") {
        prop_assert_eq!(words_of(&quote(&word)), vec![word.clone()]);
        prop_assert_eq!(words_of(&join([word.as_str(), "x"])), vec![word, "x".to_owned()]);
    }

    #[test]
    fn every_command_parses_into_the_intended_words(gt in "[^\u{0}]{1,40}", role in proptest::sample::select(AgentRole::ALL)) {
        let g = gt.as_str();
        let mail = [g, "mail", "check", "--inject"];
        for r in hal_caps::REGISTRY {
            let plan = startup_plan(&hal_caps::row(r), r, role, &gt);
            for line in lines(&plan) {
                let words = words_of(&line);
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                let prime: &[&str] = if plan.strategy == S::HookInjection { &[g, "prime", "--hook"] } else { &[g, "prime"] };
                let ok = words == [g, "hook"]
                    || words == mail
                    || words == prime
                    || (role.is_autonomous() && words == [prime, &["&&"], &mail].concat());
                prop_assert!(ok, "{:?} -> {:?}", line, words);
            }
        }
    }
}

/// Proptest finding: a `GT_COMMAND` of `&&` is quoted into a word, not an operator
/// (the first version of the property test mistook it for the separator).
#[test]
fn an_operator_as_the_program_name_stays_a_word() {
    let r = registry::runtime(P::Claude);
    let plan = startup_plan(&hal_caps::row(r), r, AgentRole::Boot, "&&");
    assert_eq!(plan.commands, ["'&&' prime --hook && '&&' mail check --inject"]);
}

/// Issue 44.4: a plan whose adapter (or, with no Gastown preset, whose own hooks: Kilo's)
/// is code hal writes carries the file's whole content,
/// which runs the plan's commands (quoted as a JavaScript string) and nothing else.
#[test]
fn a_plugin_plan_carries_its_content() {
    let mut with = 0;
    for r in hal_caps::REGISTRY {
        for role in AgentRole::ALL {
            let plan = startup_plan(&hal_caps::row(r), r, *role, "gt");
            // Gastown's adapter's plugin, else the runtime's own (Kilo).
            let native = r.hook_system().and_then(|h| h.plugin).map(|(_, api)| api);
            let plugin = r.gastown.and_then(|g| g.adapter).and_then(|a| a.plugin).or(native);
            match (&plan.hook_content, plugin) {
                (Some(content), Some(_)) if plan.strategy == S::HookInjection => {
                    with += 1;
                    let cmd = serde_json::to_string(&plan.commands.join(" && ")).unwrap();
                    assert_eq!(content.matches(&cmd).count(), 1, "{} {role}: {content}", r.provider);
                    assert!(matches!(plan.hook_kind, Some(HookKind::JsPlugin | HookKind::TsPlugin)));
                }
                (None, _) if plan.strategy != S::HookInjection || plugin.is_none() => {}
                (content, _) => panic!("{} {role}: {content:?} {plugin:?}", r.provider),
            }
        }
    }
    assert!(with >= 3 * AgentRole::ALL.len(), "OpenCode, Kilo and Pi ({with})");
}
