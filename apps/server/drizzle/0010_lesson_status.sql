-- Lessons and chapters named by the school pack (issue 23): a re-imported pack updates them in
-- place by uid. A lesson the pack no longer has is UNPUBLISHED, never deleted: learners keep their
-- progress and notes of it.
ALTER TABLE "chapters" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "uid" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_course_uid_unique" ON "chapters" USING btree ("course_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_course_uid_unique" ON "lessons" USING btree ("course_id","uid");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_status_check" CHECK ("lessons"."status" in ('PUBLISHED', 'UNPUBLISHED'));