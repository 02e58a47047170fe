"""Who answers the engine's decisions: the bots, the expert's search and its fast play-out core,
the Coach (docs/bots.md). Built on the engine only."""
