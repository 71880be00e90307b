-- A beat keeps the price its producer typed, in the currency they typed it in, beside the USD
-- cents the catalogue filters and sorts by (price_cents stays that USD figure, so no catalogue
-- index, the stored card head or a search plan changes). Both columns are added without a
-- table rewrite: a constant default and a nullable column are metadata only. A beat priced
-- before has no list price: its list price is price_cents in USD.
ALTER TABLE "beats" ADD COLUMN     "list_currency" TEXT NOT NULL DEFAULT 'USD',
ADD COLUMN     "list_price_cents" INTEGER;

-- NOT VALID: the existing rows hold the default and null, which pass; validating would read
-- the whole table under a lock for nothing.
ALTER TABLE "beats" ADD CONSTRAINT "beats_list_currency_check" CHECK ("list_currency" IN ('USD', 'EUR')) NOT VALID;
ALTER TABLE "beats" ADD CONSTRAINT "beats_list_price_cents_check" CHECK ("list_price_cents" >= 0) NOT VALID;

-- An upgrade order names the licence type it replaces once paid (its amount is the difference).
ALTER TABLE "orders" ADD COLUMN     "upgrade_from" TEXT;
ALTER TABLE "orders" ADD CONSTRAINT "orders_upgrade_from_check" CHECK ("upgrade_from" IN ('basic', 'premium')) NOT VALID;
