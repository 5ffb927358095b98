"""`mayhem balance`: every pairing of a box (or of Competitive Mode's teams, on every board)
played many seeded games by a bot, on Ray, processes or this process (run.py), and the
statistics of the results (stats.py), printed and written to a file (results.py)."""
