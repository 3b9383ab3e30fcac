CREATE TABLE "plan_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_records" ADD CONSTRAINT "plan_records_plan_id_rehab_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."rehab_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_records_plan_idx" ON "plan_records" USING btree ("plan_id","kind","day");