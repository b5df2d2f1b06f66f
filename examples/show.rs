use pdnkit::pdn::tags::Fen;
use pdnkit::rules::{Position, Variant};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v = Variant::from_name(&a[1]).unwrap();
    let n = v.notation();
    let pos = Position::from_fen(&Fen::parse(&a[2]).unwrap(), v.rules(), &n).unwrap();
    for m in pos.legal_moves() {
        let caps: Vec<String> = m
            .captures()
            .iter()
            .map(|c| n.format(*c).to_string())
            .collect();
        println!("{} caps {:?}", m.text(&n, 'x', true), caps);
    }
    if a.len() > 3 {
        println!("-- all sequences");
        for m in pos.capture_sequences() {
            println!("{} rank {:?}", m.text(&n, 'x', true), pos.capture_rank(&m));
        }
    }
}
