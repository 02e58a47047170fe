"""Cards, rows, tables and handouts drawn as SVG/HTML strings (no dependencies); ``display``
fills the engine's rich-display hook."""
