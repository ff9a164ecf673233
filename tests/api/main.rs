//! Black-box tests of Quizroom: the real server on a random port over HTTP, the `quizroom`
//! binary, and the read models against the event log — on SQLite and PostgreSQL.

mod access;
mod accommodations;
mod audit;
mod audit_reads;
mod auth;
mod cli;
mod connections;
mod durability;
mod generate;
mod generate_types;
mod helpers;
mod hosting;
mod hub;
mod insights;
mod live;
mod live_joins;
mod live_nodes;
mod media;
mod migrations;
mod option_pictures;
mod play;
mod projectors;
mod question_media;
mod question_types;
mod replay;
mod security;
mod server;
mod sessions;
mod uploads;
