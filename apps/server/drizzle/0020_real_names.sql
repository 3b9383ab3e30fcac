CREATE TABLE "real_names" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name_sealed" "bytea" NOT NULL,
	"id_sealed" "bytea" NOT NULL,
	"level" text NOT NULL,
	"provider" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "real_names" ADD CONSTRAINT "real_names_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_names" ADD CONSTRAINT "real_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "real_names_user_idx" ON "real_names" USING btree ("user_id");