//! The sheet reader's tests, in one binary: good files in every format, the rules rows follow,
//! hostile files, and the template.

mod fixtures;
mod formats;
mod hostile;
mod rows;
mod support;
mod template;
