CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remind_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remind_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"medicine_name" text NOT NULL,
	"medicine_id" integer,
	"dose" real NOT NULL,
	"dose_unit" text NOT NULL,
	"times" jsonb NOT NULL,
	"cycle_type" text NOT NULL,
	"weekdays" jsonb,
	"interval_days" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"meal" text DEFAULT 'none' NOT NULL,
	"time_zone" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remind_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"plan_id" integer,
	"report_plan_id" integer,
	"name" text NOT NULL,
	"detail" text NOT NULL,
	"local_date" date NOT NULL,
	"local_time" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"acted_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"title" text,
	"content" text,
	"read_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"report_id" text,
	"rule_key" text NOT NULL,
	"item" text NOT NULL,
	"reason" text NOT NULL,
	"interval" text NOT NULL,
	"interval_days" integer NOT NULL,
	"check_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_plans" ADD CONSTRAINT "remind_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_plans" ADD CONSTRAINT "remind_plans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_records" ADD CONSTRAINT "remind_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_records" ADD CONSTRAINT "remind_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_records" ADD CONSTRAINT "remind_records_plan_id_remind_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."remind_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_records" ADD CONSTRAINT "remind_records_report_plan_id_report_plans_id_fk" FOREIGN KEY ("report_plan_id") REFERENCES "public"."report_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_plans" ADD CONSTRAINT "report_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_plans" ADD CONSTRAINT "report_plans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_plans" ADD CONSTRAINT "report_plans_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remind_jobs_ref_uq" ON "remind_jobs" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "remind_jobs_due_idx" ON "remind_jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "remind_plans_member_idx" ON "remind_plans" USING btree ("user_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remind_records_plan_due_uq" ON "remind_records" USING btree ("plan_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remind_records_review_uq" ON "remind_records" USING btree ("report_plan_id","due_at");--> statement-breakpoint
CREATE INDEX "remind_records_member_idx" ON "remind_records" USING btree ("user_id","member_id","due_at");--> statement-breakpoint
CREATE INDEX "remind_records_pending_idx" ON "remind_records" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "remind_records_notified_idx" ON "remind_records" USING btree ("user_id","notified_at");--> statement-breakpoint
CREATE INDEX "report_plans_member_idx" ON "report_plans" USING btree ("user_id","member_id","check_date");--> statement-breakpoint
CREATE UNIQUE INDEX "report_plans_report_rule_uq" ON "report_plans" USING btree ("report_id","rule_key");