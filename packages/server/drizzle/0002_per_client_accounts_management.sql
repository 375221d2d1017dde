ALTER TABLE "client_users" ADD COLUMN "is_accounts_management" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now the user flag stood for every client of the person: keep today's rights, per client from here on.
UPDATE "client_users" SET "is_accounts_management" = true FROM "users" WHERE "users"."id" = "client_users"."user_id" AND "users"."is_accounts_management" = true;
