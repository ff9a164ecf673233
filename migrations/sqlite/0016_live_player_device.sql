-- Issue 26 (decision 0032): the device a player joined from (a digest of the browser's client
-- key), so that a device has one seat per game and a device whose player was removed stays out.
alter table live_player add column device text;
create index live_player_device on live_player (game_id, device);
