// Renders build/icons/icon.svg into the icons electron-builder needs: icon.png (1024 px, Linux
// and the source of the others), icon.icns (macOS) and icon.ico (Windows). The .icns and .ico
// containers are written directly (both just wrap PNG images), so no platform tool is needed.
// Run: node build/scripts/generate-icons.mjs   (uses sharp from the server workspace)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../server/package.json', import.meta.url)));
const sharp = require('sharp');
const dir = fileURLToPath(new URL('../icons/', import.meta.url));
const svg = readFileSync(`${dir}icon.svg`);

// Rasterised at four times the target size, then scaled down, so small sizes stay crisp.
const png = (size) =>
  sharp(svg, { density: ((72 * size) / 1024) * 4 })
    .resize(size, size)
    .png()
    .toBuffer();

/** Apple icon family: 'icns', total length, then (type, length, PNG) entries. */
async function icns() {
  const types = [
    ['ic07', 128],
    ['ic08', 256],
    ['ic09', 512],
    ['ic10', 1024],
    ['ic11', 32],
    ['ic12', 64],
    ['ic13', 256],
    ['ic14', 512],
  ];
  const entries = [];
  for (const [type, size] of types) {
    const data = await png(size);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(data.length + 8, 4);
    entries.push(header, data);
  }
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

/** Windows icon: ICONDIR, one ICONDIRENTRY per size, then the PNG images (Vista+ format). */
async function ico() {
  const sizes = [16, 24, 32, 48, 64, 128, 256];
  const images = await Promise.all(sizes.map(png));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = 6 + 16 * sizes.length;
  const directory = sizes.map((size, i) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(images[i].length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += images[i].length;
    return entry;
  });
  return Buffer.concat([header, ...directory, ...images]);
}

writeFileSync(`${dir}icon.png`, await png(1024));
writeFileSync(`${dir}icon.icns`, await icns());
writeFileSync(`${dir}icon.ico`, await ico());
console.log('wrote build/icons/icon.png, icon.icns, icon.ico');
