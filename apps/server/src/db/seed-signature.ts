/**
 * Signature images for the demo records: a small PNG of a handwritten-looking stroke, drawn
 * here (no image library), as the data URL a signature pad produces.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A 240×80 RGBA PNG with a dark blue scribble; `seed` varies its loops so every signer's
 * signature looks a little different.
 */
export function signaturePng(seed: number): string {
  const width = 240;
  const height = 80;
  const pixels = Buffer.alloc(width * height * 4);
  const plot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 4;
        pixels.set([20, 40, 110, 255], i);
      }
    }
  };
  // A trochoid: the pen moves right while circling, which draws the loops of handwriting.
  const loops = 5 + (seed % 4);
  for (let s = 0; s <= 4000; s++) {
    const t = s / 4000;
    const a = 2 * Math.PI * loops * t + seed;
    const height = 14 + 8 * Math.sin(t * Math.PI * 2 + seed);
    plot(18 + t * 190 - 11 * Math.sin(a), 40 - height * Math.cos(a) + 6 * Math.sin(t * 7 + seed));
  }
  // A closing underline.
  for (let x = 30; x < 200; x++) plot(x, 70 + Math.sin(x / 25 + seed) * 2);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    pixels.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
