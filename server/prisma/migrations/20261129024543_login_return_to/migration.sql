-- AlterTable
ALTER TABLE "login_attempts" ADD COLUMN     "return_to" TEXT;
