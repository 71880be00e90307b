-- CreateTable
CREATE TABLE "challenges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "creator_id" UUID,
    "beat_id" UUID,
    "beat_title" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "start_date" TIMESTAMPTZ(3) NOT NULL,
    "end_date" TIMESTAMPTZ(3) NOT NULL,
    "prize_credits" INTEGER NOT NULL,
    "entry_fee_credits" INTEGER NOT NULL,
    "funded_by" TEXT NOT NULL,
    "escrow_credits" INTEGER NOT NULL DEFAULT 0,
    "winner_user_id" UUID,
    "winner_entry_id" UUID,
    "winner_announced_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "challenge_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "challenge_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "recording_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenge_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "challenge_votes" (
    "challenge_id" UUID NOT NULL,
    "voter_id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenge_votes_pkey" PRIMARY KEY ("challenge_id","voter_id")
);

-- CreateTable
CREATE TABLE "challenge_escrow" (
    "id" BIGSERIAL NOT NULL,
    "challenge_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "user_id" UUID,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenge_escrow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "challenges_start_date_idx" ON "challenges"("start_date" DESC);

-- CreateIndex
CREATE INDEX "challenges_end_date_idx" ON "challenges"("end_date");

-- CreateIndex
CREATE INDEX "challenge_entries_challenge_id_created_at_idx" ON "challenge_entries"("challenge_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_entries_challenge_id_user_id_key" ON "challenge_entries"("challenge_id", "user_id");

-- CreateIndex
CREATE INDEX "challenge_votes_entry_id_idx" ON "challenge_votes"("entry_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_escrow_idempotency_key_key" ON "challenge_escrow"("idempotency_key");

-- CreateIndex
CREATE INDEX "challenge_escrow_challenge_id_id_idx" ON "challenge_escrow"("challenge_id", "id");

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_winner_user_id_fkey" FOREIGN KEY ("winner_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_beat_id_fkey" FOREIGN KEY ("beat_id") REFERENCES "beats"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "recordings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_votes" ADD CONSTRAINT "challenge_votes_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_votes" ADD CONSTRAINT "challenge_votes_voter_id_fkey" FOREIGN KEY ("voter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_votes" ADD CONSTRAINT "challenge_votes_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "challenge_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_escrow" ADD CONSTRAINT "challenge_escrow_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_escrow" ADD CONSTRAINT "challenge_escrow_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written (issue 15): the challenge's money rules as constraints, the last guard behind the service.
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_dates_check" CHECK ("end_date" > "start_date");
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_credits_check"
    CHECK ("prize_credits" >= 0 AND "entry_fee_credits" >= 0 AND "escrow_credits" >= 0);
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_funded_by_check" CHECK ("funded_by" IN ('creator', 'platform'));
-- Closing pays out or refunds everything held, in the transaction that sets closed_at.
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_closed_empty_check"
    CHECK ("closed_at" IS NULL OR "escrow_credits" = 0);
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_winner_entry_id_fkey" FOREIGN KEY ("winner_entry_id")
    REFERENCES "challenge_entries"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "challenge_escrow" ADD CONSTRAINT "challenge_escrow_kind_check"
    CHECK ("kind" IN ('prize_deposit', 'platform_deposit', 'entry_fee', 'payout', 'refund', 'release'));
ALTER TABLE "challenge_escrow" ADD CONSTRAINT "challenge_escrow_amount_check" CHECK (
    ("kind" IN ('prize_deposit', 'platform_deposit', 'entry_fee') AND "amount" > 0)
    OR ("kind" IN ('payout', 'refund', 'release') AND "amount" < 0));
-- The closing sweep reads only the challenges still open.
CREATE INDEX "challenges_open_end_date_idx" ON "challenges"("end_date") WHERE "closed_at" IS NULL;
