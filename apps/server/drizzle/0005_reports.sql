CREATE TABLE "folder_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"media_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"folder_type" text NOT NULL,
	"report_type" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"ocr" jsonb,
	"dial_in_id" bigint,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"input_media_id" text NOT NULL,
	"question_id" text,
	"batch_id" text,
	"session_id" text,
	"name" text NOT NULL,
	"privacy" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"step1_at" timestamp with time zone,
	"step2_at" timestamp with time zone,
	"step3_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	"eval_score" smallint,
	"eval_content" text,
	"eval_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "folder_files" ADD CONSTRAINT "folder_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_files" ADD CONSTRAINT "folder_files_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_files" ADD CONSTRAINT "folder_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_input_media_id_media_id_fk" FOREIGN KEY ("input_media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_codes" ADD CONSTRAINT "upload_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folder_files_media_uq" ON "folder_files" USING btree ("user_id","media_id");--> statement-breakpoint
CREATE INDEX "folder_files_member_idx" ON "folder_files" USING btree ("user_id","member_id","folder_type","created_at");--> statement-breakpoint
CREATE INDEX "folder_files_batch_idx" ON "folder_files" USING btree ("user_id","batch_id");--> statement-breakpoint
CREATE INDEX "reports_user_member_idx" ON "reports" USING btree ("user_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_unfinished_idx" ON "reports" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "upload_codes_user_idx" ON "upload_codes" USING btree ("user_id");