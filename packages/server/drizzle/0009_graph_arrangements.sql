CREATE TABLE "graph_arrangements" (
	"user_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"node" integer NOT NULL,
	"sensor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graph_arrangements_user_id_device_id_node_sensor_pk" PRIMARY KEY("user_id","device_id","node","sensor")
);
--> statement-breakpoint
ALTER TABLE "graph_arrangements" ADD CONSTRAINT "graph_arrangements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_arrangements" ADD CONSTRAINT "graph_arrangements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graph_arrangements_device_idx" ON "graph_arrangements" USING btree ("device_id");