CREATE TABLE "message_receipts" (
	"device_id" integer NOT NULL,
	"digest" "bytea" NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_receipts_pkey" PRIMARY KEY("device_id","digest")
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"sensor_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "rollup_progress" (
	"name" text PRIMARY KEY NOT NULL,
	"done_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_rollups_1h" (
	"sensor_key" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision,
	"max" double precision,
	"sum" double precision,
	"count" integer NOT NULL,
	"last" double precision,
	"samples" integer NOT NULL,
	"worst_status" smallint NOT NULL,
	"any_alarm" boolean NOT NULL,
	CONSTRAINT "sensor_rollups_1h_pkey" PRIMARY KEY("sensor_key","bucket")
);
--> statement-breakpoint
CREATE TABLE "sensor_rollups_1m" (
	"sensor_key" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision,
	"max" double precision,
	"sum" double precision,
	"count" integer NOT NULL,
	"last" double precision,
	"samples" integer NOT NULL,
	"worst_status" smallint NOT NULL,
	"any_alarm" boolean NOT NULL,
	CONSTRAINT "sensor_rollups_1m_pkey" PRIMARY KEY("sensor_key","bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sensors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	CONSTRAINT "sensors_device_sensor_key" UNIQUE("device_id","sensor_id")
);
--> statement-breakpoint
ALTER TABLE "sensor_readings" DROP CONSTRAINT "sensor_readings_device_id_devices_id_fk";
--> statement-breakpoint
DROP INDEX "sensor_readings_device_sensor_ts_idx";--> statement-breakpoint
DROP INDEX "sensor_readings_ts_idx";--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_receipts_received_at_idx" ON "message_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "device_events_device_ts_idx" ON "device_events" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "device_events_ts_idx" ON "device_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "sensor_rollups_1h_bucket_idx" ON "sensor_rollups_1h" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "sensor_rollups_1m_bucket_brin" ON "sensor_rollups_1m" USING brin ("bucket");--> statement-breakpoint
CREATE INDEX "state_records_ts_idx" ON "state_records" USING btree ("ts");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express these): the 1-minute roll-ups get a DEFAULT partition beside the daily
-- ones telemetry/partitions.ts creates, and the raw readings already stored move to the sensors dictionary
-- instead of being dropped: one sensors row per (device, sensor id) seen, then sensor_key replaces both columns.
CREATE TABLE "sensor_rollups_1m_default" PARTITION OF "sensor_rollups_1m" DEFAULT;--> statement-breakpoint
INSERT INTO "sensors" ("device_id", "sensor_id") SELECT DISTINCT "device_id", "sensor_id" FROM "sensor_readings";--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD COLUMN "sensor_key" integer;--> statement-breakpoint
UPDATE "sensor_readings" r SET "sensor_key" = s."id" FROM "sensors" s WHERE s."device_id" = r."device_id" AND s."sensor_id" = r."sensor_id";--> statement-breakpoint
ALTER TABLE "sensor_readings" ALTER COLUMN "sensor_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_readings" DROP COLUMN "device_id";--> statement-breakpoint
ALTER TABLE "sensor_readings" DROP COLUMN "sensor_id";--> statement-breakpoint
CREATE INDEX "sensor_readings_sensor_ts_idx" ON "sensor_readings" USING btree ("sensor_key","ts");--> statement-breakpoint
CREATE INDEX "sensor_readings_ts_brin" ON "sensor_readings" USING brin ("ts");
