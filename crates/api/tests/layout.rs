//! The api crate's layout rules (decision 0018): features import no other feature, shared modules
//! import no feature (decision 0044), and every API route is registered through `routes!`, so it
//! is documented (decision 0020); stream names and event types are the domain's ([`names`],
//! decision 0042).

#[path = "layout/names.rs"]
mod names;

use std::path::{Path, PathBuf};

/// The features: modules (or folders) with their own routes.
const FEATURES: &[&str] = &["auth", "wallet", "play", "leaderboard", "hosting", "audience", "generate", "live", "audit", "insights", "health", "dev_mailbox"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The feature a source file belongs to, if any.
fn feature_of(src: &Path, file: &Path) -> Option<&'static str> {
    let first = file.strip_prefix(src).ok()?.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    FEATURES.iter().copied().find(|f| *f == name)
}

fn all_sources() -> (PathBuf, Vec<PathBuf>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    (src, files)
}

#[test]
fn no_feature_imports_another_feature() {
    let (src, files) = all_sources();
    let mut offences = Vec::new();
    for file in &files {
        let Some(own) = feature_of(&src, file) else { continue };
        let text = std::fs::read_to_string(file).unwrap();
        for other in FEATURES.iter().filter(|f| **f != own) {
            for pattern in [format!("crate::{other}::"), format!("crate::{other};"), format!("crate::{{{other}")] {
                if text.contains(&pattern) {
                    offences.push(format!("{} uses {pattern}", file.display()));
                }
            }
        }
    }
    assert!(offences.is_empty(), "features import other features:\n{}", offences.join("\n"));
}

#[test]
fn every_api_route_is_registered_with_its_documentation() {
    let (src, files) = all_sources();
    let mut offences = Vec::new();
    for file in &files {
        if feature_of(&src, file).is_none() {
            continue;
        }
        if std::fs::read_to_string(file).unwrap().contains(".route(") {
            offences.push(file.display().to_string());
        }
    }
    assert!(offences.is_empty(), "routes registered with .route() instead of .routes(routes!(…)), so undocumented:\n{}", offences.join("\n"));
}

/// The name each `ToSchema` type is documented under: its own, or the one `#[schema(as = …)]` gives.
fn schema_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut pending: Option<Option<String>> = None;
    for line in text.lines().map(str::trim) {
        if line.starts_with("#[derive(") && line.contains("ToSchema") {
            pending = Some(None);
        } else if let (Some(slot), Some(rest)) = (pending.as_mut(), line.strip_prefix("#[schema(as = ")) {
            *slot = rest.split([')', ',']).next().map(|s| s.trim().to_string());
        } else if let Some(alias) = pending.clone() {
            let item = match line.strip_prefix("pub(") {
                Some(rest) => rest.split_once(") ").map_or(line, |(_, item)| item),
                None => line.strip_prefix("pub ").unwrap_or(line),
            };
            if let Some(rest) = item.strip_prefix("struct ").or_else(|| item.strip_prefix("enum ")) {
                let own: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                names.push(alias.unwrap_or(own));
                pending = None;
            }
        }
    }
    names
}

/// utoipa keeps one schema per name: a second type with the same name silently replaces the
/// first in the document, so a response would be checked against the wrong schema. The hub's
/// documented types (the live game view) count as the api crate's own.
#[test]
fn every_documented_type_has_its_own_schema_name() {
    let (_, mut files) = all_sources();
    // The hub's live game view is documented too (decision 0041).
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../hub/src"), &mut files);
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for file in &files {
        for name in schema_names(&std::fs::read_to_string(file).unwrap()) {
            seen.entry(name).or_default().push(file.display().to_string());
        }
    }
    let clashes: Vec<String> = seen.iter().filter(|(_, files)| files.len() > 1).map(|(name, files)| format!("{name}: {}", files.join(", "))).collect();
    assert!(seen.len() > 50, "found only {} documented types; is the scan broken?", seen.len());
    assert!(clashes.is_empty(), "schema names used by more than one type (rename one or give it #[schema(as = …)]):\n{}", clashes.join("\n"));
}

/// The composition root: the modules that put the features together (the router and its
/// document, the server's startup). They import every feature; nothing else may import them.
const ROOT: &[&str] = &["lib", "app", "startup"];

/// The modules of this crate a source names with `crate::…` (`crate::a::b`, `crate::a;`,
/// `crate::{a, b::c}`): the first name of each path.
fn crate_modules(text: &str) -> std::collections::BTreeSet<String> {
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut found = std::collections::BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The first name of each item at the group's own level.
            let (mut depth, mut start) = (0, true);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && !c.is_whitespace() => {
                        start = false;
                        found.insert(ident(&group[i..]));
                    }
                    _ => {}
                }
            }
        } else {
            found.insert(ident(rest));
        }
    }
    found.remove("");
    found
}

/// The top-level module a source file is part of (`live` for `live/joiner.rs`).
fn module_of(src: &Path, file: &Path) -> String {
    let first = file.strip_prefix(src).unwrap().components().next().unwrap().as_os_str().to_str().unwrap();
    first.strip_suffix(".rs").unwrap_or(first).to_owned()
}

/// The shared modules (the state, errors, access, limits, group commit …) import no feature, nor
/// the composition root that imports them all, so features depend on shared code and never the
/// other way round: no import circle runs through the state (decision 0044).
#[test]
fn shared_modules_import_no_feature() {
    let (src, files) = all_sources();
    let mut offences = Vec::new();
    for file in &files {
        let own = module_of(&src, file);
        if FEATURES.contains(&own.as_str()) || ROOT.contains(&own.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for module in crate_modules(&text) {
            if FEATURES.contains(&module.as_str()) || (ROOT.contains(&module.as_str()) && module != "lib") {
                offences.push(format!("{} uses crate::{module}", file.display()));
            }
        }
    }
    assert!(offences.is_empty(), "shared modules import features (or the composition root):\n{}", offences.join("\n"));
}

#[test]
fn the_modules_a_source_imports_are_found() {
    let text = "use crate::state::AppState;\nuse crate::{error::{ApiError, db}, live, tokens::Keys};\nlet x = crate::live::Joiner::start();\nuse crate::app;";
    assert_eq!(crate_modules(text).into_iter().collect::<Vec<_>>(), ["app", "error", "live", "state", "tokens"]);
}
