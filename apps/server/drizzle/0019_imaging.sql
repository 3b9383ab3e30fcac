CREATE TABLE "imaging_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"study_id" integer NOT NULL,
	"series_uid" text NOT NULL,
	"series_description" text DEFAULT '' NOT NULL,
	"modality" text,
	"sop_uid" text NOT NULL,
	"instance_number" integer DEFAULT 0 NOT NULL,
	"media_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"grant_id" integer NOT NULL,
	"hospital_patient_id" text NOT NULL,
	"name" text NOT NULL,
	"sex" text,
	"birth_date" text,
	"hospital" text,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"study_ids" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_studies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"patient_id" integer,
	"member_id" integer,
	"source" text NOT NULL,
	"study_uid" text NOT NULL,
	"study_date" text,
	"modality" text,
	"description" text DEFAULT '' NOT NULL,
	"hospital" text,
	"patient_name" text DEFAULT '' NOT NULL,
	"series_count" integer DEFAULT 0 NOT NULL,
	"instance_count" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imaging_files" ADD CONSTRAINT "imaging_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_files" ADD CONSTRAINT "imaging_files_study_id_imaging_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."imaging_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_grants" ADD CONSTRAINT "imaging_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_patients" ADD CONSTRAINT "imaging_patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_patients" ADD CONSTRAINT "imaging_patients_grant_id_imaging_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."imaging_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_patients" ADD CONSTRAINT "imaging_patients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_shares" ADD CONSTRAINT "imaging_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_studies" ADD CONSTRAINT "imaging_studies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_studies" ADD CONSTRAINT "imaging_studies_patient_id_imaging_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."imaging_patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_studies" ADD CONSTRAINT "imaging_studies_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imaging_files_study_sop_uq" ON "imaging_files" USING btree ("study_id","sop_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "imaging_grants_user_phone_uq" ON "imaging_grants" USING btree ("user_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "imaging_patients_user_pid_uq" ON "imaging_patients" USING btree ("user_id","hospital_patient_id");--> statement-breakpoint
CREATE INDEX "imaging_patients_member_idx" ON "imaging_patients" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imaging_studies_user_uid_uq" ON "imaging_studies" USING btree ("user_id","source","study_uid");--> statement-breakpoint
CREATE INDEX "imaging_studies_member_idx" ON "imaging_studies" USING btree ("user_id","member_id");