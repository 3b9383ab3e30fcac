CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_type" text NOT NULL,
	"mime" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"md5" text NOT NULL,
	"width" integer,
	"height" integer,
	"pages" integer,
	"storage_key" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"report_type" smallint DEFAULT 0 NOT NULL,
	"folder_type" text,
	"ocr_status" text DEFAULT 'none' NOT NULL,
	"ocr" jsonb,
	"cover_id" text,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_user_idx" ON "media" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "media_user_batch_idx" ON "media" USING btree ("user_id","batch_id");