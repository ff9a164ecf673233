// `sqlx::migrate!` embeds the migrations when the crate compiles: a new or edited migration
// file must recompile it.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
