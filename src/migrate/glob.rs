//! `--include`/`--exclude` globs, matched against paths relative to SRC.
//!
//! A small matcher instead of a dependency: `*` (any run of characters but
//! `/`), `**` (any run, `/` included; `**/` also matches no directory), `?`
//! (one character but `/`), `[abc]`, `[a-z]`, `[!x]`. A pattern without `/`
//! is matched against the file name alone, so `*.gib` finds GIB files at any
//! depth (as in `.gitignore`); a pattern with `/` against the whole relative
//! path. Matching is case-sensitive, on the path text (non-UTF-8 bytes are
//! seen as U+FFFD).

#[derive(Clone, Debug)]
pub struct Glob {
    pattern: Vec<char>,
    name_only: bool,
}

impl Glob {
    pub fn new(pattern: &str) -> Glob {
        let p = pattern.strip_prefix("./").unwrap_or(pattern);
        let p = p.strip_prefix('/').unwrap_or(p);
        Glob {
            pattern: p.chars().collect(),
            name_only: !p.contains('/'),
        }
    }

    /// `rel` uses `/` as separator.
    pub fn matches(&self, rel: &str) -> bool {
        let target = if self.name_only {
            rel.rsplit('/').next().unwrap_or(rel)
        } else {
            rel
        };
        let t: Vec<char> = target.chars().collect();
        match_at(&self.pattern, &t)
    }
}

/// Any of `globs` matches `rel`.
pub fn any_match(globs: &[Glob], rel: &str) -> bool {
    globs.iter().any(|g| g.matches(rel))
}

fn match_at(p: &[char], t: &[char]) -> bool {
    // Iterative matcher with memo-free backtracking on the last star; `**`
    // recursion is bounded by the pattern length.
    let (mut pi, mut ti) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() || pi < p.len() {
        if pi < p.len() {
            match p[pi] {
                '*' if p.get(pi + 1) == Some(&'*') => {
                    let mut rest = pi + 2;
                    // `**/` may match zero directories.
                    if p.get(rest) == Some(&'/') {
                        if match_at(&p[rest + 1..], &t[ti..]) {
                            return true;
                        }
                        rest += 1;
                    }
                    return (ti..=t.len()).any(|k| match_at(&p[rest..], &t[k..]));
                }
                '*' => {
                    star = Some((pi, ti));
                    pi += 1;
                    continue;
                }
                '?' if ti < t.len() && t[ti] != '/' => {
                    pi += 1;
                    ti += 1;
                    continue;
                }
                '[' if ti < t.len() => {
                    if let Some((ok, next)) = class(p, pi, t[ti]) {
                        if ok {
                            pi = next;
                            ti += 1;
                            continue;
                        }
                    } else if t[ti] == '[' {
                        pi += 1;
                        ti += 1;
                        continue;
                    }
                }
                c if ti < t.len() && c == t[ti] && c != '?' && c != '[' => {
                    pi += 1;
                    ti += 1;
                    continue;
                }
                _ => {}
            }
        }
        // Mismatch: let the last `*` eat one more character (not a `/`).
        match star {
            Some((sp, st)) if st < t.len() && t[st] != '/' => {
                star = Some((sp, st + 1));
                pi = sp + 1;
                ti = st + 1;
            }
            _ => return false,
        }
    }
    true
}

/// Matches `c` against the class starting at `p[at] == '['`: whether it
/// matched and the index after `]`; `None` if the class is not closed.
fn class(p: &[char], at: usize, c: char) -> Option<(bool, usize)> {
    let mut i = at + 1;
    let negate = matches!(p.get(i), Some('!') | Some('^'));
    if negate {
        i += 1;
    }
    let mut matched = false;
    let mut first = true;
    loop {
        let cur = *p.get(i)?;
        if cur == ']' && !first {
            break;
        }
        first = false;
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|e| *e != ']') {
            let hi = *p.get(i + 2)?;
            if cur <= c && c <= hi {
                matched = true;
            }
            i += 3;
        } else {
            if cur == c {
                matched = true;
            }
            i += 1;
        }
    }
    Some((matched != negate && c != '/', i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, t: &str) -> bool {
        Glob::new(p).matches(t)
    }

    #[test]
    fn name_patterns_match_at_any_depth() {
        assert!(m("*.gib", "a/b/c.gib"));
        assert!(m("*.gib", "c.gib"));
        assert!(!m("*.gib", "c.gib.sgf"));
        assert!(m("*.gib*", "x/c.gib.dll"));
        assert!(m("game?.sgf", "d/game1.sgf"));
        assert!(!m("game?.sgf", "d/game10.sgf"));
    }

    #[test]
    fn path_patterns_anchor_at_src() {
        assert!(m("old/*.sgf", "old/a.sgf"));
        assert!(!m("old/*.sgf", "old/x/a.sgf"));
        assert!(!m("old/*.sgf", "new/old/a.sgf"));
        assert!(m("old/**", "old/x/y/a.sgf"));
        assert!(m("**/tmp/*", "a/b/tmp/x"));
        assert!(m("**/tmp/*", "tmp/x"));
        assert!(m("a/**/z.sgf", "a/z.sgf"));
        assert!(m("a/**/z.sgf", "a/b/c/z.sgf"));
    }

    #[test]
    fn classes() {
        assert!(m("[ab]*.sgf", "a1.sgf"));
        assert!(!m("[!ab]*.sgf", "a1.sgf"));
        assert!(m("[0-9][0-9].sgf", "42.sgf"));
        assert!(!m("[0-9].sgf", "x.sgf"));
        assert!(m("[x", "[x"));
    }

    #[test]
    fn stars_backtrack() {
        assert!(m("*a*b*c", "xaybzc"));
        assert!(!m("*a*b*c", "xaybz"));
        assert!(m("*", "anything"));
        assert!(m("**", "a/b"));
    }
}
