import { LIMITS } from '@beatroom/shared/limits';

const SIZE = LIMITS.COVER_MAX_SIDE_PX;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a title into at most three lines of about 14 characters, for the cover's big text. */
function lines(title: string): string[] {
  const out: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= 14) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.slice(0, 3);
}

/**
 * A generated cover: a diagonal gradient in two hues, a few soft rings, the title large and the
 * producer and genre small, rendered from SVG to an 800 px JPEG.
 */
export async function renderCover(options: { title: string; producer: string; genre: string; hue: number }) {
  const { hue } = options;
  const titleLines = lines(options.title);
  const fontSize = titleLines.some((l) => l.length > 10) ? 76 : 92;
  const firstY = 400 - ((titleLines.length - 1) * fontSize * 1.1) / 2;
  const text = titleLines
    .map(
      (line, i) =>
        `<text x="60" y="${firstY + i * fontSize * 1.1}" font-size="${fontSize}" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 75%, 52%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 70) % 360}, 70%, 18%)"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
  <circle cx="640" cy="170" r="210" fill="none" stroke="white" stroke-opacity="0.14" stroke-width="36"/>
  <circle cx="640" cy="170" r="110" fill="white" fill-opacity="0.08"/>
  <circle cx="120" cy="690" r="160" fill="black" fill-opacity="0.12"/>
  <g font-family="DejaVu Sans, Arial, sans-serif" fill="white">${text}
    <text x="60" y="700" font-size="34" fill-opacity="0.9">${escapeXml(options.producer)}</text>
    <text x="60" y="745" font-size="26" fill-opacity="0.7" letter-spacing="4">${escapeXml(options.genre.toUpperCase())}</text>
  </g>
</svg>`;
  // sharp (~30 MB with libvips) loads with the first image, not at server start-up.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
