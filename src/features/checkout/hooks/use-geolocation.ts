import { OUTSIDE_KENYA_MESSAGE } from '@contract/cart';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInKenya, roundCoordinate } from '../model/place';

export interface Located {
  lat: number;
  lng: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

/** Why no location came, in English; the hook says it in the shown language (`checkout:location`). */
export const LOCATION_MESSAGES = {
  unsupported: 'Your browser cannot share its location. Choose your delivery area from the list instead.',
  denied:
    'Location access was denied. Allow it for this site in your browser settings, or choose your delivery area from the list.',
  unavailable: 'We could not find your location. Choose your delivery area from the list instead.',
  timeout: 'Finding your location took too long. Try again, or choose your delivery area from the list.',
  outside: OUTSIDE_KENYA_MESSAGE,
} as const;
type LocationProblem = keyof typeof LOCATION_MESSAGES;

function problemOf(error: GeolocationPositionError): LocationProblem {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

/** "Use my location": one reading of the browser's position, with a clear message when there is none. */
export function useGeolocation() {
  const { t } = useTranslation('checkout');
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<LocationProblem | null>(null);

  const locate = useCallback(async (): Promise<Located | null> => {
    setError(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError('unsupported');
      return null;
    }
    setLocating(true);
    try {
      const position = await new Promise<GeolocationPosition>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(resolve, reject, {
          enableHighAccuracy: true,
          timeout: 15_000,
          maximumAge: 60_000,
        }),
      );
      const lat = roundCoordinate(position.coords.latitude);
      const lng = roundCoordinate(position.coords.longitude);
      if (!isInKenya(lat, lng)) {
        setError('outside');
        return null;
      }
      return { lat, lng, accuracy: position.coords.accuracy };
    } catch (reason) {
      const known = typeof reason === 'object' && reason !== null && 'code' in reason;
      setError(known ? problemOf(reason as GeolocationPositionError) : 'unavailable');
      return null;
    } finally {
      setLocating(false);
    }
  }, []);

  return {
    locate,
    locating,
    error: error ? t(`location.${error}`) : null,
    clearError: () => setError(null),
  };
}
