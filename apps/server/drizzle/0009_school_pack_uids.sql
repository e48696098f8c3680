-- The school pack's names for its teachers, categories, tags and micro pages (issue 23,
-- docs/school-pack.md): a re-imported pack updates the rows it made. Null on rows no pack made.
-- A school's hosts keep the pack's order.
ALTER TABLE "categories" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "micro_pages" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "tenant_hosts" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_tenant_type_uid_unique" ON "categories" USING btree ("tenant_id","type","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "micro_pages_tenant_uid_unique" ON "micro_pages" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_tenant_uid_unique" ON "tags" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_tenant_uid_unique" ON "teachers" USING btree ("tenant_id","uid");