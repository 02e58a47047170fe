"""The rules engine: cards, rule options and variants, where a card goes, events, the game, the
fold, saved logs and the refusals. It imports nothing outside this package (a test checks it)."""
