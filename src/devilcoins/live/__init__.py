"""A game played a move at a time against a Devil, one interface for every kind of game.

A live game holds the state as it lies (hidden from the player unless the game is won or the
player sees it), the Devil (``devilcoins.devil``, chosen by name: 'random', 'greedy' or
'adversarial', the strongest) and what the player knows: the classes still possible.
``LiveGame.start`` asks the game's family how it is played: a move at a time (``MoveGame``:
blind, sight and count, by ``move``) or in rounds (``TouchGame``: ``feel`` the positions
reached, then ``set`` them).  A whole blind strategy is played out by ``play_against``.

>>> g = LiveGame.start(Game(2), 'greedy', seed=1)
>>> type(g).__name__, type(LiveGame.start(Game.parse('n=2 hands=1 observe=touch'))).__name__
('MoveGame', 'TouchGame')
"""

from devilcoins.core.game import Game
from devilcoins.live.game import LiveGame, class_name
from devilcoins.live.moves import MoveGame
from devilcoins.live.playout import play_against
from devilcoins.live.touch import TouchGame, TouchStep

__all__ = ["Game", "LiveGame", "MoveGame", "TouchGame", "TouchStep", "class_name", "play_against"]
