"""Makes the installable site's PNG icons (static/icons/) from the favicon's drawing, once, with the
Chromium the browser tests use (no image library needed): `.venv/bin/python deploy/make_icons.py`.

- icon-192.png, icon-512.png: the favicon as it is (a rounded tile, transparent corners), for
  launchers that show an icon as drawn ("purpose": "any").
- maskable-512.png: the tile's colour to every edge and the gem well inside the middle, because a
  launcher that masks icons (Android's circles and squircles) keeps only the central 80% circle.
- apple-touch-icon.png (180): opaque and square, as iOS rounds the corners itself."""

from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
BLUE = "#2454c5"
GEM = (
    '<path d="M7 12.5 11.5 7h9l4.5 5.5L16 26z" fill="#fff"/>'
    f'<path d="M7 12.5h18M11.5 7 16 12.5 20.5 7M16 12.5V26" stroke="{BLUE}" stroke-width="1.3" '
    'stroke-linejoin="round" fill="none"/>'
)
ROUNDED = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="{BLUE}"/>{GEM}</svg>'
# The gem spans 7..25 x 7..26 of 32; scaled by 0.8 about the centre its corners stay inside the safe circle (radius 12.8).
FULL_BLEED = (
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="{BLUE}"/>'
    f'<g transform="translate(16 16.3) scale(0.8) translate(-16 -16.5)">{GEM}</g></svg>'
)
ICONS = [
    ("icon-192.png", 192, ROUNDED),
    ("icon-512.png", 512, ROUNDED),
    ("maskable-512.png", 512, FULL_BLEED),
    ("apple-touch-icon.png", 180, FULL_BLEED),
]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for name, size, svg in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<html><body style="margin:0;background:transparent">{sized}</body></html>')
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
