CREATE TABLE "chat_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"dialog_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"consultation_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"answer_type" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"user_read_seq" bigint DEFAULT 0 NOT NULL,
	"doctor_read_seq" bigint DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "doctor_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"doctor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"consultation_id" integer NOT NULL,
	"sender" text NOT NULL,
	"client_msg_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_check_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"day" date NOT NULL,
	"task_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rehab_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"stages" jsonb NOT NULL,
	"tasks" jsonb NOT NULL,
	"food_advice" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "doctor_role" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "team_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "licence_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "photo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_verifications" ADD CONSTRAINT "chat_verifications_dialog_id_chat_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."chat_dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_verifications" ADD CONSTRAINT "chat_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_verifications" ADD CONSTRAINT "chat_verifications_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_verifications" ADD CONSTRAINT "chat_verifications_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_order_id_rehab_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."rehab_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_sessions" ADD CONSTRAINT "doctor_sessions_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_check_ins" ADD CONSTRAINT "plan_check_ins_plan_id_rehab_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."rehab_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_plans" ADD CONSTRAINT "rehab_plans_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_plans" ADD CONSTRAINT "rehab_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_plans" ADD CONSTRAINT "rehab_plans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_plans" ADD CONSTRAINT "rehab_plans_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_verifications_dialog_uq" ON "chat_verifications" USING btree ("dialog_id");--> statement-breakpoint
CREATE INDEX "chat_verifications_doctor_idx" ON "chat_verifications" USING btree ("doctor_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_order_uq" ON "consultations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "consultations_doctor_idx" ON "consultations" USING btree ("doctor_id","status");--> statement-breakpoint
CREATE INDEX "consultations_user_idx" ON "consultations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_sessions_token_uq" ON "doctor_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_client_uq" ON "im_messages" USING btree ("consultation_id","sender","client_msg_id");--> statement-breakpoint
CREATE INDEX "im_messages_consult_idx" ON "im_messages" USING btree ("consultation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_check_ins_uq" ON "plan_check_ins" USING btree ("plan_id","day","task_id");--> statement-breakpoint
CREATE INDEX "rehab_plans_user_idx" ON "rehab_plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_phone_uq" ON "doctors" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "doctors_team_idx" ON "doctors" USING btree ("team_id");