"""The menu screens around the play view: title, packs, levels, settings, and their widgets."""
