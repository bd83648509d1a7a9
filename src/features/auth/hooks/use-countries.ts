import { KENYA } from '@/lib/phone';
import type { Country } from '@contract/setups';
import { useQuery } from '@tanstack/react-query';
import { setupQueries } from '../api/auth-queries';

/** The countries for the picker: the server's list (Kenya first), or Kenya alone until it loads. */
export function useCountries(): Country[] {
  const { data } = useQuery(setupQueries.countries());
  return data?.length ? data : [KENYA];
}
