import { Box, chakra, HStack, Stack } from '@chakra-ui/react';
import type { Image } from '@contract/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaticClasses } from '@/lib/static-classes';
import { ProductImage } from './product-image';

/** The product's pictures: the chosen one at detail size, with thumbnails to switch. */
export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const { t } = useTranslation('catalogue');
  const [chosen, setChosen] = useState(0);
  const shown = images[Math.min(chosen, images.length - 1)];
  const framed = useStaticClasses()('product-gallery.frame', () => ({ rounded: 'l3', borderWidth: '1px' }));
  return (
    <Stack gap="3">
      <ProductImage
        image={shown}
        size="detail"
        sizes="(min-width: 960px) 600px, 100vw"
        priority
        alt={shown ? shown.altText || name : name}
        className={framed}
      />
      {images.length > 1 ? (
        <HStack as="ul" listStyleType="none" gap="2" aria-label={t('pictures')} flexWrap="wrap">
          {images.map((image, i) => (
            <Box as="li" key={image.imageId}>
              <chakra.button
                type="button"
                aria-label={t('showPicture', { number: i + 1, total: images.length })}
                aria-pressed={i === chosen}
                onClick={() => setChosen(i)}
                display="block"
                w={{ base: '16', md: '20' }}
                rounded="l2"
                overflow="hidden"
                borderWidth="2px"
                borderColor={i === chosen ? 'primary.solid' : 'transparent'}
                cursor="pointer"
                _focusVisible={{
                  outline: '2px solid',
                  outlineColor: 'primary.focusRing',
                  outlineOffset: '2px',
                }}
              >
                <ProductImage image={image} size="thumb" sizes="80px" alt="" />
              </chakra.button>
            </Box>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}
