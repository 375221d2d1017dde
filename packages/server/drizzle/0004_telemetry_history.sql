CREATE TABLE "device_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tree" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"device_time" text
);
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"status" smallint NOT NULL,
	"in_alarm" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "state_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"tree" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_state" ADD CONSTRAINT "device_state_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_records" ADD CONSTRAINT "state_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_readings_device_sensor_ts_idx" ON "sensor_readings" USING btree ("device_id","sensor_id","ts");--> statement-breakpoint
CREATE INDEX "sensor_readings_ts_idx" ON "sensor_readings" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "state_records_device_ts_idx" ON "state_records" USING btree ("device_id","ts");--> statement-breakpoint
-- Raw readings are partitioned by day (drizzle-kit cannot declare partitions): the table above is replaced by the
-- same columns PARTITION BY RANGE (ts), with a DEFAULT partition for rows outside the daily ones. The retention
-- job (telemetry/partitions.ts) creates the next days' partitions and DROPs expired ones. Same DDL on PGlite.
DROP TABLE "sensor_readings";--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"status" smallint NOT NULL,
	"in_alarm" boolean NOT NULL
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE TABLE "sensor_readings_default" PARTITION OF "sensor_readings" DEFAULT;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_readings_device_sensor_ts_idx" ON "sensor_readings" USING btree ("device_id","sensor_id","ts");--> statement-breakpoint
CREATE INDEX "sensor_readings_ts_idx" ON "sensor_readings" USING btree ("ts");
