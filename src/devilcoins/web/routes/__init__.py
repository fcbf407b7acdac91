"""The web API's routes, one APIRouter per concern, each built by a small function.

``play_router`` (live games), ``solve_router`` (any blind game's verdict), ``watch_router``
(the coin strategies and their verification), ``devil_router`` ("Be the Devil"), ``draw_router``
(the table as SVG), ``words_router`` (the page's words), ``menus_router`` (which games the
menus offer) and ``pages_router`` (health and the page; ``mount_static`` serves its files).
"""
