import { OUTSIDE_KENYA_MESSAGE } from '@contract/cart';
import { useCallback, useState } from 'react';
import { isInKenya, roundCoordinate } from '../model/place';

export interface Located {
  lat: number;
  lng: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

export const LOCATION_MESSAGES = {
  unsupported: 'Your browser cannot share its location. Choose your delivery area from the list instead.',
  denied:
    'Location access was denied. Allow it for this site in your browser settings, or choose your delivery area from the list.',
  unavailable: 'We could not find your location. Choose your delivery area from the list instead.',
  timeout: 'Finding your location took too long. Try again, or choose your delivery area from the list.',
  outside: OUTSIDE_KENYA_MESSAGE,
} as const;

function messageFor(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return LOCATION_MESSAGES.denied;
  if (error.code === error.TIMEOUT) return LOCATION_MESSAGES.timeout;
  return LOCATION_MESSAGES.unavailable;
}

/** "Use my location": one reading of the browser's position, with a clear message when there is none. */
export function useGeolocation() {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(async (): Promise<Located | null> => {
    setError(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError(LOCATION_MESSAGES.unsupported);
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
        setError(LOCATION_MESSAGES.outside);
        return null;
      }
      return { lat, lng, accuracy: position.coords.accuracy };
    } catch (reason) {
      const known = typeof reason === 'object' && reason !== null && 'code' in reason;
      setError(known ? messageFor(reason as GeolocationPositionError) : LOCATION_MESSAGES.unavailable);
      return null;
    } finally {
      setLocating(false);
    }
  }, []);

  return { locate, locating, error, clearError: () => setError(null) };
}
