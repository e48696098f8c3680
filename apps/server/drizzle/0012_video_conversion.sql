-- Videos of a school pack are converted to HLS by a background job (issue 23, decision 019):
-- the row keeps the file as filmed, and when a conversion process took it.
ALTER TABLE "media" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "conversion_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_conversion_due_idx" ON "media" USING btree ("conversion_status","id") WHERE "media"."conversion_status" in ('NOT_STARTED', 'RUNNING');