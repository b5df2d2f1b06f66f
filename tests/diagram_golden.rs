//! Board diagrams of every board shape and square notation against golden SVG files in
//! `fixtures/diagram/` (`PDNKIT_BLESS=1` rewrites them; look at the diff, and at the pictures).
//! Each picture is read back by an XML parser, and its squares are checked where the
//! notations put them: square 1 at the top-left played square in international draughts, `a1`
//! at the first mover's near left in the algebraic variants, and so on.

use std::path::{Path, PathBuf};

use pdnkit::diagram::{Arrow, Layout, Options, Paint, SQUARE, Theme, parse_route, svg};
use pdnkit::draughts::{Config, Fen, GameState, GameType, Variant};

/// One picture: its file name, the rules and notation, the position, and what to draw.
struct Case {
    name: &'static str,
    config: Config,
    fen: Option<&'static str>,
    /// Squares (by name) and the cell, column and row from the top-left, each is drawn in.
    cells: &'static [(&'static str, (u32, u32))],
    tweak: fn(&Config, &mut Options),
}

fn standard(v: Variant) -> Config {
    Config::standard(v)
}

fn route(config: &Config, text: &str) -> Vec<pdnkit::draughts::Square> {
    parse_route(&config.notation, text).unwrap()
}

fn cases() -> Vec<Case> {
    let pool_mirrored = Config::from_game_type(&GameType::parse("23,B,8,8,A1,1").unwrap()).unwrap();
    vec![
        Case {
            name: "international",
            config: standard(Variant::International),
            fen: Some("W:W27,28,31-43,45-48,K50:B1-17,20,23,K44"),
            cells: &[("1", (1, 0)), ("5", (9, 0)), ("46", (0, 9)), ("50", (8, 9))],
            tweak: |c, o| {
                o.last_move = Some((route(c, "32")[0], route(c, "28")[0]));
                o.arrows.push(Arrow {
                    route: route(c, "28x19"),
                    paint: Paint::GREEN,
                });
                o.arrows.push(Arrow {
                    route: route(c, "33-29"),
                    paint: Paint::RED,
                });
                o.captured = route(c, "23");
            },
        },
        Case {
            name: "international-flipped-dark",
            config: standard(Variant::International),
            fen: None,
            cells: &[("1", (8, 9)), ("46", (9, 0))],
            tweak: |_, o| {
                o.flip = true;
                o.theme = Theme::Dark;
                o.coordinates = true;
            },
        },
        Case {
            name: "english",
            config: standard(Variant::English),
            fen: Some("B:W18,19,24-27,29-32,K1:B5-12,14,15,K28"),
            cells: &[("1", (1, 0)), ("4", (7, 0)), ("29", (0, 7)), ("32", (6, 7))],
            tweak: |c, o| {
                o.arrows.push(Arrow {
                    route: route(c, "15x22"),
                    paint: Paint::BLUE,
                })
            },
        },
        Case {
            name: "italian",
            config: standard(Variant::Italian),
            fen: None,
            cells: &[("1", (0, 0)), ("32", (7, 7))],
            tweak: |_, _| {},
        },
        Case {
            name: "spanish",
            config: standard(Variant::Spanish),
            fen: None,
            cells: &[("1", (7, 7)), ("4", (1, 7)), ("5", (6, 6))],
            tweak: |_, _| {},
        },
        Case {
            name: "thai",
            config: standard(Variant::Thai),
            fen: None,
            cells: &[("1", (6, 7)), ("4", (0, 7)), ("32", (1, 0))],
            tweak: |_, _| {},
        },
        Case {
            name: "russian",
            config: standard(Variant::Russian),
            fen: Some("W:Wc3,e3,Kg1:Bd4,f6,Kh8"),
            cells: &[("a1", (0, 7)), ("h8", (7, 0)), ("c3", (2, 5))],
            tweak: |c, o| {
                o.arrows.push(Arrow {
                    route: route(c, "c3:e5:g7"),
                    paint: Paint::GREEN,
                });
                o.squares = route(c, "d4-f6");
            },
        },
        Case {
            name: "canadian",
            config: standard(Variant::Canadian),
            fen: None,
            cells: &[("1", (1, 0)), ("67", (0, 11)), ("72", (10, 11))],
            tweak: |_, _| {},
        },
        Case {
            name: "spantsiretti",
            config: standard(Variant::Spantsiretti),
            fen: None,
            cells: &[("a1", (0, 7)), ("j8", (9, 0))],
            tweak: |_, _| {},
        },
        Case {
            name: "turkish",
            config: standard(Variant::Turkish),
            fen: Some("W:Wa2,b2,Kd5:Ba7,c6,Kh1"),
            cells: &[("a1", (0, 7)), ("a2", (0, 6)), ("h8", (7, 0))],
            tweak: |c, o| {
                o.numbers = true;
                o.arrows.push(Arrow {
                    route: route(c, "d5xd7xa7"),
                    paint: Paint::ORANGE,
                });
            },
        },
        Case {
            name: "ghanaian",
            config: standard(Variant::Ghanaian),
            fen: None,
            cells: &[("1", (0, 0)), ("50", (9, 9))],
            tweak: |_, _| {},
        },
        Case {
            name: "pool-light-cornered",
            config: pool_mirrored,
            fen: None,
            // Black is the first mover here and sits at the bottom of the GameType's frame,
            // with a1 at its near right: White's top-left.
            cells: &[("a1", (0, 0)), ("h8", (7, 7))],
            tweak: |_, _| {},
        },
    ]
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/diagram")
}

