import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import { server } from '@mocks/node';
import { mockDb } from '@mocks/db';
import { attributeIds } from '@mocks/fixtures/catalogue';
import { toImage } from '@mocks/handlers/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

beforeEach(() => {
  resetShop();
  signInAs(admin);
  // The attribute list belongs to the attributes screen's mocks; the form only reads it.
  server.use(
    http.get('*/api/v1/attribute', () => {
      const rows = mockDb.catalogue.attributes.map((a) => ({
        attributeId: a.id,
        name: a.name,
        values: a.values,
        productCount: 0,
        valueCounts: {},
      }));
      return HttpResponse.json({ data: { count: rows.length, rows } });
    }),
  );
});
afterEach(resetShop);

const CREATE = `/admin/${admin.userId}/products/create`;
const variant = (n: number) => screen.findByRole('group', { name: `Variant ${n}` });
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], name, {
    type: 'image/png',
  });

describe('the product form', { timeout: 30_000 }, () => {
  it('shows the contract’s errors under each field before sending anything', async () => {
    const { user } = renderAppQuietly(CREATE);
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    const first = await variant(1);
    // Price and quantity are empty: not numbers yet.
    expect(within(first).getByText('Enter the price in shillings.')).toBeInTheDocument();
    expect(within(first).getByText('A new variant needs its stock: enter how many are in stock.')).toBeInTheDocument();
    expect(screen.getByText('Enter a product name, e.g. Sukuma wiki.')).toBeInTheDocument();
    // A product with one variant needs no variant name.
    expect(within(first).queryByText('Enter a variant name, e.g. 1 kg.')).not.toBeInTheDocument();
  });

  it('creates a product with two variants, a new attribute value and a photo, then opens manage products', async () => {
    const { user, router } = renderAppQuietly(CREATE);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ngowe mangoes');
    await user.click(await screen.findByText('Fruits & Vegetables'));

    const first = await variant(1);
    await user.type(within(first).getByRole('textbox', { name: 'Variant name' }), 'Single');
    await user.type(within(first).getByRole('textbox', { name: 'Price (KSH)' }), '40');
    await user.type(within(first).getByRole('textbox', { name: 'Quantity in stock' }), '1,000');

    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    const second = await variant(2);
    await user.type(within(second).getByRole('textbox', { name: 'Variant name' }), 'Tray');
    await user.type(within(second).getByRole('textbox', { name: 'Price (KSH)' }), '350');
    await user.type(within(second).getByRole('textbox', { name: 'Quantity in stock' }), '20');
    await user.selectOptions(
      within(second).getByRole('combobox', { name: 'Add an attribute to Variant 2' }),
      'Pack',
    );
    const pack = within(second).getByRole('combobox', { name: 'Pack' });
    await user.clear(pack);
    await user.type(pack, 'Tray of 12');
    expect(
      within(second).getByText(/New value: “Tray of 12” is added to Pack when you save/),
    ).toBeInTheDocument();

    // A third variant, added and removed again.
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.click(within(await variant(3)).getByRole('button', { name: 'Remove Variant 3' }));
    expect(screen.queryByRole('group', { name: 'Variant 3' })).not.toBeInTheDocument();

    // jsdom's FormData reaches MSW without the file's bytes, so this answers as the mock would for
    // a real PNG (mocks/handlers/admin-products.test.ts covers the handler itself).
    server.use(
      http.post('*/api/v1/assets/image', async ({ request }) => {
        const altText = String((await request.formData()).get('altText'));
        const image = {
          id: crypto.randomUUID(),
          altText,
          width: 1200,
          height: 900,
          label: 'mango',
          background: '#fff',
          foreground: '#333',
        };
        mockDb.catalogue.images.push(image);
        return HttpResponse.json({ data: [toImage(image)] }, { status: 201 });
      }),
    );
    await user.upload(screen.getByLabelText('Add images'), png('mango.png'));
    expect(await screen.findByText('mango.png uploaded successfully')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Alt text for image 1' })).toHaveValue('mango');

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/products`));
    const saved = mockDb.catalogue.products.find((p) => p.name === 'Ngowe mangoes')!;
    expect(saved.variants.map((v) => [v.name, v.price, v.quantity])).toEqual([
      ['Single', 40, 1000],
      ['Tray', 350, 20],
    ]);
    expect(saved.variants[1]!.attributes).toEqual([{ attributeId: attributeIds.pack, value: 'Tray of 12' }]);
    expect(saved.imageIds).toHaveLength(1);
  });

  it('names each category box after its category, and ticks the one pressed', async () => {
    const { user } = renderAppQuietly(CREATE);
    const boxes = within(await screen.findByRole('group', { name: 'Categories' }));
    const meat = await boxes.findByRole('checkbox', { name: 'Meat & Fish' });
    await user.click(boxes.getByText('Meat & Fish'));
    expect(meat).toBeChecked();
    expect(boxes.getByRole('checkbox', { name: 'Fruits & Vegetables' })).not.toBeChecked();
  });

  it('says which upload failed and why', async () => {
    server.use(
      http.post('*/api/v1/assets/image', () =>
        HttpResponse.json(
          {
            message: 'shell.png is not a JPEG, PNG or WebP image. Correlation ID: x',
            code: 'unsupported_image',
            correlationId: 'x',
          },
          { status: 415 },
        ),
      ),
    );
    const { user } = renderAppQuietly(CREATE);
    await user.upload(await screen.findByLabelText('Add images'), png('shell.png'));
    expect(await screen.findByText('Error uploading shell.png')).toBeInTheDocument();
    expect(await screen.findByText('shell.png is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
  });

  it('puts the server’s 400 issues under their fields', async () => {
    server.use(
      http.post('*/api/v1/products', () =>
        HttpResponse.json(
          {
            message: 'Invalid json: variants.0.price: too dear. Correlation ID: x',
            code: 'validation_failed',
            correlationId: 'x',
            issues: [{ path: 'variants.0.price', message: 'too dear for this shop' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderAppQuietly(CREATE);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Saffron');
    const first = await variant(1);
    await user.type(within(first).getByRole('textbox', { name: 'Variant name' }), '1 g');
    await user.type(within(first).getByRole('textbox', { name: 'Price (KSH)' }), '2000');
    await user.type(within(first).getByRole('textbox', { name: 'Quantity in stock' }), '5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(first).findByText('too dear for this shop')).toBeInTheDocument();
  });

  it('offers to reload when another admin saved first, and starts again from their version', async () => {
    const product = mockDb.catalogue.products[0]!;
    const { user } = renderAppQuietly(`/admin/${admin.userId}/products/${product.id}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue(product.name);
    // Someone else saves meanwhile.
    product.name = 'Avocados (Hass)';
    product.version += 1;
    await user.clear(name);
    await user.type(name, 'My avocados');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another admin saved this product after you opened it.');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Avocados (Hass)'));
    expect(screen.queryByText(/Another admin saved this product/)).not.toBeInTheDocument();
  });
});
