CREATE TABLE "chat_dialogs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"privacy" boolean DEFAULT false NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"code" integer,
	"msg" text,
	"broken" boolean DEFAULT false NOT NULL,
	"in_type" integer,
	"instruct_code" text,
	"user_info_id" integer,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deep_think" text DEFAULT '' NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"collected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_type" text,
	"privacy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"dialog_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_dialogs" ADD CONSTRAINT "chat_dialogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_shares" ADD CONSTRAINT "chat_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_dialogs_question_uq" ON "chat_dialogs" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "chat_dialogs_user_session_idx" ON "chat_dialogs" USING btree ("user_id","session_id","id");--> statement-breakpoint
CREATE INDEX "chat_dialogs_user_idx" ON "chat_dialogs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chat_dialogs_answering_idx" ON "chat_dialogs" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_user_idx" ON "chat_sessions" USING btree ("user_id","last_at");