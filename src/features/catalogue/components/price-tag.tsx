import { useRecipe, VisuallyHidden } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import { cx, useStaticClasses } from '@/lib/static-classes';
import type { Variant } from '@contract/catalogue';
import { salePercent, unitPrice } from '@contract/pricing';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';

// Plain elements with theme classes resolved once (src/lib/static-classes.ts): a grid shows these on
// every card.

/** The green 'SAVE n%' badge of a variant on sale (docs/behaviour.md#product-card); nothing otherwise. */
export function SaveBadge({
  variant,
  size = 'md',
}: {
  variant: Pick<Variant, 'price' | 'saleInfo'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('catalogue');
  const classOf = useStaticClasses();
  const badge = useRecipe({ key: 'badge' });
  const percent = salePercent(variant);
  if (percent === null) return null;
  const className = classOf(`save-badge.${size}`, () => [
    badge({ variant: 'solid', size }),
    { colorPalette: 'green', fontWeight: 'bold', letterSpacing: 'wide' },
  ]);
  return <span className={className}>{t('saveBadge', { percent })}</span>;
}

export interface PriceTagProps {
  variant: Pick<Variant, 'price' | 'saleInfo'>;
  size?: 'md' | 'lg';
  /** Classes for the row (placement in the caller's layout). */
  className?: string;
}

/**
 * The price a shopper pays, and while on sale the original price struck through (KSH, 2 decimals);
 * offline, marked as the price last seen (it may have changed since).
 */
export function PriceTag({ variant, size = 'md', className }: PriceTagProps) {
  const { t } = useTranslation('catalogue');
  const classOf = useStaticClasses();
  const online = useOnline();
  const now = unitPrice(variant);
  const onSale = salePercent(variant) !== null;
  const row = classOf('price-tag.row', () => ({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: '2',
  }));
  const price = classOf(`price-tag.price.${size}.${onSale}`, () => ({
    fontWeight: 'bold',
    fontSize: size === 'lg' ? '2xl' : 'md',
    color: onSale ? 'green.fg' : 'fg',
  }));
  const original = classOf(`price-tag.original.${size}`, () => ({
    color: 'fg.muted',
    fontSize: size === 'lg' ? 'md' : 'sm',
  }));
  return (
    <div className={cx(row, className)}>
      <span className={price} data-testid="price">
        {onSale ? <VisuallyHidden>{t('salePrice')} </VisuallyHidden> : null}
        {formatKsh(now)}
      </span>
      {onSale ? (
        <s className={original} data-testid="original-price">
          <VisuallyHidden>{t('originalPrice')} </VisuallyHidden>
          {formatKsh(variant.price)}
        </s>
      ) : null}
      {online ? null : (
        <span className={original} data-testid="last-seen">
          {t('lastSeen')}
        </span>
      )}
    </div>
  );
}

/** 'In Stock' or 'Out of Stock' (docs/behaviour.md#product-card). */
export function StockLabel({ inStock, size = 'sm' }: { inStock: boolean; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('catalogue');
  const classOf = useStaticClasses();
  const className = classOf(`stock-label.${size}.${inStock}`, () => ({
    fontSize: size,
    fontWeight: 'semibold',
    color: inStock ? 'green.fg' : 'danger.fg',
  }));
  return <span className={className}>{inStock ? t('inStock') : t('outOfStock')}</span>;
}
