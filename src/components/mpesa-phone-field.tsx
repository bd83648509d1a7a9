import { Field, Input } from '@chakra-ui/react';
import { displayMpesaPhone, mpesaPhoneProblem } from '@/lib/phone';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * What is wrong with an M-Pesa number as the shopper typed it, in the shown language (the checks of
 * `mpesaPhoneProblem`); null when it can take a prompt.
 */
export function mpesaPhoneProblemText(t: TFunction<'checkout'>, value: string): string | null {
  if (!mpesaPhoneProblem(value)) return null;
  return value.trim() ? t('phone.invalid') : t('phone.required');
}

export interface MpesaPhoneFieldProps {
  value: string;
  onChange(value: string): void;
  /** Shown under the field once the shopper has left it or tried to pay. */
  error?: string | null;
  onBlur?(): void;
  label?: string;
  disabled?: boolean;
}

/** The phone that gets the M-Pesa prompt: any Kenyan format, normalised the way the server does. */
export function MpesaPhoneField({ value, onChange, error, onBlur, label, disabled }: MpesaPhoneFieldProps) {
  const { t } = useTranslation('checkout');
  const shown = displayMpesaPhone(value);
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label ?? t('phone.label')}</Field.Label>
      <Input
        type="tel"
        name="mpesa-phone"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0712 345 678"
        bg="bg"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{shown ? t('phone.promptTo', { phone: shown }) : t('phone.hint')}</Field.HelperText>
      )}
    </Field.Root>
  );
}
