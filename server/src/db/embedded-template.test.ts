import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  embeddedTemplateFor,
  embeddedTemplatePath,
  writeEmbeddedTemplate,
} from '../../tools/embedded-template.mjs';
import { openDatabase } from './database';
import { migrate } from './migrate';

// A new embedded database unpacks the build's initialised files instead of running initdb; an
// existing one is never touched by them.
describe('the embedded database template', () => {
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-template-'));
  const template = join(dir, 'embedded-initdb.tar.gz');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is named after the PGlite version, written once', async () => {
    expect(embeddedTemplatePath()).toMatch(
      /[\\/]server[\\/]dist[\\/]embedded-initdb-\d+\.\d+\.\d+\.tar\.gz$/,
    );
    expect(await writeEmbeddedTemplate(template)).toBe(true);
    const written = statSync(template).mtimeMs;
    expect(await writeEmbeddedTemplate(template)).toBe(false);
    expect(statSync(template).mtimeMs).toBe(written);
  });

  it('starts a new database that migrates and keeps its data, and is not applied to it again', async () => {
    const data = join(dir, 'pglite');
    expect(embeddedTemplateFor(data, template)).toBeInstanceOf(Blob);
    const db = await openDatabase({ embeddedDir: data }, { embeddedTemplate: template });
    const session = await db.session();
    expect((await migrate(session)).applied.length).toBeGreaterThan(10);
    await session.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    await db.close();
    expect(existsSync(join(data, 'PG_VERSION'))).toBe(true);
    expect(embeddedTemplateFor(data, template)).toBeUndefined();

    const reopened = await openDatabase({ embeddedDir: data }, { embeddedTemplate: template });
    const again = await reopened.session();
    expect((await migrate(again)).applied).toEqual([]);
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await reopened.close();
  });

  it('is not used when there is none', () => {
    expect(embeddedTemplateFor(join(dir, 'elsewhere'), join(dir, 'missing.tar.gz'))).toBeUndefined();
  });
});
