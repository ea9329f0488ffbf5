//! The command as a user runs it: conversion, batches, options, help and
//! man pages, the terminal, errors about outputs, `check --fix`, start-up,
//! `check`'s verdicts.

mod basics;
mod batch;
mod check_fix;
mod help;
mod options;
mod output_errors;
mod start_up;
mod terminal;
mod verdicts;
