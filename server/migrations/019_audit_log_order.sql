-- The audit log at ten million records: every order the list offers is an index read that
-- stops after the page. Each order breaks ties by `at` then `id` in the direction of its
-- first term, so one index serves it forwards and backwards; the actor filter reads one
-- index range per matching username. A page's ids come from the index alone (an index-only
-- scan over the OFFSET), then only its rows are read.
DROP INDEX audit_log_at;
CREATE INDEX audit_log_at ON audit_log (at, id);
DROP INDEX audit_log_entity_at;
CREATE INDEX audit_log_entity_at ON audit_log (entity, at, id);
CREATE INDEX audit_log_action_at ON audit_log (action, at, id);
-- Entity and action together ("who approved news"): the capped count reads only this index.
CREATE INDEX audit_log_entity_action_at ON audit_log (entity, action, at, id);
CREATE INDEX audit_log_actor_username_at ON audit_log (actor_username, at, id);
