//! `--aliases FILE`: the alias table (`pdnkit players --format csv`, edited by hand) that
//! players, standings, tags, stats, filter, dedupe and report read.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use pdnkit::players::Aliases;

/// The `--aliases` option.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct AliasArgs {
    /// Who is who: a CSV with the columns name and spellings (the table `pdnkit players
    /// --format csv` writes, edited so that each person's spellings share one row, separated
    /// by `|`). Each spelling it lists is read as that row's name.
    #[arg(long, value_name = "FILE")]
    pub aliases: Option<PathBuf>,
}

impl AliasArgs {
    /// The table, when given; a usage error naming the file and line when it cannot be read.
    pub fn load(&self) -> anyhow::Result<Option<Arc<Aliases>>> {
        self.aliases.as_deref().map(load).transpose()
    }
}

fn load(path: &Path) -> anyhow::Result<Arc<Aliases>> {
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let aliases = Aliases::from_csv(std::io::BufReader::new(file))
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(Arc::new(aliases))
}
