-- expand: a nullable column; the previous release inserts attempts without it, and
-- fillAttemptWebhooks (the maintenance sweep) fills those and every older attempt in batches
ALTER TABLE "delivery_attempts" ADD COLUMN "webhook_id" text;
