CREATE TABLE "study_days" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL,
	CONSTRAINT "study_days_tenant_id_user_id_day_pk" PRIMARY KEY("tenant_id","user_id","day"),
	CONSTRAINT "study_days_seconds_check" CHECK ("study_days"."seconds" between 0 and 86400)
);
--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;