CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"start_id" bigint,
	"head_id" bigint,
	"head_hash" text,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "salt" text;--> statement-breakpoint
-- The anchor starts from the chain as it stands: its first and newest chained entries (none yet: null, and the first
-- append sets them). Entries before the start stay accepted as written before the chain existed.
INSERT INTO "audit_chain_head" ("id", "start_id", "head_id", "head_hash")
SELECT 1,
  (SELECT min("id") FROM "admin_audit_log" WHERE "hash" IS NOT NULL),
  newest."id",
  newest."hash"
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (
  SELECT "id", "hash" FROM "admin_audit_log" WHERE "hash" IS NOT NULL ORDER BY "id" DESC LIMIT 1
) AS newest ON true;
--> statement-breakpoint
-- Still append-only, with one exception: a KVKK redaction (transaction-local setting bist.audit_redaction = 'on')
-- may rewrite an entry's content and clear its salt, never its id, time, action, type or chain links. verify-audit
-- then checks the entry against the redacted hash recorded by the redaction's own chained entry (decision 0045).
CREATE OR REPLACE FUNCTION admin_audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('bist.audit_redaction', true) = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action AND NEW.event_type = OLD.event_type
     AND NEW.hash IS NOT DISTINCT FROM OLD.hash AND NEW.prev_hash IS NOT DISTINCT FROM OLD.prev_hash
     AND NEW.salt IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
