//! Startup plans for every role on every runtime, and shell safety of every command.

use std::fmt::Write as _;

use hal_caps::registry;
use hal_gupp::shell::{join, quote};
use hal_gupp::startup_plan;
use hal_types::{AgentRole, RuntimeProvider, StartupStrategy};
use proptest::prelude::*;

#[test]
fn every_role_on_every_provider() {
    let mut all = serde_json::Map::new();
    for r in hal_caps::REGISTRY {
        let caps = hal_caps::row(r);
        for role in AgentRole::ALL {
            let plan = startup_plan(&caps, r, *role, "gt");
            assert_eq!(plan.strategy, caps.startup_strategy);
            let mail = plan.commands.iter().any(|c| c.contains("mail check --inject"));
            assert_eq!(mail, role.is_autonomous(), "{} {role}", r.provider);
            match plan.strategy {
                StartupStrategy::HookInjection => assert!(plan.commands[0].contains("prime --hook")),
                StartupStrategy::StartupFallback => assert_eq!(plan.startup_nudge.as_ref().unwrap().delay_ms, 2000),
                _ => assert_eq!(plan.poll.as_ref().unwrap().interval_secs, caps.nudge_interval.as_secs()),
            }
            all.insert(format!("{}/{role}", r.provider), serde_json::to_value(&plan).unwrap());
        }
    }
    insta::assert_json_snapshot!("plans", all);
}

#[test]
fn claude_hook_fragment_is_claudes_schema() {
    let r = registry::runtime(RuntimeProvider::Claude);
    let plan = startup_plan(&hal_caps::row(r), r, AgentRole::Polecat, "gt");
    let v = serde_json::to_value(plan.hook_fragment.unwrap()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"hooks":{"SessionStart":[{"matcher":"","hooks":[{"type":"command","command":"gt prime --hook && gt mail check --inject"}]}]}})
    );
    assert_eq!(plan.hook_file.as_deref(), Some(".claude/settings.json"));
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

proptest! {
    #[test]
    fn quote_round_trips(word in "[^\u{0}]{0,40}") {
        prop_assert_eq!(words_of(&quote(&word)), vec![word.clone()]);
        prop_assert_eq!(words_of(&join([word.as_str(), "x"])), vec![word, "x".to_owned()]);
    }

    #[test]
    fn every_command_parses_into_the_intended_words(gt in "[^\u{0}]{1,40}", role in proptest::sample::select(AgentRole::ALL)) {
        for r in hal_caps::REGISTRY {
            let plan = startup_plan(&hal_caps::row(r), r, role, &gt);
            let mut lines = plan.commands.clone();
            lines.extend(plan.poll.map(|p| p.command));
            for line in lines {
                let words = words_of(&line);
                let expected: Vec<&str> = if line.ends_with(" hook") {
                    vec![gt.as_str(), "hook"]
                } else {
                    let mut e = vec![gt.as_str(), "prime"];
                    if plan.strategy == hal_types::StartupStrategy::HookInjection {
                        e.push("--hook");
                    }
                    if role.is_autonomous() {
                        e.extend([
                            "&&",
                            gt.as_str(),
                            "mail",
                            "check",
                            "--inject",
                        ]);
                    }
                    e
                };
                prop_assert_eq!(words, expected, "{:?}", line);
            }
        }
    }
}

/// Proptest finding: a `GT_COMMAND` of `&&` is quoted into a word, not an operator
/// (the first version of the property test mistook it for the separator).
#[test]
fn an_operator_as_the_program_name_stays_a_word() {
    let r = registry::runtime(RuntimeProvider::Claude);
    let plan = startup_plan(&hal_caps::row(r), r, AgentRole::Boot, "&&");
    assert_eq!(plan.commands, ["'&&' prime --hook && '&&' mail check --inject"]);
}
