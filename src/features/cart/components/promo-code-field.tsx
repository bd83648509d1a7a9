import { Badge, Button, Field, Flex, HStack, Input, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import type { Cart } from '@contract/cart';
import {
  normalisePromoCode,
  PROMO_CODE_PATTERN,
  PROMO_REFUSALS,
  type CartPromo,
  type PromoRefusalReason,
} from '@contract/promo';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyPromoCode,
  clearPromoCode,
  useDroppedPromoCode,
  usePromoCode,
} from '../stores/promo-code-store';

/**
 * Under the field when what was typed cannot be a code (nothing is sent): the English text of
 * `cart:promo.format`, which the field shows in the shopper's language.
 */
export const PROMO_CODE_FORMAT = 'Enter the code as printed: 3 to 32 letters, digits or "-".';

/** A code's refusal as the cart answer carries it (or as it was kept when the code was let go). */
type PromoRefusal = Pick<Extract<CartPromo, { applied: false }>, 'code' | 'message'> & {
  reason?: PromoRefusalReason;
};

/**
 * Why a code gives nothing, in the shown language: the catalogue's sentence for its reason (the same
 * words as the server's in English), else the server's sentence. For `min_subtotal` the amount still
 * to spend is only in the server's sentence, so it is read from there.
 */
export function promoRefusalText(t: TFunction<'cart'>, refusal: PromoRefusal): string {
  const { reason, code, message } = refusal;
  if (!reason || !PROMO_REFUSALS.includes(reason)) return message;
  if (reason === 'min_subtotal') {
    const amount = /KSH [\d,]+(?:\.\d+)?/.exec(message)?.[0];
    return amount ? t('promo.refusals.min_subtotal', { code, amount }) : message;
  }
  return t(`promo.refusals.${reason}`, { code });
}

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
function savingText(t: TFunction<'cart'>, promo: Extract<NonNullable<Cart['promo']>, { applied: true }>) {
  if (promo.appliesTo === 'delivery' && promo.saving === 0)
    return t('promo.deliveryCheaper', { name: promo.name });
  return t('promo.youSave', { name: promo.name, amount: formatKsh(promo.saving) });
}

/**
 * The "Promo code" field of the cart and checkout pages: an input and Apply, then the code, what it
 * saves and Remove. Every refusal is the server's sentence under the field. On a phone it waits
 * behind a "Have a promo code?" link until the shopper wants it (or a code is held).
 */
export function PromoCodeField({ cart, message, onChange, disabled }: PromoCodeFieldProps) {
  const { t } = useTranslation('cart');
  const code = usePromoCode();
  const dropped = useDroppedPromoCode();
  const [typed, setTyped] = useState(code ?? dropped?.code ?? '');
  const [formatProblem, setFormatProblem] = useState(false);
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
    (formatProblem ? t('promo.format') : null) ??
    message ??
    (promo && !promo.applied ? promoRefusalText(t, promo) : null) ??
    (dropped ? promoRefusalText(t, dropped) : null);

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
        {t('promo.haveCode')}
      </Button>
    );
  }

  const remove = () => {
    clearPromoCode();
    setTyped('');
    setFormatProblem(false);
    onChange?.();
  };

  if (promo?.applied) {
    return (
      <Stack gap="1">
        <Text fontWeight="medium" fontSize="sm">
          {t('promo.label')}
        </Text>
        <Flex justify="space-between" align="center" gap="3">
          <Stack gap="0.5" minW="0" role="status">
            <HStack gap="2">
              <Badge colorPalette="primary" variant="subtle" fontFamily="mono">
                {promo.code}
              </Badge>
              <Text fontSize="sm">{t('promo.applied')}</Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="promo-saving-text">
              {savingText(t, promo)}
            </Text>
          </Stack>
          <Button
            size="sm"
            variant="outline"
            colorPalette="support"
            aria-label={t('promo.removeCode', { code: promo.code })}
            disabled={disabled}
            onClick={remove}
          >
            {t('promo.remove')}
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
      setFormatProblem(true);
      return;
    }
    setFormatProblem(false);
    setTyped(normalisePromoCode(text));
    applyPromoCode(normalisePromoCode(text));
    onChange?.();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('promo.label')}>
      <Field.Root invalid={Boolean(refusal)} disabled={disabled}>
        <Field.Label>{t('promo.label')}</Field.Label>
        <HStack gap="2" w="full" align="flex-start">
          <Input
            ref={input}
            name="promo-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('promo.placeholder')}
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
            loadingText={t('promo.checking')}
            disabled={disabled}
          >
            {t('promo.apply')}
          </Button>
          {/* A held code that does not apply (yet) is still sent: the shopper may let it go. */}
          {code !== null && !checking ? (
            <Button
              variant="ghost"
              colorPalette="support"
              aria-label={t('promo.removeCode', { code })}
              disabled={disabled}
              onClick={remove}
            >
              {t('promo.remove')}
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
  const { t } = useTranslation('cart');
  if (!cart.promo?.applied || cart.orderSaving === 0) return null;
  return (
    <Flex justify="space-between" gap="3">
      <Text color="fg.muted">{t('promo.savingLine', { code: cart.promo.code })}</Text>
      <Text fontWeight="medium" whiteSpace="nowrap" data-testid="promo-saving">
        {formatKsh(-cart.orderSaving)}
      </Text>
    </Flex>
  );
}
