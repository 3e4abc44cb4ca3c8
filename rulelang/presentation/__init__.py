"""What a seat is shown, laid out for people: names in players' words (`naming.py`) and the table
as a seat sees it, the same at the terminal and in the browser (`scene.py`)."""
