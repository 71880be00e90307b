-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "source_key" TEXT;

-- CreateTable
CREATE TABLE "producer_tiers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "billing_period" TEXT NOT NULL,
    "max_beats" INTEGER,
    "included_credits" INTEGER NOT NULL DEFAULT 0,
    "promotion_discount_percent" INTEGER NOT NULL DEFAULT 0,
    "featured_slots_per_month" INTEGER NOT NULL DEFAULT 0,
    "homepage_priority_boost" INTEGER NOT NULL DEFAULT 0,
    "custom_profile_badge" TEXT,
    "analytics_access" BOOLEAN NOT NULL DEFAULT false,
    "priority_support" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "stripe_product_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "producer_tiers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "tier_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'incomplete',
    "provider" TEXT NOT NULL,
    "payment_method_type" TEXT NOT NULL,
    "provider_subscription_id" TEXT,
    "current_period_start" TIMESTAMPTZ(3),
    "current_period_end" TIMESTAMPTZ(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "scheduled_tier_id" UUID,
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscription_periods" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscription_id" UUID NOT NULL,
    "tier_id" UUID NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "payment_ref" TEXT NOT NULL,
    "invoice_number" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscription_periods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_payments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "ref_id" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "status_reason" TEXT,
    "provider" TEXT NOT NULL,
    "payment_method_type" TEXT NOT NULL,
    "save_payment_method" BOOLEAN NOT NULL DEFAULT false,
    "provider_session_id" TEXT,
    "provider_payment_id" TEXT,
    "return_path" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "producer_tiers_slug_key" ON "producer_tiers"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_key" ON "subscriptions"("provider_subscription_id");

-- CreateIndex
CREATE INDEX "subscriptions_user_id_created_at_idx" ON "subscriptions"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "subscriptions_status_current_period_end_idx" ON "subscriptions"("status", "current_period_end");

-- CreateIndex
CREATE UNIQUE INDEX "subscription_periods_subscription_id_period_start_key" ON "subscription_periods"("subscription_id", "period_start");

-- CreateIndex
CREATE UNIQUE INDEX "account_payments_provider_session_id_key" ON "account_payments"("provider_session_id");

-- CreateIndex
CREATE UNIQUE INDEX "account_payments_provider_payment_id_key" ON "account_payments"("provider_payment_id");

-- CreateIndex
CREATE INDEX "account_payments_user_id_created_at_idx" ON "account_payments"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "account_payments_status_expires_at_idx" ON "account_payments"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_source_key_key" ON "invoices"("source_key");

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tier_id_fkey" FOREIGN KEY ("tier_id") REFERENCES "producer_tiers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_tier_id_fkey" FOREIGN KEY ("scheduled_tier_id") REFERENCES "producer_tiers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: at most one live (active or past_due) subscription per user, so two checkouts
-- completing at once cannot both start one.
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions"("user_id")
  WHERE "status" IN ('active', 'past_due');

ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check"
  CHECK ("status" IN ('incomplete', 'active', 'past_due', 'ended'));
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_kind_check"
  CHECK ("kind" IN ('credits', 'promotion', 'subscription'));
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_status_check"
  CHECK ("status" IN ('pending', 'paid', 'expired', 'cancelled', 'failed'));
ALTER TABLE "producer_tiers" ADD CONSTRAINT "producer_tiers_values_check"
  CHECK ("billing_period" IN ('monthly', 'yearly') AND "price_cents" >= 0 AND "included_credits" >= 0
         AND "promotion_discount_percent" BETWEEN 0 AND 100 AND "featured_slots_per_month" >= 0
         AND ("max_beats" IS NULL OR "max_beats" >= 0));

-- The seeded tiers (issue 10), in every database. Free is hidden from the upgrade dialog and has
-- no upload limit unless an admin sets one; Pro Annual costs ten months of Pro (2 months free).
INSERT INTO "producer_tiers" ("slug", "name", "description", "price_cents", "billing_period", "max_beats",
  "included_credits", "promotion_discount_percent", "featured_slots_per_month", "homepage_priority_boost",
  "custom_profile_badge", "analytics_access", "priority_support", "sort_order") VALUES
  ('free', 'Free', 'Upload and sell your beats', 0, 'monthly', NULL, 0, 0, 0, 0, NULL, false, false, 0),
  ('pro', 'Pro', 'For producers growing their catalogue: monthly credits, cheaper promotions, featured slots and full analytics',
   999, 'monthly', NULL, 500, 20, 2, 2, 'PRO', true, true, 1),
  ('pro_annual', 'Pro Annual', 'Everything in Pro, billed yearly: 2 months free',
   9990, 'yearly', NULL, 6000, 20, 2, 2, 'PRO', true, true, 2);
