"""Lost Cities: Roll & Write for `turnpost bot`: marks a die whenever it may (refusing only
when nothing else is legal), at random among them.

    turnpost bot --types lost-cities-dice python3 examples/lost_cities_dice.py
"""

import json
import random
import sys

for line in sys.stdin:
    legal = json.loads(line)["legal"]
    marks = [move for move in legal if move["action"] != "refuse"]
    print(json.dumps({"move": random.choice(marks or legal)}), flush=True)
