CREATE TABLE "account_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_tickets_purpose_check" CHECK ("account_tickets"."purpose" in ('resetPassword'))
);
--> statement-breakpoint
CREATE TABLE "oauth_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_identities_provider_check" CHECK ("oauth_identities"."provider" in ('wechat'))
);
--> statement-breakpoint
CREATE TABLE "pending_oauth" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_oauth_provider_check" CHECK ("pending_oauth"."provider" in ('wechat'))
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_codes_purpose_check" CHECK ("sms_codes"."purpose" in ('login', 'register', 'resetPassword', 'bindPhone'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"storage_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('avatar', 'file'))
);
--> statement-breakpoint
DROP INDEX "users_tenant_wechat_unique";--> statement-breakpoint
ALTER TABLE "account_tickets" ADD CONSTRAINT "account_tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tickets" ADD CONSTRAINT "account_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_identities" ADD CONSTRAINT "oauth_identities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_identities" ADD CONSTRAINT "oauth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_oauth" ADD CONSTRAINT "pending_oauth_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tickets_user_idx" ON "account_tickets" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identities_openid_unique" ON "oauth_identities" USING btree ("tenant_id","provider","openid");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identities_user_unique" ON "oauth_identities" USING btree ("tenant_id","provider","user_id");--> statement-breakpoint
CREATE INDEX "pending_oauth_expires_idx" ON "pending_oauth" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "sms_codes_lookup_idx" ON "sms_codes" USING btree ("tenant_id","phone","purpose","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_name_unique" ON "uploads" USING btree ("storage_name");--> statement-breakpoint
CREATE INDEX "uploads_tenant_user_idx" ON "uploads" USING btree ("tenant_id","user_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "wechat_openid";