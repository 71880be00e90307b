import { desktopHandoffLink } from '@beatroom/shared/desktop-app';
import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from './deep-link';

const handoff = 'Zx9_abcDEF-0123456789abcdefghijklmnopqrstu';

describe('parseDeepLink', () => {
  it('accepts the sign-in callback the web page builds', () => {
    expect(parseDeepLink(desktopHandoffLink(handoff))).toEqual({ kind: 'auth-callback', handoff });
    expect(parseDeepLink(`beatroom://auth/callback/?handoff=${handoff}`)).toEqual({
      kind: 'auth-callback',
      handoff,
    });
    expect(parseDeepLink(`BEATROOM://AUTH/callback?handoff=${handoff}`)).toEqual({
      kind: 'auth-callback',
      handoff,
    });
  });

  it.each([
    ['a foreign host', `beatroom://evil.example/callback?handoff=${handoff}`],
    ['a host that only starts like ours', `beatroom://auth.evil.example/callback?handoff=${handoff}`],
    ['another path', `beatroom://auth/logout?handoff=${handoff}`],
    ['a path below ours', `beatroom://auth/callback/../../x?handoff=${handoff}`],
    ['another scheme', `https://auth/callback?handoff=${handoff}`],
    ['the app scheme', `app://auth/callback?handoff=${handoff}`],
    ['credentials', `beatroom://user:pass@auth/callback?handoff=${handoff}`],
    ['a port', `beatroom://auth:8080/callback?handoff=${handoff}`],
    ['a fragment', `beatroom://auth/callback?handoff=${handoff}#x`],
    ['an extra parameter', `beatroom://auth/callback?handoff=${handoff}&redirect=https://evil.example`],
    ['a repeated parameter', `beatroom://auth/callback?handoff=${handoff}&handoff=${handoff}`],
    ['no handoff', 'beatroom://auth/callback'],
    ['a short handoff', 'beatroom://auth/callback?handoff=abc'],
    ['a handoff with odd characters', `beatroom://auth/callback?handoff=${handoff}%3Cscript%3E`],
    ['an overlong link', `beatroom://auth/callback?handoff=${'a'.repeat(3000)}`],
    ['garbage', 'not a url'],
    ['an empty string', ''],
  ])('refuses %s', (_name, link) => {
    expect(parseDeepLink(link)).toBeNull();
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among Chromium switches and the app path (Windows/Linux)', () => {
    const link = desktopHandoffLink(handoff);
    expect(deepLinkFromArgv(['C:\\Beatroom\\Beatroom.exe', '--allow-file-access-from-files', link])).toBe(
      link,
    );
    expect(deepLinkFromArgv(['/usr/bin/beatroom', `"${link}"`])).toBe(link);
  });

  it('ignores arguments that only mention the scheme', () => {
    expect(deepLinkFromArgv(['/usr/bin/beatroom', '--url=beatroom://auth/callback?handoff=x'])).toBeNull();
    expect(deepLinkFromArgv(['/usr/bin/beatroom'])).toBeNull();
  });
});
