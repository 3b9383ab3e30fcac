ALTER TABLE "member_indicators" ADD COLUMN "pulse" real;--> statement-breakpoint
ALTER TABLE "member_indicators" ADD COLUMN "detail" jsonb;