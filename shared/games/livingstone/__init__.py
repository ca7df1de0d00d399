"""Livingstone (Schmidt Spiele 2009, Benjamin Liersch) for 2 to 5 players: take dice, pitch tents
along the Zambezi, mine gems, and donate enough to the queen."""

from shared.games.livingstone.engine import Livingstone

__all__ = ["Livingstone"]
