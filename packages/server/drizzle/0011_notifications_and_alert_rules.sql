CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule_id" integer NOT NULL,
	"notification_id" bigint NOT NULL,
	"repeat" integer DEFAULT 0 NOT NULL,
	"device_id" integer,
	"sensor_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"mail_id" integer,
	"settled_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_once" UNIQUE("rule_id","notification_id","repeat")
);
--> statement-breakpoint
CREATE TABLE "alert_rule_devices" (
	"rule_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "alert_rule_devices_rule_id_device_id_pk" PRIMARY KEY("rule_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"delivery_method" text DEFAULT 'Email' NOT NULL,
	"send_to_alternative" boolean DEFAULT false NOT NULL,
	"alternative_contact" text,
	"event_type" text NOT NULL,
	"contact_when" smallint DEFAULT 0 NOT NULL,
	"periodical" boolean DEFAULT false NOT NULL,
	"x" integer DEFAULT 1 NOT NULL,
	"all_devices" boolean DEFAULT false NOT NULL,
	"number_per_hour" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_read_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_type" text NOT NULL,
	"location_id" integer NOT NULL,
	"device_id" integer,
	"device_title" text,
	"sensor_id" text,
	"sensor_name" text,
	"content" text NOT NULL,
	"value" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"forebear_id" bigint,
	"date_created" timestamp with time zone NOT NULL,
	"date_cleared" timestamp with time zone,
	"device_event_id" bigint,
	"maintenance_record_id" bigint,
	"dispatched_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_id" integer,
	"acknowledged_by_name" text,
	"acknowledge_comment" text,
	CONSTRAINT "notifications_device_event_id_unique" UNIQUE("device_event_id"),
	CONSTRAINT "notifications_maintenance_record_id_unique" UNIQUE("maintenance_record_id")
);
--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD COLUMN "projected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_events" ADD COLUMN "projected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rule_devices" ADD CONSTRAINT "alert_rule_devices_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rule_devices" ADD CONSTRAINT "alert_rule_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_forebear_id_notifications_id_fk" FOREIGN KEY ("forebear_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_acknowledged_by_id_users_id_fk" FOREIGN KEY ("acknowledged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("due_at") WHERE "alert_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "alert_deliveries_sent_idx" ON "alert_deliveries" USING btree ("rule_id","device_id","sensor_id","settled_at") WHERE "alert_deliveries"."state" = 'sent';--> statement-breakpoint
CREATE INDEX "alert_deliveries_notification_idx" ON "alert_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "alert_rule_devices_device_idx" ON "alert_rule_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "alert_rules_user_idx" ON "alert_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_rules_event_idx" ON "alert_rules" USING btree ("event_type");--> statement-breakpoint
CREATE INDEX "notifications_location_created_idx" ON "notifications" USING btree ("location_id","date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_location_type_created_idx" ON "notifications" USING btree ("location_id","event_type","date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_device_created_idx" ON "notifications" USING btree ("device_id","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_active_idx" ON "notifications" USING btree ("location_id","date_created" DESC NULLS LAST) WHERE "notifications"."is_active";--> statement-breakpoint
CREATE INDEX "notifications_open_idx" ON "notifications" USING btree ("device_id","sensor_id","event_type") WHERE "notifications"."is_active";--> statement-breakpoint
CREATE INDEX "notifications_undispatched_idx" ON "notifications" USING btree ("id") WHERE "notifications"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_records_unprojected_idx" ON "maintenance_records" USING btree ("id") WHERE "maintenance_records"."projected_at" is null;--> statement-breakpoint
CREATE INDEX "device_events_unprojected_idx" ON "device_events" USING btree ("id") WHERE "device_events"."projected_at" is null;