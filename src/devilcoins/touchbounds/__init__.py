"""The bounds of touch games that no search settles, and the constructions behind their upper
halves: the touch family's frontier code, above the certificate checker it writes for.

- ``bounds``: bounds [L, U] written for the checker, and the checkpoint a level search keeps;
- ``doubling``: a touch strategy for 2m glasses from the one for m glasses;
- ``tested``: the strategy the doubling plays on differences, with the fewest tests met;
- ``peeling``: a touch strategy for dials of m values from the one for coins.
"""
