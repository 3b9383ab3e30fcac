CREATE TABLE "remind_sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remind_sms" ADD CONSTRAINT "remind_sms_record_id_remind_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."remind_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remind_sms" ADD CONSTRAINT "remind_sms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remind_sms_record_uq" ON "remind_sms" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "remind_sms_unsent_idx" ON "remind_sms" USING btree ("sent_at","created_at");