import { renderApp } from '@/test/render-app';
import { admin, signInAs } from '@/test/tokens';
import { mockDb, resetMockDb } from '@mocks/db';
import { categoryIds } from '@mocks/fixtures/catalogue';
import { server } from '@mocks/node';
import { mdiCookie } from '@mdi/js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';

const CATEGORIES = `/admin/${admin.userId}/categories`;

async function openCategories(path = CATEGORIES) {
  signInAs(admin);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Categories' });
  // A dialog opened by the create route hides the page behind it from assistive technology.
  if (path === CATEGORIES) await screen.findByRole('list', { name: 'Categories in landing-page order' });
  return view;
}
const createDialog = () => screen.getByRole('dialog', { name: 'Add new Category' });
const list = () => screen.getByRole('list', { name: 'Categories in landing-page order' });
const rowNames = () =>
  within(list())
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const holding = (id: string) =>
  mockDb.catalogue.products.filter((p) => p.categoryIds.includes(id)).map((p) => p.id);

// Each test renders the whole app and types like a person; the icon set loads on the first picker.
describe('the categories screen', { timeout: 30_000 }, () => {
  beforeEach(() => resetMockDb());

  it('adds a category with an icon found by search and a theme colour', async () => {
    const { user, router } = await openCategories();
    await within(list()).findByRole('listitem', { name: 'Bakery' });
    await user.click(screen.getByRole('link', { name: 'Add new Category' }));
    await screen.findByRole('dialog', { name: 'Add new Category' });
    expect(router.state.location.pathname).toBe(`${CATEGORIES}/create`);

    await user.type(within(createDialog()).getByRole('textbox', { name: /Name/ }), 'Snacks');
    await user.type(within(createDialog()).getByRole('searchbox', { name: 'Search icons' }), 'cookie');
    const icons = within(createDialog()).getByRole('radiogroup', { name: 'Icons' });
    await user.click(await within(icons).findByRole('radio', { name: 'cookie' }));
    await user.click(within(createDialog()).getByRole('radio', { name: 'Orange' }));
    await user.click(within(createDialog()).getByRole('button', { name: 'Add category' }));

    expect(await screen.findByText('Category "Snacks" added.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(CATEGORIES));
    const snacks = await screen.findByRole('listitem', { name: 'Snacks' });
    expect([...snacks.querySelectorAll('path')].map((p) => p.getAttribute('d'))).toContain(mdiCookie);
    expect(mockDb.catalogue.categories.find((c) => c.name === 'Snacks')).toMatchObject({
      icon: 'mdiCookie',
      color: 'orange',
      slug: 'snacks',
    });
  });

  it('says what is missing, and shows a name already in use under the field', async () => {
    const { user } = await openCategories(`${CATEGORIES}/create`);
    const dialog = await screen.findByRole('dialog', { name: 'Add new Category' });
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(within(dialog).getByText('Give the category a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose an icon.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'bakery');
    await user.click(await within(dialog).findByRole('radio', { name: 'carrot' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(
      await within(dialog).findByText('A category named "Bakery" already exists. Choose another name.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(mockDb.catalogue.categories.filter((c) => c.name.toLowerCase() === 'bakery')).toHaveLength(1);
  });

  it('aborts an add still in flight when a new one starts', async () => {
    const { user } = await openCategories(`${CATEGORIES}/create`);
    const dialog = await screen.findByRole('dialog', { name: 'Add new Category' });
    const posts: Request[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST') posts.push(request);
    };
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first request never reaches the shop's server: it is cancelled while held here.
    server.use(
      http.post('*/api/v1/categories', async ({ request }) => {
        await gate;
        if (request.signal.aborted) return HttpResponse.error();
      }),
    );

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Snacks');
    await user.click(await within(dialog).findByRole('radio', { name: 'carrot' }));
    const form = within(dialog).getByRole('button', { name: 'Add category' }).closest('form')!;
    form.requestSubmit();
    await waitFor(() => expect(posts).toHaveLength(1));
    // A second submit (a double click that beat the disabled button) replaces the first.
    form.requestSubmit();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]!.signal.aborted).toBe(true);
    release();

    expect(await screen.findByText('Category "Snacks" added.')).toBeInTheDocument();
    expect(mockDb.catalogue.categories.filter((c) => c.name === 'Snacks')).toHaveLength(1);
  });

  it('edits a category', async () => {
    const { user } = await openCategories();
    await user.click(await screen.findByRole('button', { name: 'Edit Bakery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit "Bakery"' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Bakery & Sweets');
    await user.click(within(dialog).getByRole('radio', { name: 'Pink' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(list()).findByRole('listitem', { name: 'Bakery & Sweets' })).toBeInTheDocument();
    expect(mockDb.catalogue.categories.find((c) => c.id === categoryIds.bakery)).toMatchObject({
      name: 'Bakery & Sweets',
      color: 'pink',
      slug: 'bakery',
    });
  });

  it('deletes a category with products after moving them to another category', async () => {
    const { user } = await openCategories();
    const bakery = holding(categoryIds.bakery);
    await user.click(await screen.findByRole('button', { name: 'Delete Bakery' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete "Bakery"?' });
    expect(question).toHaveTextContent(`${bakery.length} products are in this category`);
    expect(within(question).getByRole('radio', { name: 'Move them to another category' })).toBeChecked();
    const target = within(question).getByRole('combobox', { name: 'Move the products to' });
    await user.selectOptions(target, within(target).getByRole('option', { name: 'Flour, Rice & Grains' }));
    await user.click(within(question).getByRole('button', { name: 'Delete category' }));

    expect(
      await screen.findByText(
        `Category "Bakery" deleted. ${bakery.length} products moved to Flour, Rice & Grains.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).not.toContain('Bakery'));
    expect(holding(categoryIds.flourGrains)).toEqual(expect.arrayContaining(bakery));
  });

  it('can leave the products of a deleted category uncategorised', async () => {
    const { user } = await openCategories();
    const spices = holding(categoryIds.spices);
    const name = mockDb.catalogue.categories.find((c) => c.id === categoryIds.spices)!.name;
    await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByText('Leave them uncategorised'));
    expect(within(question).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Delete category' }));
    expect(await screen.findByText(`Category "${name}" deleted.`)).toBeInTheDocument();
    expect(
      mockDb.catalogue.products
        .filter((p) => spices.includes(p.id))
        .some((p) => p.categoryIds.includes(categoryIds.spices)),
    ).toBe(false);
  });

  it('reorders the landing page with move up and down', async () => {
    const { user } = await openCategories();
    await within(list()).findByRole('listitem', { name: 'Bakery' });
    const before = rowNames();
    const last = before.at(-1)!;
    expect(screen.getByRole('button', { name: `Move ${last} down` })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Move ${last} up` }));

    const expected = [...before.slice(0, -2), last, before.at(-2)];
    await waitFor(() => expect(rowNames()).toEqual(expected));
    expect(
      await screen.findByText(`${last} is now number ${before.length - 1} of ${before.length}.`),
    ).toBeInTheDocument();
    const stored = [...mockDb.catalogue.categories]
      .sort((a, b) => a.position - b.position)
      .map((c) => c.name);
    expect(stored).toEqual(expected);
  });

  it('opens from the dashboard card "Add new Category"', async () => {
    signInAs(admin);
    const { user, router } = renderApp(`/admin/${admin.userId}/dashboard`);
    await user.click(await screen.findByRole('link', { name: 'Add new Category' }));
    expect(await screen.findByRole('dialog', { name: 'Add new Category' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${CATEGORIES}/create`);
  });
});
