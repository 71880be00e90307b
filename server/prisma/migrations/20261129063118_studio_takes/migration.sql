-- CreateTable
CREATE TABLE "studio_takes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "file_key" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_takes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "studio_takes_file_key_key" ON "studio_takes"("file_key");

-- CreateIndex
CREATE INDEX "studio_takes_user_id_idx" ON "studio_takes"("user_id");

-- AddForeignKey
ALTER TABLE "studio_takes" ADD CONSTRAINT "studio_takes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
