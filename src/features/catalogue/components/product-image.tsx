import { Box, Center, Image as ChakraImage, type BoxProps } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import type { Image, ImageSize } from '@contract/catalogue';
import { mdiImageOffOutline } from '@mdi/js';

/**
 * Nominal widths of the renditions (server/db/seed/images.ts makes 160/400/800 px; the mocks draw
 * 160/480/1200). They only guide the browser's pick from the srcset.
 */
const RENDITION_WIDTH: Record<ImageSize, number> = { thumb: 160, card: 400, detail: 800 };

export interface ProductImageProps extends Omit<BoxProps, 'children'> {
  image: Image | undefined;
  /** The rendition `src` falls back to; the srcset offers every rendition. */
  size: ImageSize;
  /** The `sizes` attribute: how wide the image shows. */
  sizes: string;
  /** Above the fold: load now, with high priority, instead of lazily. */
  priority?: boolean;
  /** Alternative text; the image's own alt text when omitted. Empty for a decorative copy. */
  alt?: string;
}

/**
 * A product picture in a frame of fixed aspect ratio, so nothing moves when it arrives: width and
 * height are set from the image, the renditions are offered as a srcset, and pictures below the
 * fold load lazily.
 */
export function ProductImage({
  image,
  size,
  sizes,
  priority = false,
  alt,
  aspectRatio = '4 / 3',
  ...frame
}: ProductImageProps) {
  return (
    <Box position="relative" aspectRatio={aspectRatio} bg="bg.muted" overflow="hidden" {...frame}>
      {image ? (
        <ChakraImage
          src={image.urls[size]}
          srcSet={(['thumb', 'card', 'detail'] as const)
            .map((s) => `${image.urls[s]} ${Math.min(RENDITION_WIDTH[s], image.width)}w`)
            .join(', ')}
          sizes={sizes}
          htmlWidth={image.width}
          htmlHeight={image.height}
          alt={alt ?? image.altText}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : 'async'}
          w="full"
          h="full"
          fit="cover"
        />
      ) : (
        <Center
          h="full"
          color="fg.subtle"
          role={alt === '' ? undefined : 'img'}
          aria-label={alt === '' ? undefined : 'No picture yet'}
        >
          <MdiIcon path={mdiImageOffOutline} boxSize="10" />
        </Center>
      )}
    </Box>
  );
}
