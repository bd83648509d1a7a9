import { Badge, HStack, Text, VisuallyHidden, type StackProps } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import type { Variant } from '@contract/catalogue';
import { salePercent, unitPrice } from '@contract/pricing';

/** The green 'SAVE n%' badge of a variant on sale (spec §2, §9); nothing otherwise. */
export function SaveBadge({
  variant,
  size = 'md',
}: {
  variant: Pick<Variant, 'price' | 'saleInfo'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const percent = salePercent(variant);
  if (percent === null) return null;
  return (
    <Badge colorPalette="green" variant="solid" size={size} fontWeight="bold" letterSpacing="wide">
      SAVE {percent}%
    </Badge>
  );
}

export interface PriceTagProps extends StackProps {
  variant: Pick<Variant, 'price' | 'saleInfo'>;
  size?: 'md' | 'lg';
}

/** The price a shopper pays, and while on sale the original price struck through (KSH, 2 decimals). */
export function PriceTag({ variant, size = 'md', ...rest }: PriceTagProps) {
  const now = unitPrice(variant);
  const onSale = salePercent(variant) !== null;
  return (
    <HStack gap="2" flexWrap="wrap" align="baseline" rowGap="0" {...rest}>
      <Text
        as="span"
        fontWeight="bold"
        fontSize={size === 'lg' ? '2xl' : 'md'}
        color={onSale ? 'green.fg' : 'fg'}
        data-testid="price"
      >
        {onSale ? <VisuallyHidden>Sale price </VisuallyHidden> : null}
        {formatKsh(now)}
      </Text>
      {onSale ? (
        <Text as="s" color="fg.muted" fontSize={size === 'lg' ? 'md' : 'sm'} data-testid="original-price">
          <VisuallyHidden>Original price </VisuallyHidden>
          {formatKsh(variant.price)}
        </Text>
      ) : null}
    </HStack>
  );
}

/** 'In Stock' or 'Out of Stock' (spec §2). */
export function StockLabel({ inStock, size = 'sm' }: { inStock: boolean; size?: 'sm' | 'md' }) {
  return (
    <Text as="span" fontSize={size} fontWeight="semibold" color={inStock ? 'green.fg' : 'danger.fg'}>
      {inStock ? 'In Stock' : 'Out of Stock'}
    </Text>
  );
}
