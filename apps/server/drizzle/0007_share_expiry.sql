ALTER TABLE "chat_dialogs" ADD COLUMN "client_saved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A broken row with a success code can only have come from breakChatDialSave (issue 15 item 7).
UPDATE "chat_dialogs" SET "client_saved" = true, "code" = NULL WHERE "broken" AND "code" IN (1, 3032, 3033, 3095, 3096);--> statement-breakpoint
ALTER TABLE "chat_shares" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Links made before expiry existed: 30 days from their creation (the SHARE_TTL_DAYS default).
UPDATE "chat_shares" SET "expires_at" = "created_at" + interval '30 days';--> statement-breakpoint
ALTER TABLE "chat_shares" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_shares" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_shares_user_idx" ON "chat_shares" USING btree ("user_id","created_at");
