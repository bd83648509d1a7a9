import { useGlobalLoading } from '@/features/ui';
import { isApiError } from '@/lib/api-client';
import { createQueryClient } from '@/app/query-client';
import { wireSession } from '@/app/session-wiring';
import { renderApp } from '@/test/render-app';
import { admin, signInAs } from '@/test/tokens';
import { mockDb, resetMockDb } from '@mocks/db';
import { attributeIds } from '@mocks/fixtures/catalogue';
import { server } from '@mocks/node';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { attributeActions, MISSING_ATTRIBUTE_ID } from '../api/attribute-actions';

/** Every API call the page makes, as "METHOD path?query". */
function recordRequests() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname.replace(/^\/api/, '')}${url.search}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

/** Holds the matching requests until `release()`; then they go on to the mock API. */
function holdRequests(method: 'put' | 'delete', path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(http[method](path, async () => void (await gate)));
  return { release };
}

const productsWith = (attributeId: string, value: string) =>
  mockDb.catalogue.products.filter((p) =>
    p.variants.some((v) => v.attributes.some((a) => a.attributeId === attributeId && a.value === value)),
  ).length;

async function openAttributes() {
  signInAs(admin);
  const view = renderApp(`/admin/${admin.userId}/attributes`);
  await screen.findByRole('heading', { level: 1, name: 'Attributes' });
  const loading = renderHook(() => useGlobalLoading());
  return { ...view, loading };
}
/** The attribute changes as a signed-in admin's screens call them, without a screen. */
function adminActions() {
  signInAs(admin);
  onTestFinished(wireSession());
  return attributeActions(createQueryClient());
}
const card = async (name: string) => screen.findByRole('listitem', { name });

