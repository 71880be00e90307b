-- DropIndex
DROP INDEX "licenses_order_id_key";

-- DropIndex
DROP INDEX "sales_ledger_refund_id_key";

-- AlterTable
ALTER TABLE "licenses" ADD COLUMN     "order_line_id" UUID;

-- AlterTable
ALTER TABLE "cart_lines" ADD COLUMN     "shown_price_cents" INTEGER;

-- CreateTable
CREATE TABLE "order_lines" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "order_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "beat_id" UUID NOT NULL,
    "producer_id" UUID NOT NULL,
    "license_type" TEXT NOT NULL,
    "upgrade_from" TEXT,
    "amount_cents" INTEGER NOT NULL,
    "discount_cents" INTEGER NOT NULL DEFAULT 0,
    "discount_reason" TEXT,
    "fee_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupon_redemptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "coupon_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'reserved',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupon_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_lines_beat_id_license_type_idx" ON "order_lines"("beat_id", "license_type");

-- CreateIndex
CREATE UNIQUE INDEX "order_lines_order_id_position_key" ON "order_lines"("order_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "order_lines_order_id_beat_id_key" ON "order_lines"("order_id", "beat_id");

-- CreateIndex
CREATE INDEX "coupon_redemptions_coupon_id_status_idx" ON "coupon_redemptions"("coupon_id", "status");

-- CreateIndex
CREATE INDEX "coupon_redemptions_order_id_idx" ON "coupon_redemptions"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "licenses_order_line_id_key" ON "licenses"("order_line_id");

-- CreateIndex
CREATE INDEX "licenses_order_id_idx" ON "licenses"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "sales_ledger_refund_id_beat_id_key" ON "sales_ledger"("refund_id", "beat_id");

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_line_id_fkey" FOREIGN KEY ("order_line_id") REFERENCES "order_lines"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing order becomes its one line (an order keeps its columns as its first line's).
INSERT INTO "order_lines" ("order_id", "position", "beat_id", "producer_id", "license_type",
                           "upgrade_from", "amount_cents", "fee_cents", "created_at")
SELECT "id", 0, "beat_id", "producer_id", "license_type", "upgrade_from", "amount_cents",
       "fee_cents", "created_at"
FROM "orders";

-- Each licence points at the line that granted it.
UPDATE "licenses" l SET "order_line_id" = ol."id"
FROM "order_lines" ol WHERE ol."order_id" = l."order_id" AND ol."position" = 0;

-- One sale row per line (a line is one beat of its order), no longer one per order.
DROP INDEX "sales_ledger_one_sale_per_order";
CREATE UNIQUE INDEX "sales_ledger_one_sale_per_line" ON "sales_ledger"("order_id", "beat_id") WHERE "kind" = 'sale';

-- A buyer uses a coupon once: at most one reservation or use that is not released.
CREATE UNIQUE INDEX "coupon_redemptions_one_per_buyer" ON "coupon_redemptions"("coupon_id", "buyer_id") WHERE "status" <> 'released';
