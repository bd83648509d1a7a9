import { encodeBase64Url } from '@/lib/base64';
import { describe, expect, it } from 'vitest';
import { categoryPath, parseCategoryParam, parseProductParam, productLink, productPath } from './paths';

const productId = '00000003-0000-4000-8000-000000000003';
const categoryId = '00000001-0000-4000-8000-000000000001';

describe('catalogue addresses', () => {
  it('carry the product id and its category URL-safe base64 encoded', () => {
    const path = productPath({ productId, categoryId });
    expect(path).toBe(`/view/product/${encodeBase64Url(productId)}?c=${encodeBase64Url(categoryId)}`);
    expect(path).toMatch(/^\/view\/product\/[A-Za-z0-9_-]+\?c=[A-Za-z0-9_-]+$/);
    expect(productLink({ productId, categoryIds: [categoryId] }).search).toEqual({
      c: encodeBase64Url(categoryId),
    });
    // A search result without a category still links to the product.
    expect(productPath({ productId, categoryId: null })).toBe(`/view/product/${encodeBase64Url(productId)}`);
    expect(categoryPath({ categoryId })).toBe(`/view/category/${encodeBase64Url(categoryId)}`);
  });

  it('read back what they encode', () => {
    expect(parseProductParam(encodeBase64Url(productId))).toBe(productId);
    expect(parseCategoryParam(encodeBase64Url(categoryId))).toBe(categoryId);
    expect(parseCategoryParam(encodeBase64Url('fruits-vegetables'))).toBe('fruits-vegetables');
    // Padded base64 from other tools is read too.
    expect(parseCategoryParam(`${encodeBase64Url('bakery')}==`)).toBe('bakery');
  });

  it('refuse values that name nothing readable', () => {
    expect(parseProductParam('not base64!')).toBeNull();
    expect(parseProductParam(encodeBase64Url('sukuma-wiki'))).toBeNull();
    expect(parseProductParam(productId)).toBeNull();
    expect(parseCategoryParam('%%%')).toBeNull();
    expect(parseCategoryParam(encodeBase64Url('a\u0000b'))).toBeNull();
    expect(parseCategoryParam(undefined)).toBeNull();
  });
});
