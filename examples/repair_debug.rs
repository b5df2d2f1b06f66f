use pdnkit::repair::repairs;
use pdnkit::{ReplayOptions, check_game};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let options = ReplayOptions::default();
    for raw in pdnkit::pdn::games(std::path::Path::new(&path)).unwrap() {
        let raw = raw.unwrap();
        check_game("g.pdn", &raw, &options, |g| {
            for f in repairs(g, &options) {
                println!("game {} fault {:?} var {}", g.record.game, f.span, f.variation);
                for s in &f.suggestions {
                    println!("  {:?} after={} complete={} confirmed={} | {}", s.fixes.iter().map(|f| (f.ply, &f.written, &f.fixed, f.slip)).collect::<Vec<_>>(), s.plies_after, s.complete, s.confirmed, s.help());
                }
            }
        });
    }
}
