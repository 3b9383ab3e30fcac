CREATE TABLE "health_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "smoking" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "drinking" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "special_period" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pregnancy_week" smallint;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "menstrual" jsonb;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "records_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "health_records" ADD CONSTRAINT "health_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_records" ADD CONSTRAINT "health_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_records_member_idx" ON "health_records" USING btree ("member_id","type");--> statement-breakpoint
CREATE INDEX "health_records_user_idx" ON "health_records" USING btree ("user_id");