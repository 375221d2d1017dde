CREATE TABLE "device_ownerships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_ownerships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_ownerships" ADD CONSTRAINT "device_ownerships_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ownerships" ADD CONSTRAINT "device_ownerships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_ownerships_device_idx" ON "device_ownerships" USING btree ("device_id","since");--> statement-breakpoint
CREATE UNIQUE INDEX "device_ownerships_open_idx" ON "device_ownerships" USING btree ("device_id") WHERE "device_ownerships"."until" is null;--> statement-breakpoint
-- Backfill: every device has belonged to its site's client since it was created.
INSERT INTO "device_ownerships" ("device_id", "client_id", "since")
SELECT "devices"."id", "locations"."client_id", "devices"."date_created"
FROM "devices" JOIN "locations" ON "locations"."id" = "devices"."location_id";
