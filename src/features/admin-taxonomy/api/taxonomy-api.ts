import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import type {
  AdminAttribute,
  AttributeDeleted,
  AttributeInput,
  CategoryDeleted,
  CategoryInput,
} from '@contract/admin';
import type { Category } from '@contract/catalogue';

/*
 * Fetchers of the back office's category and attribute calls (contract/admin.ts, docs/behaviour.md#calls).
 * `force` repeats a change the server refused with 409 `in_use` once the admin has confirmed it.
 */

export interface CountRows<T> {
  count: number;
  rows: T[];
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** Go ahead although products use what the change removes. */
  force?: boolean;
}

const forceParam = (force?: boolean) => (force ? { force: 'true' } : undefined);
const attributePath = (attributeId: string) => `v1/attribute/${encodeURIComponent(attributeId)}`;
const categoryPath = (categoryId: string) => `v1/categories/${encodeURIComponent(categoryId)}`;

/** `GET /api/v1/attribute`; `eager` fills each attribute's values and how many products use each. */
export function fetchAttributes(eager: boolean, signal?: AbortSignal): Promise<CountRows<AdminAttribute>> {
  return apiGet('v1/attribute', { searchParams: { eager: String(eager) }, signal });
}

/** `POST /api/v1/attribute` with the attribute as body. */
export function createAttribute(input: AttributeInput, signal?: AbortSignal): Promise<AdminAttribute> {
  return apiPost('v1/attribute', input, { signal });
}

/** `PUT /api/v1/attribute/{attributeId}` with the attribute without its id. */
export function updateAttribute(
  attributeId: string,
  input: AttributeInput,
  { signal, force }: WriteOptions = {},
): Promise<AdminAttribute> {
  return apiPut(attributePath(attributeId), input, { signal, searchParams: forceParam(force) });
}

/** `DELETE /api/v1/attribute/{attributeId}`. */
export function deleteAttribute(
  attributeId: string,
  { signal, force }: WriteOptions = {},
): Promise<AttributeDeleted> {
  return apiDelete(attributePath(attributeId), undefined, { signal, searchParams: forceParam(force) });
}

/** `DELETE /api/v1/attribute/{attributeId}/value` with a body naming the value. */
export function deleteAttributeValue(
  attributeId: string,
  value: string,
  { signal, force }: WriteOptions = {},
): Promise<AdminAttribute> {
  return apiDelete(
    `${attributePath(attributeId)}/value`,
    { value },
    { signal, searchParams: forceParam(force) },
  );
}

/** `POST /api/v1/categories`. */
export function createCategory(input: CategoryInput, signal?: AbortSignal): Promise<Category> {
  return apiPost('v1/categories', input, { signal });
}

/** `PUT /api/v1/categories/{id}`. */
export function updateCategory(categoryId: string, input: CategoryInput): Promise<Category> {
  return apiPut(categoryPath(categoryId), input);
}

/** `DELETE /api/v1/categories/{id}?moveTo=`: its products move there, or stay uncategorised. */
export function deleteCategory(categoryId: string, moveTo?: string): Promise<CategoryDeleted> {
  return apiDelete(categoryPath(categoryId), undefined, { searchParams: { moveTo } });
}

/** `POST /api/v1/categories/reorder` with every category id in the new landing-page order. */
export function reorderCategories(categoryIds: string[]): Promise<CountRows<Category>> {
  return apiPost('v1/categories/reorder', { categoryIds });
}
