"""Livingstone for `turnpost bot`: a legal move at random, but never ending a turn early
while something else may be done with it.

    turnpost bot --types livingstone python3 examples/livingstone.py
"""

import json
import random
import sys

for line in sys.stdin:
    legal = json.loads(line)["legal"]
    doing = [move for move in legal if move["action"] != "end"]
    print(json.dumps({"move": random.choice(doing or legal)}), flush=True)
