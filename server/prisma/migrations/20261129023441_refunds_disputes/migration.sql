-- DropIndex
DROP INDEX "licenses_buyer_id_beat_id_license_type_key";

-- DropIndex
DROP INDEX "sales_ledger_order_id_key";

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "dispute_id" TEXT,
ADD COLUMN     "dispute_status" TEXT;

-- AlterTable
ALTER TABLE "licenses" ADD COLUMN     "frozen_at" TIMESTAMPTZ(3),
ADD COLUMN     "revoked_at" TIMESTAMPTZ(3),
ADD COLUMN     "revoked_reason" TEXT;

-- AlterTable
ALTER TABLE "sales_ledger" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'sale',
ADD COLUMN     "refund_id" UUID;

-- AlterTable
ALTER TABLE "credit_ledger" ADD COLUMN     "debt_change" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "credit_balances" ADD COLUMN     "debt" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "invoice_id" UUID NOT NULL,
    "order_id" UUID,
    "account_payment_id" UUID,
    "subscription_period_id" UUID,
    "amount_cents" INTEGER NOT NULL,
    "full" BOOLEAN NOT NULL,
    "reason" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "provider_refund_id" TEXT,
    "admin_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_note_counters" (
    "year" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "credit_note_counters_pkey" PRIMARY KEY ("year")
);

-- CreateTable
CREATE TABLE "credit_notes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "credit_note_number" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "refund_id" UUID NOT NULL,
    "invoice_number" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "reason" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "total_cents" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_provider_refund_id_key" ON "refunds"("provider_refund_id");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- CreateIndex
CREATE INDEX "refunds_account_payment_id_idx" ON "refunds"("account_payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_credit_note_number_key" ON "credit_notes"("credit_note_number");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_refund_id_key" ON "credit_notes"("refund_id");

-- CreateIndex
CREATE INDEX "credit_notes_user_id_issued_at_idx" ON "credit_notes"("user_id", "issued_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "orders_dispute_id_key" ON "orders"("dispute_id");

-- CreateIndex
CREATE INDEX "licenses_buyer_id_beat_id_license_type_idx" ON "licenses"("buyer_id", "beat_id", "license_type");

-- CreateIndex
CREATE UNIQUE INDEX "sales_ledger_refund_id_key" ON "sales_ledger"("refund_id");

-- CreateIndex
CREATE INDEX "sales_ledger_order_id_idx" ON "sales_ledger"("order_id");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One licence in force per buyer, beat and licence type: a revoked one (refunded, dispute lost)
-- stays as history and does not stop the buyer from buying the licence again.
CREATE UNIQUE INDEX "licenses_one_in_force" ON "licenses"("buyer_id", "beat_id", "license_type")
    WHERE "revoked_at" IS NULL;

-- One sale row per order; each refund adds its own reversal row, never an edit of the sale.
CREATE UNIQUE INDEX "sales_ledger_one_sale_per_order" ON "sales_ledger"("order_id") WHERE "kind" = 'sale';
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_kind_check" CHECK (
    ("kind" = 'sale' AND "refund_id" IS NULL AND "gross_cents" >= 0)
    OR ("kind" = 'reversal' AND "refund_id" IS NOT NULL AND "gross_cents" <= 0));

-- A whole refund happens once per order, credits pack or subscription period.
CREATE UNIQUE INDEX "refunds_one_full_per_order" ON "refunds"("order_id") WHERE "full" AND "order_id" IS NOT NULL;
CREATE UNIQUE INDEX "refunds_one_full_per_account_payment" ON "refunds"("account_payment_id")
    WHERE "full" AND "account_payment_id" IS NOT NULL;
CREATE UNIQUE INDEX "refunds_one_full_per_period" ON "refunds"("subscription_period_id")
    WHERE "full" AND "subscription_period_id" IS NOT NULL;
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_check" CHECK ("amount_cents" > 0);
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_source_check" CHECK ("source" IN ('stripe', 'admin', 'dispute'));

ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_status_check"
    CHECK ("dispute_status" IS NULL OR "dispute_status" IN ('open', 'won', 'lost'));

ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_kind_check";
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check"
    CHECK ("kind" IN ('purchased', 'earned', 'spent', 'refunded', 'debt_paid'));
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_debt_check" CHECK ("debt" >= 0);

-- A reversal row is the sale's amounts with the opposite sign.
ALTER TABLE "sales_ledger" DROP CONSTRAINT "sales_ledger_amounts_check";
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_amounts_check" CHECK (
    "gross_cents" = "fee_cents" + "net_cents"
    AND (("kind" = 'sale' AND "fee_cents" >= 0 AND "net_cents" >= 0)
      OR ("kind" = 'reversal' AND "fee_cents" <= 0 AND "net_cents" <= 0)));
ALTER TABLE "sales_ledger" DROP CONSTRAINT "sales_ledger_transfer_status_check";
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_transfer_status_check"
    CHECK ("transfer_status" IN ('pending', 'destination', 'transferred', 'none', 'reversed'));
-- A refund of credits already all spent moves only the debt.
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_amount_check";
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_amount_check"
    CHECK (("amount" <> 0 OR "debt_change" <> 0) AND "balance_after" >= 0);
