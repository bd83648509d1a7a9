import { Box, chakra, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { Variant } from '@contract/catalogue';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeLabels, isInStock, type ProductView } from '../model/product-view';
import { PriceTag } from './price-tag';

/**
 * What a variant is, in words: its attributes as 'name: value' (docs/behaviour.md#product-page), else its
 * name.
 */
function variantLabel(
  product: Pick<ProductView, 'attributeNames'>,
  variant: Variant,
  unnamed: string,
): string {
  const labels = attributeLabels(product, variant, unnamed);
  return labels.length > 0 ? labels.join(' · ') : variant.name;
}

export interface VariantPickerProps {
  product: ProductView;
  value: string;
  onChange(variantId: string): void;
}

/** The product's variants as radio choices with their attributes, price and stock. */
export function VariantPicker({ product, value, onChange }: VariantPickerProps) {
  const { t } = useTranslation('catalogue');
  const name = useId();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" fontSize="md" mb="2">
        {t('chooseOption')}
      </Fieldset.Legend>
      <Stack gap="2">
        {product.variants.map((variant) => {
          const checked = variant.variantId === value;
          const inStock = isInStock(variant);
          return (
            <Box
              as="label"
              key={variant.variantId}
              display="grid"
              gridTemplateColumns="auto 1fr auto"
              gridTemplateAreas={{
                base: `"radio label label" "radio price price"`,
                sm: `"radio label price"`,
              }}
              alignItems="center"
              columnGap="3"
              rowGap="0.5"
              px="4"
              py="3"
              borderWidth={checked ? '2px' : '1px'}
              borderColor={checked ? 'primary.solid' : 'border'}
              bg={checked ? 'primary.50' : 'bg.panel'}
              rounded="l2"
              cursor="pointer"
              _focusWithin={{ outline: '2px solid', outlineColor: 'primary.focusRing', outlineOffset: '2px' }}
            >
              <chakra.input
                type="radio"
                name={name}
                value={variant.variantId}
                checked={checked}
                onChange={() => onChange(variant.variantId)}
                accentColor="primary.solid"
                gridArea="radio"
                w="4"
                h="4"
              />
              <Stack gridArea="label" gap="0" minW="0">
                <Text fontWeight="medium">{variantLabel(product, variant, t('option'))}</Text>
                {inStock ? null : (
                  <Text fontSize="sm" color="danger.fg">
                    {t('outOfStock')}
                  </Text>
                )}
              </Stack>
              <Box gridArea="price" display="flex" justifyContent={{ base: 'flex-start', sm: 'flex-end' }}>
                <PriceTag variant={variant} />
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Fieldset.Root>
  );
}
