"""Lost Cities for `turnpost bot`: draws from the deck (so every round runs its course) and
plays a card to an expedition whenever it may, else discards; which card is chance.

    turnpost bot --types lost-cities python3 examples/lost_cities.py
"""

import json
import random
import sys

for line in sys.stdin:
    legal = json.loads(line)["legal"]
    from_deck = [move for move in legal if move.get("draw") == "deck"] or legal
    plays = [move for move in from_deck if move["action"] == "play"]
    print(json.dumps({"move": random.choice(plays or from_deck)}), flush=True)
