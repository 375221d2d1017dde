CREATE TABLE "maintenance_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"test_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"sensor_id" text NOT NULL,
	"sensor_name" text NOT NULL,
	"group_name" text NOT NULL,
	"event_type" text NOT NULL,
	"maintenance_time" timestamp with time zone NOT NULL,
	"comment" text DEFAULT 'empty area' NOT NULL,
	"engineer_id" integer
);
--> statement-breakpoint
CREATE TABLE "maintenance_tests" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"test_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_tests_test_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sensor_id" text NOT NULL,
	"leaf_sensor_id" text NOT NULL,
	"sensor_name" text NOT NULL,
	"group_name" text NOT NULL,
	"device_type" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"state_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"engineer_id" integer
);
--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_tests" ADD CONSTRAINT "maintenance_tests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_tests" ADD CONSTRAINT "maintenance_tests_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_records_device_time_idx" ON "maintenance_records" USING btree ("device_id","maintenance_time");--> statement-breakpoint
CREATE INDEX "maintenance_records_test_idx" ON "maintenance_records" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "maintenance_tests_state_deadline_idx" ON "maintenance_tests" USING btree ("state","deadline");