-- AlterTable
ALTER TABLE "beats" ADD COLUMN     "boosted_until" TIMESTAMPTZ(3),
ADD COLUMN     "featured_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "credit_ledger" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_balances" (
    "user_id" UUID NOT NULL,
    "available" INTEGER NOT NULL DEFAULT 0,
    "total_purchased" INTEGER NOT NULL DEFAULT 0,
    "total_earned" INTEGER NOT NULL DEFAULT 0,
    "total_spent" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_balances_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "promotions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "beat_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "credits_spent" INTEGER,
    "price_cents" INTEGER,
    "discount_percent" INTEGER NOT NULL DEFAULT 0,
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promotions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_idempotency_key_key" ON "credit_ledger"("idempotency_key");

-- CreateIndex
CREATE INDEX "credit_ledger_user_id_id_idx" ON "credit_ledger"("user_id", "id" DESC);

-- CreateIndex
CREATE INDEX "promotions_beat_id_created_at_idx" ON "promotions"("beat_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "promotions_user_id_created_at_idx" ON "promotions"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (issue 10): the ledger's rules as constraints, the last guard behind the service.
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_available_check" CHECK ("available" >= 0);
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check" CHECK ("kind" IN ('purchased', 'earned', 'spent'));
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_amount_check" CHECK ("amount" <> 0 AND "balance_after" >= 0);
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_status_check" CHECK ("status" IN ('pending', 'paid', 'cancelled'));
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_type_check" CHECK ("type" IN ('featured_week', 'featured_month', 'homepage_boost'));
-- The boosted branch of the home page's default sort reads only the few beats boosted now.
CREATE INDEX "beats_boosted_until_idx" ON "beats" ("boosted_until" DESC) WHERE "boosted_until" IS NOT NULL;
CREATE INDEX "beats_featured_until_idx" ON "beats" ("featured_until" DESC) WHERE "featured_until" IS NOT NULL;
