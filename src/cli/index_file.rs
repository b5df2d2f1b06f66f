//! How the command line words the refusals of an index (`pdnkit::index` owns the format):
//! each names the index and says to build it again where that is the cure.

use std::path::Path;

use pdnkit::index::IndexError;

/// `e`, an index's refusal, as the command line says it.
pub(super) fn refused(index: &Path, e: IndexError) -> anyhow::Error {
    let shown = index.display();
    let again = "build it again with `pdnkit index`";
    match e {
        IndexError::NotAnIndex => {
            anyhow::anyhow!("{shown}: not an index written by `pdnkit index`")
        }
        IndexError::OlderFormat => {
            anyhow::anyhow!("{shown}: an index of an older pdnkit (without checksums); {again}")
        }
        IndexError::Damaged(_) | IndexError::NoRecord { .. } => {
            anyhow::anyhow!("{shown}: {e}; {again}")
        }
        IndexError::Io(e) => anyhow::anyhow!("{shown}: {e}"),
        IndexError::NotAPosition | IndexError::Unreadable(_) => anyhow::anyhow!("{shown}: {e}"),
    }
}
