//! `pdnkit convert`: rewrite archives in another format, game by game, in input order.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::ValueEnum;

use pdnkit::pdn::parser::parse_game;
use pdnkit::pdn::writer::{TerminatorStyle, WriteOptions, Writer};

use super::input::{self, Item};
use super::output::Output;
use super::report::{Counts, Reporter};
use super::{GlobalArgs, Status};

/// Arguments of `pdnkit convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Output format.
    #[arg(long, value_enum)]
    pub to: Target,
    /// Write to this file instead of stdout (written to a temporary file, then renamed).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; `.gz` is decompressed). Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Output formats of `convert`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Normalised PDN that reads back into the same games.
    Pdn,
}

/// One game's converted text and what to say about it on stderr.
struct Converted {
    data: Vec<u8>,
    messages: String,
    counts: Counts,
}

/// Runs `pdnkit convert`.
pub fn run(args: ConvertArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files);
    let mut reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let options = WriteOptions {
        terminator: TerminatorStyle::AsReadOrStar,
        ..WriteOptions::default()
    };
    let mut first = true;
    let result = global.pipeline().run(
        input::games(&files, reporter.bytes_counter()),
        || (),
        |_, item| convert_item(item, options),
        |converted| {
            reporter.message(&converted.messages);
            reporter.add(converted.counts);
            if converted.data.is_empty() {
                return ControlFlow::Continue(());
            }
            let separator: &[u8] = if first { b"" } else { b"\n" };
            first = false;
            match out
                .write_all(separator)
                .and_then(|()| out.write_all(&converted.data))
            {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    out.finish()?;
    Ok(reporter.finish("converted"))
}

fn convert_item(item: Item, options: WriteOptions) -> Converted {
    match item {
        Item::Failed { error, .. } => Converted {
            data: Vec::new(),
            messages: format!("pdnkit: {error}\n"),
            counts: Counts::failed_input(),
        },
        Item::Game { file, raw } => match parse_game(&raw) {
            Ok(game) => {
                let mut text = String::with_capacity(raw.text.len() + 64);
                Writer::new(options).write_game(&game, &mut text);
                Converted {
                    data: text.into_bytes(),
                    messages: String::new(),
                    counts: Counts::parsed(),
                }
            }
            Err(err) => Converted {
                data: Vec::new(),
                messages: format!("{}\n", raw.render_error(&file, &err)),
                counts: Counts::unreadable(),
            },
        },
    }
}
