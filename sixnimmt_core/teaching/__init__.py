"""What the lessons teach with: the tours and walks, the documents' examples, the drills, positions
set up by hand, saved games with hindsight, and the narration of a log."""
