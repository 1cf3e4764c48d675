import { Box, Button, Group, Image, Input, Text } from '@mantine/core';
import { IconEraser, IconSignature } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

const HEIGHT = 180;

/**
 * A signature drawn on screen with finger, pen or mouse (signature_pad). The value is a PNG data URL or
 * null. The canvas is drawn at the screen's pixel density and keeps the drawing when its width changes
 * (rotating a phone); 'Löschen' empties it. Read-only it shows the stored picture.
 */
export function SignatureCanvas({
  label,
  value,
  onChange,
  readOnly = false,
  error,
  description,
  testId,
  typedName,
}: {
  /** Names the canvas for screen readers and tests ('Unterschrift Prüfer'). */
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  readOnly?: boolean;
  error?: string | null;
  description?: string;
  testId?: string;
  /** The signer's name: 'Namen einsetzen' writes it into the field, for who cannot draw (keyboard). */
  typedName?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  /** The last picture this component emitted or loaded, so an outside value is only drawn when it is new. */
  const shownRef = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (readOnly || !canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    let width = 0;

    /** Sizes the bitmap to the element at the device's pixel ratio and draws the strokes (or the stored picture) again. */
    const fit = () => {
      const cssWidth = canvas.offsetWidth;
      if (cssWidth === 0 || cssWidth === width) return;
      width = cssWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = cssWidth * ratio;
      canvas.height = HEIGHT * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
      else if (valueRef.current) void pad.fromDataURL(valueRef.current, { width: cssWidth, height: HEIGHT });
    };
    const end = () => {
      const url = pad.isEmpty() ? null : pad.toDataURL('image/png');
      shownRef.current = url;
      onChangeRef.current(url);
    };
    pad.addEventListener('endStroke', end);
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    fit();
    shownRef.current = valueRef.current;
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', end);
      pad.off();
      padRef.current = null;
    };
  }, [readOnly]);

  // A value from outside (reload, a reset) replaces the drawing.
  useEffect(() => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || value === shownRef.current) return;
    shownRef.current = value;
    pad.clear();
    if (value) void pad.fromDataURL(value, { width: canvas.offsetWidth, height: HEIGHT });
  }, [value]);

  /** Writes the name in a handwriting-like font onto the empty canvas: a signature made without drawing. */
  const insertName = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const name = typedName?.trim();
    if (!canvas || !ctx || !name) return;
    padRef.current?.clear();
    const width = canvas.offsetWidth;
    let size = 40;
    ctx.fillStyle = '#1a1b1e';
    ctx.textBaseline = 'alphabetic';
    do {
      ctx.font = `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
      size -= 2;
    } while (size > 14 && ctx.measureText(name).width > width - 40);
    ctx.fillText(name, 20, HEIGHT - 46);
    const url = canvas.toDataURL('image/png');
    shownRef.current = url;
    onChange(url);
  };

  const clear = () => {
    padRef.current?.clear();
    shownRef.current = null;
    onChange(null);
  };

  if (readOnly) {
    return (
      <Input.Wrapper label={label} data-testid={testId}>
        {value ? (
          <Image src={value} alt={label} h={HEIGHT / 1.5} w="auto" fit="contain" maw="100%" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('inspections.signature.none')}
          </Text>
        )}
      </Input.Wrapper>
    );
  }

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: undefined, id: `${id}-label` }}
      description={description ?? t('inspections.signature.hint')}
      error={error}
      data-testid={testId}
    >
      <Box
        mt={4}
        style={{
          position: 'relative',
          border: `1px ${value ? 'solid' : 'dashed'} var(--mantine-color-${error ? 'red-6' : 'gray-5'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          style={{ display: 'block', width: '100%', height: HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
        />
        <Box
          aria-hidden
          style={{
            position: 'absolute',
            left: 16,
            right: 16,
            bottom: 36,
            borderBottom: '1px solid var(--mantine-color-gray-4)',
            pointerEvents: 'none',
          }}
        />
      </Box>
      <Group justify="flex-end" mt={6} gap="xs">
        {typedName !== undefined && !value ? (
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconSignature size={16} />}
            onClick={insertName}
            disabled={!typedName.trim()}
            data-testid="signature-insert-name"
          >
            {t('inspections.signature.insertName')}
          </Button>
        ) : null}
        {typedName !== undefined && !value ? null : (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconEraser size={16} />}
            onClick={clear}
            disabled={!value}
            aria-label={t('inspections.signature.clearNamed', { label })}
          >
            {t('inspections.signature.clear')}
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}
