//! The literal prefilter: a file (or a Markdown block) goes to its language's parser
//! only if it holds a literal that can start a finding in that language. The literals
//! are every rule's starts ([`crate::rules::DEFS`]) spelled for the language from the
//! registry's indicators ([`crate::indicators`]) and the shared facts ([`crate::facts`]):
//! strong ones (a variable's name, a runtime's directory, `/proc`, `ps`, `hal-lint:`)
//! send the file to the parser; weak ones (an environment access such as `process` or
//! `environ`) only together with string pieces that spell a variable's name, the names
//! the linters fold from literals.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};
use hal_caps::vars;

use crate::facts::{
    DETECTING_FIELDS, DETECTOR_WORDS, NPM_PROCESS_PACKAGES, PROCESS_CRATES, PROCESS_FIELDS, PROCESS_PROGRAMS,
    PROVIDER_KEY_PIECES, PYTHON_PROCESS_PACKAGES,
};
use crate::hit::Kind;
use crate::indicators::{
    EDITOR_VARS, EXTRA_VARS, indicator_vars, payload_tell_keys, registry_dirs, registry_paths, registry_vars,
    runtime_dir_names, vendor_prefixes,
};
use crate::rules::{DEFS, Rule, Start, def};

/// The languages the prefilter spells its literals for: a file's kind, or the kind of a
/// Markdown block (shell for hook command strings, whose commands are shell; `Any` for a
/// whole Markdown file, before its blocks are looked at one by one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Rust,
    Js,
    Python,
    Shell,
    Any,
}

impl Group {
    const ALL: [Self; 5] = [Self::Rust, Self::Js, Self::Python, Self::Shell, Self::Any];

    /// Whether its linters read a variable named just for a runtime (`CODEX`: issue 47,
    /// round 19), so such a name among a text's string pieces spells a variable's.
    const fn reads_runtime_names(self) -> bool {
        matches!(self, Self::Js | Self::Python | Self::Any)
    }

    /// The group of `kind`; `None` for manifests (always linted).
    const fn of(kind: Kind) -> Option<Self> {
        match kind {
            Kind::Rust => Some(Self::Rust),
            Kind::TypeScript | Kind::Tsx | Kind::JavaScript => Some(Self::Js),
            Kind::Python => Some(Self::Python),
            Kind::Shell | Kind::HookJson => Some(Self::Shell),
            Kind::Markdown => Some(Self::Any),
            Kind::CargoToml | Kind::PackageJson | Kind::Pyproject => None,
        }
    }

    /// Whether a literal meant for `lang` counts in this group: its own, and every
    /// language's in shell (which runs `python3 -c`, `node -e` and heredoc code) and in a
    /// whole Markdown file.
    fn takes(self, lang: Self) -> bool {
        self == lang || matches!(self, Self::Shell | Self::Any)
    }
}

/// The environment accesses a name folded from literals can be read through, by
/// language ([`Start::FoldedVarName`]).
const ENV_ACCESS: &[(Group, &[&str])] = &[
    (Group::Rust, &["env::var"]),
    (Group::Js, &["process", ".env"]),
    (Group::Python, &["environ", "getenv"]),
    (Group::Shell, &["ENVIRON"]),
];
/// Rust's reads of every variable at once ([`Start::AllVars`]).
const ALL_VARS: &[&str] = &["env::vars", "vars_os"];
/// The literal of a suppression comment ([`Start::Suppression`]).
const SUPPRESSION: &str = "hal-lint:";

/// Where a literal must stand to count: as the linters read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Bound {
    /// Anywhere.
    Anywhere,
    /// As a whole word (a variable's name, `ps`, `psutil`): no identifier character
    /// either side.
    Word,
    /// At a word's start (`GT_`, which a name's rest follows).
    WordStart,
    /// As a whole path component (`.pi`, `.claude/settings.json`, as
    /// [`crate::indicators::path_hit`] reads them): no identifier character before it,
    /// none of `A-Za-z0-9_.-` after it (`.pipeline`, `.claude.bak`, `.pi-mono` are other
    /// names).
    Component,
    /// As a piece of a path: right after a quote or a `/`, and a whole component
    /// (`'opencode'`, `/goose/`, `".openclaw"`; not `continue;`).
    PathPiece,
    /// `/proc` as the process table: itself, a glob or a piece that is no literal
    /// after it, or a process of the reader's own line (`self`, `thread-self`, a word
    /// naming a parent or `ppid`); not a file of the system's (`/proc/cpuinfo`,
    /// `/proc/meminfo`), which [`crate::indicators::is_proc_identity`] never reads.
    ProcTable,
    /// At a word's start, the word a variable's name of an identity's shape under a
    /// vendor prefix (`AGENT_SESSION_ID`, [`crate::indicators::vendor_prefix`]).
    Shaped,
    /// Inside the name of a function defined (`isDetected(): boolean {`, `def
    /// detect_agents(self):`, `fn is_installed(&self) -> bool {`, `detect = () =>`):
    /// the name's rest, then its parameters and its body's start; never a call, a word
    /// of prose or a message.
    InDefinedName,
    /// As the name of a function called: a whole word the code calls (`existsSync(p)`,
    /// `p.exists()`, `fs::metadata::<P>(p)`, `stat?.(p)`, a tagged template), blanks
    /// allowed before the call; the linters count a probe only where it is called, never
    /// the word in prose or a message.
    Call,
}

/// What a literal found does for its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// The text goes to the parser.
    Strong,
    /// A runtime's path: the text goes to the parser if it also holds one of its
    /// language's probes.
    Paired,
    /// A function or method of the language that probes or reads a path.
    Probe,
    /// An environment access: the text goes to the parser if its string pieces spell a
    /// variable's name.
    Weak,
    /// A piece of a provider's key's name (`_API_KEY`): in JavaScript and Python the
    /// text goes to the parser if it also holds an environment access ([`Class::Weak`]),
    /// which its reads go through.
    Keyed,
}

/// A literal of the prefilter: its text, what it does, and where it must stand.
type Literal = (String, Class, Bound);

/// The functions and methods each language's linter counts as a probe or a read of a
/// path (the linters' own lists): a runtime's path in a file without one is probed
/// nowhere in it. Shell is left out: its probes (`[`, `test`, `.`) are in every script.
fn probes(group: Group) -> Vec<&'static str> {
    let lists: &[&[&str]] = match group {
        Group::Rust => &[crate::rust::PROBE_FNS, crate::rust::READ_FNS, crate::rust::PROBE_METHODS],
        Group::Js => &[crate::js::PROBE_FNS, crate::js::READ_FNS],
        Group::Python => &[crate::python::PROBE_FNS, crate::python::READ_FNS],
        Group::Shell | Group::Any => &[],
    };
    lists.iter().flat_map(|l| l.iter().copied()).collect()
}

