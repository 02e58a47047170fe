"""The class server: the site and the class tables (``sixnimmt serve``), and its command-line client.

An optional part of the distribution (``pip install sixnimmt[server]``): the engine itself keeps
no runtime dependency. ``tables`` and ``store`` need only the standard library; ``app`` is the
ASGI server (Starlette on Uvicorn), ``client`` the WebSocket client of ``sixnimmt table``.
"""
