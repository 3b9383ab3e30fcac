CREATE TABLE "task_click_counts" (
	"task_id" text PRIMARY KEY NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "task_click_counts" ("task_id", "clicks") SELECT "task_id", count(*) FROM "task_clicks" WHERE "user_id" IS NULL GROUP BY "task_id";--> statement-breakpoint
DELETE FROM "task_clicks" WHERE "user_id" IS NULL;
