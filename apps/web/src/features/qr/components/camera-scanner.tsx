import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconBulbOff, IconCamera, IconPlayerStop } from '@tabler/icons-react';
import type { IScannerControls } from '@zxing/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'noCamera' | 'unsupported' | 'failed';

/** Which of our states a getUserMedia / decoder failure means. */
function stateOfError(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'noCamera';
  }
  return 'failed';
}

/**
 * The phone's camera reading QR codes (@zxing/browser, loaded when the camera starts). The back camera is
 * preferred; the torch can be switched where the camera offers one. The first code read stops the camera and
 * goes to `onDecode`.
 */
export function CameraScanner({
  onDecode,
  autoStart = false,
}: {
  onDecode: (text: string) => void;
  autoStart?: boolean;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<IScannerControls | null>(null);
  const [state, setState] = useState<CameraState>('idle');
  const [torch, setTorch] = useState<boolean | null>(null);
  const decodeRef = useRef(onDecode);
  decodeRef.current = onDecode;

  const stop = useCallback(() => {
    controls.current?.stop();
    controls.current = null;
    setTorch(null);
    setState((s) => (s === 'scanning' || s === 'starting' ? 'idle' : s));
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unsupported');
      return;
    }
    if (!video.current) return;
    setState('starting');
    try {
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
      let done = false;
      const started = await reader.decodeFromConstraints(
        { audio: false, video: { facingMode: { ideal: 'environment' } } },
        video.current,
        (result, _error, running) => {
          if (!result || done) return;
          done = true;
          running.stop();
          controls.current = null;
          setTorch(null);
          setState('idle');
          decodeRef.current(result.getText());
        },
      );
      if (done) return;
      controls.current = started;
      setTorch(started.switchTorch ? false : null);
      setState('scanning');
    } catch (error) {
      controls.current = null;
      setState(stateOfError(error));
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start once on mount when asked to
  useEffect(() => {
    if (autoStart) void start();
  }, []);
  useEffect(() => () => controls.current?.stop(), []);

  const switchTorch = async () => {
    if (!controls.current?.switchTorch || torch === null) return;
    try {
      await controls.current.switchTorch(!torch);
      setTorch(!torch);
    } catch {
      setTorch(null);
    }
  };

  const scanning = state === 'scanning' || state === 'starting';
  const problem = ['denied', 'noCamera', 'unsupported', 'failed'].includes(state) ? state : null;

  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        bg="dark.8"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3', maxHeight: 420 }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('qr.scan.cameraView')}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: scanning ? 'block' : 'none' }}
          data-testid="scan-video"
        />
        {scanning ? (
          <Box
            pos="absolute"
            inset="18%"
            style={{ border: '3px solid rgba(255,255,255,0.85)', borderRadius: 12, pointerEvents: 'none' }}
          />
        ) : (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs" p="md">
            <IconCamera size={48} color="var(--mantine-color-gray-5)" stroke={1.4} />
            <Text c="gray.4" size="sm" ta="center">
              {t('qr.scan.cameraOff')}
            </Text>
          </Stack>
        )}
      </Box>

      {problem ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          title={t(`qr.scan.problem.${problem}.title`)}
        >
          {t(`qr.scan.problem.${problem}.text`)}
        </Alert>
      ) : null}

      <Group gap="xs" grow>
        {scanning ? (
          <Button variant="default" leftSection={<IconPlayerStop size={18} />} onClick={stop} data-testid="scan-stop">
            {t('qr.scan.stop')}
          </Button>
        ) : (
          <Button leftSection={<IconCamera size={18} />} onClick={() => void start()} data-testid="scan-start">
            {problem ? t('qr.scan.retry') : t('qr.scan.start')}
          </Button>
        )}
        {torch !== null ? (
          <Button
            variant={torch ? 'filled' : 'default'}
            color="yellow"
            leftSection={torch ? <IconBulbOff size={18} /> : <IconBulb size={18} />}
            onClick={() => void switchTorch()}
            aria-pressed={torch}
          >
            {torch ? t('qr.scan.torchOff') : t('qr.scan.torchOn')}
          </Button>
        ) : null}
      </Group>
      {state === 'scanning' ? (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {t('qr.scan.hint')}
        </Text>
      ) : null}
    </Stack>
  );
}
