//! Live games (`docs/live-games.md`): a host opens a game on a quiz ([`games`]: open, the host's
//! view, the controls, kicking), players join it by its PIN ([`join`]; the joins are written in
//! groups by [`joiner`]), its results are kept ([`results`]: per player and per question, CSV, a
//! player's history), and they play over the hub (`game:<gameId>`), whose answers and clock are
//! written by [`writer`]. The game's rules are the domain's (`game`, `player`); the rooms and their
//! views are the hub's.

mod games;
mod join;
pub mod joiner;
pub mod nickname;
mod results;
pub mod writer;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub use games::{GAMES_OPENED_PER_ADDRESS, OPEN_GAMES_PER_ACCOUNT};
pub use joiner::Joiner;
pub use writer::LiveWriter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(games::open_game))
        .routes(routes!(games::game_view))
        .routes(routes!(games::control_game))
        .routes(routes!(games::kick_player))
        .routes(routes!(join::join_game))
        .routes(routes!(results::quiz_games))
        .routes(routes!(results::game_results))
        .routes(routes!(results::export_game_results))
        .routes(routes!(results::live_history))
}
