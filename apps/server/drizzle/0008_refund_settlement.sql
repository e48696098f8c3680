-- Refunds that never settled (decision 013): the settling job asks the gateway about every
-- accepted refund whose money is not known to be back, with a backoff, until it says SUCCESS or
-- FAILED. Before this, FAILED meant only that the refund call had failed (a timeout as much as a
-- refusal): those go back to PENDING so the job asks (the refund number makes a retry pay once),
-- and every refund waiting for its money is due at once.
ALTER TABLE "refunds" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refunds" SET "payout_status" = 'PENDING' WHERE "status" = 'ACCEPTED' AND "payout_status" = 'FAILED';--> statement-breakpoint
UPDATE "refunds" SET "payout_check_at" = now() WHERE "status" = 'ACCEPTED' AND "payout_status" IN ('PENDING', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "refunds_payout_due_idx" ON "refunds" USING btree ("payout_check_at") WHERE "refunds"."payout_status" in ('PENDING', 'PROCESSING');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payout_status_check" CHECK ("refunds"."payout_status" is null or "refunds"."payout_status" in ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'));