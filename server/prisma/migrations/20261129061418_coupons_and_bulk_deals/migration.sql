-- CreateTable
CREATE TABLE "coupons" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "producer_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    "beat_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "expires_at" TIMESTAMPTZ(3),
    "max_uses" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bulk_deals" (
    "producer_id" UUID NOT NULL,
    "buy_count" INTEGER NOT NULL,
    "free_count" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bulk_deals_pkey" PRIMARY KEY ("producer_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons"("code");

-- CreateIndex
CREATE INDEX "coupons_producer_id_created_at_idx" ON "coupons"("producer_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_deals" ADD CONSTRAINT "bulk_deals_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The rules the services keep, held by the database too.
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kind_check" CHECK ("kind" IN ('percent', 'fixed'));
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_value_check"
  CHECK ("value" > 0 AND ("kind" <> 'percent' OR "value" <= 100));
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_max_uses_check" CHECK ("max_uses" IS NULL OR "max_uses" > 0);
ALTER TABLE "bulk_deals" ADD CONSTRAINT "bulk_deals_counts_check" CHECK ("buy_count" > 0 AND "free_count" > 0);
