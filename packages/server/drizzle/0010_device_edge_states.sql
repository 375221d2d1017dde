CREATE TABLE "device_edge_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"codes" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_edge_states" ADD CONSTRAINT "device_edge_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;