-- The audit log of staff and customer actions. Rules for this folder: docs/decisions/0056-sql-sources.md.

-- Written once, never changed or removed (the app role is also refused UPDATE and DELETE on it: server/src/db/roles.ts).
CREATE OR REPLACE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
