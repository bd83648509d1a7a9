import { Badge, Box, Button, Card, Field, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { formatKsh } from '@/lib/format';
import type { AdminAttribute } from '@contract/admin';
import { mdiArrowDown, mdiArrowUp, mdiClose, mdiDeleteOutline, mdiHistory, mdiPlus, mdiRestore, mdiTune } from '@mdi/js';
import { useId, useState, type Dispatch } from 'react';
import type { DraftAction, FieldErrors, VariantDraft } from '../model/product-draft';
import type { StockVariantLabel } from './stock-dialogs';

/** An existing product's stock, for its variants' level, adjustments and history. */
export interface VariantStock {
  productName: string;
  /** Units on sale now, by variant id (the product as last read). */
  levels: ReadonlyMap<string, number>;
  /** Opens the adjustment dialog; outside the form, whose submit its own must not reach. */
  onAdjust(variant: StockVariantLabel): void;
  /** Opens the variant's stock history. */
  onHistory(variant: StockVariantLabel): void;
}

export interface VariantsEditorProps {
  variants: VariantDraft[];
  archived: VariantDraft[];
  attributes: AdminAttribute[];
  errors: FieldErrors;
  dispatch: Dispatch<DraftAction>;
  stock?: VariantStock;
}

/**
 * The variants: at least one, each with name, price, stock, availability and attribute values. A new
 * variant's stock is typed; an existing one's is its level now, changed by an adjustment.
 */
export function VariantsEditor({ variants, archived, attributes, errors, dispatch, stock }: VariantsEditorProps) {
  return (
    <Stack gap="4">
      {errors.variants ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errors.variants}
        </Text>
      ) : null}
      {variants.map((v, index) => (
        <VariantCard
          key={v.key}
          variant={v}
          index={index}
          count={variants.length}
          attributes={attributes}
          errors={errors}
          dispatch={dispatch}
          stock={stock}
        />
      ))}
      <Button variant="outline" alignSelf="start" onClick={() => dispatch({ type: 'addVariant' })}>
        <MdiIcon path={mdiPlus} />
        Add a variant
      </Button>
      {archived.length ? (
        <Stack gap="2" as="section" aria-label="Removed variants">
          <Text fontWeight="medium" fontSize="sm">
            Removed variants (not sold; restore to sell again)
          </Text>
          {archived.map((v) => (
            <HStack key={v.key} borderWidth="1px" borderStyle="dashed" rounded="l2" px="3" py="2" justify="space-between">
              <Text fontSize="sm">
                {v.name} · {v.price === '' ? '—' : formatKsh(v.price)}
              </Text>
              <Button size="xs" variant="ghost" onClick={() => dispatch({ type: 'restoreVariant', key: v.key })}>
                <MdiIcon path={mdiRestore} />
                Restore {v.name}
              </Button>
            </HStack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

interface VariantCardProps {
  variant: VariantDraft;
  index: number;
  count: number;
  attributes: AdminAttribute[];
  errors: FieldErrors;
  dispatch: Dispatch<DraftAction>;
  stock?: VariantStock;
}

function VariantCard({ variant: v, index, count, attributes, errors, dispatch, stock }: VariantCardProps) {
  const title = `Variant ${index + 1}`;
  const level = v.variantId ? stock?.levels.get(v.variantId) : undefined;
  const label: StockVariantLabel | null =
    v.variantId && stock ? { variantId: v.variantId, label: v.name ? `${stock.productName} — ${v.name}` : stock.productName } : null;
  const err = (field: string) => errors[`variants.${index}.${field}`];
  const set = (field: 'name' | 'price' | 'quantity' | 'isAvailable', value: string | boolean) =>
    dispatch({ type: 'variantField', index, field, value });
  const unused = attributes.filter((a) => !v.attributes.some((x) => x.attributeId === a.attributeId));

  return (
    <Card.Root as="fieldset" size="sm" variant="outline" aria-label={title}>
      <Card.Header>
        <HStack justify="space-between">
          <HStack>
            <Text as="legend" fontWeight="semibold">
              {title}
            </Text>
            {index === 0 ? (
              <Badge size="sm" colorPalette="secondary">
                Prices the card
              </Badge>
            ) : null}
          </HStack>
          <HStack gap="1">
            <IconButton size="xs" variant="ghost" aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => dispatch({ type: 'moveVariant', index, by: -1 })}>
              <MdiIcon path={mdiArrowUp} />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={`Move ${title} down`} disabled={index === count - 1} onClick={() => dispatch({ type: 'moveVariant', index, by: 1 })}>
              <MdiIcon path={mdiArrowDown} />
            </IconButton>
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Remove ${title}`} disabled={count <= 1} title={count <= 1 ? 'A product needs at least one variant.' : undefined} onClick={() => dispatch({ type: 'removeVariant', index })}>
              <MdiIcon path={mdiDeleteOutline} />
            </IconButton>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {/* A product with one size needs no variant name: the shop then shows none. */}
          <Field.Root invalid={Boolean(err('name'))} required={count > 1}>
            <Field.Label>Variant name</Field.Label>
            <Input value={v.name} placeholder="e.g. 1 kg" onChange={(e) => set('name', e.target.value)} />
            {count > 1 ? null : <Field.HelperText>Optional while the product has one variant.</Field.HelperText>}
            <Field.ErrorText>{err('name')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(err('price'))} required>
            <Field.Label>Price (KSH)</Field.Label>
            <Input inputMode="numeric" value={v.price === '' ? '' : Number.isNaN(v.price) ? '' : String(v.price)} onChange={(e) => set('price', e.target.value)} />
            <Field.ErrorText>{err('price')}</Field.ErrorText>
          </Field.Root>
          {label ? (
            <Stack gap="1.5" role="group" aria-label={`Stock of ${title}`}>
              <Text fontSize="sm" fontWeight="medium">
                In stock
              </Text>
              <Text>{(level ?? (v.quantity === '' ? 0 : v.quantity)).toLocaleString('en-KE')} on sale</Text>
              <HStack gap="1" wrap="wrap">
                <Button size="xs" variant="outline" onClick={() => stock?.onAdjust(label)}>
                  <MdiIcon path={mdiTune} />
                  Adjust stock
                </Button>
                <Button size="xs" variant="ghost" onClick={() => stock?.onHistory(label)}>
                  <MdiIcon path={mdiHistory} />
                  Stock history
                </Button>
              </HStack>
            </Stack>
          ) : (
            <Field.Root invalid={Boolean(err('quantity'))} required>
              <Field.Label>Quantity in stock</Field.Label>
              <Input inputMode="numeric" value={v.quantity === '' ? '' : Number.isNaN(v.quantity) ? '' : String(v.quantity)} onChange={(e) => set('quantity', e.target.value)} />
              <Field.ErrorText>{err('quantity')}</Field.ErrorText>
            </Field.Root>
          )}
          <Field.Root invalid={Boolean(err('isAvailable'))}>
            <Switch.Root
              checked={v.isAvailable}
              onCheckedChange={(e) => set('isAvailable', e.checked)}
              colorPalette="primary"
              mt={{ base: '0', lg: '7' }}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Available</Switch.Label>
            </Switch.Root>
            <Field.ErrorText>{err('isAvailable')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>

        <Stack gap="2">
          {v.attributes.map((a) => {
            const attribute = attributes.find((x) => x.attributeId === a.attributeId);
            return (
              <AttributeValueField
                key={a.attributeId}
                index={index}
                attributeId={a.attributeId}
                name={attribute?.name ?? 'Attribute'}
                values={attribute?.values ?? []}
                value={a.value}
                error={errors[`variants.${index}.attributes.${v.attributes.indexOf(a)}.value`]}
                dispatch={dispatch}
              />
            );
          })}
          {err('attributes') ? (
            <Text color="fg.error" fontSize="sm">
              {err('attributes')}
            </Text>
          ) : null}
          {unused.length ? (
            <NativeSelect.Root size="sm" width={{ base: 'full', sm: '64' }}>
              <NativeSelect.Field
                aria-label={`Add an attribute to ${title}`}
                value=""
                onChange={(e) => {
                  const attribute = attributes.find((x) => x.attributeId === e.target.value);
                  if (attribute) dispatch({ type: 'setAttribute', index, attributeId: attribute.attributeId, value: attribute.values[0] ?? attribute.name });
                }}
              >
                <option value="">Add an attribute…</option>
                {unused.map((a) => (
                  <option key={a.attributeId} value={a.attributeId}>
                    {a.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

interface AttributeValueFieldProps {
  index: number;
  attributeId: string;
  name: string;
  values: string[];
  value: string;
  error?: string;
  dispatch: Dispatch<DraftAction>;
}

/** One attribute's value: pick one of its values, or type a new one, which the save adds to the attribute. */
function AttributeValueField({ index, attributeId, name, values, value, error, dispatch }: AttributeValueFieldProps) {
  const listId = useId();
  // The input keeps what is typed; the draft gets the trimmed value (blank keeps the attribute).
  const [text, setText] = useState(value);
  const isNew = text.trim() !== '' && !values.some((x) => x.toLowerCase() === text.trim().toLowerCase());
  return (
    <Field.Root invalid={Boolean(error)}>
      <HStack align="end" gap="2">
        <Box flex="1">
          <Field.Label fontSize="sm">{name}</Field.Label>
          <Input
            size="sm"
            list={listId}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) dispatch({ type: 'setAttribute', index, attributeId, value: e.target.value });
            }}
          />
          <datalist id={listId}>
            {values.map((x) => (
              <option key={x} value={x} />
            ))}
          </datalist>
        </Box>
        <IconButton size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={() => dispatch({ type: 'removeAttribute', index, attributeId })}>
          <MdiIcon path={mdiClose} />
        </IconButton>
      </HStack>
      {isNew ? <Field.HelperText>New value: “{text.trim()}” is added to {name} when you save.</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
