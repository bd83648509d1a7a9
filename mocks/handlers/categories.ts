import { http, HttpResponse } from 'msw';
import {
  CategoryDeleted,
  CategoryIdParams,
  CategoryInput,
  CategoryOrder,
  duplicateNameMessage,
  DeleteCategoryQuery,
} from '../../contract/admin';
import { Category } from '../../contract/catalogue';
import { countRows, envelope } from '../../contract/common';
import { uniqueSlug } from '../../contract/slug';
import { adminOf } from '../admin';
import { mockDb } from '../db';
import type { FixtureCategory } from '../fixtures/catalogue';
import { errorResponse, invalid, jsonBody, queryObject, isResponse } from '../http';
import { categoryList, toCategory } from './catalogue';

/*
 * The back office's category writes (contract/admin.ts): create, edit, delete (moving the products
 * or leaving them uncategorised) and the landing-page order. Admins only; answers go through their
 * contract schemas, errors through the server's envelope.
 */

const CategoryBody = envelope(Category);
const CategoriesBody = envelope(countRows(Category));
const DeletedBody = envelope(CategoryDeleted);

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The body as a category with its icon's path, or the 400 to answer: schema issues or an unknown icon.
 * The icon set (2.8 MB) is imported here, by the back office's writes, not with the mocks: every page
 * of the mocked shop would otherwise load and parse it before its first answer.
 */
async function readCategory(request: Request): Promise<(CategoryInput & { iconPath: string }) | Response> {
  const body = CategoryInput.safeParse(await jsonBody(request));
  if (!body.success) return invalid('json', body.error);
  const { iconPath, isIconName } = await import('../../contract/icons');
  if (!isIconName(body.data.icon)) {
    return errorResponse(400, 'validation_failed', 'Invalid json: icon: is not a Material Design icon.', [
      { path: 'icon', message: 'is not a Material Design icon' },
    ]);
  }
  return { ...body.data, iconPath: iconPath(body.data.icon) };
}

/** The 409 when another category has the name (checked right before the write, as a unique index would). */
function nameTaken(name: string, self?: string): Response | null {
  const clash = mockDb.catalogue.categories.find((c) => c.id !== self && sameName(c.name, name));
  return clash ? errorResponse(409, 'duplicate_name', duplicateNameMessage('category', clash.name)) : null;
}

function categoryById(params: unknown): FixtureCategory | Response {
  const parsed = CategoryIdParams.safeParse(params);
  if (!parsed.success) return invalid('param', parsed.error);
  const category = mockDb.catalogue.categories.find((c) => c.id === parsed.data.id);
  return category ?? errorResponse(404, 'not_found', 'Category was not found.');
}

export const categoryAdminHandlers = [
  http.post('*/api/v1/categories/reorder', async ({ request }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const body = CategoryOrder.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const { categories } = mockDb.catalogue;
    const ids = body.data.categoryIds;
    if (ids.length !== categories.length || !categories.every((c) => ids.includes(c.id))) {
      const message = 'must list every category exactly once';
      return errorResponse(400, 'validation_failed', `Invalid json: categoryIds: ${message}.`, [
        { path: 'categoryIds', message },
      ]);
    }
    for (const c of categories) c.position = ids.indexOf(c.id);
    return HttpResponse.json(CategoriesBody.parse({ data: categoryList(mockDb.catalogue) }));
  }),

  http.post('*/api/v1/categories', async ({ request }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const input = await readCategory(request);
    if (isResponse(input)) return input;
    const taken = nameTaken(input.name);
    if (taken) return taken;
    const { categories } = mockDb.catalogue;
    const category: FixtureCategory = {
      id: crypto.randomUUID(),
      slug: uniqueSlug(input.name, (slug) => categories.some((c) => c.slug === slug)),
      name: input.name,
      icon: input.icon,
      iconPath: input.iconPath,
      color: input.color,
      position: Math.max(-1, ...categories.map((c) => c.position)) + 1,
    };
    categories.push(category);
    return HttpResponse.json(CategoryBody.parse({ data: toCategory(category, mockDb.catalogue) }), {
      status: 201,
    });
  }),

  http.put('*/api/v1/categories/:id', async ({ request, params }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const category = categoryById(params);
    if (isResponse(category)) return category;
    const input = await readCategory(request);
    if (isResponse(input)) return input;
    const taken = nameTaken(input.name, category.id);
    if (taken) return taken;
    // The slug is the category's address: it stays when the name changes, so shared links keep working.
    Object.assign(category, {
      name: input.name,
      icon: input.icon,
      iconPath: input.iconPath,
      color: input.color,
    });
    return HttpResponse.json(CategoryBody.parse({ data: toCategory(category, mockDb.catalogue) }));
  }),

  http.delete('*/api/v1/categories/:id', ({ request, params }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const category = categoryById(params);
    if (isResponse(category)) return category;
    const query = DeleteCategoryQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const { moveTo } = query.data;
    if (moveTo === category.id) {
      const message = 'must be another category';
      return errorResponse(400, 'validation_failed', `Invalid query: moveTo: ${message}.`, [
        { path: 'moveTo', message },
      ]);
    }
    if (moveTo && !mockDb.catalogue.categories.some((c) => c.id === moveTo)) {
      return errorResponse(400, 'validation_failed', 'Invalid query: moveTo: is not a category.', [
        { path: 'moveTo', message: 'is not a category' },
      ]);
    }
    const held = mockDb.catalogue.products.filter((p) => p.categoryIds.includes(category.id));
    for (const product of held) {
      product.categoryIds = product.categoryIds.filter((id) => id !== category.id);
      if (moveTo && !product.categoryIds.includes(moveTo)) product.categoryIds.push(moveTo);
    }
    mockDb.catalogue.categories = mockDb.catalogue.categories.filter((c) => c.id !== category.id);
    return HttpResponse.json(
      DeletedBody.parse({
        data: { categoryId: category.id, products: held.length, movedTo: moveTo ?? null },
      }),
    );
  }),
];
