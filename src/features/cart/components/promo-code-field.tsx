import { Badge, Button, Field, Flex, HStack, Input, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import type { Cart } from '@contract/cart';
import { normalisePromoCode, PROMO_CODE_PATTERN } from '@contract/promo';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  applyPromoCode,
  clearPromoCode,
  useDroppedPromoCode,
  usePromoCode,
} from '../stores/promo-code-store';

/** Under the field when what was typed cannot be a code (nothing is sent). */
export const PROMO_CODE_FORMAT = 'Enter the code as printed: 3 to 32 letters, digits or "-".';

export interface PromoCodeFieldProps {
  /** The cart as the server priced it with the stored code: its `promo` says how the code fared. */
  cart: Cart | undefined;
  /** A sentence about the code from elsewhere (checkout's refusal), shown before the cart's. */
  message?: string | null;
  /** The shopper applied or removed a code. */
  onChange?(): void;
  disabled?: boolean;
}

/** What an applied code saves, in a sentence. */
function savingText(promo: Extract<NonNullable<Cart['promo']>, { applied: true }>) {
  if (promo.appliesTo === 'delivery' && promo.saving === 0)
    return `${promo.name}: your delivery is cheaper at checkout.`;
  return `${promo.name}: you save ${formatKsh(promo.saving)}.`;
}

/**
 * The "Promo code" field of the cart and checkout pages: an input and Apply, then the code, what it
 * saves and Remove. Every refusal is the server's sentence under the field. On a phone it waits
 * behind a "Have a promo code?" link until the shopper wants it (or a code is held).
 */
export function PromoCodeField({ cart, message, onChange, disabled }: PromoCodeFieldProps) {
  const code = usePromoCode();
  const dropped = useDroppedPromoCode();
  const [typed, setTyped] = useState(code ?? dropped?.code ?? '');
  const [formatProblem, setFormatProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const phone = useBreakpointValue({ base: true, sm: false }, { ssr: false });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (opened) input.current?.focus();
  }, [opened]);

  // The answer about the code held now (an older answer may still be on screen while it is checked).
  const promo = code !== null && cart?.promo?.code === code ? cart.promo : null;
  const checking = code !== null && promo === null;
  const refusal =
    formatProblem ?? message ?? (promo && !promo.applied ? promo.message : null) ?? dropped?.message ?? null;

  if (phone && !opened && code === null && dropped === null && !message) {
    return (
      <Button
        variant="plain"
        colorPalette="primary"
        alignSelf="flex-start"
        px="0"
        textDecoration="underline"
        aria-expanded={false}
        onClick={() => setOpened(true)}
      >
        Have a promo code?
      </Button>
    );
  }

  const remove = () => {
    clearPromoCode();
    setTyped('');
    setFormatProblem(null);
    onChange?.();
  };

  if (promo?.applied) {
    return (
      <Stack gap="1">
        <Text fontWeight="medium" fontSize="sm">
          Promo code
        </Text>
        <Flex justify="space-between" align="center" gap="3">
          <Stack gap="0.5" minW="0" role="status">
            <HStack gap="2">
              <Badge colorPalette="primary" variant="subtle" fontFamily="mono">
                {promo.code}
              </Badge>
              <Text fontSize="sm">applied</Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="promo-saving-text">
              {savingText(promo)}
            </Text>
          </Stack>
          <Button
            size="sm"
            variant="outline"
            colorPalette="support"
            aria-label={`Remove promo code ${promo.code}`}
            disabled={disabled}
            onClick={remove}
          >
            Remove
          </Button>
        </Flex>
        {message ? (
          <Text fontSize="sm" color="danger.fg" role="alert">
            {message}
          </Text>
        ) : null}
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!PROMO_CODE_PATTERN.test(text)) {
      setFormatProblem(PROMO_CODE_FORMAT);
      return;
    }
    setFormatProblem(null);
    setTyped(normalisePromoCode(text));
    applyPromoCode(normalisePromoCode(text));
    onChange?.();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Promo code">
      <Field.Root invalid={Boolean(refusal)} disabled={disabled}>
        <Field.Label>Promo code</Field.Label>
        <HStack gap="2" w="full" align="flex-start">
          <Input
            ref={input}
            name="promo-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. KARIBU10"
            bg="bg"
            flex="1"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button
            type="submit"
            colorPalette="primary"
            variant="outline"
            loading={checking}
            loadingText="Checking"
            disabled={disabled}
          >
            Apply
          </Button>
          {/* A held code that does not apply (yet) is still sent: the shopper may let it go. */}
          {code !== null && !checking ? (
            <Button
              variant="ghost"
              colorPalette="support"
              aria-label={`Remove promo code ${code}`}
              disabled={disabled}
              onClick={remove}
            >
              Remove
            </Button>
          ) : null}
        </HStack>
        {/* Announced as it appears (the error text is a polite live region). */}
        {refusal ? <Field.ErrorText>{refusal}</Field.ErrorText> : null}
      </Field.Root>
    </form>
  );
}

/** The summary line of an order-wide code's saving ("Promo KARIBU10  −KSH 60.00"), when there is one. */
export function PromoSavingLine({ cart }: { cart: Cart }) {
  if (!cart.promo?.applied || cart.orderSaving === 0) return null;
  return (
    <Flex justify="space-between" gap="3">
      <Text color="fg.muted">Promo {cart.promo.code}</Text>
      <Text fontWeight="medium" whiteSpace="nowrap" data-testid="promo-saving">
        {formatKsh(-cart.orderSaving)}
      </Text>
    </Flex>
  );
}
