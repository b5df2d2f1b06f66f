//! SVG to PNG with resvg, a pure-Rust rasteriser: pdnkit's pictures hold no text and no
//! images, so no font database or image decoders are needed.

use anyhow::Context;

/// The PNG of `svg`, at the pixel size its `width` and `height` give.
pub fn render(svg: &str) -> anyhow::Result<Vec<u8>> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .context("reading the picture to rasterise it")?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .context("the picture has no area")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().context("encoding the PNG")
}
