import { renderApp } from '@/test/render-app';
import { mockDb, resetMockDb } from '@mocks/db';
import { fixtureId } from '@mocks/fixtures/catalogue';
import { mdiCookie, mdiShapeOutline } from '@mdi/js';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

const iconOf = (link: HTMLElement) => link.querySelector('path')?.getAttribute('d');

describe('the category list of the landing page', () => {
  beforeEach(() => resetMockDb());

  it('draws each category with the icon path the server sends, whatever icon an admin picked', async () => {
    // An icon the shop never bundled: the storefront draws it from Category.iconPath alone.
    mockDb.catalogue.categories.push({
      id: fixtureId(1, 50),
      slug: 'snacks',
      name: 'Snacks',
      icon: 'mdiCookie',
      iconPath: mdiCookie,
      color: 'orange',
      position: 20,
    });
    mockDb.catalogue.categories.push({
      id: fixtureId(1, 51),
      slug: 'misc',
      name: 'Misc',
      icon: 'mdiNoSuchIcon',
      // No path came with it: the shop draws its neutral shape.
      iconPath: '',
      color: 'gray',
      position: 21,
    });
    renderApp('/');
    const categories = await screen.findByRole('list', { name: 'Shop by category' });
    expect(iconOf(within(categories).getByRole('link', { name: /Snacks/ }))).toBe(mdiCookie);
    expect(iconOf(within(categories).getByRole('link', { name: /Misc/ }))).toBe(mdiShapeOutline);
  });
});
