CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"cover" text,
	"author" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"recommended_seq" integer,
	"published_at" timestamp with time zone NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower((title->>'cn') || ' ' || (title->>'en'))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"seq" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "categories_type_check" CHECK ("categories"."type" in ('COURSE', 'PROJECT'))
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"title" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"classroom_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_comments_score_check" CHECK ("classroom_comments"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "classroom_courses" (
	"classroom_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "classroom_courses_classroom_id_course_id_pk" PRIMARY KEY("classroom_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_members" (
	"tenant_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "classroom_members_classroom_id_user_id_pk" PRIMARY KEY("classroom_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_teachers" (
	"classroom_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "classroom_teachers_classroom_id_teacher_id_pk" PRIMARY KEY("classroom_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"uid" text NOT NULL,
	"title" jsonb NOT NULL,
	"cover" text NOT NULL,
	"intro" jsonb NOT NULL,
	"teaching_plan" jsonb NOT NULL,
	"category_id" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"original_price_cents" integer,
	"enrol_start_time" timestamp with time zone,
	"enrol_end_time" timestamp with time zone,
	"start_time" timestamp with time zone,
	"duration_days" integer,
	"max_students" integer,
	"course_count" integer DEFAULT 0 NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"recommended_seq" integer,
	"search_text" text GENERATED ALWAYS AS (lower((title->>'cn') || ' ' || (title->>'en'))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_status_check" CHECK ("classrooms"."status" in ('DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED')),
	CONSTRAINT "classrooms_price_check" CHECK ("classrooms"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"code" text NOT NULL,
	"discount_tenths" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer,
	"valid_until" timestamp with time zone,
	CONSTRAINT "coupons_discount_check" CHECK ("coupons"."discount_tenths" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "course_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_comments_score_check" CHECK ("course_comments"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "course_lectures" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_members" (
	"tenant_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"learned_lesson_count" integer DEFAULT 0 NOT NULL,
	"last_lesson_id" integer,
	CONSTRAINT "course_members_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_tags" (
	"course_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "course_tags_course_id_tag_id_pk" PRIMARY KEY("course_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "course_teachers" (
	"course_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_teachers_course_id_teacher_id_pk" PRIMARY KEY("course_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "course_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"uid" text NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"cover" text NOT NULL,
	"about" jsonb NOT NULL,
	"category_id" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"original_price_cents" integer,
	"validity_kind" text DEFAULT 'UNLIMITED' NOT NULL,
	"validity_days" integer,
	"validity_end_date" timestamp with time zone,
	"lesson_count" integer DEFAULT 0 NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"recommended_seq" integer,
	"search_text" text GENERATED ALWAYS AS (lower((title->>'cn') || ' ' || (title->>'en'))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" in ('DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED')),
	CONSTRAINT "courses_validity_check" CHECK ("courses"."validity_kind" in ('UNLIMITED', 'LONG_TERM', 'DAYS', 'END_DATE')
        and ("courses"."validity_kind" <> 'DAYS' or "courses"."validity_days" > 0)
        and ("courses"."validity_kind" <> 'END_DATE' or "courses"."validity_end_date" is not null)),
	CONSTRAINT "courses_price_check" CHECK ("courses"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exam_members" (
	"tenant_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"attempts_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_members_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_reviewers" (
	"exam_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_reviewers_exam_id_teacher_id_pk" PRIMARY KEY("exam_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"uid" text NOT NULL,
	"title" jsonb NOT NULL,
	"cover" text NOT NULL,
	"brief" jsonb NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"original_price_cents" integer,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration" integer,
	"total_score" integer DEFAULT 100 NOT NULL,
	"pass_score" integer DEFAULT 60 NOT NULL,
	"quiz_count" integer DEFAULT 0 NOT NULL,
	"exam_times" integer,
	"closed_exam" boolean DEFAULT false NOT NULL,
	"late_limit" integer,
	"student_count" integer DEFAULT 0 NOT NULL,
	"recommended_seq" integer,
	"search_text" text GENERATED ALWAYS AS (lower((title->>'cn') || ' ' || (title->>'en'))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_status_check" CHECK ("exams"."status" in ('DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED')),
	CONSTRAINT "exams_price_check" CHECK ("exams"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_learnings" (
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_learnings_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id"),
	CONSTRAINT "lesson_learnings_status_check" CHECK ("lesson_learnings"."status" in ('NOT_STARTED', 'LEARNING', 'COMPLETED'))
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"title" jsonb NOT NULL,
	"media_type" text NOT NULL,
	"duration" integer,
	"free_trial" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower((title->>'cn') || ' ' || (title->>'en'))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"avatar" text,
	"title" jsonb NOT NULL,
	"introduction" jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower((name->>'cn') || ' ' || (name->>'en'))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_announcements" ADD CONSTRAINT "classroom_announcements_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_comments" ADD CONSTRAINT "classroom_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_comments" ADD CONSTRAINT "classroom_comments_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_comments" ADD CONSTRAINT "classroom_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_courses" ADD CONSTRAINT "classroom_courses_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_courses" ADD CONSTRAINT "classroom_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_members" ADD CONSTRAINT "classroom_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_members" ADD CONSTRAINT "classroom_members_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_members" ADD CONSTRAINT "classroom_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_teachers" ADD CONSTRAINT "classroom_teachers_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_teachers" ADD CONSTRAINT "classroom_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_comments" ADD CONSTRAINT "course_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_comments" ADD CONSTRAINT "course_comments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_comments" ADD CONSTRAINT "course_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lectures" ADD CONSTRAINT "course_lectures_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_last_lesson_id_lessons_id_fk" FOREIGN KEY ("last_lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_notes" ADD CONSTRAINT "course_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_notes" ADD CONSTRAINT "course_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_notes" ADD CONSTRAINT "course_notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_notes" ADD CONSTRAINT "course_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_threads" ADD CONSTRAINT "course_threads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_threads" ADD CONSTRAINT "course_threads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_threads" ADD CONSTRAINT "course_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_members" ADD CONSTRAINT "exam_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_members" ADD CONSTRAINT "exam_members_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_members" ADD CONSTRAINT "exam_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reviewers" ADD CONSTRAINT "exam_reviewers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reviewers" ADD CONSTRAINT "exam_reviewers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD CONSTRAINT "lesson_learnings_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_learnings" ADD CONSTRAINT "lesson_learnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_tenant_published_idx" ON "articles" USING btree ("tenant_id","published_at","id");--> statement-breakpoint
CREATE INDEX "articles_tenant_views_idx" ON "articles" USING btree ("tenant_id","view_count","id");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_tenant_type_idx" ON "categories" USING btree ("tenant_id","type","parent_id","seq");--> statement-breakpoint
CREATE INDEX "chapters_course_idx" ON "chapters" USING btree ("course_id","seq");--> statement-breakpoint
CREATE INDEX "classroom_announcements_idx" ON "classroom_announcements" USING btree ("classroom_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_comments_user_unique" ON "classroom_comments" USING btree ("classroom_id","user_id");--> statement-breakpoint
CREATE INDEX "classroom_comments_classroom_idx" ON "classroom_comments" USING btree ("classroom_id","created_at","id");--> statement-breakpoint
CREATE INDEX "classroom_members_user_idx" ON "classroom_members" USING btree ("tenant_id","user_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_tenant_uid_unique" ON "classrooms" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE INDEX "classrooms_tenant_updated_idx" ON "classrooms" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "classrooms_tenant_students_idx" ON "classrooms" USING btree ("tenant_id","student_count","id");--> statement-breakpoint
CREATE INDEX "classrooms_tenant_price_idx" ON "classrooms" USING btree ("tenant_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "classrooms_tenant_category_idx" ON "classrooms" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "classrooms_search_idx" ON "classrooms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_tenant_code_unique" ON "coupons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "coupons_target_idx" ON "coupons" USING btree ("tenant_id","target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_comments_user_unique" ON "course_comments" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_comments_course_idx" ON "course_comments" USING btree ("course_id","created_at","id");--> statement-breakpoint
CREATE INDEX "course_lectures_course_idx" ON "course_lectures" USING btree ("course_id","seq");--> statement-breakpoint
CREATE INDEX "course_members_user_idx" ON "course_members" USING btree ("tenant_id","user_id","joined_at");--> statement-breakpoint
CREATE INDEX "course_notes_course_idx" ON "course_notes" USING btree ("course_id","created_at","id");--> statement-breakpoint
CREATE INDEX "course_tags_tag_idx" ON "course_tags" USING btree ("tag_id","course_id");--> statement-breakpoint
CREATE INDEX "course_threads_course_idx" ON "course_threads" USING btree ("course_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_tenant_uid_unique" ON "courses" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE INDEX "courses_tenant_updated_idx" ON "courses" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "courses_tenant_students_idx" ON "courses" USING btree ("tenant_id","student_count","id");--> statement-breakpoint
CREATE INDEX "courses_tenant_price_idx" ON "courses" USING btree ("tenant_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "courses_tenant_category_idx" ON "courses" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "courses_tenant_recommended_idx" ON "courses" USING btree ("tenant_id","recommended_seq") WHERE "courses"."recommended_seq" is not null;--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exam_members_user_idx" ON "exam_members" USING btree ("tenant_id","user_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_tenant_uid_unique" ON "exams" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE INDEX "exams_tenant_start_idx" ON "exams" USING btree ("tenant_id","start_time","id");--> statement-breakpoint
CREATE INDEX "exams_search_idx" ON "exams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lesson_learnings_user_idx" ON "lesson_learnings" USING btree ("user_id","lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_course_idx" ON "lessons" USING btree ("course_id","seq");--> statement-breakpoint
CREATE INDEX "lessons_tenant_media_idx" ON "lessons" USING btree ("tenant_id","media_type");--> statement-breakpoint
CREATE INDEX "lessons_search_idx" ON "lessons" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_tenant_idx" ON "tags" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE INDEX "teachers_tenant_idx" ON "teachers" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "teachers_search_idx" ON "teachers" USING gin ("search_text" gin_trgm_ops);