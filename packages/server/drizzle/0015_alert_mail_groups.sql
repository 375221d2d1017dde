CREATE TABLE "alert_mail_group_items" (
	"group_id" integer NOT NULL,
	"notification_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"repeat" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_mail_group_items_group_id_notification_id_pk" PRIMARY KEY("group_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "alert_mail_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_mail_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"location_id" integer NOT NULL,
	"send_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "alert_mail_groups_recipient_location_key" UNIQUE("recipient","location_id")
);
--> statement-breakpoint
ALTER TABLE "alert_mail_group_items" ADD CONSTRAINT "alert_mail_group_items_group_id_alert_mail_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."alert_mail_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mail_group_items" ADD CONSTRAINT "alert_mail_group_items_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mail_groups" ADD CONSTRAINT "alert_mail_groups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mail_group_items_notification_idx" ON "alert_mail_group_items" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "alert_mail_groups_due_idx" ON "alert_mail_groups" USING btree ("send_at") WHERE "alert_mail_groups"."send_at" is not null;