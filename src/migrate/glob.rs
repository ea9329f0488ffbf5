//! `--include`/`--exclude` globs, matched against paths relative to SRC,
//! by `globset`.
//!
//! `*` is any run of characters but `/`, `**` any run with `/` (`**/` also
//! matches no directory), `?` one character but `/`, `[abc]`, `[a-z]`,
//! `[!x]` classes, `{a,b}` alternatives. A pattern without `/` is matched
//! against the file name alone, so `*.gib` finds GIB files at any depth (as
//! in `.gitignore`); a pattern with `/` against the whole relative path.
//! Matching ignores case unless asked not to (`--case-sensitive-globs`), so
//! that `*.sgf` takes `GAME.SGF` as the extension rules do. The path text is
//! matched (non-UTF-8 bytes are seen as U+FFFD).

use globset::{GlobBuilder, GlobMatcher};

#[derive(Clone, Debug)]
pub struct Glob {
    matcher: GlobMatcher,
    name_only: bool,
}

impl Glob {
    /// The glob of `pattern`; an error message when it is no glob (an
    /// unclosed `[` or `{`).
    pub fn new(pattern: &str, case_sensitive: bool) -> Result<Glob, String> {
        let p = pattern.strip_prefix("./").unwrap_or(pattern);
        let p = p.strip_prefix('/').unwrap_or(p);
        let glob = GlobBuilder::new(p)
            .literal_separator(true)
            .case_insensitive(!case_sensitive)
            .backslash_escape(true)
            .build()
            .map_err(|e| format!("glob {pattern:?}: {e}"))?;
        Ok(Glob {
            matcher: glob.compile_matcher(),
            name_only: !p.contains('/'),
        })
    }

    /// `rel` uses `/` as separator.
    pub fn matches(&self, rel: &str) -> bool {
        let target = if self.name_only {
            rel.rsplit('/').next().unwrap_or(rel)
        } else {
            rel
        };
        self.matcher.is_match(target)
    }
}

/// Any of `globs` matches `rel`.
pub fn any_match(globs: &[Glob], rel: &str) -> bool {
    globs.iter().any(|g| g.matches(rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, rel: &str) -> bool {
        Glob::new(p, false).unwrap().matches(rel)
    }

    #[test]
    fn name_patterns_match_at_any_depth() {
        assert!(m("*.gib", "a/b/c.gib"));
        assert!(m("*.gib", "c.gib"));
        assert!(!m("*.gib", "c.gib.sgf"));
        assert!(m("*.gib*", "x/c.gib.dll"));
        assert!(m("game?.sgf", "d/game1.sgf"));
        assert!(m("./*.sgf", "a.sgf"));
    }

    #[test]
    fn path_patterns_anchor_at_src() {
        assert!(m("old/*.sgf", "old/a.sgf"));
        assert!(!m("old/*.sgf", "old/x/a.sgf"));
        assert!(!m("old/*.sgf", "new/old/a.sgf"));
        assert!(m("old/**", "old/x/y/a.sgf"));
        assert!(m("**/tmp/*", "a/b/tmp/x"));
        assert!(m("**/tmp/*", "tmp/x"));
        assert!(m("/old/*.sgf", "old/a.sgf"));
    }

    #[test]
    fn classes_and_alternatives() {
        assert!(m("[ab]*.sgf", "a1.sgf"));
        assert!(!m("[!ab]*.sgf", "a1.sgf"));
        assert!(m("[0-9][0-9].sgf", "42.sgf"));
        assert!(!m("[0-9].sgf", "x.sgf"));
        assert!(m("*.{gib,ngf}", "d/x.ngf"));
        assert!(m("\\[x", "[x"));
    }

    #[test]
    fn case_is_ignored_unless_asked() {
        assert!(m("*.sgf", "d/GAME.SGF"));
        assert!(m("Old/*.SGF", "old/a.sgf"));
        let exact = Glob::new("*.sgf", true).unwrap();
        assert!(!exact.matches("GAME.SGF"));
        assert!(exact.matches("game.sgf"));
    }

    #[test]
    fn a_pattern_that_is_no_glob_is_an_error() {
        assert!(Glob::new("[x", false).is_err());
        assert!(Glob::new("{a,b", false).is_err());
    }

    #[test]
    fn stars_backtrack() {
        assert!(m("*a*b*c", "xaybzc"));
        assert!(!m("*a*b*c", "xaybz"));
        assert!(m("*", "anything"));
        assert!(m("**", "a/b"));
    }
}
