//! The api crate's layout rules (decision 0018): features import no other feature, and every API
//! route is registered through `routes!`, so it is documented (decision 0020); stream names and
//! event types are the domain's ([`names`], decision 0042).

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
/// first in the document, so a response would be checked against the wrong schema.
#[test]
fn every_documented_type_has_its_own_schema_name() {
    let (_, files) = all_sources();
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
