"""One letter better: its rules (rules.py), its bots (bots.py) and what else it alone needs."""
