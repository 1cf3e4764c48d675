import { Box, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value`, drawn in the browser as an SVG image (sharp at any size, printable). */
export function QrImage({ value, size = 200, alt }: { value: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value]);

  if (!src) return <Skeleton w={size} h={size} radius="sm" />;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      w={size}
      h={size}
      style={{ display: 'block', imageRendering: 'pixelated', background: 'white' }}
      data-testid="qr-image"
    />
  );
}
