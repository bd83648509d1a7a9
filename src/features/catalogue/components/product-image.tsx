import { MdiIcon } from '@/components/mdi-icon';
import { cx, useStaticClasses } from '@/lib/static-classes';
import type { Image, ImageSize } from '@contract/catalogue';
import { mdiImageOffOutline } from '@mdi/js';
import { useTranslation } from 'react-i18next';

/**
 * Nominal widths of the renditions (server/db/seed/images.ts makes 160/400/800 px; the mocks draw
 * 160/480/1200). They only guide the browser's pick from the srcset.
 */
const RENDITION_WIDTH: Record<ImageSize, number> = { thumb: 160, card: 400, detail: 800 };

/** Every rendition of an image as a `srcset`. */
const imageSrcSet = (image: Image): string =>
  (['thumb', 'card', 'detail'] as const)
    .map((s) => `${image.urls[s]} ${Math.min(RENDITION_WIDTH[s], image.width)}w`)
    .join(', ');

export interface ProductImageProps {
  image: Image | undefined;
  /** The rendition `src` falls back to; the srcset offers every rendition. */
  size: ImageSize;
  /** The `sizes` attribute: how wide the image shows. */
  sizes: string;
  /** Above the fold: load now, with high priority, instead of lazily. */
  priority?: boolean;
  /** Alternative text; the image's own alt text when omitted. Empty for a decorative copy. */
  alt?: string;
  /** Extra classes for the frame (rounded corners, a border). */
  className?: string;
}

/**
 * A product picture in a 4:3 frame, so nothing moves when it arrives: width and height are set from
 * the image, the renditions are offered as a srcset, and pictures below the fold load lazily. Plain
 * elements with classes resolved once (src/lib/static-classes.ts): every card of a grid has one.
 */
export function ProductImage({ image, size, sizes, priority = false, alt, className }: ProductImageProps) {
  const { t } = useTranslation('catalogue');
  const classOf = useStaticClasses();
  const frame = classOf('product-image.frame', () => ({
    position: 'relative',
    aspectRatio: '4 / 3',
    bg: 'bg.muted',
    overflow: 'hidden',
  }));
  if (!image) {
    const empty = classOf('product-image.empty', () => ({
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      h: 'full',
      color: 'fg.subtle',
    }));
    return (
      <div className={cx(frame, className)}>
        <div
          className={empty}
          role={alt === '' ? undefined : 'img'}
          aria-label={alt === '' ? undefined : t('noPicture')}
        >
          <MdiIcon path={mdiImageOffOutline} boxSize="10" />
        </div>
      </div>
    );
  }
  const picture = classOf('product-image.img', () => ({
    display: 'block',
    w: 'full',
    h: 'full',
    objectFit: 'cover',
  }));
  return (
    <div className={cx(frame, className)}>
      <img
        className={picture}
        src={image.urls[size]}
        srcSet={imageSrcSet(image)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt ?? image.altText}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
      />
    </div>
  );
}
