//! The server's settings, from the client's initialization options and from
//! `workspace/didChangeConfiguration`: either the settings themselves or an object holding them
//! under `pdnkit`.

use pdnkit::ReplayOptions;
use pdnkit::draughts::Variant;
use serde::{Deserialize, Serialize};

/// What the client may set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Settings {
    /// Play every game under these rules (`validate --variant`): a name or alias that
    /// `pdnkit variants` lists.
    pub variant: Option<String>,
    /// PDN 3.0 strictness (`validate --strict`).
    pub strict: bool,
    /// Publish notes (how things were understood) besides errors and warnings.
    pub notes: bool,
    /// Look for repairs of moves that cannot be played (the quick fixes).
    pub suggestions: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            variant: None,
            strict: false,
            notes: true,
            suggestions: true,
        }
    }
}

impl Settings {
    /// The settings in `value`, over `self` for what it leaves out; an error names what could
    /// not be read.
    pub fn updated(&self, value: &serde_json::Value) -> Result<Settings, String> {
        let value = value.get("pdnkit").unwrap_or(value);
        if value.is_null() {
            return Ok(self.clone());
        }
        let mut merged = serde_json::to_value(self).expect("settings serialise");
        if let (Some(into), Some(from)) = (merged.as_object_mut(), value.as_object()) {
            for (k, v) in from {
                into.insert(k.clone(), v.clone());
            }
        }
        let settings: Settings =
            serde_json::from_value(merged).map_err(|e| format!("pdnkit settings: {e}"))?;
        settings.forced()?;
        Ok(settings)
    }

    /// The variant the settings force, if any.
    pub fn forced(&self) -> Result<Option<Variant>, String> {
        match self.variant.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(name) => Variant::from_name(name).map(Some).ok_or_else(|| {
                format!("pdnkit settings: no variant is called {name:?} (see `pdnkit variants`)")
            }),
        }
    }

    /// The replay options of these settings.
    pub fn options(&self) -> ReplayOptions {
        ReplayOptions {
            variant: self.forced().ok().flatten(),
            strict: self.strict,
            ..ReplayOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn updates_merge_and_bad_names_are_refused() {
        let s = Settings::default();
        let s = s
            .updated(&json!({"pdnkit": {"variant": "russian"}}))
            .unwrap();
        assert_eq!(s.forced(), Ok(Some(Variant::Russian)));
        let s = s.updated(&json!({"strict": true})).unwrap();
        assert!(s.strict && s.notes && s.variant.is_some());
        assert!(
            s.updated(&json!({"variant": "chess"}))
                .unwrap_err()
                .contains("chess")
        );
        assert_eq!(s.updated(&serde_json::Value::Null).unwrap(), s);
    }
}
