//! Suppression comments: `hal-lint: allow(<id>[, <id>…]) <reason>`.
//!
//! At the end of a line it silences that line; alone on its line it silences the next
//! line of code and, when an item or statement starts there, all of it. A suppression
//! without a reason, or naming an unknown rule, silences nothing and is itself a finding.

use crate::hit::Hit;
use crate::lines::Lines;
use crate::rules::Rule;

const MARK: &str = "hal-lint:";
const FIX: &str = "hal-lint: allow(<rule-id>) <why this line may do it>";
/// Markdown's comment opener (see [`crate::hit::Kind::comment_starts`]).
const MARKDOWN: &[&str] = &["<!--"];
const HIDDEN: &str = "a suppression at the end of a Markdown line, which a rendered view hides beside what it \
                      silences; put it alone on the line above the block";

/// One suppression comment that parsed.
#[derive(Debug)]
struct Allow {
    rules: Vec<Rule>,
    /// The lines it silences.
    first: usize,
    last: usize,
    line: usize,
}

fn bad(line: usize, column: usize, why: &str) -> Hit {
    Hit::new(Rule::BadSuppression, (line, column), format!("{why}; write `{FIX}`"), FIX)
}

/// Parses the text after `hal-lint:`; the rules, or why not.
fn parse(rest: &str) -> Result<Vec<Rule>, String> {
    let rest = rest.trim_start();
    let Some(inner) = rest.strip_prefix("allow(") else {
        return Err("a `hal-lint:` comment that is not `allow(...)`".to_owned());
    };
    let Some((ids, tail)) = inner.split_once(')') else {
        return Err("a suppression without its closing parenthesis".to_owned());
    };
    let mut rules = Vec::new();
    for id in ids.split(',').map(str::trim) {
        match id.parse::<Rule>() {
            Ok(r) => rules.push(r),
            Err(_) => return Err(format!("a suppression naming unknown rule `{id}`")),
        }
    }
    let reason = tail.trim().trim_end_matches("*/").trim_end_matches("-->").trim();
    if reason.is_empty() {
        return Err("a suppression without a reason".to_owned());
    }
    Ok(rules)
}

fn is_comment_line(text: &str, comment: &[&str]) -> bool {
    let t = text.trim_start();
    comment.iter().any(|c| t.starts_with(c))
}

/// Whether `before` (the text left of the mark) ends with a comment opener that stands
/// alone: `// hal-lint:`, `x # hal-lint:`, `/* hal-lint:`; not `/// hal-lint:` (a doc
/// comment), nor `"# hal-lint:` or a quoted `` `// hal-lint:` ``.
fn opens_a_comment(before: &str, comment: &[&str]) -> bool {
    let b = before.trim_end();
    comment.iter().any(|c| b.strip_suffix(c).is_some_and(|pre| pre.is_empty() || pre.ends_with(char::is_whitespace)))
}

fn is_code(text: &str, comment: &[&str]) -> bool {
    !text.trim().is_empty() && !is_comment_line(text, comment)
}

/// Whether `src` holds a suppression's mark anywhere (a file without one is left as
/// it is, and its linter need not note the extents of its items).
pub(crate) fn marked(src: &str) -> bool {
    memchr::memmem::find(src.as_bytes(), MARK.as_bytes()).is_some()
}

