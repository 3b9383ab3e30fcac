ALTER TABLE "remind_jobs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "remind_jobs" ADD COLUMN "lease_until" timestamp with time zone;