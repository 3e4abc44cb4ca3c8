"""`rulelang serve`: a table in the browser for any rule file. People join one game from their own
browsers, each seeing only what their seat may see, beside bots; games are stored as they are
played and survive a restart.

`app.py` assembles the web application (Starlette), `hall.py` keeps the tables, `tables.py`
plays one, `messages.py` says what a seat is shown, `lobby.py` what can be played and by whom,
`store.py` where it is all kept. The pages are in `pages/`, served by the package.
"""