/// Drops the hits a suppression covers and adds a finding for each bad suppression.
pub(crate) fn apply(src: &str, comment: &[&str], hits: Vec<Hit>, extents: &[(usize, usize)]) -> Vec<Hit> {
    if comment.is_empty() || !marked(src) {
        return hits;
    }
    let lines = Lines::new(src);
    let mut allows = Vec::new();
    let mut out = Vec::new();
    for line in 1..=lines.count() {
        let text = lines.text(line);
        let Some(at) = text.find(MARK) else { continue };
        let before = &text[..at];
        if !opens_a_comment(before, comment) {
            continue; // not a comment of its own: code, a string, a doc comment
        }
        let column = before.chars().count() + 1;
        match parse(&text[at + MARK.len()..]) {
            Err(why) => out.push(bad(line, column, &why)),
            Ok(rules) if is_comment_line(before, comment) => {
                let next = (line + 1..=lines.count()).find(|&l| is_code(lines.text(l), comment));
                // The item or statement the comment stands in: it contains the next line
                // of code and starts after the code before the comment (doc comments and
                // attributes may stand between).
                let prev = (1..line).rev().find(|&l| is_code(lines.text(l), comment)).unwrap_or(0);
                if let Some(first) = next {
                    let last = extents
                        .iter()
                        .filter(|(s, e)| *s > prev && *s <= first && first <= *e)
                        .map(|(_, e)| *e)
                        .max()
                        .unwrap_or(first);
                    allows.push(Allow { rules, first, last, line });
                }
            }
            // In Markdown a trailing `<!-- … -->` is hidden by a rendered view beside
            // the command it would silence (R13): refused, and reported.
            Ok(_) if comment == MARKDOWN => out.push(bad(line, column, HIDDEN)),
            Ok(rules) => allows.push(Allow { rules, first: line, last: line, line }),
        }
    }
    out.extend(hits.into_iter().filter(|h| {
        !allows.iter().any(|a| a.rules.contains(&h.rule) && ((a.first..=a.last).contains(&h.line) || a.line == h.line))
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(line: usize) -> Hit {
        Hit::var_read(line, 1, "CLAUDECODE", false, true)
    }

    #[test]
    fn a_trailing_suppression_silences_its_line_only() {
        let src = "a # hal-lint: allow(indicator-var) the hook reports it\nb\n";
        let kept = apply(src, &["#"], vec![hit(1), hit(2)], &[]);
        assert_eq!(kept.iter().map(|h| h.line).collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn a_suppression_above_an_item_covers_the_item() {
        let src = "# hal-lint: allow(indicator-var, process-table) legacy shim\nf() {\n  x\n}\ny\n";
        let kept = apply(src, &["#"], vec![hit(2), hit(3), hit(5)], &[(2, 4)]);
        assert_eq!(kept.iter().map(|h| h.line).collect::<Vec<_>>(), [5]);
    }

    #[test]
    fn bad_suppressions_are_findings_and_silence_nothing() {
        let src = "a # hal-lint: allow(indicator-var)\nb # hal-lint: allow(no-such-rule) why\nc # hal-lint: deny(x)\n";
        let kept = apply(src, &["#"], vec![hit(1)], &[]);
        let rules: Vec<(Rule, usize, usize)> = kept.iter().map(|h| (h.rule, h.line, h.column)).collect();
        assert_eq!(
            rules,
            [
                (Rule::BadSuppression, 1, 5),
                (Rule::BadSuppression, 2, 5),
                (Rule::BadSuppression, 3, 5),
                (Rule::IndicatorVar, 1, 1)
            ]
        );
        assert!(kept[0].message.contains("without a reason"), "{}", kept[0].message);
        assert!(kept[1].message.contains("no-such-rule"), "{}", kept[1].message);
    }

    #[test]
    fn the_mark_outside_a_comment_of_its_own_is_not_a_suppression() {
        let src = "echo \"hal-lint: allow(indicator-var) no\" # see hal-lint: allow(x)\n";
        let kept = apply(src, &["#"], vec![hit(1)], &[]);
        assert_eq!(kept.len(), 1);
        let src = "/// hal-lint: allow(<id>) in docs\nx // hal-lint: allow(indicator-var) because\n";
        let kept = apply(src, &["//", "/*"], vec![hit(1), hit(2)], &[]);
        assert_eq!(kept.iter().map(|h| (h.rule, h.line)).collect::<Vec<_>>(), [(Rule::IndicatorVar, 1)]);
    }
}
