CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"hardware_unit_id" integer NOT NULL,
	"title" text NOT NULL,
	"serial_number" text NOT NULL,
	"code" text NOT NULL,
	"device_type" text NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"udf_id" text NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"is_emulated_as" text,
	"is_online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_hardware_unit_id_unique" UNIQUE("hardware_unit_id"),
	CONSTRAINT "devices_udf_id_unique" UNIQUE("udf_id")
);
--> statement-breakpoint
CREATE TABLE "hardware_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hardware_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial_number" text NOT NULL,
	"code" text NOT NULL,
	"device_type" text NOT NULL,
	"udf_id" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hardware_units_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "hardware_units_udf_id_unique" UNIQUE("udf_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_device_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_hardware_unit_id_hardware_units_id_fk" FOREIGN KEY ("hardware_unit_id") REFERENCES "public"."hardware_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_device_id_devices_id_fk" FOREIGN KEY ("current_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;