//! The arbiter as a table: every inherited signal kind × every ancestor configuration ×
//! both policies, with the expected decision written out (not recomputed).

use hal_detect::arbiter::{Decision, Inherited, Overwrites, Signal, arbitrate};
use hal_detect::identify::{AncestorMatch, Evidence};
use hal_types::{Policy, RuntimeProvider as P, SourceKind as K, Strength};

/// A is pi, B is codex, A's family member is pi-signed (an executable of its own).
const A: P = P::Pi;
const B: P = P::Codex;
const A_MEMBER: P = P::PiSigned;

#[derive(Debug, Clone, Copy)]
enum Sig {
    Marker,
    Stamp,
    AiAgent,
}

#[derive(Debug, Clone, Copy)]
enum Anc {
    None,
    A,
    B,
    BNearerThanA,
    ANearerThanB,
    FamilyMemberOfA,
    /// A found only by the script an interpreter runs.
    AByScript,
}

fn inherited(sig: Sig) -> Inherited {
    let mut i = Inherited::default();
    match sig {
        Sig::Marker => i.markers.push(Signal::new(A, K::Marker, "PI_CODING_AGENT", Strength::Definitive)),
        Sig::Stamp => i.stamp = Some(Signal::new(A, K::OrchestratorStamp, "GT_AGENT", Strength::Strong)),
        Sig::AiAgent => i.ai_agent = Some(Signal::new(A, K::Marker, "AI_AGENT", Strength::Weak)),
    }
    i
}

fn ancestor(provider: P, depth: u32, evidence: Evidence) -> AncestorMatch {
    AncestorMatch { provider, evidence, name: provider.to_string(), depth, pid: 100 + depth }
}

fn ancestors(a: Anc) -> Vec<AncestorMatch> {
    use Evidence::{Args, Comm};
    match a {
        Anc::None => vec![],
        Anc::A => vec![ancestor(A, 2, Comm)],
        Anc::B => vec![ancestor(B, 2, Comm)],
        Anc::BNearerThanA => vec![ancestor(B, 2, Comm), ancestor(A, 4, Comm)],
        Anc::ANearerThanB => vec![ancestor(A, 2, Comm), ancestor(B, 4, Comm)],
        Anc::FamilyMemberOfA => vec![ancestor(A_MEMBER, 2, Comm)],
        Anc::AByScript => vec![ancestor(A, 2, Args)],
    }
}

/// (policy, ancestors, expected provider, expected source kind: `None` = the signal's).
type Row = (Policy, Anc, P, Option<K>);

#[rustfmt::skip]
const TABLE: &[Row] = &[
    // spec: the nearest runtime ancestor decides unless it is of the signal's family.
    (Policy::Spec, Anc::None,            A,        None),
    (Policy::Spec, Anc::A,               A,        None),
    (Policy::Spec, Anc::B,               B,        Some(K::ProcessAncestor)),
    (Policy::Spec, Anc::BNearerThanA,    B,        Some(K::ProcessAncestor)),
    (Policy::Spec, Anc::ANearerThanB,    A,        None),
    (Policy::Spec, Anc::FamilyMemberOfA, A_MEMBER, Some(K::ProcessAncestor)),
    (Policy::Spec, Anc::AByScript,       A,        None),
    // ancestry: an ancestor known by its own executable decides outright.
    (Policy::Ancestry, Anc::None,            A,        None),
    (Policy::Ancestry, Anc::A,               A,        Some(K::ProcessAncestor)),
    (Policy::Ancestry, Anc::B,               B,        Some(K::ProcessAncestor)),
    (Policy::Ancestry, Anc::BNearerThanA,    B,        Some(K::ProcessAncestor)),
    (Policy::Ancestry, Anc::ANearerThanB,    A,        Some(K::ProcessAncestor)),
    (Policy::Ancestry, Anc::FamilyMemberOfA, A_MEMBER, Some(K::ProcessAncestor)),
    (Policy::Ancestry, Anc::AByScript,       A,        None),
];

#[test]
fn every_signal_kind_against_every_ancestry_under_both_policies() {
    let mut cases = 0;
    for sig in [Sig::Marker, Sig::Stamp, Sig::AiAgent] {
        let signal_kind = if matches!(sig, Sig::Stamp) { K::OrchestratorStamp } else { K::Marker };
        for &(policy, anc, provider, kind) in TABLE {
            let d = arbitrate(policy, &inherited(sig), &ancestors(anc));
            let why = format!("{sig:?} of A, ancestors {anc:?}, policy {policy}");
            assert_eq!(d.provider(), Some(provider), "{why}");
            assert_eq!(d.source_kind(), Some(kind.unwrap_or(signal_kind)), "{why}");
            // Without an ancestor nothing is flagged for one runtime's signal alone.
            if let Decision::Signal { ambiguous, .. } = d {
                assert!(!ambiguous, "{why}");
            }
            cases += 1;
        }
    }
    assert_eq!(cases, 3 * 14);
}

