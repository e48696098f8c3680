CREATE TABLE "order_operators" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "order_operators_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"trade_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_title" jsonb NOT NULL,
	"product_cover" text NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"payable_cents" integer NOT NULL,
	"coupon_id" integer,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"payment_method" text,
	"gateway" text,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('CREATED', 'PAID', 'CANCELED', 'CLOSED')),
	CONSTRAINT "orders_product_check" CHECK ("orders"."product_type" in ('COURSE', 'CLASSROOM', 'EXAM')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."price_cents" > 0 and "orders"."discount_cents" >= 0 and "orders"."payable_cents" > 0
        and "orders"."payable_cents" = "orders"."price_cents" - "orders"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"methods" jsonb NOT NULL,
	"order_timeout_minutes" integer DEFAULT 30 NOT NULL,
	"refund_days" integer DEFAULT 7 NOT NULL,
	CONSTRAINT "payment_settings_timeout_check" CHECK ("payment_settings"."order_timeout_minutes" between 1 and 10080),
	CONSTRAINT "payment_settings_refund_check" CHECK ("payment_settings"."refund_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"refund_no" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"payout_status" text,
	"gateway_refund_id" text,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('CREATED', 'ACCEPTED', 'REFUSED')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"method" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"refunds" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_discount_check";--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "discount_tenths" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "order_operators" ADD CONSTRAINT "order_operators_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_operators" ADD CONSTRAINT "order_operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_trade_no_unique" ON "orders" USING btree ("trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("tenant_id","user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_unpaid_unique" ON "orders" USING btree ("tenant_id","user_id","product_type","product_id") WHERE "orders"."status" = 'CREATED';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_coupon_once_unique" ON "orders" USING btree ("tenant_id","user_id","coupon_id") WHERE "orders"."coupon_id" is not null and "orders"."status" in ('CREATED', 'PAID');--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("tenant_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'CREATED';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_no_unique" ON "refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_open_unique" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" in ('CREATED', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_tenant_status_idx" ON "refunds" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_discount_check" CHECK (("coupons"."discount_tenths" is null) <> ("coupons"."amount_off_cents" is null)
        and ("coupons"."discount_tenths" is null or "coupons"."discount_tenths" between 1 and 99)
        and ("coupons"."amount_off_cents" is null or "coupons"."amount_off_cents" > 0));