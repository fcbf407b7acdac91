"""The web page: a FastAPI app over the library, and its static files."""
