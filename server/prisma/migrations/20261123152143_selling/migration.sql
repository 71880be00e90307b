-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "voice_tag_key" TEXT;

-- AlterTable
ALTER TABLE "beats" ADD COLUMN     "preview_key" TEXT,
ADD COLUMN     "preview_status" TEXT NOT NULL DEFAULT 'pending',
ADD COLUMN     "sold_exclusive_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "beat_renditions" (
    "beat_id" UUID NOT NULL,
    "format" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beat_renditions_pkey" PRIMARY KEY ("beat_id","format")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "buyer_id" UUID NOT NULL,
    "beat_id" UUID NOT NULL,
    "producer_id" UUID NOT NULL,
    "license_type" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "fee_percent" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "fee_cents" INTEGER NOT NULL DEFAULT 0,
    "transfer_destination" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "status_reason" TEXT,
    "provider" TEXT NOT NULL,
    "payment_method_type" TEXT NOT NULL,
    "save_payment_method" BOOLEAN NOT NULL DEFAULT false,
    "provider_session_id" TEXT,
    "provider_payment_id" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "refunded_at" TIMESTAMPTZ(3),
    "provider_refund_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "licenses" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "buyer_id" UUID NOT NULL,
    "beat_id" UUID NOT NULL,
    "license_type" TEXT NOT NULL,
    "order_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "licenses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_counters" (
    "year" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("year")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "invoice_number" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "order_id" UUID,
    "items" JSONB NOT NULL,
    "payment_date" TIMESTAMPTZ(3) NOT NULL,
    "transaction_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'paid',
    "payment_provider" TEXT NOT NULL,
    "payment_method_type" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "subtotal_cents" INTEGER NOT NULL,
    "tax_cents" INTEGER NOT NULL DEFAULT 0,
    "discount_cents" INTEGER NOT NULL DEFAULT 0,
    "total_cents" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sales_ledger" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "producer_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "beat_id" UUID NOT NULL,
    "gross_cents" INTEGER NOT NULL,
    "fee_cents" INTEGER NOT NULL,
    "net_cents" INTEGER NOT NULL,
    "fee_percent" DECIMAL(5,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "transfer_status" TEXT NOT NULL DEFAULT 'pending',
    "transfer_id" TEXT,
    "transferred_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sales_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "downloads" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "beat_id" UUID NOT NULL,
    "license_type" TEXT,
    "format" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "downloads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_customers" (
    "user_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_customers_pkey" PRIMARY KEY ("user_id","provider")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "payment_type" TEXT NOT NULL,
    "card_brand" TEXT,
    "card_last_four" TEXT,
    "card_exp_month" INTEGER,
    "card_exp_year" INTEGER,
    "paypal_email" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payout_accounts" (
    "user_id" UUID NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'stripe',
    "account_id" TEXT NOT NULL,
    "details_submitted" BOOLEAN NOT NULL DEFAULT false,
    "charges_enabled" BOOLEAN NOT NULL DEFAULT false,
    "payouts_enabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_accounts_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "platform_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "orders_provider_session_id_key" ON "orders"("provider_session_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_provider_payment_id_key" ON "orders"("provider_payment_id");

-- CreateIndex
CREATE INDEX "orders_buyer_id_created_at_idx" ON "orders"("buyer_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "orders_beat_id_license_type_status_idx" ON "orders"("beat_id", "license_type", "status");

-- CreateIndex
CREATE INDEX "orders_status_expires_at_idx" ON "orders"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "licenses_order_id_key" ON "licenses"("order_id");

-- CreateIndex
CREATE INDEX "licenses_beat_id_idx" ON "licenses"("beat_id");

-- CreateIndex
CREATE INDEX "licenses_buyer_id_created_at_idx" ON "licenses"("buyer_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "licenses_buyer_id_beat_id_license_type_key" ON "licenses"("buyer_id", "beat_id", "license_type");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_invoice_number_key" ON "invoices"("invoice_number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices"("order_id");

-- CreateIndex
CREATE INDEX "invoices_user_id_payment_date_idx" ON "invoices"("user_id", "payment_date" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "sales_ledger_order_id_key" ON "sales_ledger"("order_id");

-- CreateIndex
CREATE INDEX "sales_ledger_producer_id_created_at_idx" ON "sales_ledger"("producer_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "sales_ledger_producer_id_transfer_status_idx" ON "sales_ledger"("producer_id", "transfer_status");

-- CreateIndex
CREATE INDEX "sales_ledger_beat_id_idx" ON "sales_ledger"("beat_id");

-- CreateIndex
CREATE INDEX "downloads_user_id_created_at_idx" ON "downloads"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "downloads_beat_id_created_at_idx" ON "downloads"("beat_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_customers_provider_customer_id_key" ON "payment_customers"("provider", "customer_id");

-- CreateIndex
CREATE INDEX "payment_methods_user_id_created_at_idx" ON "payment_methods"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payout_accounts_account_id_key" ON "payout_accounts"("account_id");

-- AddForeignKey
ALTER TABLE "beat_renditions" ADD CONSTRAINT "beat_renditions_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_producer_id_fkey" FOREIGN KEY ("producer_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written below: what schema.prisma cannot express.

-- An exclusive licence can be held or reserved by one order only: at most one exclusive order
-- per beat may be pending (the 30-minute reservation) or paid. Two buyers racing for the same
-- exclusive both try to insert; PostgreSQL lets exactly one through.
CREATE UNIQUE INDEX "orders_one_exclusive_per_beat" ON "orders"("beat_id")
    WHERE "license_type" = 'exclusive' AND "status" IN ('pending', 'paid');

-- The preview job looks for beats still without a ready preview.
CREATE INDEX "beats_preview_not_ready_idx" ON "beats"("created_at") WHERE "preview_status" <> 'ready';

ALTER TABLE "beats" ADD CONSTRAINT "beats_preview_status_check"
    CHECK ("preview_status" IN ('pending', 'ready', 'failed'));

ALTER TABLE "orders" ADD CONSTRAINT "orders_license_type_check"
    CHECK ("license_type" IN ('basic', 'premium', 'exclusive'));
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check"
    CHECK ("status" IN ('pending', 'paid', 'expired', 'cancelled', 'refunded', 'failed'));
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check"
    CHECK ("amount_cents" > 0 AND "fee_cents" >= 0 AND "fee_cents" <= "amount_cents");
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_check" CHECK ("currency" IN ('USD', 'EUR'));
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_check" CHECK ("provider" IN ('local', 'stripe'));
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_type_check"
    CHECK ("payment_method_type" IN ('card', 'paypal', 'apple_pay', 'google_pay'));

ALTER TABLE "licenses" ADD CONSTRAINT "licenses_license_type_check"
    CHECK ("license_type" IN ('basic', 'premium', 'exclusive'));

ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check"
    CHECK ("subtotal_cents" >= 0 AND "tax_cents" >= 0 AND "discount_cents" >= 0
           AND "total_cents" = "subtotal_cents" + "tax_cents" - "discount_cents");
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_check" CHECK ("currency" IN ('USD', 'EUR'));

ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_amounts_check"
    CHECK ("fee_cents" >= 0 AND "net_cents" >= 0 AND "gross_cents" = "fee_cents" + "net_cents");
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_transfer_status_check"
    CHECK ("transfer_status" IN ('pending', 'destination', 'transferred', 'none'));

ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_payment_type_check"
    CHECK ("payment_type" IN ('card', 'paypal', 'apple_pay', 'google_pay'));

-- Only one saved method per user can be the default.
CREATE UNIQUE INDEX "payment_methods_one_default_per_user" ON "payment_methods"("user_id") WHERE "is_default";

INSERT INTO "platform_settings" ("key", "value") VALUES ('platform_fee_percent', '0');
