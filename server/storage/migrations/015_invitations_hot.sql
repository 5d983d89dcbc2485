-- 015: showing an invitation to its member (sent -> shown, once for nearly every invitation) is an
-- update in place. No index names `status` any more, in its columns or its predicate: open means
-- closed_at IS NULL (every closing sets it), and the table leaves room on each page, so PostgreSQL
-- can make that update a heap-only tuple update instead of writing an entry into every index.
ALTER TABLE invitations SET (fillfactor = 85);
DROP INDEX invitations_anchor;
CREATE INDEX invitations_anchor_open ON invitations (anchor_id, created_at DESC) WHERE closed_at IS NULL;
DROP INDEX invitations_open;
CREATE INDEX invitations_open ON invitations (expires_at) WHERE closed_at IS NULL;
