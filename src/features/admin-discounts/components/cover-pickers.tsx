import {
  Box,
  Checkbox,
  CloseButton,
  Flex,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Tag,
  Text,
} from '@chakra-ui/react';
import { adminProductQueries } from '@/features/admin-catalogue';
import { categoryQueries } from '@/features/catalogue';
import { MdiIcon } from '@/components/mdi-icon';
import { useErrorToast } from '@/lib/use-error-toast';
import { mdiMagnify } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ChosenCategory, ChosenProduct } from '../model/discount-draft';

const SEARCH_DELAY_MS = 250;
const PRODUCT_RESULTS = 8;

/** A picker's frame: its name, its chosen items as removable tags, the search box and the matches. */
function PickerFrame({
  label,
  error,
  chosen,
  search,
  children,
}: {
  label: string;
  error?: string;
  chosen: { id: string; name: string; onRemove(): void }[];
  search: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack
      gap="1.5"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <Text id={`${id}-label`} fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Box width="full" borderWidth="1px" rounded="l2" p="2" borderColor={error ? 'border.error' : undefined}>
        <Stack gap="2">
          {chosen.length ? (
            <Flex as="ul" aria-label={`Chosen ${label.toLowerCase()}`} wrap="wrap" gap="2">
              {chosen.map((c) => (
                <Tag.Root as="li" key={c.id} size="lg" variant="subtle" colorPalette="secondary">
                  <Tag.Label>{c.name}</Tag.Label>
                  <Tag.EndElement>
                    <CloseButton size="2xs" aria-label={`Remove ${c.name}`} onClick={c.onRemove} />
                  </Tag.EndElement>
                </Tag.Root>
              ))}
            </Flex>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              None chosen.
            </Text>
          )}
          {search}
          {children}
        </Stack>
      </Box>
      {error ? (
        <Text id={`${id}-error`} fontSize="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(v: string): void;
}) {
  return (
    <InputGroup startElement={<MdiIcon path={mdiMagnify} />}>
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </InputGroup>
  );
}

function Choice({
  label,
  detail,
  checked,
  onChange,
}: {
  label: string;
  detail?: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} size="sm">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {label}
        {detail ? (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            · {detail}
          </Text>
        ) : null}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

export interface ProductPickerProps {
  value: ChosenProduct[];
  onChange(next: ChosenProduct[]): void;
  error?: string;
}

/** Products by name or pid, searched on the server (`GET /v1/admin/products?q=`), several at once. */
export function ProductPicker({ value, onChange, error }: ProductPickerProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    ...adminProductQueries.list({ q, limit: PRODUCT_RESULTS, offset: 0, sort: 'name' }),
    enabled: q.length > 0,
  });
  useErrorToast(results.error, 'discount-product-search-error');
  const chosen = new Set(value.map((p) => p.productId));
  const rows = q ? (results.data?.data ?? []) : [];

  return (
    <PickerFrame
      label="Products"
      error={error}
      chosen={value.map((p) => ({
        id: p.productId,
        name: p.name,
        onRemove: () => onChange(value.filter((x) => x.productId !== p.productId)),
      }))}
      search={
        <SearchBox
          label="Search products"
          placeholder="Product name or code"
          value={text}
          onChange={setText}
        />
      }
    >
      {q && results.isPending ? (
        <Skeleton height="8" aria-label="Searching products" />
      ) : q && rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No products match “{q}”.
        </Text>
      ) : rows.length ? (
        <Stack role="group" aria-label="Matching products" gap="2" ps="1">
          {rows.map((p) => (
            <Choice
              key={p.productId}
              label={p.name}
              detail={p.minPrice === p.maxPrice ? `KSh ${p.minPrice}` : `KSh ${p.minPrice}–${p.maxPrice}`}
              checked={chosen.has(p.productId)}
              onChange={(on) =>
                onChange(
                  on
                    ? [
                        ...value,
                        {
                          productId: p.productId,
                          name: p.name,
                          minPrice: p.variantCount ? p.minPrice : null,
                        },
                      ]
                    : value.filter((x) => x.productId !== p.productId),
                )
              }
            />
          ))}
        </Stack>
      ) : null}
    </PickerFrame>
  );
}

export interface CategoryPickerProps {
  value: ChosenCategory[];
  onChange(next: ChosenCategory[]): void;
  error?: string;
}

/** The shop's categories (a short list), filtered as the admin types. */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const [text, setText] = useState('');
  const categories = useQuery(categoryQueries.list());
  useErrorToast(categories.error, 'discount-categories-error');
  const chosen = new Set(value.map((c) => c.categoryId));
  const needle = text.trim().toLowerCase();
  const rows = (categories.data?.rows ?? []).filter((c) => !needle || c.name.toLowerCase().includes(needle));

  return (
    <PickerFrame
      label="Categories"
      error={error}
      chosen={value.map((c) => ({
        id: c.categoryId,
        name: c.name,
        onRemove: () => onChange(value.filter((x) => x.categoryId !== c.categoryId)),
      }))}
      search={
        <SearchBox label="Search categories" placeholder="Category name" value={text} onChange={setText} />
      }
    >
      {categories.isPending ? (
        <Skeleton height="8" aria-label="Loading categories" />
      ) : rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No categories match “{text.trim()}”.
        </Text>
      ) : (
        <Stack role="group" aria-label="Matching categories" gap="2" ps="1" maxH="40" overflowY="auto">
          {rows.map((c) => (
            <Choice
              key={c.categoryId}
              label={c.name}
              detail={`${c.productCount} ${c.productCount === 1 ? 'product' : 'products'}`}
              checked={chosen.has(c.categoryId)}
              onChange={(on) =>
                onChange(
                  on
                    ? [...value, { categoryId: c.categoryId, name: c.name }]
                    : value.filter((x) => x.categoryId !== c.categoryId),
                )
              }
            />
          ))}
        </Stack>
      )}
    </PickerFrame>
  );
}
