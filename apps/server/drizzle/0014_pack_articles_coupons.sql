-- The school pack's names for its articles and coupons (issue 23, docs/school-pack.md): a
-- re-imported pack updates the rows it made in place. Null on rows no pack made. A coupon's uid is
-- its code as well.
ALTER TABLE "articles" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "uid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_tenant_uid_unique" ON "articles" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_tenant_uid_unique" ON "coupons" USING btree ("tenant_id","uid");