import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The desktop import boundaries (architecture.md, "Who may import what") are enforced by the
// lint config; this proves each rule still bites.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('desktop import boundaries', () => {
  it.each([
    ['desktop/src/preload/x.ts', "import { z } from 'zod';\nexport const x = z;\n"],
    ['desktop/src/preload/x.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    [
      'desktop/src/preload/x.ts',
      "import { Beat } from '@beatroom/shared/beats-contract';\nexport const x = Beat;\n",
    ],
    ['desktop/src/preload/x.ts', "import { x as y } from '../main/config';\nexport const x = y;\n"],
    ['desktop/src/main/x.ts', "import { App } from '@beatroom/web/app';\nexport const x = App;\n"],
    ['desktop/src/main/x.ts', "import { x as y } from '../renderer/main';\nexport const x = y;\n"],
    [
      'desktop/src/main/x.ts',
      "import { buildApp } from '@beatroom/server/app';\nexport const x = buildApp;\n",
    ],
    ['desktop/src/renderer/x.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    [
      'desktop/src/renderer/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    [
      'desktop/src/renderer/x.ts',
      "import { apiClient } from '@beatroom/web/src/lib/api-client';\nexport const x = apiClient;\n",
    ],
    ['desktop/src/renderer/x.ts', "import { x as y } from '../main/config';\nexport const x = y;\n"],
    [
      'desktop/src/renderer/x.ts',
      "import { x as y } from '../../../web/src/lib/toast';\nexport const x = y;\n",
    ],
    [
      'desktop/src/renderer/x.ts',
      "import { useUploadBeat } from '@beatroom/web/src/features/upload/hooks/use-beat-upload';\nexport const x = useUploadBeat;\n",
    ],
    [
      'desktop/src/renderer/x.ts',
      "import { x as y } from '@beatroom/web/beat-form-fields/extra';\nexport const x = y;\n",
    ],
    ['desktop/harness/x.ts', "import { shell } from 'electron';\nexport const x = shell;\n"],
    [
      'desktop/harness/x.ts',
      "import { createMainWindow } from '../src/main/window';\nexport const x = createMainWindow;\n",
    ],
    ['desktop/src/main/main-services.ts', "import { shell } from 'electron';\nexport const x = shell;\n"],
    [
      'desktop/src/main/main-services.ts',
      "import { createDialogs } from './dialogs';\nexport const x = createDialogs;\n",
    ],
  ])('%s refuses a forbidden import', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBeGreaterThan(0);
  });

  it.each([
    [
      'desktop/src/preload/x.ts',
      "import { contextBridge } from 'electron';\nexport const x = contextBridge;\n",
    ],
    [
      'desktop/src/preload/x.ts',
      "import { buildDesktopApi } from '@beatroom/shared/ipc-contract';\nexport const x = buildDesktopApi;\n",
    ],
    [
      'desktop/src/main/x.ts',
      "import { app } from 'electron';\nimport { join } from 'node:path';\nexport const x = [app, join];\n",
    ],
    [
      'desktop/src/main/x.ts',
      "import { GENRES } from '@beatroom/shared/catalogue-constants';\nexport const x = GENRES;\n",
    ],
    ['desktop/src/renderer/x.ts', "import { App } from '@beatroom/web/app';\nexport const x = App;\n"],
    [
      'desktop/src/renderer/x.ts',
      "import { createBrowserPlatform } from '@beatroom/web/platform';\nexport const x = createBrowserPlatform;\n",
    ],
    [
      'desktop/src/renderer/x.ts',
      "import { GENRES } from '@beatroom/shared/catalogue-constants';\nexport const x = GENRES;\n",
    ],
    [
      'desktop/src/renderer/x.ts',
      "import { BeatFormFields } from '@beatroom/web/beat-form-fields';\nimport { EMPTY_BEAT_FORM } from '@beatroom/web/beat-form';\nexport const x = [BeatFormFields, EMPTY_BEAT_FORM];\n",
    ],
    [
      'desktop/harness/x.ts',
      "import { createMainServices } from '../src/main/main-services';\nexport const x = createMainServices;\n",
    ],
  ])('%s allows a permitted import', async (file, code) => {
    expect(await boundaryErrors(file, code)).toBe(0);
  });
});
