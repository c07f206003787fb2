//! The rules: ids (declared in hal-types; what each catches is `what`'s), the literals that
//! can start each one's findings, and what to call instead.

use hal_caps::vars;

use crate::facts::SESSION_SUFFIXES;

/// A rule of the boundary lint: [`hal_types::LintRule`]. Its id (`as_str`) is what
/// findings print and what a suppression comment names.
pub use hal_types::LintRule as Rule;

/// What can start a finding of a rule: a class of literals a file (or a Markdown block)
/// must hold for the rule to fire in it. The prefilter (`indicators`) is the
/// union of every rule's starts, spelled for each language; a file holding none of its
/// language's is never parsed. A rule whose starts miss a literal its findings need is
/// caught by the `every_rule_is_reachable_through_the_prefilter` test (its fixtures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Start {
    /// A registry variable's name (markers, combinations, weak signals, session and
    /// identity variables), `AI_AGENT`, or the `GT_` prefix, as a whole word.
    VarName,
    /// An environment access (`process`, `.env`, `environ`, `getenv`, `env::var`,
    /// awk's `ENVIRON`) in a text whose string pieces spell a variable's name (the pieces
    /// of `"CLAUDE" + "CODE"`, `"\x43LAUDECODE"`, `f"{P}THREAD_ID"`, `concat!`): a name
    /// folded from literals, which the literal search cannot see whole.
    FoldedVarName,
    /// Rust's read of every variable at once (`env::vars`, `vars_os`).
    AllVars,
    /// A runtime's indicator file or configuration directory from the registry.
    IndicatorPath,
    /// `/proc`.
    ProcFile,
    /// A program listing processes (`ps`, `pgrep`, `pidof`, `pstree`, as words).
    ProcessProgram,
    /// A crate or package listing processes, in the languages that import it (`sysinfo`
    /// in Rust, `psutil` in Python, `ps-list` in JavaScript).
    ProcessPackage,
    /// A runtime's record's field naming its process (`processChecks`, `process: [`,
    /// `process_names`): a rule kept as data that reads the process table.
    ProcessField,
    /// A field named for detecting that holds probe paths (`detectionPaths`,
    /// `detect_paths`, `.detect.`), beside a probe of the language: a rule kept as data,
    /// probed where it is read.
    DetectingField,
    /// The definition of a function named for detecting (`detect`, `isInstalled`, any
    /// name holding `detect` or `installed`) beside a probe of the language: a probe
    /// there of a path no registry literal spells (a runtime's folder hal does not know,
    /// `~/.clawdbot`; a runtime's type's `detect` in Rust) answers whether a runtime is
    /// installed.
    DetectorName,
    /// A suppression comment (`hal-lint:`).
    Suppression,
    /// A manifest: every one is linted, no literal needed.
    Manifest,
}

/// A rule as the lint sees it: its id (hal-types'), its description ([`what`]) and the
/// literals that can start one of its findings (the prefilter), both the lint's own.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct RuleDef {
    /// The rule's id.
    pub rule: Rule,
    /// What the rule catches, and what it leaves alone: [`what`].
    pub what: &'static str,
    /// What a file must hold for the rule to fire in it (empty: never reported).
    pub starts: &'static [Start],
}

impl RuleDef {
    /// The definition of `rule`, whose findings `starts` can start.
    const fn of(rule: Rule, starts: &'static [Start]) -> Self {
        Self { rule, what: crate::what::what(rule), starts }
    }
}

/// Every rule's starts, in the order of the reference's rules table. A rule of [`Rule::ALL`]
/// missing here, or here twice, fails the build (the assertion below); a rule's starts
/// that miss a literal its findings need fail `tests/prefilter.rs`.
pub const DEFS: &[RuleDef] = &[
    RuleDef::of(Rule::IndicatorVar, &[Start::VarName, Start::FoldedVarName, Start::AllVars]),
    RuleDef::of(Rule::IndicatorFile, &[Start::IndicatorPath, Start::DetectingField, Start::DetectorName]),
    RuleDef::of(
        Rule::ProcessTable,
        &[Start::ProcFile, Start::ProcessProgram, Start::ProcessPackage, Start::ProcessField],
    ),
    RuleDef::of(Rule::RuntimePathVar, &[]),
    RuleDef::of(Rule::HalCrateDependency, &[Start::Manifest]),
    RuleDef::of(Rule::UnpinnedHalTypes, &[Start::Manifest]),
    RuleDef::of(Rule::ProcessDependency, &[Start::Manifest]),
    RuleDef::of(Rule::DetectionPackage, &[Start::Manifest]),
    RuleDef::of(Rule::BadSuppression, &[Start::Suppression]),
];

