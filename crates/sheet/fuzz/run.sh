#!/usr/bin/env bash
# Fuzzes quizroom_sheet::parse for SECONDS (default 60), seeded with the test fixtures; exits
# non-zero on a crash, a leak of time (10 s for one input) or memory (1 GB). Needs only the stable
# toolchain: cargo-fuzz's nightly flags are let through with RUSTC_BOOTSTRAP, and no sanitizer is
# used. A crashing input is left in artifacts/parse/.
#
#   crates/sheet/fuzz/run.sh [SECONDS]
set -euo pipefail
seconds="${1:-60}"
cd "$(dirname "$0")"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/tmp/sheet-fuzz-target}"
mkdir -p corpus/parse
cp ../tests/fixtures/*.{xlsx,xls,ods,csv,png,pdf} corpus/parse/
# Seeds for the XML parts the target also tries (see fuzz_targets/parse.rs): a byte picking the
# part, then the part as a fixture has it.
seed() { # seed SELECTOR FILE ENTRY
  { printf "\\x$1"; unzip -p "../tests/fixtures/$2" "$3"; } > "corpus/parse/part-$1-$2"
}
if command -v unzip >/dev/null; then
  for file in questions.xlsx questions-libreoffice.xlsx formulas.xlsx; do
    seed 00 "$file" xl/worksheets/sheet1.xml
    seed 01 "$file" xl/sharedStrings.xml
    seed 02 "$file" xl/styles.xml
    seed 03 "$file" xl/workbook.xml
  done
  seed 04 questions.ods content.xml
  seed 04 formulas.ods content.xml
fi
RUSTC_BOOTSTRAP=1 cargo fuzz run parse --sanitizer none corpus/parse -- \
  -max_total_time="$seconds" -rss_limit_mb=1024 -timeout=10 -max_len=65536
