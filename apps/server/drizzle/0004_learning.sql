CREATE TABLE "activity_registrations" (
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_registrations_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_thread_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"format" text NOT NULL,
	"files" jsonb NOT NULL,
	"duration" integer,
	"page_count" integer,
	"conversion_status" text DEFAULT 'COMPLETED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_format_check" CHECK ("media"."format" in ('FILE', 'HLS', 'SLIDES')),
	CONSTRAINT "media_conversion_status_check" CHECK ("media"."conversion_status" in ('NOT_STARTED', 'RUNNING', 'FAILED', 'COMPLETED'))
);
--> statement-breakpoint
ALTER TABLE "course_lectures" ADD COLUMN "media_id" integer;--> statement-breakpoint
ALTER TABLE "course_members" ADD COLUMN "last_learned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_notes" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "learn_in_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD COLUMN "furthest" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD COLUMN "completed_by" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "media_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "exam_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "max_participants" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "participant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "playback_rate_pct" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_registrations" ADD CONSTRAINT "activity_registrations_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_registrations" ADD CONSTRAINT "activity_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_thread_posts" ADD CONSTRAINT "course_thread_posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_thread_posts" ADD CONSTRAINT "course_thread_posts_thread_id_course_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."course_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_thread_posts" ADD CONSTRAINT "course_thread_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_thread_posts_thread_idx" ON "course_thread_posts" USING btree ("thread_id","created_at","id");--> statement-breakpoint
ALTER TABLE "course_lectures" ADD CONSTRAINT "course_lectures_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_members_user_learned_idx" ON "course_members" USING btree ("tenant_id","user_id","last_learned_at");--> statement-breakpoint
CREATE INDEX "course_notes_user_idx" ON "course_notes" USING btree ("user_id","course_id","created_at");--> statement-breakpoint
ALTER TABLE "course_lectures" DROP COLUMN "url";--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_participants_check" CHECK ("lessons"."participant_count" >= 0 and ("lessons"."max_participants" is null or "lessons"."participant_count" <= "lessons"."max_participants"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_playback_rate_check" CHECK ("users"."playback_rate_pct" between 50 and 300);