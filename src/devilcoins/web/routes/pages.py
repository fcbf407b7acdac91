"""Health, the page at ``/`` and its files under ``/static`` (served from the package)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from devilcoins import __version__
from devilcoins.web.responses import Health
from devilcoins.web.routes.solve import WARM
from devilcoins.web.store import CLIENT_COOKIE, client_cookie, client_of

__all__ = ["STATIC_DIR", "mount_static", "pages_router"]

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"


def pages_router() -> APIRouter:
    """The routes for liveness and the page."""
    router = APIRouter()

    @router.get("/api/health", response_model=Health)
    def health() -> dict[str, Any]:
        """Liveness, the package version, and whether the page's first games are worked out
        (``warm``: ``devilcoins serve`` works them out before it takes its first request, so
        every answer of its says true; ``web.ready``)."""
        return {"ok": True, "version": __version__, "warm": WARM.is_set()}

    @router.get("/", include_in_schema=False)
    def index(request: Request) -> FileResponse:
        """The page, with a cookie that names this browser's games as its own (kept when the
        browser has one already)."""
        page = FileResponse(STATIC_DIR / "index.html", media_type="text/html")
        if client_of(request).key.startswith("address"):  # none, made up, or of another run
            value = client_cookie(request.app.state.client_secret)
            page.set_cookie(CLIENT_COOKIE, value, httponly=True, samesite="strict", path="/")
        return page

    return router


def mount_static(app: FastAPI) -> None:
    """Serve the page's files under /static (StaticFiles refuses paths outside the folder)."""
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
