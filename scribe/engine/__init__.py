"""Virtual Wizard deck (placeholder until the engine issue)."""
