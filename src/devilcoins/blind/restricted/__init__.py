"""A Devil restricted to a set of permutations: beliefs as sets of states (docs/variants.md).

With ``Game.devil_moves`` = S the Devil applies exactly one element of S before each move; S need
not be a group (the identity only if it is listed, so S = {one turn} makes the Devil turn every
time).  Two states that differ by an element of S are no longer interchangeable, so beliefs are
sets of *states*, rows of bits over the m^n states, and the belief after move a is

    B' = { s(x) + a : x in B, s in S }  minus the goal,

from B_0 = every state outside the goal (turn first, then the move, as for groups); a strategy
wins when its belief is empty.  When S is a group this is the class engine's game, state by
state, with the same lengths.

No strategy is shorter than the counting bound |B_0| / |goal| (each s is one-to-one, so S(B) + a
is never smaller than B, and a move removes at most the goal).  Solving tries, in turn:

1. the reduction: with H the group of S's quotients s^-1 t closed under conjugation by S, and
   sigma in S, the game seen through sigma^-k after move k is the game against H, so the chain
   construction's moves b_k against H give a_k = sigma^k(b_k) (kept when they meet the bound
   and win exactly);
2. the Devil's certificate: a subgroup Z of states holding the goal, not all of them, such that
   every state outside Z has two moves s, t of S with s(x) - t(x) outside Z (the least such
   subgroup is built up from the goal; checked for every state);
3. a depth-first search for a strategy that meets the counting bound;
4. breadth-first search over beliefs with dominance pruning (a belief containing one already
   kept is dropped: whatever wins the smaller wins it too, no later); a search that ends without
   a win has explored every belief reachable, a proof that no strategy exists.

Verification propagates the belief and, when a strategy loses, walks back through the beliefs
to a start and a turn from S before each move that never reach the goal.  Both hold m^n up to
``MAX_STATES``.
"""

from devilcoins.blind.restricted.quotient import (
    devils_certificate,
    devils_level,
    quotient_certificate,
    quotient_group,
    reduced_strategy,
)
from devilcoins.blind.restricted.search import search_devil_moves, search_states
from devilcoins.blind.restricted.states import (
    MAX_STATES,
    StateSpace,
    counting_bound,
    search_moves,
    state_space,
)
from devilcoins.blind.restricted.verify import verify_devil_moves

__all__ = [
    "MAX_STATES",
    "StateSpace",
    "counting_bound",
    "devils_certificate",
    "devils_level",
    "quotient_certificate",
    "quotient_group",
    "reduced_strategy",
    "search_devil_moves",
    "search_moves",
    "search_states",
    "state_space",
    "verify_devil_moves",
]
