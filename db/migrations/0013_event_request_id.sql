-- expand: a nullable column without a default is added without rewriting the table; the previous
-- release's instances keep inserting events without it (null)
ALTER TABLE "events" ADD COLUMN "request_id" text;