describe('the attribute manager', () => {
  beforeEach(() => resetMockDb());

  it('lists each attribute with its values as chips and how many products use them', async () => {
    await openAttributes();
    const weight = await card('Weight');
    const users = mockDb.catalogue.products.filter((p) =>
      p.variants.some((v) => v.attributes.some((a) => a.attributeId === attributeIds.weight)),
    ).length;
    expect(within(weight).getByText(`6 values · used by ${users} products`)).toBeInTheDocument();
    const values = within(within(weight).getByRole('list', { name: 'Values of Weight' })).getAllByRole(
      'listitem',
    );
    expect(values.map((v) => v.textContent)).toContain(
      `1 kg${productsWith(attributeIds.weight, '1 kg')} products`,
    );
  });

  it('creates an attribute with values, says so and re-fetches the eager list', async () => {
    const { user } = await openAttributes();
    const requests = recordRequests();
    await user.type(screen.getByRole('textbox', { name: 'Attribute name' }), 'Ripeness');
    const values = screen.getByRole('textbox', { name: 'Values of Ripeness' });
    await user.type(values, 'Ripe{Enter}Firm{Enter}ripe{Enter}');
    expect(
      screen.getAllByRole('button', { name: /^Remove value/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove value Ripe', 'Remove value Firm']);
    await user.click(screen.getByRole('button', { name: 'Create attribute' }));

    expect(await screen.findByText('Attribute created successfully!')).toBeInTheDocument();
    const ripeness = await card('Ripeness');
    expect(within(ripeness).getByText('2 values · used by 0 products')).toBeInTheDocument();
    expect(requests).toEqual(['POST /v1/attribute', 'GET /v1/attribute?eager=true']);
    expect(screen.getByRole('textbox', { name: 'Attribute name' })).toHaveValue('');
  });

  it('shows a taken name under the field', async () => {
    const { user } = await openAttributes();
    await user.type(screen.getByRole('textbox', { name: 'Attribute name' }), 'weight');
    await user.click(screen.getByRole('button', { name: 'Create attribute' }));
    expect(
      await screen.findByText('An attribute named "Weight" already exists. Choose another name.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Attribute name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('turns the loading flag on while a change runs and off at the end', async () => {
    const { user, loading } = await openAttributes();
    const held = holdRequests('delete', '*/api/v1/attribute/:attributeId/value');
    const volume = await card('Volume');
    await user.click(within(volume).getByRole('button', { name: 'Delete value 500 ml' }));
    await waitFor(() => expect(loading.result.current).toBe(true));
    act(() => held.release());
    await waitFor(() => expect(loading.result.current).toBe(false));
    // 500 ml is in use: the admin is asked first.
    expect(await screen.findByRole('alertdialog', { name: 'Delete "500 ml"?' })).toBeInTheDocument();
  });

  it('asks before deleting a value products use, naming how many, and deletes it when confirmed', async () => {
    const { user } = await openAttributes();
    const requests = recordRequests();
    const users = productsWith(attributeIds.volume, '1 L');
    await user.click(within(await card('Volume')).getByRole('button', { name: 'Delete value 1 L' }));

    const question = await screen.findByRole('alertdialog', { name: 'Delete "1 L"?' });
    expect(question).toHaveTextContent(`Volume "1 L" is used by ${users} product`);
    expect(mockDb.catalogue.attributes.find((a) => a.id === attributeIds.volume)!.values).toContain('1 L');
    await user.click(within(question).getByRole('button', { name: 'Delete value' }));

    expect(await screen.findByText('Value "1 L" deleted from Volume.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Volume' })).queryByText('1 L'),
      ).not.toBeInTheDocument(),
    );
    expect(productsWith(attributeIds.volume, '1 L')).toBe(0);
    expect(requests).toEqual([
      `DELETE /v1/attribute/${attributeIds.volume}/value`,
      'GET /v1/attribute?eager=true',
      `DELETE /v1/attribute/${attributeIds.volume}/value?force=true`,
      'GET /v1/attribute?eager=true',
    ]);
  });

  it('cancels a change still in flight when a second one of its kind starts', async () => {
    const requests = recordRequests();
    const loading = renderHook(() => useGlobalLoading());
    const held = holdRequests('put', '*/api/v1/attribute/:attributeId');
    const actions = adminActions();
    const values = [...mockDb.catalogue.attributes.find((a) => a.id === attributeIds.pack)!.values];

    const first = actions.update({ attributeId: attributeIds.pack, name: 'Packs', values });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(loading.result.current).toBe(true);
    const second = actions.update({ attributeId: attributeIds.pack, name: 'Pack size', values });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    // The cancelled change leaves the flag to the one that replaced it.
    expect(loading.result.current).toBe(true);

    act(() => held.release());
    await expect(second).resolves.toMatchObject({ name: 'Pack size' });
    expect(loading.result.current).toBe(false);
    expect(requests).toEqual([
      `PUT /v1/attribute/${attributeIds.pack}`,
      `PUT /v1/attribute/${attributeIds.pack}`,
      'GET /v1/attribute?eager=true',
    ]);
  });

  it('fails with "Missing attribute ID" before any request, leaving the loading flag off', async () => {
    const requests = recordRequests();
    const loading = renderHook(() => useGlobalLoading());
    const actions = adminActions();
    await expect(actions.update({ name: 'Weight', values: [] })).rejects.toThrow(MISSING_ATTRIBUTE_ID);
    await expect(actions.update({ attributeId: null, name: 'Weight', values: [] })).rejects.toThrow(
      MISSING_ATTRIBUTE_ID,
    );
    await expect(actions.remove(undefined)).rejects.toThrow(MISSING_ATTRIBUTE_ID);
    await expect(actions.removeValue('', '1 kg')).rejects.toThrow(MISSING_ATTRIBUTE_ID);
    expect(requests).toEqual([]);
    expect(loading.result.current).toBe(false);
  });

  it('passes update and delete errors on to the caller, and still re-fetches the eager list', async () => {
    const requests = recordRequests();
    const actions = adminActions();
    const missing = crypto.randomUUID();
    const error = await actions.remove(missing).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(404);
    const refused = await actions
      .update({ attributeId: attributeIds.cut, name: 'Cut', values: [] })
      .catch((e: unknown) => e);
    expect(isApiError(refused) && refused.code).toBe('in_use');
    expect(requests).toEqual([
      `DELETE /v1/attribute/${missing}`,
      'GET /v1/attribute?eager=true',
      `PUT /v1/attribute/${attributeIds.cut}`,
      'GET /v1/attribute?eager=true',
    ]);
  });
});
