CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"course_id" integer,
	"classroom_id" integer,
	"exam_id" integer,
	"target_id" integer GENERATED ALWAYS AS (coalesce(course_id, classroom_id, exam_id)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_target_check" CHECK (("favourites"."target_type" = 'COURSE' and "favourites"."course_id" is not null and "favourites"."classroom_id" is null and "favourites"."exam_id" is null)
        or ("favourites"."target_type" = 'CLASSROOM' and "favourites"."classroom_id" is not null and "favourites"."course_id" is null and "favourites"."exam_id" is null)
        or ("favourites"."target_type" = 'EXAM' and "favourites"."exam_id" is not null and "favourites"."course_id" is null and "favourites"."classroom_id" is null))
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_target_unique" ON "favourites" USING btree ("tenant_id","user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "favourites_list_idx" ON "favourites" USING btree ("user_id","target_type","created_at","id");--> statement-breakpoint
CREATE INDEX "favourites_course_idx" ON "favourites" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "favourites_classroom_idx" ON "favourites" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "favourites_exam_idx" ON "favourites" USING btree ("exam_id");