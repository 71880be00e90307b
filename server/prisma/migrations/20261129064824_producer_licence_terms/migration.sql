-- CreateTable
CREATE TABLE "producer_licence_terms" (
    "user_id" UUID NOT NULL,
    "terms" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "producer_licence_terms_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "producer_licence_terms" ADD CONSTRAINT "producer_licence_terms_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
