import { Field, Input } from '@chakra-ui/react';
import { displayMpesaPhone } from '@/lib/phone';

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
export function MpesaPhoneField({
  value,
  onChange,
  error,
  onBlur,
  label = 'M-Pesa phone number',
  disabled,
}: MpesaPhoneFieldProps) {
  const shown = displayMpesaPhone(value);
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
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
        <Field.HelperText>
          {shown ? `The payment prompt goes to ${shown}.` : 'Safaricom number: 07…, 01…, +254… or 254….'}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