/// The probes of `group` and, for shell (whose texts run the others' code) and a whole
/// Markdown file, of every language; with, for shell's own detecting functions, home
/// (`$HOME`, `~/`): what they probe and no registry literal spells is a folder under it
/// (`detect_kode() { [ -d "$HOME/.kode" ]; }`).
fn all_probes(group: Group) -> Vec<(String, Bound)> {
    let groups = match group {
        Group::Shell | Group::Any => vec![Group::Rust, Group::Js, Group::Python],
        g => vec![g],
    };
    let mut out: Vec<(String, Bound)> =
        groups.iter().flat_map(|g| probes(*g)).map(|p| (p.to_owned(), Bound::Call)).collect();
    if group.takes(Group::Shell) {
        out.extend([("HOME".to_owned(), Bound::Word), ("~/".to_owned(), Bound::Anywhere)]);
    }
    out
}

/// The literals of `start` in `group`.
fn start_literals(start: Start, group: Group) -> Vec<Literal> {
    let strong = |v: Vec<String>, b: Bound| v.into_iter().map(|l| (l, Class::Strong, b)).collect::<Vec<_>>();

    let own = |lists: &[(Group, &[&str])]| -> Vec<String> {
        lists.iter().filter(|(g, _)| group.takes(*g)).flat_map(|(_, l)| l.iter().map(|s| (*s).to_owned())).collect()
    };
    match start {
        Start::VarName => {
            let mut v = strong(indicator_vars().iter().map(|v| (*v).to_owned()).collect(), Bound::Word);
            v.push((vars::GASTOWN_PREFIX.to_owned(), Class::Strong, Bound::WordStart));
            // A name hal does not know under a vendor prefix (`CURSOR_CLI`).
            // Under a common word (`AGENT_`), only a name of an identity's shape.
            v.extend(vendor_prefixes().iter().map(|p| {
                let bound = if crate::indicators::generic_prefix(p) { Bound::Shaped } else { Bound::WordStart };
                (p.clone(), Class::Strong, bound)
            }));
            // A provider's key, tested to name a runtime or in its login check, read
            // through an environment access (shell's and Markdown's reads need none).
            let keyed = if matches!(group, Group::Js | Group::Python) { Class::Keyed } else { Class::Strong };
            v.extend(
                own(&[(Group::Js, PROVIDER_KEY_PIECES), (Group::Python, PROVIDER_KEY_PIECES)])
                    .into_iter()
                    .map(|k| (k, keyed, Bound::Anywhere)),
            );
            // The terminal or editor's name, compared to a runtime's.
            v.extend(EDITOR_VARS.iter().map(|e| ((*e).to_owned(), Class::Strong, Bound::Word)));
            // A key only one runtime's hook payload holds, tested for (`"turn_id" in p`).
            if group != Group::Rust {
                v.extend(payload_tell_keys().into_iter().map(|k| (k.to_owned(), Class::Strong, Bound::Word)));
                // Any field of a payload's shape tested to name a runtime
                // (`data["conversation_id"]`, `=== "beforeSubmitPrompt"`).
                v.extend(
                    crate::indicators::payload_shape_literals()
                        .into_iter()
                        .map(|l| (l, Class::Strong, Bound::Anywhere)),
                );
            }
            v
        }
        Start::FoldedVarName => own(ENV_ACCESS).into_iter().map(|l| (l, Class::Weak, Bound::Anywhere)).collect(),
        Start::AllVars => strong(own(&[(Group::Rust, ALL_VARS)]), Bound::Anywhere),
        Start::IndicatorPath => {
            let mut v: Vec<String> = registry_dirs().iter().map(|d| (*d).to_owned()).collect();
            // A runtime's own file by its distinctive name (`.credentials.json` under a
            // profile's folder).
            v.extend(crate::indicators::own_file_names().into_iter().map(str::to_owned));
            for p in registry_paths() {
                let p = p.trim_start_matches("~/");
                if !registry_dirs().iter().any(|d| p.starts_with(d)) {
                    v.push(p.trim_end_matches('/').to_owned());
                }
            }
            // A directory named for a runtime (`.openclaw`, `'opencode'` after
            // `'.config'`): a piece of a path, quoted or after a `/` (`continue;` and a
            // `cursor` in prose are none).
            let mut named: Vec<(String, Bound)> =
                runtime_dir_names().into_iter().map(|n| (n, Bound::PathPiece)).collect();
            // A runtime's application (issue 47, round 23): a bundle under
            // `/Applications`, a program named for it (`Codex.exe`).
            named.push(("/Applications/".to_owned(), Bound::Anywhere));
            named.extend(crate::indicators::runtime_program_names().into_iter().map(|n| (n, Bound::PathPiece)));
            let probes = probes(group);
            if probes.is_empty() {
                let mut out = strong(v, Bound::Component);
                out.extend(named.into_iter().map(|(l, b)| (l, Class::Strong, b)));
                return out;
            }
            let mut out: Vec<Literal> = v.into_iter().map(|l| (l, Class::Paired, Bound::Component)).collect();
            out.extend(named.into_iter().map(|(l, b)| (l, Class::Paired, b)));
            out.extend(probes.into_iter().map(|p| (p.to_owned(), Class::Probe, Bound::Call)));
            out
        }
        Start::DetectingField => {
            let fields = own(&[(Group::Js, DETECTING_FIELDS), (Group::Python, DETECTING_FIELDS)]);
            let probes = probes(group);
            if probes.is_empty() || fields.is_empty() {
                return strong(fields, Bound::Anywhere);
            }
            let mut out: Vec<Literal> = fields.into_iter().map(|l| (l, Class::Paired, Bound::Anywhere)).collect();
            out.extend(probes.into_iter().map(|p| (p.to_owned(), Class::Probe, Bound::Call)));
            out
        }
        Start::DetectorName => {
            let mut out: Vec<Literal> =
                DETECTOR_WORDS.iter().map(|w| ((*w).to_owned(), Class::Paired, Bound::InDefinedName)).collect();
            out.extend(all_probes(group).into_iter().map(|(p, b)| (p, Class::Probe, b)));
            out
        }
        Start::ProcFile => strong(vec!["/proc".to_owned()], Bound::ProcTable),
        Start::ProcessProgram => strong(PROCESS_PROGRAMS.iter().map(|p| (*p).to_owned()).collect(), Bound::Word),
        Start::ProcessPackage => strong(
            own(&[
                (Group::Rust, PROCESS_CRATES),
                (Group::Js, NPM_PROCESS_PACKAGES),
                (Group::Python, PYTHON_PROCESS_PACKAGES),
            ]),
            Bound::Word,
        ),
        Start::ProcessField if group == Group::Rust => Vec::new(),
        Start::ProcessField => PROCESS_FIELDS
            .iter()
            .flat_map(|f| match *f {
                "process" | "processes" => [": [", ":[", "=(", "=["]
                    .iter()
                    .map(|t| (format!("{f}{t}"), Class::Strong, Bound::WordStart))
                    .collect(),
                _ => vec![((*f).to_owned(), Class::Strong, Bound::Word)],
            })
            .collect(),
        Start::Suppression => strong(vec![SUPPRESSION.to_owned()], Bound::Anywhere),
        Start::Manifest => Vec::new(),
    }
}

