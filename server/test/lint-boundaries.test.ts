import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Proves the architecture's import boundaries are enforced by the lint config, so a rule that
// silently stops matching (a renamed folder, a changed glob) fails here.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules that draw boundaries: the import bans, and the rules that judge resolved paths. */
const BOUNDARY_RULES = new Set([
  'no-restricted-imports',
  'web-boundaries/feature-imports',
  'server-boundaries/layer-imports',
]);

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).length;
}

describe('import boundaries', () => {
  it.each([
    ['shared/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['shared/src/x.ts', "import React from 'react';\nexport const x = React;\n"],
    [
      'server/src/modules/catalogue/beats/beats.routes.ts',
      "import { PrismaClient } from '../../../generated/prisma/client';\nexport const x = PrismaClient;\n",
    ],
    [
      'server/src/modules/catalogue/beats/beats.service.ts',
      "import { PrismaClient } from '@prisma/client';\nexport const x = PrismaClient;\n",
    ],
    // A module reaches another through its service or its domain events, never its repository.
    [
      'server/src/modules/catalogue/beats/beats.plugin.ts',
      "import { createUploadsRepository } from '../uploads/uploads.repository';\nexport const x = createUploadsRepository;\n",
    ],
    [
      'server/src/modules/community/profiles/profiles.repository.ts',
      "import type { AnalyticsRepository } from '../../catalogue/analytics/analytics.repository';\nexport type X = AnalyticsRepository;\n",
    ],
    // Stripe is reached through the payments module's provider and gateways only.
    [
      'server/src/modules/commerce/earnings/earnings.service.ts',
      "import Stripe from 'stripe';\nexport const x = Stripe;\n",
    ],
    [
      'server/src/modules/commerce/subscriptions/subscriptions.repository.ts',
      "import type Stripe from 'stripe';\nexport type X = Stripe;\n",
    ],
    [
      'server/src/modules/platform/account/account.plugin.ts',
      "import type { Stripe } from 'stripe/cjs/stripe.core';\nexport type X = Stripe;\n",
    ],
    // Only app.ts and plugins/ import plugins.
    [
      'server/src/modules/catalogue/beats/beats.routes.ts',
      "import { errorsPlugin } from '../../../plugins/errors';\nexport const x = errorsPlugin;\n",
    ],
    [
      'server/src/http/x.ts',
      "import { securityPlugin } from '../plugins/security';\nexport const x = securityPlugin;\n",
    ],
    [
      'web/src/features/auth/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    [
      'web/src/features/auth/x.ts',
      "import { buildApp } from '@beatroom/server/app';\nexport const x = buildApp;\n",
    ],
    ['web/src/features/auth/x.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['web/src/components/ui/x.ts', "import { x as y } from '../../features/auth/x';\nexport const x = y;\n"],
    ['web/src/lib/x.ts', "import { x as y } from '../app/app';\nexport const x = y;\n"],
  ])('%s refuses a forbidden import', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBeGreaterThan(0);
  });

  it.each([
    ['shared/src/x.ts', "import { z } from 'zod';\nexport const x = z;\n"],
    [
      'server/src/modules/catalogue/beats/beats.repository.ts',
      "import type { PrismaClient } from '../../../generated/prisma/client';\nexport type X = PrismaClient;\n",
    ],
    [
      'server/src/modules/catalogue/beats/beats.plugin.ts',
      "import { createBeatsRepository } from './beats.repository';\nexport const x = createBeatsRepository;\n",
    ],
    [
      'server/src/modules/catalogue/beats/beats.service.ts',
      "import type { UploadsService } from '../uploads/uploads.service';\nexport type X = UploadsService;\n",
    ],
    [
      'server/src/modules/commerce/payments/stripe-provider.ts',
      "import Stripe from 'stripe';\nexport const x = Stripe;\n",
    ],
    ['server/test/fake-stripe.ts', "import Stripe from 'stripe';\nexport const x = Stripe;\n"],
    [
      'server/src/modules/commerce/checkout/stripe-webhook.test.ts',
      "import Stripe from 'stripe';\nexport const x = Stripe;\n",
    ],
    [
      'server/src/app.ts',
      "import { errorsPlugin } from './plugins/errors';\nexport const x = errorsPlugin;\n",
    ],
    ['web/src/features/auth/x.ts', "import { z } from 'zod';\nexport const x = z;\n"],
  ])('%s allows a permitted import', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBe(0);
  });
});

