//! Insights (`docs/insights-api.md`): a hosted quiz's analytics for its host ([`quiz`]: the
//! report, its workbook and CSV, and its live games) and a player's progress ([`progress`]). The
//! figures are computed in [`report`] from the asynchronous `insights` read model (decision 0025).

mod export;
mod progress;
mod quiz;
pub mod report;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(quiz::insights))
        .routes(routes!(export::export_xlsx))
        .routes(routes!(export::export_csv))
        .routes(routes!(progress::progress))
}
