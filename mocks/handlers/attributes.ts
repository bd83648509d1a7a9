import { http, HttpResponse } from 'msw';
import {
  AdminAttribute,
  AttributeDeleted,
  AttributeIdParams,
  AttributeInput,
  AttributeListQuery,
  AttributeValueBody,
  attributeRemovedSummary,
  compareText,
  duplicateNameMessage,
  ForceQuery,
  inUseMessage,
  valuesRemovedSummary,
} from '../../contract/admin';
import { countRows, envelope } from '../../contract/common';
import { adminOf, touchProducts } from '../admin';
import { mockDb } from '../db';
import type { FixtureAttribute } from '../fixtures/catalogue';
import { errorResponse, invalid, jsonBody, queryObject, isResponse } from '../http';

/*
 * The back office's attributes (contract/admin.ts): the list (`eager=true` fills the values and how
 * many products use each), create, update (the attribute without its id), delete, and delete one
 * value. Dropping a value that products use answers 409 `in_use` naming how many, unless `force=true`,
 * which takes the value off those variants.
 */

const ListBody = envelope(countRows(AdminAttribute));
const AttributeBody = envelope(AdminAttribute);
const DeletedBody = envelope(AttributeDeleted);

/**
 * The ids of the products with an active (not archived) variant carrying the attribute, with one of
 * `values` when given: "used by", as the server counts it. With `archivedToo`, every product that
 * would lose it (archived variants lose values without asking).
 */
function productsUsing(attributeId: string, values?: readonly string[], archivedToo = false): Set<string> {
  const ids = new Set<string>();
  for (const product of mockDb.catalogue.products) {
    const uses = product.variants.some(
      (v) =>
        (archivedToo || v.archivedAt === null) &&
        v.attributes.some((a) => a.attributeId === attributeId && (!values || values.includes(a.value))),
    );
    if (uses) ids.add(product.id);
  }
  return ids;
}

/** Takes the attribute (or only `values` of it) off every variant. */
function removeFromVariants(attributeId: string, values?: readonly string[]) {
  for (const variant of mockDb.catalogue.products.flatMap((p) => p.variants)) {
    variant.attributes = variant.attributes.filter(
      (a) => a.attributeId !== attributeId || (values !== undefined && !values.includes(a.value)),
    );
  }
}

function toAdminAttribute(a: FixtureAttribute, eager = true): AdminAttribute {
  return {
    attributeId: a.id,
    name: a.name,
    values: eager ? [...a.values].sort(compareText) : [],
    productCount: productsUsing(a.id).size,
    valueCounts: eager ? Object.fromEntries(a.values.map((v) => [v, productsUsing(a.id, [v]).size])) : {},
  };
}

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(' or ');
const forced = (request: Request) => ForceQuery.safeParse(queryObject(new URL(request.url)));

function attributeById(params: unknown): FixtureAttribute | Response {
  const parsed = AttributeIdParams.safeParse(params);
  if (!parsed.success) return invalid('param', parsed.error);
  const attribute = mockDb.catalogue.attributes.find((a) => a.id === parsed.data.attributeId);
  return attribute ?? errorResponse(404, 'not_found', 'Attribute was not found.');
}

/** The body as an attribute, or its 400. */
async function readAttribute(request: Request): Promise<AttributeInput | Response> {
  const body = AttributeInput.safeParse(await jsonBody(request));
  return body.success ? body.data : invalid('json', body.error);
}

/** The 409 when another attribute has the name (checked right before the write, as a unique index would). */
function nameTaken(name: string, self?: string): Response | null {
  const clash = mockDb.catalogue.attributes.find(
    (a) => a.id !== self && a.name.toLowerCase() === name.toLowerCase(),
  );
  return clash ? errorResponse(409, 'duplicate_name', duplicateNameMessage('attribute', clash.name)) : null;
}

const inUse = (what: string, products: number) => errorResponse(409, 'in_use', inUseMessage(what, products));

