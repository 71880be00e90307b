import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_EMAIL, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: null,
      adminEmail: DEFAULT_ADMIN_EMAIL,
      google: null,
    });
  });

  it('generates SESSION_SECRET once and keeps it under DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('resolves a relative DATA_DIR against where npm was started', () => {
    const base = tempDir();
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: base }).dataDir).toBe(join(base, 'data'));
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('a bad value (%j) stops start-up naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(name);
  });

  it('refuses the local issuer in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://beatroom.example',
      }),
    ).toThrow(/GOOGLE_CLIENT_ID: required in production/);
  });

  it('requires a session secret in production and never writes one', () => {
    const dataDir = tempDir();
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'https://beatroom.example',
      }),
    ).toThrow(/SESSION_SECRET/);
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
  });

  it('refuses to take payments without Stripe in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        SESSION_SECRET: 'y'.repeat(40),
        PUBLIC_URL: 'https://beatroom.example/',
      }),
    ).toThrow(/STRIPE_SECRET_KEY: required in production/);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /must be set together/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_1' }, /must be set together/],
    [
      { STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    ],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'secret' }, /STRIPE_WEBHOOK_SECRET/],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'nope' },
      /STRIPE_API_BASE/,
    ],
  ])('rejects an incomplete or malformed Stripe configuration %#', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });

  it('uses the local checkout without Stripe keys, Stripe with them', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).stripe).toBeNull();
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('sends mail through SMTP_URL from MAIL_FROM; refuses a URL that is not SMTP', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mail).toEqual({
      smtpUrl: null,
      from: 'Beatroom <no-reply@localhost>',
    });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Beatroom <hello@beatroom.example>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Beatroom <hello@beatroom.example>',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'https://mail.example' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'y'.repeat(40),
      PUBLIC_URL: 'https://beatroom.example/',
      DATABASE_URL: 'postgresql://db/beatroom',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.stripe).toMatchObject({ secretKey: 'sk_live_1', apiBase: null });
    expect(config.publicUrl).toBe('https://beatroom.example');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