fn picture(case: &Case) -> String {
    let game = match case.fen {
        None => GameState::new(case.config),
        Some(text) => GameState::from_fen(&Fen::parse(text).unwrap(), case.config).unwrap(),
    };
    let mut options = Options::new(&case.config.notation);
    options.size = 360;
    (case.tweak)(&case.config, &mut options);
    svg(game.position(), &case.config.notation, &options)
}

#[test]
fn every_board_matches_its_golden_picture() {
    let bless = std::env::var_os("PDNKIT_BLESS").is_some();
    let dir = golden_dir();
    let mut names = Vec::new();
    for case in cases() {
        let svg = picture(&case);
        let path = dir.join(format!("{}.svg", case.name));
        names.push(format!("{}.svg", case.name));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        let golden = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (PDNKIT_BLESS=1 writes it)", path.display()));
        assert!(
            golden == svg,
            "{} differs from the picture drawn now",
            path.display()
        );
    }
    // No golden file is left over from a case that is gone.
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    on_disk.sort();
    names.sort();
    assert_eq!(on_disk, names);
}

#[test]
fn every_picture_is_well_formed_svg_with_each_square_where_its_notation_puts_it() {
    for case in cases() {
        let text = picture(&case);
        let doc = roxmltree::Document::parse(&text)
            .unwrap_or_else(|e| panic!("{}: not well-formed XML: {e}", case.name));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{}", case.name);
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        // Labels and pieces are drawn: no text, so no font is needed.
        assert!(
            doc.descendants().all(|n| n.tag_name().name() != "text"),
            "{}",
            case.name
        );
        // One rectangle per played square, each name once.
        let squares: Vec<roxmltree::Node> = doc
            .descendants()
            .filter(|n| n.has_attribute("data-square"))
            .collect();
        let g = case.config.notation.geometry();
        assert_eq!(squares.len(), g.len(), "{}", case.name);
        let mut names: Vec<&str> = squares
            .iter()
            .map(|n| n.attribute("data-square").unwrap())
            .collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), g.len(), "{}: a name twice", case.name);
        let frame = if case.name.contains("flipped") || !numeric(&case.config) {
            0.5 * SQUARE
        } else {
            0.1 * SQUARE
        };
        for &(name, (col, row)) in case.cells {
            let node = squares
                .iter()
                .find(|n| n.attribute("data-square") == Some(name))
                .unwrap_or_else(|| panic!("{}: no square {name}", case.name));
            let at = |a: &str| node.attribute(a).unwrap().parse::<f64>().unwrap();
            let cell = (
                ((at("x") - frame) / SQUARE) as u32,
                ((at("y") - frame) / SQUARE) as u32,
            );
            assert_eq!(cell, (col, row), "{}: square {name}", case.name);
        }
        // The layout agrees with the picture about every square's place.
        let layout = Layout::new(
            &case.config.notation,
            case.name.contains("flipped"),
            frame > 0.1 * SQUARE,
        );
        for sq in g.all() {
            let name = case.config.notation.names().name(sq);
            let node = squares
                .iter()
                .find(|n| n.attribute("data-square") == Some(name))
                .unwrap();
            let (x, y) = layout.corner(sq);
            assert_eq!(
                node.attribute("x").unwrap().parse::<f64>().unwrap(),
                x,
                "{}",
                case.name
            );
            assert_eq!(node.attribute("y").unwrap().parse::<f64>().unwrap(), y);
        }
    }
}

fn numeric(config: &Config) -> bool {
    config.notation.preferred() == pdnkit::draughts::NotationKind::Numeric
}

#[test]
fn pieces_markers_and_arrows_are_drawn_once_each() {
    let case = &cases()[0];
    let text = picture(case);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let uses = |id: &str| {
        doc.descendants()
            .filter(|n| n.attribute("href") == Some(id))
            .count()
    };
    // W:W27,28,31-43,45-48,K50:B1-17,20,23,K44
    assert_eq!(uses("#pdnkit-wm"), 19);
    assert_eq!(uses("#pdnkit-wk"), 1);
    assert_eq!(uses("#pdnkit-bm"), 19);
    assert_eq!(uses("#pdnkit-bk"), 1);
    assert_eq!(uses("#pdnkit-x"), 1, "the captured piece on 23");
    let arrows: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "polyline")
        .map(|n| n.attribute("stroke").unwrap())
        .collect();
    assert_eq!(arrows, ["#2ca02c", "#d62728"]);
    // Every arrow head used is defined.
    for n in doc.descendants().filter(|n| n.has_attribute("marker-end")) {
        let id = n.attribute("marker-end").unwrap();
        let id = id.trim_start_matches("url(#").trim_end_matches(')');
        assert!(
            doc.descendants().any(|m| m.attribute("id") == Some(id)),
            "{id}"
        );
    }
}
