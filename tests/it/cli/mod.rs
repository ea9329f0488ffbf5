//! The command as a user runs it: conversion, batches, options, help and
//! man pages, the terminal, errors about outputs, files never destroyed,
//! `check --fix`, start-up, `check`'s verdicts, the README's first screen.

mod basics;
mod batch;
mod check_fix;
mod edit;
mod files;
mod floods;
mod help;
mod names;
mod options;
mod output_errors;
mod readme;
mod start_up;
mod terminal;
mod verdicts;