/// The literals of every rule's starts in `group`, sorted, each once (strong where any
/// start has it strong, standing where the loosest bound lets it); with `rule`, that
/// rule's only.
fn group_literals(group: Group, rule: Option<Rule>) -> Vec<Literal> {
    // Each start once: rules share them, and spelling one costs hundreds of strings.
    let mut starts: Vec<Start> = Vec::new();
    for s in DEFS.iter().filter(|d| rule.is_none_or(|r| d.rule == r)).flat_map(|d| d.starts.iter()) {
        if !starts.contains(s) {
            starts.push(*s);
        }
    }
    let mut out: Vec<Literal> = starts.into_iter().flat_map(|s| start_literals(s, group)).collect();
    dedup(&mut out);
    out
}

/// Sorts `lits` and keeps each literal once: the strongest class, the loosest bound.
fn dedup(lits: &mut Vec<Literal>) {
    lits.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    lits.dedup_by(|a, b| a.0 == b.0);
}

/// Every literal the prefilter looks for, in any language: a file holding none of them
/// holds no finding (manifests excepted: they are always linted). `cargo xtask bench`
/// and `cargo xtask lint-eval` grep the same.
#[must_use]
pub fn prefilter_literals() -> Vec<String> {
    group_literals(Group::Any, None).into_iter().map(|(l, ..)| l).collect()
}

/// An automaton over literals, and what the search needs to see each literal at every
/// place it stands.
struct Automaton {
    /// A contiguous NFA, built at once.
    ac: AhoCorasick,
    /// The same literals as a DFA, built once the run has searched [`DFA_AFTER`] bytes:
    /// its build costs more than a small tree's whole search, its search less per byte
    /// (the same literals and match kind: the same matches, pattern for pattern).
    dfa: OnceLock<Option<AhoCorasick>>,
    /// The literals, for the DFA's build.
    pats: Vec<String>,
    /// How many bytes the run has searched.
    searched: std::sync::atomic::AtomicUsize,
    /// Whether a search has started building the DFA.
    building: std::sync::atomic::AtomicBool,
    /// For each literal, the other literals it starts with (`.claude` for
    /// `.claude/settings.json`): where the longest fails its bound, they may not. Each
    /// found the first time its literal is matched ([`Automaton::prefixes`]): most
    /// literals never are, and finding them all cost a small tree's search.
    prefixes: Vec<OnceLock<Vec<usize>>>,
    /// Whether the literals are sorted (then a literal's prefixes are binary searched).
    sorted: bool,
    /// Each literal's length in bytes.
    lens: Vec<usize>,
}

impl Automaton {
    fn new(lits: &[&str]) -> Self {
        // Leftmost-longest, so the search skips between matches at memchr speed; every
        // start of a match is still seen (each search resumes one byte after the last
        // match's start), and the literals that are prefixes of the longest one there
        // are checked beside it: together, every literal at every place it stands. A
        // contiguous NFA first: over some six hundred literals a DFA takes tens of
        // millions of instructions to build (15-25 ms, where grep's whole search of a
        // small tree takes 5-10 ms); a run that searches more builds the DFA then
        // (`for_bytes`, issue 47's speed bar).
        let ac = build(lits, aho_corasick::AhoCorasickKind::ContiguousNFA)
            .unwrap_or_else(|| AhoCorasick::new([SUPPRESSION]).unwrap_or_else(|_| unreachable!()));
        let prefixes = lits.iter().map(|_| OnceLock::new()).collect();
        Self {
            ac,
            dfa: OnceLock::new(),
            pats: lits.iter().map(|l| (*l).to_owned()).collect(),
            searched: std::sync::atomic::AtomicUsize::new(0),
            building: std::sync::atomic::AtomicBool::new(false),
            prefixes,
            sorted: lits.windows(2).all(|w| w[0] < w[1]),
            lens: lits.iter().map(|l| l.len()).collect(),
        }
    }

    /// The literals that literal `i` starts with, shortest first: over the sorted
    /// literals, a binary search per prefix length.
    fn prefixes(&self, i: usize) -> &[usize] {
        let Some(once) = self.prefixes.get(i) else { return &[] };
        once.get_or_init(|| {
            let l = self.pats[i].as_str();
            if self.sorted {
                (1..l.len())
                    .filter(|&k| l.is_char_boundary(k))
                    .filter_map(|k| self.pats.binary_search_by(|p| p.as_str().cmp(&l[..k])).ok())
                    .collect()
            } else {
                (0..self.pats.len()).filter(|&j| self.pats[j].len() < l.len() && l.starts_with(&self.pats[j])).collect()
            }
        })
    }

    /// The automaton to search `len` more bytes with: the NFA, or the DFA once the run
    /// has searched [`DFA_AFTER`] bytes and it is built. The search that crosses the
    /// mark builds it (once); the other workers go on with the NFA meanwhile rather
    /// than wait for it.
    fn for_bytes(&self, len: usize) -> &AhoCorasick {
        use std::sync::atomic::Ordering;
        let total = self.searched.fetch_add(len, Ordering::Relaxed).saturating_add(len);
        if total < DFA_AFTER {
            return &self.ac;
        }
        if self.dfa.get().is_none() && !self.building.swap(true, Ordering::AcqRel) {
            let pats: Vec<&str> = self.pats.iter().map(String::as_str).collect();
            let _ = self.dfa.set(build(&pats, aho_corasick::AhoCorasickKind::DFA));
        }
        self.dfa.get().and_then(Option::as_ref).unwrap_or(&self.ac)
    }
}

/// How many bytes a run searches with the NFA before it builds the DFA.
const DFA_AFTER: usize = 4 << 20;

/// A leftmost-longest automaton of `kind` over `lits`.
fn build(lits: &[&str], kind: aho_corasick::AhoCorasickKind) -> Option<AhoCorasick> {
    AhoCorasick::builder().match_kind(MatchKind::LeftmostLongest).kind(Some(kind)).build(lits).ok()
}

