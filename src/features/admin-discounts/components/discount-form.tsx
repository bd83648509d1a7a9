import {
  Alert,
  Button,
  Field,
  HStack,
  Input,
  InputGroup,
  RadioGroup,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { AppDialog } from '@/components/app-dialog';
import { SubmitButton } from '@/components/submit-button';
import { adminProductQueries } from '@/features/admin-catalogue';
import { isApiError } from '@/lib/api-client';
import { fieldIssues, toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { DiscountKind } from '@contract/catalogue';
import type { PromoScope } from '@contract/promo';
import { DISCOUNT_CREATED, DISCOUNT_NAME_MAX, DISCOUNT_SAVED, type Discount } from '@contract/discounts';
import { MIN_PRICE } from '@contract/pricing';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useDiscountMutations } from '../api/discount-mutations';
import {
  draftFromDiscount,
  emptyDraft,
  errorsFromIssues,
  namesLine,
  productsMadeFree,
  readDraft,
  scopeOf,
  type ChosenProduct,
  type DiscountDraft,
  type DraftErrors,
  type DraftField,
} from '../model/discount-draft';
import { CategoryPicker, ProductPicker } from './cover-pickers';
import { AppliesToField, CodeField, PromoConditions } from './promo-fields';

const STARTS_LABEL = 'Starts (Nairobi time, EAT)';
const ENDS_LABEL = 'Ends (Nairobi time, EAT)';
const FIX_FIELDS = 'Please correct the highlighted fields.';
/** The body field whose message a draft field's box shows, where the names differ. */
const FIELD_OF: Partial<Record<keyof DiscountDraft, DraftField>> = {
  products: 'productIds',
  categories: 'categoryIds',
};

/** What the value box means, for what the discount covers. */
function valueHelp(kind: DiscountKind, scope: PromoScope, value: string): string {
  if (kind === 'fixed')
    return {
      items: 'Whole shillings off each item.',
      order: 'Whole shillings off the order.',
      delivery: 'Whole shillings off the delivery fee.',
    }[scope];
  if (scope === 'delivery')
    return value.trim() === '100'
      ? 'Free delivery.'
      : 'Percent off the delivery fee, 1 to 100 (100 is free delivery).';
  return scope === 'order' ? 'Percent off the order, 1 to 99.' : 'Percent off, 1 to 99.';
}
/** Chosen products whose prices the form looks up for the "makes … free" warning. */
const PRICE_LOOKUPS_MAX = 30;

export interface DiscountFormDialogProps {
  open: boolean;
  /** The discount to edit; null creates one. */
  discount: Discount | null;
  onClose(): void;
}

/** Create or edit a discount in a dialog (the list stays behind it, the route tree unchanged). */
export function DiscountFormDialog({ open, discount, onClose }: DiscountFormDialogProps) {
  return (
    <AppDialog
      title={discount ? 'Edit discount' : 'Create discount'}
      open={open}
      onClose={onClose}
      size="lg"
      fullOnPhones
      closeOnInteractOutside={false}
    >
      <DiscountForm key={discount?.discountId ?? 'new'} discount={discount} onDone={onClose} />
    </AppDialog>
  );
}

/**
 * The lowest active variant price of each chosen product: from the search row it was picked from,
 * else (a discount being edited) from the product itself.
 */
function useLowestPrices(products: readonly ChosenProduct[]): ChosenProduct[] {
  const unknown = products.filter((p) => p.minPrice === undefined).slice(0, PRICE_LOOKUPS_MAX);
  const details = useQueries({
    queries: unknown.map((p) => ({ ...adminProductQueries.detail(p.productId), staleTime: 60_000 })),
  });
  const found = new Map<string, number | null>();
  unknown.forEach((p, i) => {
    const product = details[i]?.data;
    if (!product) return;
    const prices = product.variants.filter((v) => v.archivedAt === null).map((v) => v.price);
    found.set(p.productId, prices.length ? Math.min(...prices) : null);
  });
  return products.map((p) =>
    p.minPrice === undefined && found.has(p.productId) ? { ...p, minPrice: found.get(p.productId) } : p,
  );
}

function DiscountForm({ discount, onDone }: { discount: Discount | null; onDone(): void }) {
  const [draft, setDraft] = useState<DiscountDraft>(() =>
    discount ? draftFromDiscount(discount) : emptyDraft(),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [tried, setTried] = useState(false);
  const { create, update } = useDiscountMutations();
  const saving = create.isPending || update.isPending;

  function set<K extends keyof DiscountDraft>(
    key: K,
    value: DiscountDraft[K],
    field: DraftField = FIELD_OF[key] ?? (key as DraftField),
  ) {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (tried) {
      // Once the admin has tried to save, the messages follow what they fix.
      const read = readDraft(next);
      setErrors('errors' in read ? read.errors : {});
    } else if (errors[field]) {
      setErrors({ ...errors, [field]: undefined });
    }
  }

  const priced = useLowestPrices(draft.products);
  const madeFree = useMemo(
    () => productsMadeFree(priced, { kind: draft.kind, value: Number(draft.value.replace(/[,\s]/g, '')) }),
    [priced, draft.kind, draft.value],
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const read = readDraft(draft);
    if ('errors' in read) {
      setErrors(read.errors);
      notify.error(FIX_FIELDS);
      return;
    }
    setErrors({});
    const handlers = {
      onSuccess: () => {
        notify.success(discount ? DISCOUNT_SAVED : DISCOUNT_CREATED);
        onDone();
      },
      onError: (error: unknown) => {
        const issues = errorsFromIssues(fieldIssues(error));
        if (isApiError(error) && error.status === 400 && Object.keys(issues).length > 0) {
          setErrors(issues);
          notify.error(FIX_FIELDS);
        } else {
          toastError(error, 'The discount could not be saved. Please try again.');
        }
      },
    };
    if (discount) update.mutate({ discountId: discount.discountId, body: read.body }, handlers);
    else create.mutate(read.body, handlers);
  }

  const percentage = draft.kind === 'percentage';
  const scope = scopeOf(draft);
  const withCode = Boolean(draft.code.trim());
  const fields = { draft, errors, set };
  return (
    <form onSubmit={submit} noValidate aria-label={discount ? 'Edit discount' : 'Create discount'}>
      <Stack gap="5">
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>Name</Field.Label>
          <Input
            value={draft.name}
            maxLength={DISCOUNT_NAME_MAX}
            placeholder="e.g. Avocado season"
            onChange={(e) => set('name', e.target.value)}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>

        <CodeField {...fields} />
        <AppliesToField {...fields} />

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="start">
          <RadioGroup.Root
            value={draft.kind}
            onValueChange={(e) => set('kind', e.value as DiscountKind)}
            size="sm"
          >
            <Stack gap="2">
              <RadioGroup.Label>Kind</RadioGroup.Label>
              <RadioGroup.Item value="percentage">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Percentage</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="fixed">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Fixed amount (KSH)</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          <Field.Root invalid={Boolean(errors.value)} required>
            <Field.Label>Value</Field.Label>
            <InputGroup endElement={percentage ? '%' : 'KSH'}>
              <Input inputMode="numeric" value={draft.value} onChange={(e) => set('value', e.target.value)} />
            </InputGroup>
            {errors.value ? (
              <Field.ErrorText>{errors.value}</Field.ErrorText>
            ) : (
              <Field.HelperText>{valueHelp(draft.kind, scope, draft.value)}</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>

        {scope === 'items' ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
            <ProductPicker
              value={draft.products}
              onChange={(v) => set('products', v)}
              error={errors.productIds}
            />
            <CategoryPicker
              value={draft.categories}
              onChange={(v) => set('categories', v)}
              error={errors.categoryIds}
            />
          </SimpleGrid>
        ) : errors.productIds ? (
          <Text fontSize="xs" color="fg.error">
            {errors.productIds}
          </Text>
        ) : null}

        {withCode ? <PromoConditions {...fields} /> : null}

        {scope === 'items' && madeFree.length ? (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This discount makes {namesLine(madeFree)} free</Alert.Title>
              <Alert.Description>
                A variant would sell at KSh {MIN_PRICE}, the lowest price the shop charges. Check the value if
                that is not what you mean.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="start">
          <Field.Root invalid={Boolean(errors.startsAt)} required>
            <Field.Label>{STARTS_LABEL}</Field.Label>
            <Input
              type="datetime-local"
              step={60}
              value={draft.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
            />
            <Field.ErrorText>{errors.startsAt}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.endsAt)}>
            <Field.Label>{ENDS_LABEL}</Field.Label>
            <Input
              type="datetime-local"
              step={60}
              value={draft.endsAt}
              min={draft.startsAt || undefined}
              onChange={(e) => set('endsAt', e.target.value)}
            />
            {errors.endsAt ? (
              <Field.ErrorText>{errors.endsAt}</Field.ErrorText>
            ) : (
              <Field.HelperText>Leave empty to run until you pause or delete it.</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="center">
          <Field.Root invalid={Boolean(errors.usageLimit)}>
            <Field.Label>Usage limit</Field.Label>
            <Input
              inputMode="numeric"
              value={draft.usageLimit}
              onChange={(e) => set('usageLimit', e.target.value)}
            />
            {errors.usageLimit ? (
              <Field.ErrorText>{errors.usageLimit}</Field.ErrorText>
            ) : (
              <Field.HelperText>Orders that may use it. Leave empty for no limit.</Field.HelperText>
            )}
          </Field.Root>
          <Switch.Root
            checked={draft.active}
            onCheckedChange={(e) => set('active', e.checked)}
            colorPalette="primary"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Active</Switch.Label>
          </Switch.Root>
        </SimpleGrid>

        <HStack justify="end" gap="3" wrap="wrap">
          <Button variant="ghost" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton size="md" loading={saving} loadingText="Saving…">
            {discount ? 'Save changes' : 'Create discount'}
          </SubmitButton>
        </HStack>
      </Stack>
    </form>
  );
}
