-- A join looks up the names of its game that are "ana" or "ana (n)" as one range of keys compared
-- byte by byte (the pattern operators ~>=~ and ~<~), whatever the database's collation: this
-- index serves that range, so a join reads a few names instead of every name of its game.
create index live_player_nickname_bytes on live_player (game_id, nickname_key text_pattern_ops);