/// The one automaton every group's prefilter searches with: over the literals of every
/// group that some group needs ([`needed`]; built once a run, a tree of many languages
/// builds one), those literals, sorted, and each group's literals (of [`Group::ALL`]).
fn shared() -> &'static (Vec<String>, Automaton, Vec<Vec<Literal>>) {
    static SHARED: OnceLock<(Vec<String>, Automaton, Vec<Vec<Literal>>)> = OnceLock::new();
    SHARED.get_or_init(|| {
        let groups: Vec<Vec<Literal>> = Group::ALL.iter().map(|g| group_literals(*g, None)).collect();
        let mut all: Vec<&str> = groups.iter().flat_map(|lits| needed(lits)).collect();
        all.sort_unstable();
        all.dedup();
        let auto = Automaton::new(&all);
        let all = all.into_iter().map(str::to_owned).collect();
        (all, auto, groups)
    })
}

/// The literals of `lits` (one group's, sorted) that its prefilter needs in the
/// automaton: all but those that stand only where a shorter strong literal of the group
/// that starts them stands too (`CLAUDE_CODE_ENTRYPOINT` as a word, where `CLAUDE_` at a
/// word's start answers the same). The search sees every literal at every place it
/// stands ([`Automaton::new`]), so the shorter one is seen wherever the longer one
/// stood, and a strong literal decides at once: the answer is the same (the fixed cost
/// of a small tree is this automaton's build, issue 47's speed bar).
fn needed(lits: &[Literal]) -> impl Iterator<Item = &str> {
    // The strong literals that stand wherever a longer literal starting with them does
    // (anywhere, or at a word's start): a few dozen (vendor prefixes).
    // By their first byte: a literal is compared with the few that start like it, not
    // with all of them (thousands of literals a group, at every run's start).
    let mut starts: Vec<Vec<(&[u8], Bound)>> = vec![Vec::new(); 256];
    for (l, _, b) in
        lits.iter().filter(|(_, c, b)| *c == Class::Strong && matches!(b, Bound::Anywhere | Bound::WordStart))
    {
        if let Some(&first) = l.as_bytes().first() {
            starts[usize::from(first)].push((l.as_bytes(), *b));
        }
    }
    lits.iter()
        .filter(move |(l, _, bound)| {
            let after_a_blank =
                matches!(bound, Bound::Word | Bound::WordStart | Bound::Component | Bound::PathPiece | Bound::Call);
            let Some(&first) = l.as_bytes().first() else { return true };
            !starts[usize::from(first)].iter().any(|(p, b)| {
                p.len() < l.len() && l.as_bytes().starts_with(p) && (*b == Bound::Anywhere || after_a_blank)
            })
        })
        .map(|(l, ..)| l.as_str())
}

/// A prefilter: an automaton, and for each of its literals what it does in the
/// prefilter's texts (`None`: nothing, a literal of another group) and where it must
/// stand.
struct Prefilter<'a> {
    auto: &'a Automaton,
    class: Vec<Option<Class>>,
    bound: Vec<Bound>,
    /// Whether a runtime's name among the string pieces spells a variable's
    /// ([`Group::reads_runtime_names`]).
    runtime_names: bool,
}

impl<'a> Prefilter<'a> {
    /// The prefilter of `lits` over `auto`, whose literals are `names` (sorted, a
    /// superset).
    fn over(auto: &'a Automaton, names: &[String], lits: &[Literal], group: Group) -> Self {
        let mut class = vec![None; names.len()];
        let mut bound = vec![Bound::Anywhere; names.len()];
        for (l, c, b) in lits {
            if let Ok(i) = names.binary_search(l) {
                class[i] = Some(*c);
                bound[i] = *b;
            }
        }
        Self { auto, class, bound, runtime_names: group.reads_runtime_names() }
    }

    /// Whether literal `i`, found at `start`, stands where its bound lets it.
    fn stands(&self, bytes: &[u8], i: usize, start: usize, len: usize) -> bool {
        stands(self.bound.get(i).copied().unwrap_or(Bound::Anywhere), bytes, start, len)
    }

    /// Gives `found` the class of every literal of the prefilter standing in `bytes`
    /// (where its bound lets it), in order, until it answers true; whether it did.
    fn any_standing(&self, bytes: &[u8], mut found: impl FnMut(Class) -> bool) -> bool {
        let mut at = 0;
        let ac = self.auto.for_bytes(bytes.len());
        while let Some(m) = ac.find(aho_corasick::Input::new(bytes).range(at..)) {
            at = m.start() + 1;
            let longest = m.pattern().as_usize();
            let here = std::iter::once(longest).chain(self.auto.prefixes(longest).iter().copied());
            for i in here {
                let Some(class) = self.class.get(i).copied().flatten() else { continue };
                if self.stands(bytes, i, m.start(), self.auto.lens.get(i).copied().unwrap_or(0)) && found(class) {
                    return true;
                }
            }
            if at >= bytes.len() {
                break;
            }
        }
        false
    }

    /// Whether `bytes` holds one of the prefilter's literals other than a probe where
    /// it stands.
    #[cfg(test)]
    fn holds(&self, bytes: &[u8]) -> bool {
        self.any_standing(bytes, |class| class != Class::Probe)
    }

    /// Where, in `bytes`, a line holds one of the prefilter's literals other than a
    /// probe where it stands: the place of the first on each such line, in order. One
    /// search of the whole text answers as a search of each line would: no
    /// literal holds a newline, and a newline stands as a line's end does for every
    /// bound but a call's (a probe's, left out).
    fn holding_lines(&self, bytes: &[u8]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = 0;
        let ac = self.auto.for_bytes(bytes.len());
        while at < bytes.len()
            && let Some(m) = ac.find(aho_corasick::Input::new(bytes).range(at..))
        {
            at = m.start() + 1;
            let longest = m.pattern().as_usize();
            let here = std::iter::once(longest).chain(self.auto.prefixes(longest).iter().copied());
            let holds = here.into_iter().any(|i| {
                self.class.get(i).copied().flatten().is_some_and(|c| c != Class::Probe)
                    && self.stands(bytes, i, m.start(), self.auto.lens.get(i).copied().unwrap_or(0))
            });
            if holds {
                out.push(m.start());
                // On to the next line.
                at = memchr::memchr(b'\n', &bytes[m.start()..]).map_or(bytes.len(), |e| m.start() + e + 1);
            }
        }
        out
    }

