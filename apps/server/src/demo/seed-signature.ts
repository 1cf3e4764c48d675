/**
 * Signature images for the demo records: a small PNG of a handwritten-looking stroke, drawn
 * here (no image library), as the data URL a signature pad produces.
 */
import { rgbaPng } from '../platform/pdf/png';

/** The signatures drawn so far, by seed: each is drawn once per process, however often the demo is seeded. */
const drawn = new Map<number, string>();

/**
 * A person's signature: the same name always signs the same way, as a person does. The name picks the seed.
 */
export function signatureOf(name: string): string {
  let seed = 0;
  for (const char of name) seed = (seed * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  let png = drawn.get(seed);
  if (png === undefined) {
    png = signaturePng(seed);
    drawn.set(seed, png);
  }
  return png;
}

/**
 * A 240×80 RGBA PNG with a dark blue scribble; `seed` varies its loops so every signer's
 * signature looks a little different.
 */
function signaturePng(seed: number): string {
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
  const png = rgbaPng(
    width,
    height,
    (x, y) => {
      const i = (y * width + x) * 4;
      return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0];
    },
    9,
  );
  return `data:image/png;base64,${png.toString('base64')}`;
}
