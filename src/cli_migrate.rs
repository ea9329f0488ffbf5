//! `sgfconv migrate`: command-line arguments (placeholder until issue 7 lands).
