"""Observed games (touch, sight and count): the player learns something between moves, so a
strategy is a tree.  One package a game (``touch``) or a module (``sight``, ``count``) solves it
for its least worst case; ``replay`` checks any strategy against every start and turn, with
nothing of the solvers; ``certificates`` writes both bounds to a file (``devilcoins.certcheck``
checks it)."""