export const attributeHandlers = [
  http.get('*/api/v1/attribute', ({ request }) => {
    const who = adminOf(request, 'products.read');
    if ('error' in who) return who.error;
    const query = AttributeListQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const rows = [...mockDb.catalogue.attributes]
      .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id))
      .map((a) => toAdminAttribute(a, query.data.eager === 'true'));
    return HttpResponse.json(ListBody.parse({ data: { count: rows.length, rows } }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  }),

  http.post('*/api/v1/attribute', async ({ request }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const input = await readAttribute(request);
    if (isResponse(input)) return input;
    const taken = nameTaken(input.name);
    if (taken) return taken;
    const attribute: FixtureAttribute = { id: crypto.randomUUID(), name: input.name, values: input.values };
    mockDb.catalogue.attributes.push(attribute);
    return HttpResponse.json(AttributeBody.parse({ data: toAdminAttribute(attribute) }), { status: 201 });
  }),

  http.put('*/api/v1/attribute/:attributeId', async ({ request, params }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const attribute = attributeById(params);
    if (isResponse(attribute)) return attribute;
    const force = forced(request);
    if (!force.success) return invalid('query', force.error);
    const input = await readAttribute(request);
    if (isResponse(input)) return input;
    const taken = nameTaken(input.name, attribute.id);
    if (taken) return taken;
    const dropped = attribute.values.filter((v) => !input.values.includes(v));
    const users = dropped.length ? productsUsing(attribute.id, dropped).size : 0;
    if (users > 0 && force.data.force !== 'true') return inUse(`${attribute.name} ${quoted(dropped)}`, users);
    if (dropped.length) {
      const losing = productsUsing(attribute.id, dropped, true);
      removeFromVariants(attribute.id, dropped);
      touchProducts(who.admin, losing, valuesRemovedSummary(dropped, input.name));
    }
    Object.assign(attribute, { name: input.name, values: input.values });
    return HttpResponse.json(AttributeBody.parse({ data: toAdminAttribute(attribute) }));
  }),

  http.delete('*/api/v1/attribute/:attributeId/value', async ({ request, params }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const attribute = attributeById(params);
    if (isResponse(attribute)) return attribute;
    const force = forced(request);
    if (!force.success) return invalid('query', force.error);
    const body = AttributeValueBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    // Matched in any letter case, its own spelling preferred (as the server).
    const value =
      attribute.values.find((v) => v === body.data.value) ??
      attribute.values.find((v) => v.toLowerCase() === body.data.value.toLowerCase());
    if (value === undefined) {
      return errorResponse(404, 'not_found', `${attribute.name} has no value "${body.data.value}".`);
    }
    const users = productsUsing(attribute.id, [value]).size;
    if (users > 0 && force.data.force !== 'true') return inUse(`${attribute.name} "${value}"`, users);
    const losing = productsUsing(attribute.id, [value], true);
    removeFromVariants(attribute.id, [value]);
    attribute.values = attribute.values.filter((v) => v !== value);
    touchProducts(who.admin, losing, valuesRemovedSummary([value], attribute.name));
    return HttpResponse.json(AttributeBody.parse({ data: toAdminAttribute(attribute) }));
  }),

  http.delete('*/api/v1/attribute/:attributeId', ({ request, params }) => {
    const who = adminOf(request, 'taxonomy.write');
    if ('error' in who) return who.error;
    const attribute = attributeById(params);
    if (isResponse(attribute)) return attribute;
    const force = forced(request);
    if (!force.success) return invalid('query', force.error);
    const users = productsUsing(attribute.id).size;
    if (users > 0 && force.data.force !== 'true') return inUse(attribute.name, users);
    const losing = productsUsing(attribute.id, undefined, true);
    removeFromVariants(attribute.id);
    touchProducts(who.admin, losing, attributeRemovedSummary(attribute.name));
    mockDb.catalogue.attributes = mockDb.catalogue.attributes.filter((a) => a.id !== attribute.id);
    return HttpResponse.json(DeletedBody.parse({ data: { attributeId: attribute.id, products: users } }));
  }),
];
