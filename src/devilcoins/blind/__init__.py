"""Blind games: the chain construction, belief search and exact verification."""
