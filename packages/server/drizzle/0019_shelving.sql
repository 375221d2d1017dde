CREATE TABLE "sensor_shelves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sensor_shelves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"sensor_name" text NOT NULL,
	"device_title" text NOT NULL,
	"reason" text NOT NULL,
	"shelved_at" timestamp with time zone NOT NULL,
	"shelved_by_id" integer,
	"shelved_by_name" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"unshelved_at" timestamp with time zone,
	"unshelved_by_id" integer,
	"unshelved_by_name" text,
	"unshelve_how" text
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "is_shelved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_shelves" ADD CONSTRAINT "sensor_shelves_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_shelves" ADD CONSTRAINT "sensor_shelves_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_shelves" ADD CONSTRAINT "sensor_shelves_shelved_by_id_users_id_fk" FOREIGN KEY ("shelved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_shelves" ADD CONSTRAINT "sensor_shelves_unshelved_by_id_users_id_fk" FOREIGN KEY ("unshelved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_shelves_active_once" ON "sensor_shelves" USING btree ("device_id","sensor_id") WHERE "sensor_shelves"."unshelved_at" is null;--> statement-breakpoint
CREATE INDEX "sensor_shelves_site_active_idx" ON "sensor_shelves" USING btree ("location_id") WHERE "sensor_shelves"."unshelved_at" is null;--> statement-breakpoint
CREATE INDEX "sensor_shelves_until_idx" ON "sensor_shelves" USING btree ("until") WHERE "sensor_shelves"."unshelved_at" is null;