#[test]
fn nothing_inherited_decides_nothing_unless_the_policy_puts_ancestors_first() {
    let none = Inherited::default();
    assert_eq!(arbitrate(Policy::Spec, &none, &ancestors(Anc::B)), Decision::Nothing);
    assert_eq!(arbitrate(Policy::Spec, &none, &[]), Decision::Nothing);
    assert_eq!(arbitrate(Policy::Ancestry, &none, &ancestors(Anc::B)).provider(), Some(B));
}

#[test]
fn priority_without_an_ancestor_stamp_then_markers_then_ai_agent() {
    let mut i = Inherited::default();
    i.ai_agent = Some(Signal::new(P::Claude, K::Marker, "AI_AGENT", Strength::Weak));
    assert_eq!(arbitrate(Policy::Spec, &i, &[]).provider(), Some(P::Claude));
    i.markers.push(Signal::new(P::Gemini, K::Marker, "GEMINI_CLI", Strength::Definitive));
    let d = arbitrate(Policy::Spec, &i, &[]);
    // AI_AGENT takes no part once a runtime's own marker is present, and Gemini CLI keeps
    // Claude's markers: not ambiguous.
    assert_eq!(d, Decision::Signal { signal: i.markers[0].clone(), confirmed_by: None, ambiguous: false });
    // A foreign declared name (codex) beside the marker, with no ancestor, leaves which
    // runs nearer open: ambiguous (issue 30) ...
    let mut foreign = Inherited::default();
    foreign.ai_agent = Some(Signal::new(P::Codex, K::Marker, "AI_AGENT", Strength::Weak));
    foreign.markers.push(Signal::new(P::Gemini, K::Marker, "GEMINI_CLI", Strength::Definitive));
    let d = arbitrate(Policy::Spec, &foreign, &[]);
    assert_eq!(d, Decision::Signal { signal: foreign.markers[0].clone(), confirmed_by: None, ambiguous: true });
    // ... unless the markers' runtime overwrites AI_AGENT at its version: the declared agent ran below.
    let mut i = foreign;
    let mut settled = i.clone();
    settled.overwrites.push((P::Gemini, Overwrites::Yes { version: "9".into(), how: "a test".into() }));
    assert_eq!(
        arbitrate(Policy::Spec, &settled, &[]),
        Decision::Declared { signal: i.ai_agent.clone().unwrap(), below: vec![P::Gemini] }
    );
    for open in [Overwrites::No { at: None }, Overwrites::Unknown { since: "≥ 1".into() }] {
        let mut i = i.clone();
        i.overwrites.push((P::Gemini, open));
        assert!(matches!(arbitrate(Policy::Spec, &i, &[]), Decision::Signal { ambiguous: true, .. }));
    }
    // An ancestor decides over the rule.
    let d = arbitrate(Policy::Spec, &settled, &[ancestor(P::Gemini, 2, Evidence::Comm)]);
    assert_eq!((d.provider(), d.source_kind()), (Some(P::Gemini), Some(K::Marker)));
    i.stamp = Some(Signal::new(P::Codex, K::OrchestratorStamp, "GT_AGENT", Strength::Strong));
    let d = arbitrate(Policy::Spec, &i, &[]);
    assert_eq!((d.provider(), d.source_kind()), (Some(P::Codex), Some(K::OrchestratorStamp)));
    assert!(matches!(d, Decision::Signal { ambiguous: true, .. }), "a stamp and an unrelated marker: {d:?}");
}

#[test]
fn a_signal_of_a_variant_refines_its_base_ancestor() {
    // cowork's combination under a `claude` process: cowork.
    let mut i = Inherited::default();
    i.markers.push(Signal::new(P::Cowork, K::Marker, "CLAUDE_CODE_IS_COWORK+CLAUDECODE", Strength::Strong));
    i.markers.push(Signal::new(P::Claude, K::Marker, "CLAUDECODE", Strength::Strong));
    let d = arbitrate(Policy::Spec, &i, &[ancestor(P::Claude, 3, Evidence::Comm)]);
    assert_eq!((d.provider(), d.source_kind()), (Some(P::Cowork), Some(K::Marker)));
    // GT_AGENT=groq-compound under `claude`: groq-compound.
    let mut i = Inherited::default();
    i.stamp = Some(Signal::new(P::GroqCompound, K::OrchestratorStamp, "GT_AGENT", Strength::Strong));
    let d = arbitrate(Policy::Spec, &i, &[ancestor(P::Claude, 1, Evidence::Comm)]);
    assert_eq!(d.provider(), Some(P::GroqCompound));
}
