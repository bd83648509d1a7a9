import { Field, Grid, Input, InputGroup, NativeSelect, Text } from '@chakra-ui/react';
import type { Country } from '@contract/setups';
import { useTranslation } from 'react-i18next';

/**
 * A country as pickers and profiles name it: the name first (so typing it in a native select finds
 * it), then the flag with the country code beside it, since many systems have no colour-emoji font
 * and draw the flag as two letters or empty boxes, then the dialling code: "Kenya · 🇰🇪 KE · +254".
 */
export const countryLabel = (c: Country) =>
  [c.name.common, `${c.flag} ${c.cca2}`, c.idd].filter(Boolean).join(' · ');

export interface PhoneFieldsProps {
  countries: Country[];
  country: string;
  onCountryChange(cca2: string): void;
  national: string;
  onNationalChange(value: string): void;
  error?: string | null;
  countryError?: string | null;
  /** Says "(optional)" in the label. */
  optional?: boolean;
}

/** The country picker (name, flag with country code, dialling code) and the phone number, whose code it sets. */
export function PhoneFields({
  countries,
  country,
  onCountryChange,
  national,
  onNationalChange,
  error,
  countryError,
  optional,
}: PhoneFieldsProps) {
  const { t } = useTranslation('forms');
  const selected = countries.find((c) => c.cca2 === country);
  return (
    // One above the other: country names are long, and the picker shows flag, name and code in full.
    <Grid templateColumns="1fr" gap="4">
      <Field.Root invalid={Boolean(countryError)}>
        <Field.Label>{t('field.country')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="country"
            autoComplete="country"
            bg="bg"
            value={country}
            onChange={(e) => onCountryChange(e.target.value)}
          >
            {countries.map((c) => (
              <option key={c.cca2} value={c.cca2}>
                {countryLabel(c)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{countryError}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>
          {t('field.phone')}
          {optional ? (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              {t('optional')}
            </Text>
          ) : null}
        </Field.Label>
        <InputGroup startAddon={selected?.idd ?? undefined}>
          <Input
            type="tel"
            name="phone"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={country === 'KE' ? '712 345 678' : undefined}
            bg="bg"
            value={national}
            onChange={(e) => onNationalChange(e.target.value)}
          />
        </InputGroup>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </Grid>
  );
}
