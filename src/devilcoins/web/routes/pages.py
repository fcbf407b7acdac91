"""Health, the page at ``/`` and its files under ``/static`` (served from the package)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from devilcoins import __version__
from devilcoins.web.responses import Health

__all__ = ["STATIC_DIR", "mount_static", "pages_router"]

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"


def pages_router() -> APIRouter:
    """The routes for liveness and the page."""
    router = APIRouter()

    @router.get("/api/health", response_model=Health)
    def health() -> dict[str, Any]:
        """Liveness and the package version."""
        return {"ok": True, "version": __version__}

    @router.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The page."""
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    return router


def mount_static(app: FastAPI) -> None:
    """Serve the page's files under /static (StaticFiles refuses paths outside the folder)."""
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
