CREATE TABLE "phone_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_phone" text NOT NULL,
	"new_phone" text NOT NULL,
	"ended_sessions" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_changes" ADD CONSTRAINT "phone_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_changes_user_idx" ON "phone_changes" USING btree ("user_id","changed_at");