//! The api crate's layout rules (decision 0018): features import no other feature, and every API
//! route is registered through `routes!`, so it is documented (decision 0020).

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
