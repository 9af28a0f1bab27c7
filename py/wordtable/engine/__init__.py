"""What every game shares: the game protocol, seeded randomness, records and replay, bots."""