    /// Whether `bytes` may hold a finding: a strong literal, a runtime's path with a
    /// probe, or a weak literal where the string pieces spell a variable's name.
    fn passes(&self, bytes: &[u8]) -> bool {
        let (mut weak, mut paired, mut probe, mut keyed) = (false, false, false, false);
        let decided = self.any_standing(bytes, |class| {
            match class {
                Class::Strong => return true,
                Class::Paired => paired = true,
                Class::Probe => probe = true,
                Class::Weak => weak = true,
                Class::Keyed => keyed = true,
            }
            (paired && probe) || (keyed && weak)
        });
        decided || (weak && spells_a_var(bytes, self.runtime_names))
    }
}

/// Whether a literal of `bound`, found at `start` with `len` bytes, stands where its
/// bound lets it.
fn stands(bound: Bound, bytes: &[u8], start: usize, len: usize) -> bool {
    let ident = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let before = start.checked_sub(1).and_then(|i| bytes.get(i));
    let end = start + len;
    let after = bytes.get(end);
    match bound {
        Bound::Anywhere => true,
        Bound::Word => !ident(before) && !ident(after),
        Bound::WordStart => !ident(before),
        Bound::Shaped => {
            !ident(before) && {
                let word = &bytes[start..];
                let end = word.iter().take(65).position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'));
                end.and_then(|e| std::str::from_utf8(&word[..e]).ok())
                    .or_else(|| std::str::from_utf8(word).ok().filter(|w| w.len() <= 64))
                    .is_some_and(|w| crate::indicators::vendor_prefix(w).is_some())
            }
        }
        Bound::Component => !(ident(before) || ident(after) || matches!(after, Some(b'.' | b'-'))),
        Bound::PathPiece => {
            matches!(before, Some(b'/' | b'\'' | b'"' | b'`')) && !(ident(after) || matches!(after, Some(b'.' | b'-')))
        }
        Bound::ProcTable => reads_a_process(bytes.get(end..).unwrap_or_default()),
        Bound::Call => !ident(before) && is_called(bytes.get(end..).unwrap_or_default()),
        Bound::InDefinedName => {
            let rest = bytes.get(end..).unwrap_or_default();
            let name_end = rest.iter().take(64).position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'));
            name_end.is_some_and(|e| is_defined(&rest[e..]) || is_bound_to_a_function(&rest[e..]))
        }
    }
}

/// Whether `bytes` holds a literal of `lits` that can start a finding (a prefilter of
/// its own automaton, for the narrowed prefilters of the tests).
fn passes_alone(lits: &[Literal], group: Group, bytes: &[u8]) -> bool {
    let names: Vec<String> = lits.iter().map(|(l, ..)| l.clone()).collect();
    let auto = Automaton::new(&names.iter().map(String::as_str).collect::<Vec<_>>());
    Prefilter::over(&auto, &names, lits, group).passes(bytes)
}

/// The most blanks between a function's name and its call's `(` that [`is_called`]
/// looks through (a name at a line's end, its arguments on the next).
const MAX_CALL_GAP: usize = 64;

/// Whether `rest`, the text right after a name, calls it: `(`, `?.(`, `::<`, `<` (type
/// arguments) or a template's backquote, after blanks.
fn is_called(rest: &[u8]) -> bool {
    let gap = rest.iter().take(MAX_CALL_GAP).take_while(|b| b.is_ascii_whitespace()).count();
    let rest = &rest[gap..];
    match rest.first() {
        Some(b'(' | b'<' | b'`') => true,
        Some(b'?') => rest.starts_with(b"?.("),
        Some(b':') => rest.starts_with(b"::<"),
        // Blanks past the gap: count it called rather than miss it.
        Some(b) => gap == MAX_CALL_GAP && b.is_ascii_whitespace(),
        None => false,
    }
}

/// The most bytes [`is_defined`] looks through for a parameter list's end.
const MAX_PARAMS: usize = 512;

/// Whether `rest`, the text right after a name, is a function's parameter list and its
/// body's start (`(&self) -> bool {`, `(): boolean {`, `(self):`, `() {`): the name is
/// defined there, not called (`detect();`, `if (isDetected())`).
fn is_defined(rest: &[u8]) -> bool {
    let gap = rest.iter().take(MAX_CALL_GAP).take_while(|b| b.is_ascii_whitespace()).count();
    if rest.get(gap) != Some(&b'(') {
        return false;
    }
    let mut depth = 0usize;
    for (i, b) in rest.iter().enumerate().skip(gap).take(MAX_PARAMS) {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    let after = &rest[i + 1..];
                    let blank = after.iter().take(MAX_CALL_GAP).take_while(|b| b.is_ascii_whitespace()).count();
                    let after = &after[blank..];
                    return matches!(after.first(), Some(b'{' | b':'))
                        || after.starts_with(b"->")
                        || after.starts_with(b"=>");
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether `rest`, the text right after a name, binds a function to it (`= () =>`,
/// `: async (x) =>`, `= function`, `= lambda`): a detecting function defined by value.
fn is_bound_to_a_function(rest: &[u8]) -> bool {
    let trim = |r: &'_ [u8]| -> usize { r.iter().take(MAX_CALL_GAP).take_while(|b| b.is_ascii_whitespace()).count() };
    let rest = &rest[trim(rest)..];
    let Some(rest) = rest.strip_prefix(b"=").filter(|r| !r.starts_with(b"=")).or_else(|| rest.strip_prefix(b":"))
    else {
        return false;
    };
    let mut rest = &rest[trim(rest)..];
    if let Some(r) = rest.strip_prefix(b"async") {
        rest = &r[trim(r)..];
    }
    rest.starts_with(b"(") || rest.starts_with(b"function") || rest.starts_with(b"lambda")
}

/// Whether the text `rest` right after a `/proc` can make it a read of the process
/// table ([`Bound::ProcTable`]).
fn reads_a_process(rest: &[u8]) -> bool {
    let Some(word) = rest.strip_prefix(b"/").filter(|r| r.first().is_some_and(u8::is_ascii_alphabetic)) else {
        return !rest.first().is_some_and(u8::is_ascii_alphanumeric);
    };
    let end = word.iter().position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))).unwrap_or(word.len());
    let word = word[..end].to_ascii_lowercase();
    matches!(word.as_slice(), b"self" | b"thread-self")
        || word.windows(4).any(|w| w == b"ppid")
        || word.windows(6).any(|w| w == b"parent")
}

