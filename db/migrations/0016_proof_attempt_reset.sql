-- expand: a nullable column; the previous release counts every attempt, as before
ALTER TABLE "proof_attempts" ADD COLUMN "reset_at" timestamp with time zone;