import { useRecipe, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { cx, useStaticClasses } from '@/lib/static-classes';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryPalette } from './category-style';
import { PriceTag, SaveBadge, StockLabel } from './price-tag';
import { ProductImage } from './product-image';
import { productLink } from '../model/paths';
import { attributeLabels, cardVariant, isInStock, type ProductView } from '../model/product-view';

/** How wide a card image shows at each breakpoint of the grid (2 / 3 / 4 columns). */
const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 960px) 25vw, (min-width: 600px) 33vw, 50vw';

export interface ProductCardProps {
  product: ProductView;
  /** Load the picture at once with high priority (the first row). */
  priority?: boolean;
  /** The cart control under the card (Add to Cart, or − quantity +); the route composes it in. */
  action?: ReactNode;
  /** The save (heart) button on the picture; the route composes it in. */
  save?: ReactNode;
  /** The category the shopper is browsing, carried into the product link. */
  viaCategoryId?: string;
}

/** What a route composes into every card of a listing: the cart control and the save button. */
export interface CardSlots {
  renderAction?: (product: ProductView) => ReactNode;
  renderSave?: (product: ProductView) => ReactNode;
}

/**
 * The classes of a card: the theme's card and tag recipes, resolved once for every card of every grid
 * (src/lib/static-classes.ts) rather than per element on each render, which was most of a grid's
 * main-thread time.
 */
function useCardClasses() {
  const classOf = useStaticClasses();
  const card = useSlotRecipe({ key: 'card' });
  const tag = useSlotRecipe({ key: 'tag' });
  const slot = (part: 'root' | 'body' | 'footer', extra: SystemStyleObject) =>
    classOf(`product-card.${part}`, () => [card({ size: 'sm' })[part] ?? {}, extra]);
  const chip = (variant: 'subtle' | 'outline', palette: string) =>
    cx(
      classOf(`product-card.chip.${variant}`, () => tag({ size: 'sm', variant }).root ?? {}),
      classOf(`palette.${palette}`, () => ({ colorPalette: palette })),
    );
  return {
    root: slot('root', { h: 'full', overflow: 'hidden', bg: 'bg.panel' }),
    body: slot('body', { gap: '2', p: '3' }),
    footer: slot('footer', { p: '3', pt: '0' }),
    media: classOf('product-card.media', () => ({ position: 'relative' })),
    badge: classOf('product-card.badge', () => ({
      position: 'absolute',
      top: '2',
      insetStart: '2',
      pointerEvents: 'none',
    })),
    save: classOf('product-card.save', () => ({ position: 'absolute', top: '2', insetEnd: '2' })),
    name: classOf('product-card.name', () => ({
      fontWeight: 'semibold',
      lineHeight: '1.25',
      lineClamp: '2',
      minH: '2.5em',
    })),
    nameLink: classOf('product-card.name-link', () => ({
      _hover: { color: 'primary.fg', textDecoration: 'underline' },
    })),
    muted: classOf('product-card.muted', () => ({ color: 'fg.muted' })),
    chips: classOf('product-card.chips', () => ({
      display: 'flex',
      flexWrap: 'wrap',
      gap: '1.5',
      listStyleType: 'none',
    })),
    chipLabel: classOf('product-card.chip-label', () => tag({ size: 'sm' }).label ?? {}),
    chip,
    stock: classOf('product-card.stock', () => ({ display: 'flex', mt: 'auto', pt: '1' })),
  };
}

/**
 * A product in a grid (docs/behaviour.md#product-card): picture, name, price (with the 'SAVE n%' badge and
 * the struck original while on sale), category chips, the first variant's 'name: value' chips and the stock.
 */
export function ProductCard({ product, priority = false, action, save, viaCategoryId }: ProductCardProps) {
  const { t } = useTranslation('catalogue');
  const c = useCardClasses();
  const headingId = useId();
  const variant = cardVariant(product);
  const link = productLink({ ...product, categoryId: viaCategoryId });
  const attributes = variant ? attributeLabels(product, variant, t('option')) : [];
  return (
    <article aria-labelledby={headingId} className={c.root} data-testid="product-card">
      <div className={c.media}>
        {/* The name below is the link people and screen readers use; the picture is a larger target. */}
        <Link {...link} tabIndex={-1} aria-hidden="true">
          <ProductImage
            image={product.images[0]}
            size="card"
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            alt=""
          />
        </Link>
        {variant ? (
          <div className={c.badge}>
            <SaveBadge variant={variant} />
          </div>
        ) : null}
        {save ? <div className={c.save}>{save}</div> : null}
      </div>
      <div className={c.body}>
        <h3 id={headingId} className={c.name}>
          <Link {...link} className={c.nameLink}>
            {product.name}
          </Link>
        </h3>
        {variant ? <PriceTag variant={variant} /> : <p className={c.muted}>{t('priceNotSet')}</p>}
        <ul className={c.chips} aria-label={t('categoriesAndOptions')}>
          {product.categories.map((category) => (
            <li key={category.categoryId} className={c.chip('subtle', categoryPalette(category.color))}>
              <span className={c.chipLabel}>{category.name}</span>
            </li>
          ))}
          {attributes.map((label) => (
            <li key={label} className={c.chip('outline', 'support')}>
              <span className={c.chipLabel}>{label}</span>
            </li>
          ))}
        </ul>
        <div className={c.stock}>
          <StockLabel inStock={isInStock(variant)} />
        </div>
      </div>
      {action ? <div className={c.footer}>{action}</div> : null}
    </article>
  );
}

/** A card's placeholder, the same size as the card, while a page of products loads. */
export function ProductCardSkeleton() {
  const c = useCardClasses();
  const classOf = useStaticClasses();
  const skeleton = useRecipe({ key: 'skeleton' });
  const bone = (name: string, style: SystemStyleObject) =>
    cx(
      classOf('product-card.bone', () => skeleton({})),
      classOf(`product-card.bone.${name}`, () => style),
    );
  return (
    <div className={c.root} aria-hidden="true" data-testid="product-card-skeleton">
      <div className={bone('picture', { aspectRatio: '4 / 3', rounded: 'none' })} />
      <div className={c.body}>
        <div
          className={classOf('product-card.bone-lines', () => ({
            display: 'grid',
            gap: '1.5',
            minH: '2.5em',
          }))}
        >
          <div className={bone('line', { h: '4' })} />
          <div className={bone('line-short', { h: '4', maxW: '80%' })} />
        </div>
        <div className={bone('price', { h: '6', w: '50%' })} />
        <div className={classOf('product-card.bone-chips', () => ({ display: 'flex', gap: '1.5' }))}>
          <div className={bone('chip', { h: '5', w: '16', rounded: 'full' })} />
          <div className={bone('chip-wide', { h: '5', w: '20', rounded: 'full' })} />
        </div>
        <div className={bone('stock', { h: '5', w: '16', mt: 'auto' })} />
      </div>
      <div className={c.footer}>
        <div className={bone('action', { h: '10', w: 'full' })} />
      </div>
    </div>
  );
}
