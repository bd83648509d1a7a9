import type { ProductView } from '@/features/catalogue';
import { describe, expect, it } from 'vitest';
import { searchLoadedProducts } from './offline-search';

let next = 0;
const product = (name: string, over: Partial<ProductView> = {}): ProductView =>
  ({
    productId: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
    pid: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    description: `${name}, fresh`,
    recipeTips: '',
    images: [],
    categories: [],
    variants: [{ quantity: 3, isAvailable: true }],
    attributeNames: {},
    ...over,
  }) as ProductView;

const names = (found: { name: string }[]) => found.map((r) => r.name);

describe('searching the products already loaded', () => {
  const shelf = [
    product('Whole wheat flour'),
    product('Maize flour'),
    product('Flour tortillas'),
    product('Sukuma wiki'),
  ];

  it('matches every word of the query in the name, in any letter case, names starting with it first', () => {
    expect(names(searchLoadedProducts(shelf, 'FLOUR'))).toEqual([
      'Flour tortillas',
      'Maize flour',
      'Whole wheat flour',
    ]);
    expect(names(searchLoadedProducts(shelf, 'flour maize'))).toEqual(['Maize flour']);
    expect(searchLoadedProducts(shelf, 'omena')).toEqual([]);
    expect(searchLoadedProducts(shelf, '')).toEqual([]);
  });

  it('reads each as a search result: first category, small picture, whether it can be bought', () => {
    const omena = product('Omena', {
      categories: [
        { categoryId: 'c1', name: 'Meat & Fish' },
        { categoryId: 'c2', name: 'Other' },
      ],
      images: [{ urls: { thumb: '/t.webp', card: '/c.webp', detail: '/d.webp' } }],
      variants: [{ quantity: 0, isAvailable: true }],
    } as unknown as Partial<ProductView>);
    expect(searchLoadedProducts([omena], 'omena')).toEqual([
      {
        id: omena.productId,
        pid: 'omena',
        name: 'Omena',
        description: 'Omena, fresh',
        category: 'Meat & Fish',
        categoryId: 'c1',
        Images: [{ url: '/t.webp' }],
        available: false,
      },
    ]);
  });
});