/// The prefilter of `group` over the [`shared`] automaton, made the first time a text
/// of the group is met.
fn prefilter(group: Group) -> &'static Prefilter<'static> {
    static PREFILTERS: [OnceLock<Prefilter<'static>>; Group::ALL.len()] = [const { OnceLock::new() }; Group::ALL.len()];
    let i = Group::ALL.iter().position(|g| *g == group).unwrap_or(Group::ALL.len() - 1);
    PREFILTERS[i].get_or_init(|| {
        let (names, auto, groups) = shared();
        Prefilter::over(auto, names, &groups[i], group)
    })
}

/// Whether `bytes` holds a literal that can start a finding in any language (see
/// [`prefilter_literals`]).
#[must_use]
pub fn might_hold_finding(bytes: &[u8]) -> bool {
    prefilter(Group::Any).passes(bytes)
}

/// Whether `bytes`, code of `kind`, holds a literal that can start a finding in that
/// language: a strong literal of some rule's starts ([`crate::rules::DEFS`]), or an
/// environment access together with string pieces that spell a variable's name. A
/// manifest always may.
#[must_use]
pub fn might_hold_finding_in(kind: Kind, bytes: &[u8]) -> bool {
    let Some(group) = Group::of(kind) else { return true };
    if kind == Kind::Rust && memchr::memmem::find(bytes, b"#[cfg(test)]").is_some() {
        let tests = crate::rust::test_modules(bytes);
        if !tests.is_empty() {
            // The linter never reads a `#[cfg(test)]` module: its literals start no
            // finding (a suppression comment there is still read).
            return prefilter(group).passes(&blanked(bytes, &tests)) || contains(bytes, SUPPRESSION.as_bytes());
        }
    }
    prefilter(group).passes(bytes)
}

/// Whether `bytes`, code of `kind`, holds what [`lines_holding_a_literal`] looks for
/// (line by line, the answer that function's one search is held to in the tests).
#[cfg(test)]
pub(crate) fn holds_a_literal(kind: Kind, bytes: &[u8]) -> bool {
    let Some(group) = Group::of(kind) else { return true };
    prefilter(group).holds(bytes)
}

/// Where, in `bytes` (code of `kind`), a line holds a literal of its language's
/// prefilter that names what a finding reads (a strong one, a runtime's path without a
/// probe, an environment access), where its bound lets it stand: the place of the first
/// on each such line, in order. What [`crate::focus`] keeps a definition for; a probe
/// alone is left out (it probes a path from elsewhere, which the focus follows by name).
pub(crate) fn lines_holding_a_literal(kind: Kind, bytes: &[u8]) -> Vec<usize> {
    let Some(group) = Group::of(kind) else { return Vec::new() };
    prefilter(group).holding_lines(bytes)
}

/// `bytes` with the bytes of `ranges` made blanks (newlines kept).
fn blanked(bytes: &[u8], ranges: &[std::ops::Range<usize>]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for r in ranges {
        for b in out.get_mut(r.clone()).unwrap_or_default() {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    out
}

/// Whether `needle` stands anywhere in `hay`.
fn contains(hay: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(hay, needle).is_some()
}

/// Whether `bytes`, code of `kind`, holds a literal that can start a finding of `rule`
/// (the prefilter narrowed to one rule's starts, for the test that holds every rule's
/// findings to its starts).
#[must_use]
pub fn might_hold_finding_of(rule: Rule, kind: Kind, bytes: &[u8]) -> bool {
    let Some(g) = Group::of(kind) else { return def(rule).starts.contains(&Start::Manifest) };
    let lits = group_literals(g, Some(rule));
    !lits.is_empty() && passes_alone(&lits, g, bytes)
}

/// Whether `bytes`, code of `kind`, holds a literal that can start a finding of `rule`
/// when `rule`'s start `without` is left out (for the test that each start is needed).
#[doc(hidden)]
#[must_use]
pub fn might_hold_finding_without(rule: Rule, without: Start, kind: Kind, bytes: &[u8]) -> bool {
    let Some(g) = Group::of(kind) else { return true };
    let mut lits: Vec<Literal> =
        def(rule).starts.iter().filter(|s| **s != without).flat_map(|s| start_literals(*s, g)).collect();
    dedup(&mut lits);
    !lits.is_empty() && passes_alone(&lits, g, bytes)
}

/// The most string pieces [`spells_a_var`] keeps (distinct pieces that are part of a
/// variable's name: a file has few).
const MAX_PIECES: usize = 4096;

/// Whether the string pieces of `bytes` can be joined into an indicator variable's name
/// (`"CLAUDE" + "CODE"`, `"\x43LAUDECODE"`, `` `CLAUDE${"CODE"}` ``, `f"{P}THREAD_ID"`
/// with `P = "CODEX_"`, `concat!("CLAUDE", "CODE")`), or into `GT_` and more, or is a
/// runtime's own name (`"CODEX"`, issue 47, round 19): the names the linters fold from
/// literals. A piece is a run of name characters (`A-Z`, `0-9`,
/// `_`) and escapes (`\x43`, `\u0043`, `\u{43}`, `\U00000043`), decoded, right after a
/// quote or a closing brace and right before a quote, `$` or an opening brace.
pub(crate) fn spells_a_var(bytes: &[u8], runtime_names: bool) -> bool {
    let subs = name_substrings();
    let mut pieces: Vec<String> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !matches!(bytes[i], b'"' | b'\'' | b'`' | b'}') {
            i += 1;
            continue;
        }
        let (piece, end) = piece_at(bytes, i + 1);
        i = end.max(i + 1);
        let Some(piece) = piece else { continue };
        if bytes.get(end).is_some_and(|b| matches!(b, b'"' | b'\'' | b'`' | b'$' | b'{'))
            && subs.contains(piece.as_str())
            && !pieces.contains(&piece)
        {
            pieces.push(piece);
            if pieces.len() >= MAX_PIECES {
                break;
            }
        }
    }
    if pieces.is_empty() {
        return false;
    }
    let gt = vars::GASTOWN_PREFIX;
    registry_vars().iter().chain(EXTRA_VARS).any(|name| joins(name, &pieces, false))
        || joins(gt, &pieces, true)
        // A variable named just for a runtime (`process.env[FLAG]`, `FLAG = "CODEX"`).
        || (runtime_names && pieces.iter().any(|p| crate::indicators::runtime_s_own_name(p).is_some()))
}

/// The decoded run of name characters and escapes starting at `at`, and where it ends.
fn piece_at(bytes: &[u8], mut at: usize) -> (Option<String>, usize) {
    let mut out = String::new();
    while at < bytes.len() {
        let b = bytes[at];
        if b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_' {
            out.push(char::from(b));
            at += 1;
        } else if b == b'\\' {
            let Some((c, len)) = escape(&bytes[at + 1..]) else { return (None, at) };
            if !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') {
                return (None, at);
            }
            out.push(c);
            at += 1 + len;
        } else {
            break;
        }
    }
    ((!out.is_empty()).then_some(out), at)
}

