"""The games of a PGN file as fastchess and cutechess-cli write them, for the
scripts beside this file (Python standard library only).

    from pgn_games import read_games
    for tags, movetext in read_games("games.pgn"): ...
"""


def tag(line):
    """(name, value) of a PGN tag line, or None."""
    line = line.strip()
    if not (line.startswith("[") and line.endswith("]") and ' "' in line):
        return None
    name, value = line[1:-1].split(" ", 1)
    return name, value.strip('"')


def read_games(path):
    """[(tags, movetext)]: each game's tags as a dict and its movetext (moves,
    comments and result) as one string; a new game begins at each `Event` tag."""
    games, tags, moves = [], {}, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            t = tag(line)
            if t is None:
                moves.append(line)
                continue
            if t[0] == "Event" and tags:
                games.append((tags, "".join(moves)))
                tags, moves = {}, []
            tags[t[0]] = t[1]
    if tags:
        games.append((tags, "".join(moves)))
    return games
