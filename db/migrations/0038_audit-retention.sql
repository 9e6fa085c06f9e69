-- The audit trail stays append-only but for one deletion: the retention purge of accounts nobody has
-- claimed (lib/maintenance/purge.ts purgeUnclaimedAudit), which marks its own transaction
-- (checkout.audit_purge) and may only take records more than a day old of an account with no claim.
-- Every other update or delete is refused as before; TRUNCATE keeps audit_log_append_only().
CREATE FUNCTION audit_log_row_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('checkout.audit_purge', true) = 'unclaimed' THEN
    IF OLD.merchant_id IS NOT NULL AND OLD.created_at < now() - interval '1 day'
       AND EXISTS (SELECT 1 FROM merchants m WHERE m.id = OLD.merchant_id AND m.claimed_at IS NULL) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
DROP TRIGGER audit_log_no_update ON "audit_log";--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_row_guard();
