import { Box, Circle, Grid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import type { Category } from '@contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { categoryQueries } from '../api/category-queries';
import { useErrorToast } from '@/lib/use-error-toast';
import { categoryLink } from '../model/paths';
import { categoryIcon, categoryPalette } from './category-style';

/*
 * One row at every width, never a second row with one category left alone on it: the tiles share
 * the row when they fit (nine do on a laptop) and it scrolls sideways, snapping, when they don't
 * (phones, tablets, or a longer list). On phones it runs to the screen's edges.
 */
const layout = {
  gridAutoFlow: 'column',
  gridAutoColumns: { base: '7.5rem', md: 'minmax(7.5rem, 1fr)' },
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollPaddingInline: { base: '4', md: '0' },
  gap: { base: '3', md: '4' },
  pb: '2',
  mx: { base: '-4', md: '0' },
  px: { base: '4', md: '0' },
} as const;

const TILE_HEIGHT = '8.5rem';

function CategoryTile({ category }: { category: Category }) {
  const { t } = useTranslation('catalogue');
  const palette = categoryPalette(category.color);
  return (
    <Box as="li" scrollSnapAlign="start">
      <Link {...categoryLink(category)}>
        <Stack
          colorPalette={palette}
          align="center"
          justify="center"
          gap="2"
          h={TILE_HEIGHT}
          px="2"
          bg="bg.panel"
          borderWidth="1px"
          rounded="l3"
          textAlign="center"
          transition="border-color 150ms, box-shadow 150ms"
          _hover={{ borderColor: 'colorPalette.solid', shadow: 'sm' }}
        >
          <Circle size="12" bg="colorPalette.subtle" color="colorPalette.fg">
            <MdiIcon path={categoryIcon(category)} boxSize="7" />
          </Circle>
          <Text fontWeight="semibold" fontSize="sm" lineHeight="1.2" lineClamp="2">
            {category.name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t('productCount', { count: category.productCount })}
          </Text>
        </Stack>
      </Link>
    </Box>
  );
}

/**
 * The categories of the shop as tiles with their icon and colour (docs/behaviour.md#routes), each opening its
 * page.
 */
export function CategoryList({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation('catalogue');
  const { data, isPending, error } = useQuery(categoryQueries.list());
  useErrorToast(error, 'categories-error');

  if (isPending) {
    return (
      <Grid {...layout} role="status" aria-labelledby={labelledBy}>
        <VisuallyHidden>{t('loadingCategories')}</VisuallyHidden>
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} h={TILE_HEIGHT} rounded="l3" />
        ))}
      </Grid>
    );
  }
  if (!data) {
    return <Text color="fg.muted">{t('categoriesFailed')}</Text>;
  }
  return (
    <Grid as="ul" listStyleType="none" aria-labelledby={labelledBy} {...layout}>
      {data.rows.map((category) => (
        <CategoryTile key={category.categoryId} category={category} />
      ))}
    </Grid>
  );
}