/// The character an escape (after its `\`) stands for, and the escape's length.
fn escape(rest: &[u8]) -> Option<(char, usize)> {
    let hex =
        |s: &[u8]| std::str::from_utf8(s).ok().and_then(|s| u32::from_str_radix(s, 16).ok()).and_then(char::from_u32);
    match rest.first()? {
        b'x' => Some((hex(rest.get(1..3)?)?, 3)),
        b'u' if rest.get(1) == Some(&b'{') => {
            let close = rest.iter().take(10).position(|&b| b == b'}')?;
            Some((hex(&rest[2..close])?, close + 1))
        }
        b'u' => Some((hex(rest.get(1..5)?)?, 5)),
        b'U' => Some((hex(rest.get(1..9)?)?, 9)),
        _ => None,
    }
}

/// Whether `name` is a concatenation of `pieces` (with `prefix`, whether the last piece
/// may run past its end).
fn joins(name: &str, pieces: &[String], prefix: bool) -> bool {
    let n = name.len();
    let mut reach = vec![false; n + 1];
    reach[0] = true;
    for at in 0..n {
        if !reach[at] {
            continue;
        }
        for p in pieces {
            let rest = &name[at..];
            if rest.starts_with(p.as_str()) {
                reach[at + p.len()] = true;
            } else if prefix && p.starts_with(rest) {
                return true;
            }
        }
    }
    reach[n]
}

