-- AlterTable
ALTER TABLE "sent_mails" ADD COLUMN     "job_id" UUID;
