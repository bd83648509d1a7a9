import {
  Box,
  Button,
  Center,
  Circle,
  Container,
  Field,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { usePageTitle } from '@/components/layout/page-title';
import { MdiIcon } from '@/components/mdi-icon';
import { useErrorToast } from '@/lib/use-error-toast';
import type { Category, ProductSort } from '@contract/catalogue';
import { mdiBasketOffOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { categoryQueries, findCategory } from '../api/category-queries';
import { categoryFilter } from '../model/listings';
import { isProductSort, SORT_OPTIONS } from '../model/sorts';
import { CatalogueNotFound } from './catalogue-not-found';
import { categoryIcon, categoryPalette } from './category-style';
import type { CardSlots } from './product-card';
import { ProductGrid } from './product-grid';

export interface CategoryPageProps extends CardSlots {
  /** The decoded category id or slug; null when the link did not carry one. */
  idOrSlug: string | null;
  sort: ProductSort;
  onSortChange(sort: ProductSort): void;
}

const frame = { maxW: '7xl', py: { base: '4', md: '8' }, px: { base: '4', md: '6' } } as const;

function CategoryHeader({
  category,
  sort,
  onSortChange,
}: { category: Category } & Pick<CategoryPageProps, 'sort' | 'onSortChange'>) {
  const { t } = useTranslation('catalogue');
  return (
    <Flex
      colorPalette={categoryPalette(category.color)}
      bg="colorPalette.subtle"
      rounded="l3"
      px={{ base: '4', md: '6' }}
      py={{ base: '4', md: '5' }}
      gap="4"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
    >
      <HStack gap="4" flex="1" minW="0">
        <Circle
          size={{ base: '12', md: '14' }}
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          flexShrink="0"
        >
          <MdiIcon path={categoryIcon(category)} boxSize="7" />
        </Circle>
        <Stack gap="0" minW="0">
          <Heading
            as="h1"
            id="category-heading"
            size={{ base: '2xl', md: '3xl' }}
            letterSpacing="tight"
            color="colorPalette.fg"
          >
            {category.name}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t('productCount', { count: category.productCount })}
          </Text>
        </Stack>
      </HStack>
      <Field.Root w={{ base: 'full', sm: '14rem' }} flexShrink="0">
        <Field.Label fontSize="sm">{t('sortBy')}</Field.Label>
        <NativeSelect.Root size="md" bg="bg.panel" rounded="l2">
          <NativeSelect.Field
            value={sort}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isProductSort(next)) onSortChange(next);
            }}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}

function EmptyCategory() {
  const { t } = useTranslation('catalogue');
  return (
    <EmptyPanel
      icon={mdiBasketOffOutline}
      tone="muted"
      title={t('emptyCategory.title')}
      description={t('emptyCategory.text')}
    >
      <Button asChild colorPalette="primary">
        <Link to="/" hash="our-products">
          {t('notFound.seeAll')}
        </Link>
      </Button>
    </EmptyPanel>
  );
}

function CategoryView({
  category,
  sort,
  onSortChange,
  ...slots
}: Omit<CategoryPageProps, 'idOrSlug'> & { category: Category }) {
  const { t } = useTranslation('catalogue');
  usePageTitle(category.name);
  return (
    <Container {...frame}>
      <Stack gap={{ base: '5', md: '8' }}>
        <CategoryHeader category={category} sort={sort} onSortChange={onSortChange} />
        {/* The cards' names are h3s: the list has its heading, for those who move by headings. */}
        <VisuallyHidden asChild>
          <h2>{t('productsIn', { name: category.name })}</h2>
        </VisuallyHidden>
        <ProductGrid
          filter={categoryFilter(category.categoryId, sort)}
          {...slots}
          priorityCount={4}
          viaCategoryId={category.categoryId}
          labelledBy="category-heading"
          empty={<EmptyCategory />}
        />
      </Stack>
    </Container>
  );
}

/** /view/category/{category}: its name and colour, a sort order and its products. */
export function CategoryPage({ idOrSlug, ...rest }: CategoryPageProps) {
  const { t } = useTranslation(['catalogue', 'common']);
  const categories = useQuery(categoryQueries.list());
  useErrorToast(categories.error, 'categories-error');
  if (!idOrSlug) return <CatalogueNotFound what="category" />;
  if (categories.isPending) {
    return (
      <Container {...frame} role="status" aria-label={t('loadingCategory')}>
        <Skeleton h={{ base: '36', sm: '24' }} rounded="l3" />
      </Container>
    );
  }
  if (!categories.data) {
    return (
      <Center py="20" px="4" role="alert">
        <Stack align="center" gap="3" textAlign="center">
          <Text fontWeight="semibold">{t('categoryFailed')}</Text>
          <Button colorPalette="primary" variant="outline" onClick={() => void categories.refetch()}>
            {t('common:tryAgain')}
          </Button>
        </Stack>
      </Center>
    );
  }
  const category = findCategory(categories.data.rows, idOrSlug);
  if (!category) return <CatalogueNotFound what="category" />;
  return (
    <Box>
      <CategoryView key={category.categoryId} category={category} {...rest} />
    </Box>
  );
}