// Every rule of the wire vocabulary has exactly one definition: a new `LintRule` without
// one does not compile.
const _: () = {
    let mut i = 0;
    while i < Rule::ALL.len() {
        let mut n = 0;
        let mut j = 0;
        while j < DEFS.len() {
            if DEFS[j].rule as usize == Rule::ALL[i] as usize {
                n += 1;
            }
            j += 1;
        }
        assert!(n == 1, "every lint rule has exactly one definition in DEFS");
        i += 1;
    }
    assert!(DEFS.len() == Rule::ALL.len(), "DEFS holds only rules of the vocabulary");
};

/// Every rule, in the order of the reference's rules table (the rules of [`DEFS`]).
pub const RULES: &[Rule] = &{
    let mut out = [Rule::IndicatorVar; DEFS.len()];
    let mut i = 0;
    while i < DEFS.len() {
        out[i] = DEFS[i].rule;
        i += 1;
    }
    out
};

/// The definition of `rule`.
///
/// # Panics
///
/// Never: every rule has a definition, checked when the crate builds.
#[must_use]
pub const fn def(rule: Rule) -> &'static RuleDef {
    let mut i = 0;
    while i < DEFS.len() {
        if DEFS[i].rule as usize == rule as usize {
            return &DEFS[i];
        }
        i += 1;
    }
    panic!("a lint rule without a definition (the build-time check of DEFS prevents this)")
}

/// What the rule catches, and what it leaves alone: the reference's rules table, `--help`
/// and the man page.
#[must_use]
pub const fn what(rule: Rule) -> &'static str {
    crate::what::what(rule)
}

/// The question a skill should ask the HAL instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ask {
    /// Which runtime is this?
    Provider,
    /// The session id.
    SessionId,
    /// Capabilities, thresholds and strategies (what operator variables tune).
    Capabilities,
    /// Is an agent running at all (`AI_AGENT`, `AGENT`)?
    Agent,
}

impl Ask {
    /// The question a read of `var` stands for.
    #[must_use]
    pub fn for_var(var: &str) -> Self {
        if SESSION_SUFFIXES.iter().any(|s| var.ends_with(s)) {
            Self::SessionId
        } else if var.starts_with(vars::GASTOWN_PREFIX) && var != vars::GT_RUNTIME && var != vars::GT_AGENT {
            Self::Capabilities
        } else {
            Self::Provider
        }
    }

    /// The call for a Rust skill.
    #[must_use]
    pub const fn rust(self) -> &'static str {
        match self {
            Self::Provider => "hal_types::RuntimeHal::detect_provider",
            Self::SessionId => "hal_types::RuntimeHal::session_id",
            Self::Capabilities => "hal_types::RuntimeHal::capabilities",
            Self::Agent => "hal_types::RuntimeHal::detection",
        }
    }

    /// The command for any other skill.
    #[must_use]
    pub const fn command(self) -> &'static str {
        match self {
            // `is_agent` is in the same answer as the provider.
            Self::Provider | Self::Agent => "hal detect --json",
            Self::SessionId => "hal session-id",
            Self::Capabilities => "hal caps --json",
        }
    }

    /// The call for a skill written in Rust (`rust`) or not.
    #[must_use]
    pub const fn call(self, rust: bool) -> &'static str {
        if rust { self.rust() } else { self.command() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        for r in Rule::ALL {
            assert_eq!(r.as_str().parse::<Rule>(), Ok(*r));
            assert_eq!(r.to_string(), r.as_str());
        }
        // The reference's rules table lists every rule once.
        let mut table = RULES.to_vec();
        table.sort_unstable();
        table.dedup();
        assert_eq!(table, Rule::ALL);
        assert!(Rule::ALL.iter().all(|r| !what(*r).is_empty() && def(*r).rule == *r));
    }

    #[test]
    fn asks_follow_the_variable() {
        assert_eq!(Ask::for_var("CODEX_THREAD_ID"), Ask::SessionId);
        assert_eq!(Ask::for_var("GT_STALL_THRESHOLD"), Ask::Capabilities);
        assert_eq!(Ask::for_var("GT_RUNTIME"), Ask::Provider);
        assert_eq!(Ask::for_var("CLAUDECODE"), Ask::Provider);
    }
}
