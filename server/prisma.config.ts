// Prisma 7 CLI config, used only by `prisma generate` (see prisma/tools/generate.mjs).
// The server applies migrations itself, so no datasource URL is needed here.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
