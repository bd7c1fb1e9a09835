"""Push (issue 21): the server that holds each viewer's stream, on one event loop.

``asgi.py``: the Flask app mounted in an ASGI app (uvicorn serves it), the streams held
beside it; ``hub.py``: which streams follow which game, one render per change and group.
"""
