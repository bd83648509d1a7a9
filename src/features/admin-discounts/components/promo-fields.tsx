import { Checkbox, Field, Input, InputGroup, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { PROMO_CODE_MAX, type PromoScope } from '@contract/promo';
import { scopeOf, type DiscountDraft, type DraftErrors } from '../model/discount-draft';

/** Sets one field of the draft (and clears its message). */
type SetDraft = <K extends keyof DiscountDraft>(key: K, value: DiscountDraft[K]) => void;

interface PromoFieldProps {
  draft: DiscountDraft;
  errors: DraftErrors;
  set: SetDraft;
}

const SCOPES: { value: PromoScope; label: string }[] = [
  { value: 'items', label: 'Products and categories' },
  { value: 'order', label: 'The whole order' },
  { value: 'delivery', label: 'The delivery fee' },
];

/** The code a shopper types; shown upper-case as the shop compares it. Empty: applies by itself. */
export function CodeField({ draft, errors, set }: PromoFieldProps) {
  return (
    <Field.Root invalid={Boolean(errors.code)}>
      <Field.Label>
        Code
        <Text as="span" color="fg.muted" fontWeight="normal">
          (optional)
        </Text>
      </Field.Label>
      <Input
        value={draft.code}
        maxLength={PROMO_CODE_MAX}
        placeholder="e.g. JAMHURI20"
        fontFamily="mono"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => set('code', e.target.value.toUpperCase())}
      />
      {errors.code ? (
        <Field.ErrorText>{errors.code}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          Letters, digits and -. With a code the discount applies only when a shopper types it; leave empty to
          apply by itself.
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

/** Products and categories, or (with a code) the whole order or the delivery fee. */
export function AppliesToField({ draft, errors, set }: PromoFieldProps) {
  const withCode = Boolean(draft.code.trim());
  return (
    <Stack gap="1.5">
      <RadioGroup.Root
        value={scopeOf(draft)}
        onValueChange={(e) => set('appliesTo', e.value as PromoScope)}
        size="sm"
      >
        <Stack gap="2">
          <RadioGroup.Label>Applies to</RadioGroup.Label>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '5' }} wrap="wrap">
            {SCOPES.map((s) => (
              <RadioGroup.Item key={s.value} value={s.value} disabled={s.value !== 'items' && !withCode}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{s.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </Stack>
      </RadioGroup.Root>
      {errors.appliesTo ? (
        <Text fontSize="xs" color="fg.error">
          {errors.appliesTo}
        </Text>
      ) : withCode ? null : (
        <Text fontSize="xs" color="fg.muted">
          The whole order and the delivery fee need a code.
        </Text>
      )}
    </Stack>
  );
}

/** What a shopper must meet to use the code: a minimum spend, a first order, uses per shopper. */
export function PromoConditions({ draft, errors, set }: PromoFieldProps) {
  const id = useId();
  return (
    <Stack role="group" aria-labelledby={id} gap="4" borderWidth="1px" rounded="l2" p="4">
      <Text id={id} fontSize="sm" fontWeight="medium">
        Conditions of the code
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="start">
        <Field.Root invalid={Boolean(errors.minSubtotal)}>
          <Field.Label>Minimum spend (KSh)</Field.Label>
          <InputGroup endElement="KSH">
            <Input
              inputMode="numeric"
              value={draft.minSubtotal}
              onChange={(e) => set('minSubtotal', e.target.value)}
            />
          </InputGroup>
          {errors.minSubtotal ? (
            <Field.ErrorText>{errors.minSubtotal}</Field.ErrorText>
          ) : (
            <Field.HelperText>The cart’s items before the code. Leave empty for none.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.perShopperLimit)}>
          <Field.Label>Uses per shopper</Field.Label>
          <Input
            inputMode="numeric"
            value={draft.perShopperLimit}
            onChange={(e) => set('perShopperLimit', e.target.value)}
          />
          {errors.perShopperLimit ? (
            <Field.ErrorText>{errors.perShopperLimit}</Field.ErrorText>
          ) : (
            <Field.HelperText>Orders one shopper may use it in. Leave empty for no limit.</Field.HelperText>
          )}
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.firstOrderOnly)}>
        <Checkbox.Root
          checked={draft.firstOrderOnly}
          onCheckedChange={(e) => set('firstOrderOnly', e.checked === true)}
          colorPalette="primary"
          size="sm"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>First order only</Checkbox.Label>
        </Checkbox.Root>
        {errors.firstOrderOnly ? (
          <Field.ErrorText>{errors.firstOrderOnly}</Field.ErrorText>
        ) : (
          <Field.HelperText>Only for shoppers who have no paid order yet.</Field.HelperText>
        )}
      </Field.Root>
    </Stack>
  );
}
