"""The web page: a FastAPI app over the library, and its static files (the web extra)."""

from importlib.util import find_spec

if find_spec("fastapi") is None:  # looked up only: the app's modules import it
    raise ImportError(
        "devilcoins.web needs the web extra: pip install 'devilcoins[web]'", name="fastapi"
    )
