-- 040: Discover's search (server/features/discover/search.ts). Its filters over the broadcasters:
-- the reachable ones (online or live) by hot score, a country, and who joined lately. The name
-- search (a nickname containing the words) scans the broadcasters, which stay few (thousands).
CREATE INDEX anchors_reachable_hot ON anchors (hot_score DESC, userid) WHERE state <> 'offline';
CREATE INDEX anchors_country ON anchors (lower(country));
CREATE INDEX users_ladies_joined ON users (created_at DESC) WHERE role = 'lady';
