import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress } from '@mui/material';
import { settingsApi, type ServiceSettings } from './settingsApi.ts';

export type SavedSettingsLoad = { status: 'loading' } | { status: 'loaded' } | { status: 'failed'; message: string };

/**
 * Reads the user's saved settings and hands them to `onLoaded` (which fills a form), with a retry.
 * A form must stay hidden until they have arrived: shown over defaults after a failed read, a Save
 * would write those defaults (or empty keys) over settings the user never saw.
 */
export function useSavedSettings(onLoaded: (settings: ServiceSettings) => void): { load: SavedSettingsLoad; retry: () => void } {
  const [load, setLoad] = useState<SavedSettingsLoad>({ status: 'loading' });
  // The latest callback, so a screen need not memoise it for the read to run once.
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    settingsApi.read().then(
      (settings) => {
        loaded.current(settings);
        setLoad({ status: 'loaded' });
      },
      (error: Error) => setLoad({ status: 'failed', message: error.message }),
    );
  }, []);
  useEffect(retry, [retry]);
  return { load, retry };
}

/** What a settings form shows until its saved settings are read: a spinner, or why they could not be and a way to try again. */
export function SavedSettingsPending({ load, retry }: { load: Exclude<SavedSettingsLoad, { status: 'loaded' }>; retry: () => void }) {
  if (load.status === 'loading') return <CircularProgress size={24} aria-label="Loading settings" />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry} sx={{ whiteSpace: 'nowrap' }}>
          Try again
        </Button>
      }
    >
      Your saved settings could not be loaded: {load.message} They are shown, and can be changed, once they load.
    </Alert>
  );
}
