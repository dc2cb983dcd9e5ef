//! The job file: a TOML table naming the rules, the graphs and where to write.
//! Unknown keys are an error (a typo must not silently change a census).
//!
//! ```toml
//! name = "node-kayles-8"          # required; used for the default output path
//! rules = "node-kayles"           # required; see `gamecensus eval --help`
//! family = "all"                  # all | trees | path | cycle | star | complete |
//!                                 # complete-bipartite | grid   (default: all)
//! min_vertices = 1                # default 1
//! max_vertices = 8                # required
//! connected = false               # only for family = "all" (default false)
//! colours = 0                     # 0 uncoloured, 2 = B/W, 3 = B/W/G (default 0)
//! output = "results/nk8.csv"      # default results/<name>.csv
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::graphs::PositionSpec;
use crate::graphs::families::Family;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobSpec {
    pub name: String,
    pub rules: String,
    #[serde(default = "default_family")]
    pub family: Family,
    #[serde(default = "default_min")]
    pub min_vertices: usize,
    pub max_vertices: usize,
    #[serde(default)]
    pub connected: bool,
    #[serde(default)]
    pub colours: usize,
    pub output: Option<PathBuf>,
}

fn default_family() -> Family {
    Family::All
}

fn default_min() -> usize {
    1
}

impl JobSpec {
    /// Reads and parses a job file; every problem is a usage error naming the file.
    pub fn load(path: &Path) -> Result<JobSpec> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::usage(format!("cannot read job file {}: {e}", path.display())))?;
        JobSpec::parse(&text).map_err(|e| Error::usage(format!("job file {}: {e}", path.display())))
    }

    /// Parses a job from TOML text.
    pub fn parse(text: &str) -> Result<JobSpec> {
        let spec: JobSpec = toml::from_str(text).map_err(|e| {
            // One line: the position, then the parser's message.
            let at = e.span().map(|s| {
                let before = &text[..s.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let col = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
                format!("line {line}, column {col}: ")
            });
            Error::usage(format!("{}{}", at.unwrap_or_default(), e.message().trim()))
        })?;
        if spec.name.trim().is_empty() {
            return Err(Error::usage("name must not be empty"));
        }
        Ok(spec)
    }

    /// The graphs and colourings the job runs over.
    pub fn positions(&self) -> PositionSpec {
        PositionSpec {
            family: self.family,
            min_vertices: self.min_vertices,
            max_vertices: self.max_vertices,
            connected: self.connected,
            colours: self.colours,
        }
    }

    /// Output path: `output`, or `results/<name>.csv`.
    pub fn output_path(&self) -> PathBuf {
        self.output
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("results/{}.csv", self.name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let j = JobSpec::parse("name = 'x'\nrules = 'node-kayles'\nmax_vertices = 5\n").unwrap();
        assert_eq!(j.family, Family::All);
        assert_eq!(j.min_vertices, 1);
        assert_eq!(j.output_path(), PathBuf::from("results/x.csv"));
        let e = JobSpec::parse("name = 'x'\nrules = 'r'\nmax_vertices = 5\nmax_vertex = 3\n")
            .unwrap_err();
        assert!(e.to_string().contains("max_vertex"), "{e}");
        let e = JobSpec::parse("name = 'x'\nrules = 'r'\n").unwrap_err();
        assert!(e.to_string().contains("max_vertices"), "{e}");
        let e = JobSpec::parse("name = 'x'\nrules = 'r'\nmax_vertices = 5\nfamily = 'hypercube'\n")
            .unwrap_err();
        assert!(e.to_string().contains("hypercube"), "{e}");
        assert!(JobSpec::parse("name = [").is_err());
    }
}
