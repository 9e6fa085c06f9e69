CREATE TABLE "merchant_daily_order_stats" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"paid_micro" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_daily_order_stats_pkey" PRIMARY KEY("merchant_id","day","shard","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "merchant_daily_stats" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"payment_sent" integer DEFAULT 0 NOT NULL,
	"completed_on_day" integer DEFAULT 0 NOT NULL,
	"completed_micro" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_daily_stats_pkey" PRIMARY KEY("merchant_id","day","shard")
);
--> statement-breakpoint
CREATE TABLE "merchant_daily_time_to_pay" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"bucket" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_daily_time_to_pay_pkey" PRIMARY KEY("merchant_id","day","shard","bucket")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "first_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_daily_order_stats" ADD CONSTRAINT "merchant_daily_order_stats_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_daily_stats" ADD CONSTRAINT "merchant_daily_stats_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_daily_time_to_pay" ADD CONSTRAINT "merchant_daily_time_to_pay_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- backfill the sessions' first orders and payments before the triggers exist; the orders are locked
-- against writes until the migration commits (checkout_sessions already is, by ADD COLUMN)
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE checkout_sessions s SET first_order_at = r.first_order_at, payment_sent_at = r.payment_sent_at
FROM (
  SELECT o.session_id, min(o.created_at) AS first_order_at,
         min(coalesce(o.payment_sent_at, o.fulfilled_at, o.updated_at)) FILTER (WHERE o.payment_sent_at IS NOT NULL OR o.status = 'FULFILLED') AS payment_sent_at
  FROM orders o GROUP BY o.session_id
) r
WHERE s.id = r.session_id;--> statement-breakpoint
-- The overview's rollup is kept by triggers, so that every write (each transition in lib/, the expiry
-- sweep, an operator's plain SQL) changes it in its own transaction and it cannot drift. Each trigger
-- adds what the new rows contribute and takes away what the old rows did; a statement whose rows
-- changed nothing the overview reads writes nothing. Rows are written in key order, so two
-- transactions never take the same rollup rows in opposite orders. The shard only spreads the load:
-- reads sum every shard, so totals are exact whatever shard a row went to. 32 shards: with 4, 32
-- concurrent session creations of one merchant queued on each other's rows until commit (bench:api);
-- the time-to-pay histogram, written only on completion and spread by its buckets, keeps 4 so that a
-- long period's median reads few rows.
CREATE FUNCTION overview_shard(id text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (abs(hashtext(id)::bigint) % 32)::smallint
$$;--> statement-breakpoint
-- -1: under a second; b >= 0: [1.02^b, 1.02^(b+1)) seconds
CREATE FUNCTION overview_ttp_bucket(seconds numeric) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN seconds < 1 THEN -1 ELSE least(floor(ln(seconds::float8) / ln(1.02::float8)), 32767) END::smallint
$$;--> statement-breakpoint
-- (the three variants of each trigger differ only in where their signed rows come from: the new
-- rows, +1; the old rows, -1; or, for an update, both, for the rows whose change the overview sees)
CREATE FUNCTION overview_sessions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (SELECT id, merchant_id, created_at, status, completed_at, amount_micro, first_order_at, payment_sent_at, 1 AS sign FROM new_rows)
  INSERT INTO merchant_daily_stats AS t
    (merchant_id, day, shard, created, active, completed, expired, cancelled, started, payment_sent, completed_on_day, completed_micro)
  SELECT d.merchant_id, d.day, d.shard, sum(d.created), sum(d.active), sum(d.completed), sum(d.expired), sum(d.cancelled),
         sum(d.started), sum(d.payment_sent), sum(d.completed_on_day), sum(d.completed_micro)
  FROM (
    SELECT s.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(s.id) AS shard,
           s.sign * (s.status = 'CREATED')::int AS created, s.sign * (s.status = 'ACTIVE')::int AS active,
           s.sign * (s.status = 'COMPLETED')::int AS completed, s.sign * (s.status = 'EXPIRED')::int AS expired,
           s.sign * (s.status = 'CANCELLED')::int AS cancelled, s.sign * (s.first_order_at IS NOT NULL)::int AS started,
           s.sign * (s.payment_sent_at IS NOT NULL)::int AS payment_sent, 0 AS completed_on_day, 0::bigint AS completed_micro
    FROM s
    UNION ALL
    SELECT s.merchant_id, (s.completed_at AT TIME ZONE 'UTC')::date, overview_shard(s.id), 0, 0, 0, 0, 0, 0, 0, s.sign, s.sign * s.amount_micro
    FROM s WHERE s.status = 'COMPLETED' AND s.completed_at IS NOT NULL
  ) d
  GROUP BY d.merchant_id, d.day, d.shard
  HAVING sum(d.created) <> 0 OR sum(d.active) <> 0 OR sum(d.completed) <> 0 OR sum(d.expired) <> 0 OR sum(d.cancelled) <> 0
      OR sum(d.started) <> 0 OR sum(d.payment_sent) <> 0 OR sum(d.completed_on_day) <> 0 OR sum(d.completed_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard
  ON CONFLICT (merchant_id, day, shard) DO UPDATE SET
    created = t.created + excluded.created, active = t.active + excluded.active, completed = t.completed + excluded.completed,
    expired = t.expired + excluded.expired, cancelled = t.cancelled + excluded.cancelled, started = t.started + excluded.started,
    payment_sent = t.payment_sent + excluded.payment_sent, completed_on_day = t.completed_on_day + excluded.completed_on_day,
    completed_micro = t.completed_micro + excluded.completed_micro;

  WITH s AS (SELECT id, merchant_id, created_at, status, completed_at, amount_micro, first_order_at, payment_sent_at, 1 AS sign FROM new_rows)
  INSERT INTO merchant_daily_time_to_pay AS t (merchant_id, day, shard, bucket, n, total_micros)
  SELECT d.merchant_id, d.day, d.shard, d.bucket, sum(d.sign), sum(d.sign * d.micros)
  FROM (
    SELECT s.merchant_id, (s.completed_at AT TIME ZONE 'UTC')::date AS day, (overview_shard(s.id) % 4)::smallint AS shard, s.sign,
           overview_ttp_bucket(extract(epoch FROM s.completed_at - s.created_at)) AS bucket,
           (extract(epoch FROM s.completed_at - s.created_at) * 1000000)::bigint AS micros
    FROM s WHERE s.status = 'COMPLETED' AND s.completed_at IS NOT NULL
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.bucket
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.micros) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.bucket
  ON CONFLICT (merchant_id, day, shard, bucket) DO UPDATE SET n = t.n + excluded.n, total_micros = t.total_micros + excluded.total_micros;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION overview_sessions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- most updates change nothing the overview reads (a timestamp, the active order): they stop here
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at)) THEN
    RETURN NULL;
  END IF;
  WITH s AS (SELECT n.id, n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at)
      UNION ALL SELECT o.id, o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at))
  INSERT INTO merchant_daily_stats AS t
    (merchant_id, day, shard, created, active, completed, expired, cancelled, started, payment_sent, completed_on_day, completed_micro)
  SELECT d.merchant_id, d.day, d.shard, sum(d.created), sum(d.active), sum(d.completed), sum(d.expired), sum(d.cancelled),
         sum(d.started), sum(d.payment_sent), sum(d.completed_on_day), sum(d.completed_micro)
  FROM (
    SELECT s.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(s.id) AS shard,
           s.sign * (s.status = 'CREATED')::int AS created, s.sign * (s.status = 'ACTIVE')::int AS active,
           s.sign * (s.status = 'COMPLETED')::int AS completed, s.sign * (s.status = 'EXPIRED')::int AS expired,
           s.sign * (s.status = 'CANCELLED')::int AS cancelled, s.sign * (s.first_order_at IS NOT NULL)::int AS started,
           s.sign * (s.payment_sent_at IS NOT NULL)::int AS payment_sent, 0 AS completed_on_day, 0::bigint AS completed_micro
    FROM s
    UNION ALL
    SELECT s.merchant_id, (s.completed_at AT TIME ZONE 'UTC')::date, overview_shard(s.id), 0, 0, 0, 0, 0, 0, 0, s.sign, s.sign * s.amount_micro
    FROM s WHERE s.status = 'COMPLETED' AND s.completed_at IS NOT NULL
  ) d
  GROUP BY d.merchant_id, d.day, d.shard
  HAVING sum(d.created) <> 0 OR sum(d.active) <> 0 OR sum(d.completed) <> 0 OR sum(d.expired) <> 0 OR sum(d.cancelled) <> 0
      OR sum(d.started) <> 0 OR sum(d.payment_sent) <> 0 OR sum(d.completed_on_day) <> 0 OR sum(d.completed_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard
  ON CONFLICT (merchant_id, day, shard) DO UPDATE SET
    created = t.created + excluded.created, active = t.active + excluded.active, completed = t.completed + excluded.completed,
    expired = t.expired + excluded.expired, cancelled = t.cancelled + excluded.cancelled, started = t.started + excluded.started,
    payment_sent = t.payment_sent + excluded.payment_sent, completed_on_day = t.completed_on_day + excluded.completed_on_day,
    completed_micro = t.completed_micro + excluded.completed_micro;

  WITH s AS (SELECT n.id, n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at)
      UNION ALL SELECT o.id, o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.merchant_id, o.created_at, o.status, o.completed_at, o.amount_micro, o.first_order_at, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.created_at, n.status, n.completed_at, n.amount_micro, n.first_order_at, n.payment_sent_at))
  INSERT INTO merchant_daily_time_to_pay AS t (merchant_id, day, shard, bucket, n, total_micros)
  SELECT d.merchant_id, d.day, d.shard, d.bucket, sum(d.sign), sum(d.sign * d.micros)
  FROM (
    SELECT s.merchant_id, (s.completed_at AT TIME ZONE 'UTC')::date AS day, (overview_shard(s.id) % 4)::smallint AS shard, s.sign,
           overview_ttp_bucket(extract(epoch FROM s.completed_at - s.created_at)) AS bucket,
           (extract(epoch FROM s.completed_at - s.created_at) * 1000000)::bigint AS micros
    FROM s WHERE s.status = 'COMPLETED' AND s.completed_at IS NOT NULL
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.bucket
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.micros) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.bucket
  ON CONFLICT (merchant_id, day, shard, bucket) DO UPDATE SET n = t.n + excluded.n, total_micros = t.total_micros + excluded.total_micros;
  -- a session moved to another day takes its orders' part with it
  WITH moved AS (
    SELECT n.id, n.created_at, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.created_at AT TIME ZONE 'UTC')::date <> (n.created_at AT TIME ZONE 'UTC')::date
    UNION ALL
    SELECT o.id, o.created_at, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at AT TIME ZONE 'UTC')::date <> (n.created_at AT TIME ZONE 'UTC')::date
  )
  INSERT INTO merchant_daily_order_stats AS t (merchant_id, day, shard, dimension, key, orders, paid, paid_micro)
  SELECT d.merchant_id, d.day, d.shard, d.dimension, d.key, sum(d.sign), sum(d.sign * d.paid), sum(d.sign * d.paid_micro)
  FROM (
    SELECT o.merchant_id, (m.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(o.session_id) AS shard, k.dimension, k.key, m.sign,
           (o.status = 'FULFILLED')::int AS paid,
           CASE WHEN o.status = 'FULFILLED' THEN coalesce(o.net_amount_micro, o.token_amount_micro) ELSE 0 END AS paid_micro
    FROM moved m JOIN orders o ON o.session_id = m.id
    CROSS JOIN LATERAL (VALUES ('platform', o.payment_platform), ('currency', o.fiat_currency)) k(dimension, key)
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.paid) <> 0 OR sum(d.sign * d.paid_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  ON CONFLICT (merchant_id, day, shard, dimension, key) DO UPDATE SET
    orders = t.orders + excluded.orders, paid = t.paid + excluded.paid, paid_micro = t.paid_micro + excluded.paid_micro;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION overview_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (SELECT id, merchant_id, created_at, status, completed_at, amount_micro, first_order_at, payment_sent_at, -1 AS sign FROM old_rows)
  INSERT INTO merchant_daily_stats AS t
    (merchant_id, day, shard, created, active, completed, expired, cancelled, started, payment_sent, completed_on_day, completed_micro)
  SELECT d.merchant_id, d.day, d.shard, sum(d.created), sum(d.active), sum(d.completed), sum(d.expired), sum(d.cancelled),
         sum(d.started), sum(d.payment_sent), sum(d.completed_on_day), sum(d.completed_micro)
  FROM (
    SELECT s.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(s.id) AS shard,
           s.sign * (s.status = 'CREATED')::int AS created, s.sign * (s.status = 'ACTIVE')::int AS active,
           s.sign * (s.status = 'COMPLETED')::int AS completed, s.sign * (s.status = 'EXPIRED')::int AS expired,
           s.sign * (s.status = 'CANCELLED')::int AS cancelled, s.sign * (s.first_order_at IS NOT NULL)::int AS started,
           s.sign * (s.payment_sent_at IS NOT NULL)::int AS payment_sent, 0 AS completed_on_day, 0::bigint AS completed_micro
    FROM s
    UNION ALL
    SELECT s.merchant_id, (s.completed_at AT TIME ZONE 'UTC')::date, overview_shard(s.id), 0, 0, 0, 0, 0, 0, 0, s.sign, s.sign * s.amount_micro
    FROM s WHERE s.status = 'COMPLETED' AND s.completed_at IS NOT NULL
  ) d
  GROUP BY d.merchant_id, d.day, d.shard
  HAVING sum(d.created) <> 0 OR sum(d.active) <> 0 OR sum(d.completed) <> 0 OR sum(d.expired) <> 0 OR sum(d.cancelled) <> 0
      OR sum(d.started) <> 0 OR sum(d.payment_sent) <> 0 OR sum(d.completed_on_day) <> 0 OR sum(d.completed_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard
  ON CONFLICT (merchant_id, day, shard) DO UPDATE SET
    created = t.created + excluded.created, active = t.active + excluded.active, completed = t.completed + excluded.completed,
    expired = t.expired + excluded.expired, cancelled = t.cancelled + excluded.cancelled, started = t.started + excluded.started,
    payment_sent = t.payment_sent + excluded.payment_sent, completed_on_day = t.completed_on_day + excluded.completed_on_day,
    completed_micro = t.completed_micro + excluded.completed_micro;

  WITH s AS (SELECT id, merchant_id, created_at, status, completed_at, amount_micro, first_order_at, payment_sent_at, -1 AS sign FROM old_rows)
  INSERT INTO merchant_daily_time_to_pay AS t (merchant_id, day, shard, bucket, n, total_micros)
  SELECT d.merchant_id, d.day, d.shard, d.bucket, sum(d.sign), sum(d.sign * d.micros)
  FROM (
    SELECT s.merchant_id, (s.completed_at AT TIME ZONE 'UTC')::date AS day, (overview_shard(s.id) % 4)::smallint AS shard, s.sign,
           overview_ttp_bucket(extract(epoch FROM s.completed_at - s.created_at)) AS bucket,
           (extract(epoch FROM s.completed_at - s.created_at) * 1000000)::bigint AS micros
    FROM s WHERE s.status = 'COMPLETED' AND s.completed_at IS NOT NULL
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.bucket
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.micros) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.bucket
  ON CONFLICT (merchant_id, day, shard, bucket) DO UPDATE SET n = t.n + excluded.n, total_micros = t.total_micros + excluded.total_micros;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION overview_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH o AS (SELECT id, session_id, merchant_id, status, payment_platform, fiat_currency, net_amount_micro, token_amount_micro, payment_sent_at, fulfilled_at, created_at, 1 AS sign FROM new_rows)
  INSERT INTO merchant_daily_order_stats AS t (merchant_id, day, shard, dimension, key, orders, paid, paid_micro)
  SELECT d.merchant_id, d.day, d.shard, d.dimension, d.key, sum(d.sign), sum(d.sign * d.paid), sum(d.sign * d.paid_micro)
  FROM (
    SELECT o.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(o.session_id) AS shard, k.dimension, k.key, o.sign,
           (o.status = 'FULFILLED')::int AS paid,
           CASE WHEN o.status = 'FULFILLED' THEN coalesce(o.net_amount_micro, o.token_amount_micro) ELSE 0 END AS paid_micro
    FROM o JOIN checkout_sessions s ON s.id = o.session_id
    CROSS JOIN LATERAL (VALUES ('platform', o.payment_platform), ('currency', o.fiat_currency)) k(dimension, key)
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.paid) <> 0 OR sum(d.sign * d.paid_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  ON CONFLICT (merchant_id, day, shard, dimension, key) DO UPDATE SET
    orders = t.orders + excluded.orders, paid = t.paid + excluded.paid, paid_micro = t.paid_micro + excluded.paid_micro;

  -- the session reached "Started" (and "Payment sent") the first time one of its orders did
  UPDATE checkout_sessions s
  SET first_order_at = coalesce(s.first_order_at, r.first_order_at), payment_sent_at = coalesce(s.payment_sent_at, r.payment_sent_at)
  FROM (
    SELECT n.session_id, min(n.created_at) AS first_order_at,
           min(coalesce(n.payment_sent_at, n.fulfilled_at, now())) FILTER (WHERE n.payment_sent_at IS NOT NULL OR n.status = 'FULFILLED') AS payment_sent_at
    FROM new_rows n GROUP BY n.session_id
  ) r
  WHERE s.id = r.session_id AND (s.first_order_at IS NULL OR (s.payment_sent_at IS NULL AND r.payment_sent_at IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION overview_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- most updates change nothing the overview reads (a timestamp, the active order): they stop here
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.merchant_id, o.session_id, o.status, o.payment_platform, o.fiat_currency, o.net_amount_micro, o.token_amount_micro, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.session_id, n.status, n.payment_platform, n.fiat_currency, n.net_amount_micro, n.token_amount_micro, n.payment_sent_at)) THEN
    RETURN NULL;
  END IF;
  WITH o AS (SELECT n.id, n.session_id, n.merchant_id, n.status, n.payment_platform, n.fiat_currency, n.net_amount_micro, n.token_amount_micro, n.payment_sent_at, n.fulfilled_at, n.created_at, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o.merchant_id, o.session_id, o.status, o.payment_platform, o.fiat_currency, o.net_amount_micro, o.token_amount_micro, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.session_id, n.status, n.payment_platform, n.fiat_currency, n.net_amount_micro, n.token_amount_micro, n.payment_sent_at)
      UNION ALL SELECT o.id, o.session_id, o.merchant_id, o.status, o.payment_platform, o.fiat_currency, o.net_amount_micro, o.token_amount_micro, o.payment_sent_at, o.fulfilled_at, o.created_at, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.merchant_id, o.session_id, o.status, o.payment_platform, o.fiat_currency, o.net_amount_micro, o.token_amount_micro, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.session_id, n.status, n.payment_platform, n.fiat_currency, n.net_amount_micro, n.token_amount_micro, n.payment_sent_at))
  INSERT INTO merchant_daily_order_stats AS t (merchant_id, day, shard, dimension, key, orders, paid, paid_micro)
  SELECT d.merchant_id, d.day, d.shard, d.dimension, d.key, sum(d.sign), sum(d.sign * d.paid), sum(d.sign * d.paid_micro)
  FROM (
    SELECT o.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(o.session_id) AS shard, k.dimension, k.key, o.sign,
           (o.status = 'FULFILLED')::int AS paid,
           CASE WHEN o.status = 'FULFILLED' THEN coalesce(o.net_amount_micro, o.token_amount_micro) ELSE 0 END AS paid_micro
    FROM o JOIN checkout_sessions s ON s.id = o.session_id
    CROSS JOIN LATERAL (VALUES ('platform', o.payment_platform), ('currency', o.fiat_currency)) k(dimension, key)
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.paid) <> 0 OR sum(d.sign * d.paid_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  ON CONFLICT (merchant_id, day, shard, dimension, key) DO UPDATE SET
    orders = t.orders + excluded.orders, paid = t.paid + excluded.paid, paid_micro = t.paid_micro + excluded.paid_micro;

  -- the session reached "Started" (and "Payment sent") the first time one of its orders did
  UPDATE checkout_sessions s
  SET first_order_at = coalesce(s.first_order_at, r.first_order_at), payment_sent_at = coalesce(s.payment_sent_at, r.payment_sent_at)
  FROM (
    SELECT n.session_id, min(n.created_at) AS first_order_at,
           min(coalesce(n.payment_sent_at, n.fulfilled_at, now())) FILTER (WHERE n.payment_sent_at IS NOT NULL OR n.status = 'FULFILLED') AS payment_sent_at
    FROM (SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (o.merchant_id, o.session_id, o.status, o.payment_platform, o.fiat_currency, o.net_amount_micro, o.token_amount_micro, o.payment_sent_at) IS DISTINCT FROM (n.merchant_id, n.session_id, n.status, n.payment_platform, n.fiat_currency, n.net_amount_micro, n.token_amount_micro, n.payment_sent_at)) n GROUP BY n.session_id
  ) r
  WHERE s.id = r.session_id AND (s.first_order_at IS NULL OR (s.payment_sent_at IS NULL AND r.payment_sent_at IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION overview_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH o AS (SELECT id, session_id, merchant_id, status, payment_platform, fiat_currency, net_amount_micro, token_amount_micro, payment_sent_at, fulfilled_at, created_at, -1 AS sign FROM old_rows)
  INSERT INTO merchant_daily_order_stats AS t (merchant_id, day, shard, dimension, key, orders, paid, paid_micro)
  SELECT d.merchant_id, d.day, d.shard, d.dimension, d.key, sum(d.sign), sum(d.sign * d.paid), sum(d.sign * d.paid_micro)
  FROM (
    SELECT o.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(o.session_id) AS shard, k.dimension, k.key, o.sign,
           (o.status = 'FULFILLED')::int AS paid,
           CASE WHEN o.status = 'FULFILLED' THEN coalesce(o.net_amount_micro, o.token_amount_micro) ELSE 0 END AS paid_micro
    FROM o JOIN checkout_sessions s ON s.id = o.session_id
    CROSS JOIN LATERAL (VALUES ('platform', o.payment_platform), ('currency', o.fiat_currency)) k(dimension, key)
  ) d
  GROUP BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.paid) <> 0 OR sum(d.sign * d.paid_micro) <> 0
  ORDER BY d.merchant_id, d.day, d.shard, d.dimension, d.key
  ON CONFLICT (merchant_id, day, shard, dimension, key) DO UPDATE SET
    orders = t.orders + excluded.orders, paid = t.paid + excluded.paid, paid_micro = t.paid_micro + excluded.paid_micro;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER checkout_sessions_overview_ins AFTER INSERT ON checkout_sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION overview_sessions_inserted();--> statement-breakpoint
CREATE TRIGGER checkout_sessions_overview_upd AFTER UPDATE ON checkout_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION overview_sessions_updated();--> statement-breakpoint
CREATE TRIGGER checkout_sessions_overview_del AFTER DELETE ON checkout_sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION overview_sessions_deleted();--> statement-breakpoint
CREATE TRIGGER orders_overview_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION overview_orders_inserted();--> statement-breakpoint
CREATE TRIGGER orders_overview_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION overview_orders_updated();--> statement-breakpoint
CREATE TRIGGER orders_overview_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION overview_orders_deleted();--> statement-breakpoint
-- backfill: the rollup from every existing row (no write can come in between: the tables are locked
-- until the migration commits, and later writes fire the triggers)
INSERT INTO merchant_daily_stats (merchant_id, day, shard, created, active, completed, expired, cancelled, started, payment_sent, completed_on_day, completed_micro)
SELECT merchant_id, day, shard, sum(created), sum(active), sum(completed), sum(expired), sum(cancelled), sum(started), sum(payment_sent),
       sum(completed_on_day), sum(completed_micro)
FROM (
  SELECT merchant_id, (created_at AT TIME ZONE 'UTC')::date AS day, overview_shard(id) AS shard,
         count(*) FILTER (WHERE status = 'CREATED') AS created, count(*) FILTER (WHERE status = 'ACTIVE') AS active,
         count(*) FILTER (WHERE status = 'COMPLETED') AS completed, count(*) FILTER (WHERE status = 'EXPIRED') AS expired,
         count(*) FILTER (WHERE status = 'CANCELLED') AS cancelled, count(first_order_at) AS started, count(payment_sent_at) AS payment_sent,
         0 AS completed_on_day, 0 AS completed_micro
  FROM checkout_sessions GROUP BY 1, 2, 3
  UNION ALL
  SELECT merchant_id, (completed_at AT TIME ZONE 'UTC')::date, overview_shard(id), 0, 0, 0, 0, 0, 0, 0, count(*), sum(amount_micro)
  FROM checkout_sessions WHERE status = 'COMPLETED' AND completed_at IS NOT NULL GROUP BY 1, 2, 3
) d
GROUP BY merchant_id, day, shard;--> statement-breakpoint
INSERT INTO merchant_daily_time_to_pay (merchant_id, day, shard, bucket, n, total_micros)
SELECT merchant_id, (completed_at AT TIME ZONE 'UTC')::date, (overview_shard(id) % 4)::smallint, overview_ttp_bucket(extract(epoch FROM completed_at - created_at)),
       count(*), sum((extract(epoch FROM completed_at - created_at) * 1000000)::bigint)
FROM checkout_sessions WHERE status = 'COMPLETED' AND completed_at IS NOT NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO merchant_daily_order_stats (merchant_id, day, shard, dimension, key, orders, paid, paid_micro)
SELECT o.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date, overview_shard(o.session_id), k.dimension, k.key, count(*),
       count(*) FILTER (WHERE o.status = 'FULFILLED'),
       coalesce(sum(coalesce(o.net_amount_micro, o.token_amount_micro)) FILTER (WHERE o.status = 'FULFILLED'), 0)
FROM orders o
JOIN checkout_sessions s ON s.id = o.session_id
CROSS JOIN LATERAL (VALUES ('platform', o.payment_platform), ('currency', o.fiat_currency)) k(dimension, key)
GROUP BY 1, 2, 3, 4, 5;