// Web feature boundaries (bulletproof-react): a feature imports only components/ui, lib, shared,
// its own files and the session feature; app/ composes features; ui and lib know no features.
describe('web feature boundaries', () => {
  const use = (from: string) => `import { x as y } from '${from}';\nexport const x = y;\n`;

  it.each([
    ['web/src/features/profile/components/x.tsx', use('../../catalogue/components/beat-card')],
    ['web/src/features/profile/x.ts', use('../catalogue/api')],
    ['web/src/features/beat-detail/components/deep/x.tsx', use('../../../player/hooks/use-beat-playback')],
    ['web/src/features/catalogue/components/x.tsx', use('../../../app/beat-slots')],
    ['web/src/features/upload/x.ts', "export { x } from '../reviews/api';\n"],
    ['web/src/features/reviews/x.ts', "export const x = () => import('../upload/api');\n"],
    ['web/src/features/session/x.ts', use('../auth/api')],
    ['web/src/features/catalogue/components/x.tsx', use('../../../test/fixtures')],
    ['web/src/components/ui/x.tsx', use('../../features/session/api')],
    ['web/src/lib/x.ts', use('../app/app')],
    ['web/src/test/x.ts', use('../features/catalogue/api')],
  ])('%s refuses %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBeGreaterThan(0);
  });

  it.each([
    ['web/src/features/profile/components/x.tsx', use('../../../components/ui/stat-tile')],
    ['web/src/features/profile/components/x.tsx', use('../../../lib/api-client')],
    [
      'web/src/features/profile/components/x.tsx',
      "import { Beat } from '@beatroom/shared/beats-contract';\nexport const x = Beat;\n",
    ],
    ['web/src/features/profile/components/x.tsx', use('../api')],
    ['web/src/features/profile/components/x.tsx', use('../hooks/use-follow')],
    ['web/src/features/profile/components/x.tsx', use('../../session/hooks/use-session')],
    ['web/src/features/profile/components/x.test.tsx', use('../../../test/fixtures')],
    ['web/src/app/routes/x.tsx', use('../../features/catalogue/components/beat-grid')],
    ['web/src/app/x.tsx', use('../features/player/components/play-button')],
    ['web/src/components/ui/x.tsx', use('../../lib/stored-file')],
    ['web/src/test/x.tsx', use('../features/session/components/session-provider')],
  ])('%s allows %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBe(0);
  });
});

// The server's layers are judged on the file an import resolves to, however it is spelled:
// with an extension, through a longer relative path, or by a workspace package's own name.
describe('boundaries by resolved path', () => {
  const use = (from: string) => `import { x as y } from '${from}';\nexport const x = y;\n`;
  const useType = (from: string) => `import type { X } from '${from}';\nexport type Y = X;\n`;

  it.each([
    // Another module's repository, however the path is written.
    [
      'server/src/modules/catalogue/beats/beats.service.ts',
      use('../../commerce/credits/credits.repository.js'),
    ],
    [
      'server/src/modules/catalogue/beats/beats.service.ts',
      use('../../../modules/commerce/credits/credits.repository'),
    ],
    [
      'server/src/modules/catalogue/beats/beats.service.ts',
      useType('../../commerce/credits/credits.repository.ts'),
    ],
    ['server/src/modules/catalogue/beats/deep/x.ts', use('../../../commerce/credits/credits.repository')],
    [
      'server/src/modules/catalogue/beats/beats.repository.ts',
      useType('../../../modules/catalogue/analytics/analytics.repository.js'),
    ],
    // http/ and events/ stand below every module and plugin.
    ['server/src/http/file-answer.ts', useType('../modules/catalogue/files/files.service')],
    ['server/src/http/authenticate.ts', useType('../modules/platform/users/user-record')],
    ['server/src/http/x.ts', use('../plugins/security.js')],
    ['server/src/events/outbox-jobs.ts', use('../modules/platform/jobs/job-runner')],
    ['server/src/events/x.ts', use('../modules/platform/jobs/jobs.plugin.js')],
    ['server/src/events/x.ts', use('../plugins/db')],
    // Only app.ts, main.ts and plugins/ import plugins.
    ['server/src/modules/catalogue/beats/x.ts', use('../../../plugins/metrics.js')],
    // A web feature reaching the app (or another feature) through the package's own name.
    ['web/src/features/catalogue/x.ts', use('@beatroom/web/app')],
    ['web/src/features/catalogue/x.ts', use('@beatroom/web/beat-form')],
    ['web/src/components/ui/x.tsx', use('@beatroom/web/beat-form-fields')],
  ])('%s refuses %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBeGreaterThan(0);
  });

  it.each([
    ['server/src/modules/platform/jobs/outbox-jobs.ts', useType('../../../events/outbox-dispatcher')],
    ['server/src/modules/catalogue/beats/x.ts', use('../../../http/authenticate.js')],
    ['server/src/modules/catalogue/beats/x.ts', use('./beats.repository.js')],
    ['server/src/modules/catalogue/beats/x.ts', useType('../uploads/uploads.service')],
    ['server/src/plugins/security.ts', use('../modules/platform/auth/session-cookie')],
    ['server/src/main.ts', use('./plugins/metrics')],
    ['server/src/http/x.ts', use('./http-errors.js')],
    ['server/src/events/x.ts', use('../db/database')],
    ['web/src/app/x.tsx', use('@beatroom/web/beat-form')],
    ['web/src/features/upload/x.ts', use('@beatroom/web/beat-form')],
    ['web/src/features/catalogue/x.ts', use('@beatroom/shared/beats-contract')],
  ])('%s allows %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBe(0);
  });
});

describe('file size', () => {
  async function maxLinesErrors(filePath: string, lines: number) {
    const code = Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').length;
  }

  it.each([
    'server/src/modules/catalogue/beats/x.ts',
    'web/src/features/studio/x.tsx',
    'desktop/src/main/x.ts',
    'desktop/harness/x.ts',
    'shared/src/x.ts',
  ])('refuses a source file of 301 lines in %s, allows 300', async (file) => {
    expect(await maxLinesErrors(file, 301)).toBe(1);
    expect(await maxLinesErrors(file, 300)).toBe(0);
  });

  it.each(['server/src/modules/catalogue/beats/x.test.ts', 'server/test/x.ts', 'web/src/test/x.ts'])(
    'leaves tests and their helpers to their own length: %s',
    async (file) => {
      expect(await maxLinesErrors(file, 400)).toBe(0);
    },
  );
});
