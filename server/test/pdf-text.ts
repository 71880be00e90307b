import { inflateSync } from 'node:zlib';

/** WinAnsi codes pdfkit's built-in fonts use where they differ from Latin-1 (the ones we print). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};

/**
 * The text lines of a PDF made by pdfkit with its built-in fonts: every content stream is
 * inflated when compressed, and each `[<hex> kern <hex> ...] TJ` becomes one string. Enough to
 * check what a generated invoice or licence says, without a PDF library in the tests.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let match;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream we can read (fonts and images are not text)
      }
    }
    for (const tj of body.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) =>
          [...Buffer.from(hex[1]!, 'hex')].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join(''),
        )
        .join('');
      lines.push(text);
    }
  }
  return lines;
}

/** True when the bytes are a PDF file: the %PDF- magic at the start and an %%EOF at the end. */
export function isPdf(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
    bytes.subarray(-8).toString('latin1').includes('%%EOF')
  );
}