/// Every substring of every indicator variable's name (and of `GT_`), to keep only the
/// string pieces that can be part of one.
fn name_substrings() -> &'static std::collections::HashSet<&'static str> {
    static SUBS: OnceLock<std::collections::HashSet<&'static str>> = OnceLock::new();
    SUBS.get_or_init(|| {
        let mut out = std::collections::HashSet::new();
        for name in registry_vars().iter().chain(EXTRA_VARS).chain(std::iter::once(&vars::GASTOWN_PREFIX)) {
            for i in 0..name.len() {
                for j in i + 1..=name.len() {
                    out.insert(&name[i..j]);
                }
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefilter_sees_literals_as_words() {
        assert!(might_hold_finding(b"x = process.env.CLAUDECODE"));
        assert!(might_hold_finding(b"run ps -p 1"));
        assert!(!might_hold_finding(b"steps and apps"));
        assert!(!might_hold_finding(b"nothing here"));
    }

    /// Names stand as the linters read them: a variable's name as a whole word, a
    /// directory as a whole path component.
    #[test]
    fn literals_stand_where_the_linters_read_them() {
        let js = |s: &str| might_hold_finding_in(Kind::JavaScript, s.as_bytes());
        assert!(js("x = process.env.AI_AGENT"));
        assert!(!js("see AGENTS.md and AI_AGENTS"), "another name");
        assert!(js("x = process.env.GT_ROLE"));
        assert!(!js("x = MGT_ROLE"));
        assert!(js("existsSync(join(home, '.pi'))") && js("existsSync(`${home}/.pi/agent`)"));
        assert!(!js("existsSync(x.pipe(y)); numpy.pi; '.pi-mono'; '.pics'"));
        let sh = |s: &str| might_hold_finding_in(Kind::Shell, s.as_bytes());
        assert!(sh("[ -d ~/.pi ]") && sh("cp -r x ~/.claude/skills"), "shell: a path alone");
        assert!(!js("const dest = join(home, '.claude', 'skills'); copy(src, dest);"), "no probe");
        let py = |s: &str| might_hold_finding_in(Kind::Python, s.as_bytes());
        assert!(py("(Path.home() / '.claude').is_dir()") && !py("dest = Path.home() / '.claude'"));
        assert!(js("ps -o comm= -p $PPID") && !js("apps.psutils"));
    }

    /// An environment access alone (`process.argv`, `os.environ["HOME"]`) sends no file
    /// to the parser; with string pieces that spell a variable's name it does.
    /// A runtime's name counts as a directory only as a piece of a path (issue 47's
    /// probe paths built from segments): `continue;` beside a probe, or a `cursor` in a
    /// comment, sends no file to the parser.
    #[test]
    fn a_runtime_name_counts_only_as_a_piece_of_a_path() {
        for (kind, src) in [
            (Kind::Rust, "fn f(p: &Path) { loop { if p.exists() { continue; } } }\n// the cursor\n"),
            (Kind::JavaScript, "for (const p of paths) { if (existsSync(p)) continue; }\n"),
        ] {
            assert!(!might_hold_finding_in(kind, src.as_bytes()), "{src}");
        }
        for (kind, src) in [
            (Kind::JavaScript, "existsSync(join(home, '.config', 'opencode'));\n"),
            (Kind::Python, "os.path.isdir(os.path.join(h, \".codeium\", \"windsurf\"))\n"),
            (Kind::Shell, "[ -d \"$HOME/.openclaw\" ]\n"),
        ] {
            assert!(might_hold_finding_in(kind, src.as_bytes()), "{src}");
        }
    }

    #[test]
    fn weak_literals_count_with_pieces_that_spell_a_name() {
        let js = |s: &str| might_hold_finding_in(Kind::JavaScript, s.as_bytes());
        assert!(!js("const a = process.argv[2];\nconst h = process.env.HOME;\n"));
        assert!(js("const a = process.env[\"CLAUDE\" + \"CODE\"];\n"));
        assert!(js("const a = process.env[\"\\x43LAUDECODE\"];\n"));
        assert!(js("const a = process.env[\"CLAUDE\\u0043ODE\"];\n"));
        assert!(js("const b = process.env[`CLAUDE${\"CODE\"}`];\n"));
        assert!(js("const a = process.env['GT_' + 'ROLE'];\n"));
        assert!(!js("const a = \"CLAUDE\" + \"CODE\";\n"), "no environment access");
        let py = |s: &str| might_hold_finding_in(Kind::Python, s.as_bytes());
        assert!(py("import os\nP = \"CODEX_\"\na = os.environ.get(f\"{P}THREAD_ID\")\n"));
        assert!(py("import os\na = os.environ.get(\"CODEX_\" \"THREAD_ID\")\n"));
        assert!(!py("import os\na = os.environ.get(\"HOME\")\n"));
        let rs = |s: &str| might_hold_finding_in(Kind::Rust, s.as_bytes());
        assert!(rs("let _ = std::env::var(concat!(\"CLAUDE\", \"CODE\"));"));
        assert!(rs("let _ = std::env::var(\"CLAUDE\\u{43}ODE\");"));
        assert!(!rs("let _ = std::env::var(\"HOME\");"));
        assert!(rs("for (k, v) in std::env::vars() {}"));
    }

    /// A literal counts in the languages whose rules read it: `sysinfo` is Rust's,
    /// `psutil` Python's; shell runs every language's code, so it takes them all.
    #[test]
    fn literals_count_in_their_languages() {
        assert!(might_hold_finding_in(Kind::Rust, b"use sysinfo::System;"));
        assert!(!might_hold_finding_in(Kind::JavaScript, b"const sysinfo = 1;"));
        assert!(might_hold_finding_in(Kind::Python, b"import psutil"));
        assert!(might_hold_finding_in(Kind::Shell, b"python3 -c 'import psutil'"));
        assert!(might_hold_finding_in(Kind::CargoToml, b""), "manifests are always linted");
        for kind in [Kind::Rust, Kind::Shell, Kind::JavaScript, Kind::Python, Kind::HookJson, Kind::Markdown] {
            assert!(might_hold_finding_in(kind, b"exists('.claude/settings.json')"), "{kind:?}");
            assert!(might_hold_finding_in(kind, b"CLAUDECODE"), "{kind:?}");
            assert!(might_hold_finding_in(kind, b"/proc/self/comm"), "{kind:?}");
            assert!(might_hold_finding_in(kind, b"# hal-lint: allow(x)"), "{kind:?}");
            assert!(!might_hold_finding_in(kind, b"ppid = process.ppid"), "{kind:?}: a parent pid is no finding");
        }
    }

    /// Every rule that is reported has starts, and each start has literals in every
    /// language it counts in; the union is what `prefilter_literals` lists.
    #[test]
    fn every_reported_rule_has_literals() {
        for d in DEFS {
            if d.rule == Rule::RuntimePathVar {
                assert!(d.starts.is_empty(), "a retired rule has no starts");
                continue;
            }
            assert!(!d.starts.is_empty(), "{}: no starts", d.rule);
            for s in d.starts {
                for g in Group::ALL {
                    let own = start_literals(*s, g);
                    assert!(own.iter().all(|l| !l.0.is_empty()), "{s:?}");
                    let applies = match s {
                        Start::AllVars => matches!(g, Group::Rust | Group::Shell | Group::Any),
                        Start::ProcessField | Start::DetectingField => g != Group::Rust,
                        Start::Manifest => false,
                        _ => true,
                    };
                    assert_eq!(!own.is_empty(), applies, "{}: {s:?} in {g:?}", d.rule);
                }
            }
        }
        let all = prefilter_literals();
        for l in ["CLAUDECODE", "GT_", ".claude", "/proc", "ps", "psutil", "hal-lint:", "process", "env::vars"] {
            assert!(all.iter().any(|a| a == l), "{l}");
        }
    }

    /// The prefilter's answer by the plain overlapping search: every literal of `lits`
    /// at every place, bounds checked one by one.
    fn passes_overlapping(lits: &[Literal], group: Group, bytes: &[u8]) -> bool {
        let ac = AhoCorasick::builder().match_kind(MatchKind::Standard).build(lits.iter().map(|(l, ..)| l)).unwrap();
        let (mut weak, mut paired, mut probe, mut keyed) = (false, false, false, false);
        for m in ac.find_overlapping_iter(bytes) {
            let (_, class, bound) = lits[m.pattern().as_usize()];
            if !stands(bound, bytes, m.start(), m.len()) {
                continue;
            }
            match class {
                Class::Strong => return true,
                Class::Paired => paired = true,
                Class::Probe => probe = true,
                Class::Weak => weak = true,
                Class::Keyed => keyed = true,
            }
            if (paired && probe) || (keyed && weak) {
                return true;
            }
        }
        weak && spells_a_var(bytes, group.reads_runtime_names())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The leftmost-longest search with prefixes answers as the overlapping one, on
        /// texts woven from the literals of every group (prefixes of each other, glued to
        /// identifier characters, dots, slashes and quotes): a group's prefilter over its
        /// own automaton, and over the shared one whose other literals it must step past.
        #[test]
        fn the_fast_search_answers_as_the_overlapping_one(
            group in 0..Group::ALL.len(),
            pieces in proptest::collection::vec((0..400usize, 0..12usize, proptest::sample::select(vec!["", "x", "_", ".", "/", "'", " ", "-", "l", "\n"])), 0..8),
        ) {
            let g = Group::ALL[group];
            let lits = group_literals(g, None);
            let mut all: Vec<String> = Group::ALL.iter().flat_map(|g| group_literals(*g, None)).map(|(l, ..)| l).collect();
            all.sort_unstable();
            all.dedup();
            let mut text = String::new();
            for (i, cut, glue) in pieces {
                let l = &all[i % all.len()];
                let keep = l.len().saturating_sub(cut % 3);
                text.push_str(l.get(..keep).unwrap_or(l));
                text.push_str(glue);
            }
            let want = passes_overlapping(&lits, g, text.as_bytes());
            proptest::prop_assert_eq!(passes_alone(&lits, g, text.as_bytes()), want, "own: {:?}", text);
            proptest::prop_assert_eq!(prefilter(g).passes(text.as_bytes()), want, "shared: {:?}", text);
            // The focus's one search of a text finds the lines each line's own finds.
            let kind = match g {
                Group::Rust => Kind::Rust,
                Group::Js => Kind::JavaScript,
                Group::Python => Kind::Python,
                Group::Shell => Kind::Shell,
                Group::Any => Kind::Markdown,
            };
            let mut starts = vec![0];
            starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
            let each: Vec<usize> = text
                .split('\n')
                .enumerate()
                .filter(|(_, l)| holds_a_literal(kind, l.as_bytes()))
                .map(|(i, _)| i)
                .collect();
            let once: Vec<usize> = lines_holding_a_literal(kind, text.as_bytes())
                .into_iter()
                .map(|at| starts.partition_point(|&s| s <= at) - 1)
                .collect();
            proptest::prop_assert_eq!(once, each, "lines: {:?}", text);
        }
    }

    #[test]
    fn a_literal_only_in_a_test_module_sends_no_file_to_the_parser() {
        let test = "#[cfg(test)]\nmod tests {\n    fn f() { let _ = std::env::var(\"CLAUDECODE\"); }\n}\n";
        assert!(!might_hold_finding_in(Kind::Rust, test.as_bytes()));
        assert!(might_hold_finding_in(
            Kind::Rust,
            format!("{test}fn g() {{ let _ = std::env::var(\"CLAUDECODE\"); }}\n").as_bytes()
        ));
        // A suppression comment is read wherever it stands.
        assert!(might_hold_finding_in(Kind::Rust, format!("{test}// hal-lint: allow(indicator-var)\n").as_bytes()));
    }
}
