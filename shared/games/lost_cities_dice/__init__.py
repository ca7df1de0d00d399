"""Lost Cities: Roll & Write (type id `lost-cities-dice`), 2-5 players.

Each turn the server rolls 3 colour dice and 3 number dice for the active player, who takes
one of each and writes the combination on their sheet, or refuses; then every other player
does the same with the 4 dice left (all 6 after a refusal). By default the others choose
simultaneously, each choice hidden from the rest until all have chosen (option `order:
clockwise` makes them choose one after another, seeing earlier choices). The game ends after
the turn in which every player is exhausted or all 8 bridges are crossed. The sheet layout and
point scales are data: option `sheet`, default `DEFAULT_SHEET` (a house layout).

Notation (case-insensitive, spacing free; a colour may be written by its initial):

    red 4                         write a 4 in red (the colour die and number die shown)
    blue 0                        a 0: blue's circle if blue has not started, else a 10
    green 7 accel red accel none  green 7 lands on an arrow: accelerate red, whose new field
                                  has an arrow too: decline. One `accel` per arrow reached.
    purple 9                      on a full purple expedition: mark its top artefact
    refuse                        take no dice: mark the next dice symbol
    resign                        leave the game

As JSON: `{"action": "choose", "colour": "green", "number": 7, "accelerate": ["red", null]}`,
`{"action": "refuse"}`, `{"action": "resign"}`. Moves name dice by value, so they read the
same without the game at hand; the engine checks those values are among the seat's dice.
"""

from shared.games.lost_cities_dice.engine import LostCitiesDice
from shared.games.lost_cities_dice.sheet_data import DEFAULT_SHEET

__all__ = ["DEFAULT_SHEET", "LostCitiesDice"]
