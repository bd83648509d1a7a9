-- Staff roles (contract/roles.ts): every admin there is today runs the shop, so each becomes an owner.
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
UPDATE "users" SET "role" = 'owner' WHERE "type" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK (case when "users"."type" = 'admin' then "users"."role" is not null and "users"."role" in ('owner', 'manager', 'catalogue', 'fulfilment', 'rider') else "users"."role" is null end);
