use pdnkit::rules::{CountMode, Position, Variant, perft};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::from_name(&args[1]).unwrap();
    let d: u32 = args[2].parse().unwrap();
    let mode = if args.get(3).map(String::as_str) == Some("keep") {
        CountMode::Keep
    } else {
        CountMode::Drop
    };
    let pos = Position::initial(v.rules());
    for depth in 1..=d {
        let t = std::time::Instant::now();
        let n = perft(&pos, depth, mode, true);
        println!("{depth} {n} {:?}", t.elapsed());
    }
}
