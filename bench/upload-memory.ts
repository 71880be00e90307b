import { randomBytes } from 'node:crypto';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { basename } from 'node:path';
import { wavHeader } from '../server/src/modules/catalogue/audio/wav';
import { encodeFlac, tone } from '../server/test/media-fixtures';

/** Signs in through the local OpenID issuer the way a browser does; answers the cookie header. */
export async function signIn(base: string, email: string): Promise<string> {
  const start = await fetch(`${base}/api/oauth/google/redirect_url`);
  const stateCookie = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const issuer = await fetch(`${redirectUrl}&login_hint=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });
  const back = new URL(issuer.headers.get('location')!);
  const session = await fetch(`${base}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: stateCookie },
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (!session.ok) throw new Error(`sign-in failed: ${session.status}`);
  return session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A stereo 44.1 kHz WAV of just under 50 MB (the upload limit), on disk so the client streams it. */
export function writeBigWav(path: string): { seconds: number } {
  const total = 50 * 1024 * 1024 - 1024;
  const dataBytes = total - 44 - ((total - 44) % 4);
  const second = Buffer.alloc(4 * 44100);
  for (let i = 0; i < 44100; i++) {
    const v = Math.round(12000 * Math.sin((2 * Math.PI * 220 * i) / 44100));
    second.writeInt16LE(v, 4 * i);
    second.writeInt16LE(v, 4 * i + 2);
  }
  const parts = [wavHeader(dataBytes, 2, 44100)];
  for (let written = 0; written < dataBytes; written += second.length) {
    parts.push(second.subarray(0, Math.min(second.length, dataBytes - written)));
  }
  writeFileSync(path, Buffer.concat(parts));
  return { seconds: dataBytes / 4 / 44100 };
}

/** A stereo 44.1 kHz FLAC (uncompressed frames) of just under 50 MB, for the decoding path. */
export function writeBigFlac(path: string): { seconds: number } {
  const seconds = 290;
  const samples = tone(seconds, 44100, 220, 0.4);
  writeFileSync(path, encodeFlac([samples, samples], 44100));
  return { seconds };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * Streams the file as a multipart upload while sampling the server process's resident memory
 * every 5 ms; growth is the peak during the upload and its analysis minus the level before.
 */
export async function uploadGrowth(base: string, cookie: string, file: string, pid: number) {
  await new Promise((r) => setTimeout(r, 1500));
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5);
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${basename(file)}"\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  const started = Date.now();
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${base}/api/upload/audio`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return { status, body, growth: peak - before, before, ms: Date.now() - started, size };
}
