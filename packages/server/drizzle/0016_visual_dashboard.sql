CREATE TABLE "visual_connectors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visual_connectors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tab_id" integer NOT NULL,
	"start_machine_id" integer NOT NULL,
	"start_anchor_point" integer NOT NULL,
	"end_machine_id" integer,
	"end_anchor_point" integer,
	"additional_points" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visual_machine_sensors" (
	"machine_id" integer NOT NULL,
	"sensor_point" integer NOT NULL,
	"schema_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	CONSTRAINT "visual_machine_sensors_machine_id_sensor_point_pk" PRIMARY KEY("machine_id","sensor_point")
);
--> statement-breakpoint
CREATE TABLE "visual_machines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visual_machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tab_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type_of_machine" smallint NOT NULL,
	"x_coord" double precision NOT NULL,
	"y_coord" double precision NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"flip" boolean DEFAULT false NOT NULL,
	"system_state_sensor" text
);
--> statement-breakpoint
CREATE TABLE "visual_schemas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visual_schemas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"comment" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"modified_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visual_tabs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visual_tabs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schema_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"height" integer NOT NULL,
	"width" integer NOT NULL,
	"zoom" double precision DEFAULT 100 NOT NULL,
	"offset_x" double precision DEFAULT 0 NOT NULL,
	"offset_y" double precision DEFAULT 0 NOT NULL,
	"shapes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text_elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visual_connectors" ADD CONSTRAINT "visual_connectors_tab_id_visual_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."visual_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_connectors" ADD CONSTRAINT "visual_connectors_start_machine_id_visual_machines_id_fk" FOREIGN KEY ("start_machine_id") REFERENCES "public"."visual_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_connectors" ADD CONSTRAINT "visual_connectors_end_machine_id_visual_machines_id_fk" FOREIGN KEY ("end_machine_id") REFERENCES "public"."visual_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_machine_sensors" ADD CONSTRAINT "visual_machine_sensors_machine_id_visual_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."visual_machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_machine_sensors" ADD CONSTRAINT "visual_machine_sensors_schema_id_visual_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."visual_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_machine_sensors" ADD CONSTRAINT "visual_machine_sensors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_machines" ADD CONSTRAINT "visual_machines_tab_id_visual_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."visual_tabs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_schemas" ADD CONSTRAINT "visual_schemas_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_schemas" ADD CONSTRAINT "visual_schemas_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_tabs" ADD CONSTRAINT "visual_tabs_schema_id_visual_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."visual_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visual_connectors_tab_idx" ON "visual_connectors" USING btree ("tab_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visual_machine_sensors_schema_sensor_unique" ON "visual_machine_sensors" USING btree ("schema_id","sensor_id");--> statement-breakpoint
CREATE INDEX "visual_machine_sensors_device_idx" ON "visual_machine_sensors" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "visual_machines_tab_idx" ON "visual_machines" USING btree ("tab_id");--> statement-breakpoint
CREATE INDEX "visual_schemas_location_idx" ON "visual_schemas" USING btree ("location_id","updated_at");--> statement-breakpoint
CREATE INDEX "visual_tabs_schema_idx" ON "visual_tabs" USING btree ("schema_id","position");