CREATE TABLE "answer_evaluations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"dialog_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_evaluate_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action_type" text NOT NULL,
	"score" smallint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_role_confirms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"session_id" text DEFAULT '' NOT NULL,
	"question_id" text DEFAULT '' NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"department" text NOT NULL,
	"hospital" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_indicators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" real NOT NULL,
	"value2" real,
	"unit" text NOT NULL,
	"source" text DEFAULT 'chat' NOT NULL,
	"question_id" text,
	"measured_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"task_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_evaluations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"score" smallint,
	"content" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evaluated_at" timestamp with time zone,
	"threshold" smallint NOT NULL,
	"last_eject_at" timestamp with time zone,
	"eject_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ws_connect_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"device_type" text,
	"reason" text,
	"attempt" integer,
	"duration_ms" integer,
	"network_type" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_evaluations" ADD CONSTRAINT "answer_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_evaluations" ADD CONSTRAINT "answer_evaluations_dialog_id_chat_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."chat_dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_evaluate_records" ADD CONSTRAINT "app_evaluate_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_role_confirms" ADD CONSTRAINT "chat_role_confirms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_role_confirms" ADD CONSTRAINT "chat_role_confirms_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_indicators" ADD CONSTRAINT "member_indicators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_indicators" ADD CONSTRAINT "member_indicators_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_clicks" ADD CONSTRAINT "task_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_evaluations" ADD CONSTRAINT "user_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ws_connect_logs" ADD CONSTRAINT "ws_connect_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_evaluations_dialog_uq" ON "answer_evaluations" USING btree ("dialog_id");--> statement-breakpoint
CREATE INDEX "answer_evaluations_user_idx" ON "answer_evaluations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "app_evaluate_records_user_idx" ON "app_evaluate_records" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_role_confirms_scope_uq" ON "chat_role_confirms" USING btree ("user_id","session_id","question_id");--> statement-breakpoint
CREATE INDEX "doctors_department_idx" ON "doctors" USING btree ("department");--> statement-breakpoint
CREATE INDEX "member_indicators_member_idx" ON "member_indicators" USING btree ("user_id","member_id","type","measured_at");--> statement-breakpoint
CREATE INDEX "task_clicks_user_idx" ON "task_clicks" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE INDEX "ws_connect_logs_user_idx" ON "ws_connect_logs" USING btree ("user_id","at");