CREATE TABLE "attempt_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_throttles_expires_idx" ON "attempt_throttles" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "account_tickets_expires_idx" ON "account_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sms_codes_expires_idx" ON "sms_codes" USING btree ("expires_at");