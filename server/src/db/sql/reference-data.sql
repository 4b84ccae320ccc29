-- Staff-maintained reference data (FX rates, crypto options; docs/decisions/0015-reference-data-history.md). Rules
-- for this folder: docs/decisions/0056-sql-sources.md.

-- Every previous value is kept: one append-only row per change, with the values before and after.
CREATE OR REPLACE TRIGGER reference_data_changes_append_only
  BEFORE UPDATE OR DELETE ON reference_data_changes
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
