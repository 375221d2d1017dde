CREATE TABLE "device_sensor_profile" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"degrees" text,
	"networks" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_images" (
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"image_type" text NOT NULL,
	CONSTRAINT "sensor_images_device_id_sensor_id_pk" PRIMARY KEY("device_id","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "sensor_names" (
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "sensor_names_device_id_sensor_id_pk" PRIMARY KEY("device_id","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "sensor_types" (
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"type" text NOT NULL,
	"unit_id" integer,
	"k" double precision DEFAULT 1 NOT NULL,
	"c" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "sensor_types_device_id_sensor_id_pk" PRIMARY KEY("device_id","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "warning_states" (
	"warning_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"pending_since" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"sign" text NOT NULL,
	"value" double precision NOT NULL,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_sensor_profile" ADD CONSTRAINT "device_sensor_profile_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_images" ADD CONSTRAINT "sensor_images_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_names" ADD CONSTRAINT "sensor_names_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_types" ADD CONSTRAINT "sensor_types_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_states" ADD CONSTRAINT "warning_states_warning_id_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."warnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warnings_device_idx" ON "warnings" USING btree ("device_id");