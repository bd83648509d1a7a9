import { Button, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { cartQueries } from '@/features/cart';
import { ADDRESS_MAX } from '@contract/checkout';
import { mdiCrosshairsGps, mdiMapMarkerCheckOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGeolocation } from '../hooks/use-geolocation';
import type { PlaceChoice } from '../model/place';

export interface DeliveryFieldsProps {
  place: PlaceChoice;
  onPlaceChange(place: PlaceChoice): void;
  placeError?: string | null;
  address: string;
  onAddressChange(address: string): void;
  onAddressBlur(): void;
  addressError?: string | null;
  disabled?: boolean;
}

/** Where the order goes: a delivery area from the list or the browser's location, and the address. */
export function DeliveryFields({
  place,
  onPlaceChange,
  placeError,
  address,
  onAddressChange,
  onAddressBlur,
  addressError,
  disabled,
}: DeliveryFieldsProps) {
  const { t } = useTranslation('checkout');
  const areas = useQuery(cartQueries.deliveryAreas());
  const geo = useGeolocation();
  const locateMe = async () => {
    const found = await geo.locate();
    if (found) onPlaceChange({ kind: 'point', ...found });
  };
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(placeError)} disabled={disabled}>
        <Field.Label>{t('place.area')}</Field.Label>
        <NativeSelect.Root disabled={disabled || areas.isPending}>
          <NativeSelect.Field
            name="delivery-area"
            bg="bg"
            placeholder={areas.isPending ? t('place.loadingAreas') : t('place.chooseArea')}
            value={place.kind === 'area' ? place.deliveryAreaId : ''}
            onChange={(e) => {
              geo.clearError();
              onPlaceChange(
                e.target.value ? { kind: 'area', deliveryAreaId: e.target.value } : { kind: 'none' },
              );
            }}
          >
            {(areas.data ?? []).map((area) => (
              <option key={area.id} value={area.id}>
                {area.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {areas.isError ? (
          <Field.HelperText color="danger.fg">
            {t('place.areasFailed')}{' '}
            <Button variant="plain" size="xs" p="0" h="auto" onClick={() => void areas.refetch()}>
              {t('tryAgain')}
            </Button>
          </Field.HelperText>
        ) : null}
        <Field.ErrorText>{placeError}</Field.ErrorText>
      </Field.Root>

      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t('place.or')}
          </Text>
          <Button
            variant="outline"
            colorPalette="secondary"
            size="sm"
            onClick={() => void locateMe()}
            loading={geo.locating}
            loadingText={t('place.finding')}
            disabled={disabled}
          >
            <MdiIcon path={mdiCrosshairsGps} />
            {t('place.useLocation')}
          </Button>
        </HStack>
        {place.kind === 'point' ? (
          <HStack gap="2" color="green.fg" fontSize="sm" role="status">
            <MdiIcon path={mdiMapMarkerCheckOutline} />
            <Text>
              {t('place.deliveringTo', { latitude: place.lat.toFixed(4), longitude: place.lng.toFixed(4) })}
            </Text>
          </HStack>
        ) : null}
        {geo.error ? (
          <Text fontSize="sm" color="danger.fg" role="alert">
            {geo.error}
          </Text>
        ) : null}
      </Stack>

      <Field.Root invalid={Boolean(addressError)} disabled={disabled}>
        <Field.Label>{t('place.address')}</Field.Label>
        <Textarea
          name="address"
          autoComplete="street-address"
          bg="bg"
          rows={3}
          maxLength={ADDRESS_MAX}
          placeholder={t('place.addressPlaceholder')}
          value={address}
          onChange={(e) => onAddressChange(e.target.value)}
          onBlur={onAddressBlur}
        />
        <Field.ErrorText>{addressError}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
