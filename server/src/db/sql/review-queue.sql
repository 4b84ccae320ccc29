-- The staff review queue (docs/decisions/0002-one-review-queue.md). Rules for this folder:
-- docs/decisions/0056-sql-sources.md.

-- Its history is one immutable row per status change of any customer request.
CREATE OR REPLACE TRIGGER status_events_append_only
  BEFORE UPDATE OR DELETE ON status_events
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
