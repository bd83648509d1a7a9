import {
  Badge,
  Box,
  Button,
  Circle,
  HStack,
  IconButton,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { PageFrame } from '@/components/layout/page-frame';
import { categoryQueries } from '@/features/catalogue';
import { toastError } from '@/lib/errors';
import { useErrorToast } from '@/lib/use-error-toast';
import type { Category } from '@contract/catalogue';
import { mdiArrowDown, mdiArrowUp, mdiDeleteOutline, mdiPencilOutline, mdiShapePlusOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useReorderCategories } from '../api/category-mutations';
import { EditCategoryDialog } from './category-dialogs';
import { DeleteCategoryDialog } from './delete-category-dialog';

const productCount = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

function moved(rows: readonly Category[], from: number, to: number): Category[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

interface RowProps {
  category: Category;
  index: number;
  last: number;
  onMove(to: number): void;
  onEdit(): void;
  onDelete(): void;
}

function CategoryRow({ category, index, last, onMove, onEdit, onDelete }: RowProps) {
  return (
    <HStack
      as="li"
      aria-label={category.name}
      gap={{ base: '2', md: '4' }}
      px={{ base: '3', md: '4' }}
      py="3"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      colorPalette={category.color}
    >
      <Stack gap="0">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Move ${category.name} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <MdiIcon path={mdiArrowUp} />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Move ${category.name} down`}
          disabled={index === last}
          onClick={() => onMove(index + 1)}
        >
          <MdiIcon path={mdiArrowDown} />
        </IconButton>
      </Stack>
      <Circle size="10" bg="colorPalette.subtle" color="colorPalette.fg" flexShrink="0">
        <MdiIcon path={category.iconPath} boxSize="6" />
      </Circle>
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="semibold" truncate>
          {category.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          /{category.slug} · {productCount(category.productCount)}
        </Text>
      </Stack>
      <Badge variant="subtle" hideBelow="sm">
        {category.color}
      </Badge>
      <IconButton size="sm" variant="ghost" aria-label={`Edit ${category.name}`} onClick={onEdit}>
        <MdiIcon path={mdiPencilOutline} />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`Delete ${category.name}`}
        onClick={onDelete}
      >
        <MdiIcon path={mdiDeleteOutline} />
      </IconButton>
    </HStack>
  );
}

type Open = { kind: 'edit' | 'delete'; category: Category } | null;

export interface CategoriesPageProps {
  adminId: string;
  /** The create route's dialog (categories/create), drawn over the list. */
  children?: ReactNode;
}

/** The back office's categories: their landing-page order, add, edit and delete. */
export function CategoriesPage({ adminId, children }: CategoriesPageProps) {
  const { data, isPending, error } = useQuery(categoryQueries.list());
  useErrorToast(error, 'admin-categories-error');
  const reorder = useReorderCategories();
  const [open, setOpen] = useState<Open>(null);
  const [announcement, setAnnouncement] = useState('');
  const rows = data?.rows ?? [];

  function move(from: number, to: number) {
    const category = rows[from]!;
    reorder.mutate(moved(rows, from, to), {
      onSuccess: () => setAnnouncement(`${category.name} is now number ${to + 1} of ${rows.length}.`),
      onError: (e) => toastError(e),
    });
  }

  return (
    <PageFrame
      title="Categories"
      description="The aisles of the shop, in the order the landing page shows them."
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted">
          {data ? `${data.count} ${data.count === 1 ? 'category' : 'categories'}` : ' '}
        </Text>
        <Button asChild colorPalette="primary">
          <Link to="/admin/$adminId/categories/create" params={{ adminId }}>
            <MdiIcon path={mdiShapePlusOutline} />
            Add new Category
          </Link>
        </Button>
      </HStack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {isPending ? (
        <Stack gap="2" role="status">
          <VisuallyHidden>Loading categories…</VisuallyHidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h="16" rounded="l3" />
          ))}
        </Stack>
      ) : !data ? (
        <Text color="fg.muted">We could not load the categories.</Text>
      ) : rows.length === 0 ? (
        <Box p="6" borderWidth="1px" borderStyle="dashed" rounded="l3" textAlign="center" color="fg.muted">
          No categories yet. Add the first one to group products on the landing page.
        </Box>
      ) : (
        <Stack as="ol" aria-label="Categories in landing-page order" gap="2" listStyleType="none">
          {rows.map((category, index) => (
            <CategoryRow
              key={category.categoryId}
              category={category}
              index={index}
              last={rows.length - 1}
              onMove={(to) => move(index, to)}
              onEdit={() => setOpen({ kind: 'edit', category })}
              onDelete={() => setOpen({ kind: 'delete', category })}
            />
          ))}
        </Stack>
      )}
      {open?.kind === 'edit' ? (
        <EditCategoryDialog category={open.category} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteCategoryDialog category={open.category} categories={rows} onClose={() => setOpen(null)} />
      ) : null}
      {children}
    </PageFrame>
  );
}
