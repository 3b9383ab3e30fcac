CREATE TABLE "pay_notifications" (
	"notify_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_no" text NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rehab_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rehab_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" smallint NOT NULL,
	"idempotency_key" text NOT NULL,
	"trade_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"service_start" timestamp with time zone,
	"service_end" timestamp with time zone,
	"submit_info" jsonb,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rehab_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "rehab_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"team" text NOT NULL,
	"includes" jsonb NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rehab_order_events" ADD CONSTRAINT "rehab_order_events_order_id_rehab_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."rehab_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_orders" ADD CONSTRAINT "rehab_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_orders" ADD CONSTRAINT "rehab_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rehab_orders" ADD CONSTRAINT "rehab_orders_package_id_rehab_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."rehab_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rehab_order_events_order_idx" ON "rehab_order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rehab_orders_idem_uq" ON "rehab_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "rehab_orders_user_idx" ON "rehab_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rehab_orders_pkg_status_idx" ON "rehab_orders" USING btree ("package_id","status");--> statement-breakpoint
CREATE INDEX "sandbox_trades_order_idx" ON "sandbox_trades" USING btree ("order_no");