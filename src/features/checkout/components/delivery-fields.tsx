import { Button, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { cartQueries } from '@/features/cart';
import { ADDRESS_MAX } from '@contract/checkout';
import { mdiCrosshairsGps, mdiMapMarkerCheckOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
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
  const areas = useQuery(cartQueries.deliveryAreas());
  const geo = useGeolocation();
  const locateMe = async () => {
    const found = await geo.locate();
    if (found) onPlaceChange({ kind: 'point', ...found });
  };
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(placeError)} disabled={disabled}>
        <Field.Label>Delivery area</Field.Label>
        <NativeSelect.Root disabled={disabled || areas.isPending}>
          <NativeSelect.Field
            name="delivery-area"
            bg="bg"
            placeholder={areas.isPending ? 'Loading areas…' : 'Choose your area'}
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
            The delivery areas could not be loaded.{' '}
            <Button variant="plain" size="xs" p="0" h="auto" onClick={() => void areas.refetch()}>
              Try again
            </Button>
          </Field.HelperText>
        ) : null}
        <Field.ErrorText>{placeError}</Field.ErrorText>
      </Field.Root>

      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            or
          </Text>
          <Button
            variant="outline"
            colorPalette="secondary"
            size="sm"
            onClick={() => void locateMe()}
            loading={geo.locating}
            loadingText="Finding you…"
            disabled={disabled}
          >
            <MdiIcon path={mdiCrosshairsGps} />
            Use my location
          </Button>
        </HStack>
        {place.kind === 'point' ? (
          <HStack gap="2" color="green.fg" fontSize="sm" role="status">
            <MdiIcon path={mdiMapMarkerCheckOutline} />
            <Text>
              Delivering to your location ({place.lat.toFixed(4)}, {place.lng.toFixed(4)})
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
        <Field.Label>Delivery address</Field.Label>
        <Textarea
          name="address"
          autoComplete="street-address"
          bg="bg"
          rows={3}
          maxLength={ADDRESS_MAX}
          placeholder="Street, building, floor and directions for the rider"
          value={address}
          onChange={(e) => onAddressChange(e.target.value)}
          onBlur={onAddressBlur}
        />
        <Field.ErrorText>{addressError}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
