-- Fixed-window counters become sliding logs (server/lib/rate-limit.ts): one row per counted thing with
-- the times of its hits. The old table is renamed first so its live windows can carry over.
ALTER TABLE "rate_limits" RENAME TO "rate_limits_fixed";--> statement-breakpoint
ALTER INDEX "rate_limits_expires_idx" RENAME TO "rate_limits_fixed_expires_idx";--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- A live window's count carries over as that many hits at its start, so each leaves the sliding
-- window when the fixed one would have ended: a deploy opens no fresh allowance and holds nobody
-- longer. At most 1200 per bucket (the largest limit by default; more would say nothing more).
INSERT INTO "rate_limits" ("bucket", "hits", "expires_at")
SELECT DISTINCT ON ("bucket") "bucket", array_fill("window_start", ARRAY[least("count", 1200)]), "expires_at"
FROM "rate_limits_fixed"
WHERE "expires_at" > now() AND "count" > 0
ORDER BY "bucket", "window_start" DESC;--> statement-breakpoint
DROP TABLE "rate_limits_fixed";
