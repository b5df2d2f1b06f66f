//! The `--openings TABLE` option's value: `builtin` (the tables pdnkit ships) or a CSV file
//! of the user's (`pdnkit::openings`).

use std::path::Path;
use std::sync::Arc;

use pdnkit::openings::Openings;

/// The table `spec` names; a file named `builtin` is given as `./builtin`.
pub(super) fn table(spec: &Path) -> anyhow::Result<Arc<Openings>> {
    if spec == Path::new("builtin") {
        return Ok(Openings::builtin());
    }
    let file = std::fs::File::open(spec).map_err(|e| anyhow::anyhow!("{}: {e}", spec.display()))?;
    let table = Openings::from_csv(std::io::BufReader::new(file))
        .map_err(|e| anyhow::anyhow!("{}: {e}", spec.display()))?;
    Ok(Arc::new(table))
}
