import { NotFound } from '@/components/layout/not-found';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp, renderWithProviders } from '@/test/render-app';
import { customer, signInAs } from '@/test/tokens';
import { screen, waitFor, within } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { RouteError } from './route-error';

/** Kiswahili chosen on this device (the cookie), as the switch leaves it: a signed-in profile follows it. */
function chooseKiswahili() {
  document.cookie = 'sokoni.lang=sw; Path=/';
  onTestFinished(() => {
    document.cookie = 'sokoni.lang=; Path=/; Max-Age=0';
  });
  adoptCatalogue('sw', sw);
}

const header = () => screen.getByRole('banner');
const menuNames = () =>
  within(within(header()).getByRole('navigation', { name: 'Menyu kuu' }))
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('the shop layout in Kiswahili', () => {
  beforeEach(() => {
    chooseKiswahili();
  });

  it('shows a guest the header, the cart, sign-in and the footer in Kiswahili, and names the page', async () => {
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Menyu kuu' });
    expect(within(header()).getByRole('link', { name: 'Sokoni, ukurasa wa mwanzo' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(menuNames()).toEqual(['Mwanzo', 'Zaidi']);
    expect(within(header()).getByRole('link', { name: 'Kikapu, bidhaa 0' })).toHaveAttribute('href', '/cart');
    expect(within(header()).getByRole('link', { name: 'Ingia' })).toHaveAttribute('href', '/auth');
    expect(within(header()).getByRole('button', { name: 'Fungua menyu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ruka hadi maudhui' })).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Agiza mtandaoni, lipa na M-Pesa.')).toBeInTheDocument();
    expect(within(footer).getByRole('navigation', { name: 'Msaada' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Tafuta bidhaa' })).toHaveAttribute('href', '/search');
    expect(within(footer).getByText(/© \d{4} Sokoni\. Haki zote zimehifadhiwa\./)).toBeInTheDocument();
    expect(within(footer).getByTestId('release-label')).toHaveTextContent(/^Toleo v/);
    await waitFor(() => expect(document.title).toBe('Sokoni | Mwanzo'));

    // None of the English is left.
    for (const english of ['Main menu', 'Sign in', 'Cart, 0 items', 'Open menu', 'Sokoni home']) {
      expect(screen.queryByRole('link', { name: english })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: english })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Order online, pay with M-Pesa.')).not.toBeInTheDocument();
    expect(screen.queryByText(/All rights reserved/)).not.toBeInTheDocument();
  });

  it('gives a signed-in shopper their menu entries and account button in Kiswahili', async () => {
    signInAs(customer);
    renderApp('/more');
    await waitFor(() => expect(menuNames()).toEqual(['Mwanzo', 'Oda zangu', 'Bidhaa ulizohifadhi', 'Zaidi']));
    expect(within(header()).getByRole('button', { name: 'Wanjiru, akaunti yako' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sokoni | Zaidi'));
  });

  it('says a page is not found in Kiswahili, in the page and its title', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Ukurasa haupatikani' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /rudi dukani/i })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sokoni | Ukurasa haupatikani'));
  });

  it('says a page failed to open in Kiswahili, toast included', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const root = createRootRoute({ component: Outlet });
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/broken',
      loader: () => {
        throw new Error('loader exploded');
      },
      component: () => <p>never</p>,
    });
    const router = createRouter({
      routeTree: root.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/broken'] }),
      defaultErrorComponent: RouteError,
      defaultNotFoundComponent: NotFound,
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Kuna hitilafu' })).toBeInTheDocument();
    expect(await screen.findByText('Hitilafu katika kufungua ukurasa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jaribu tena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rudi dukani' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('error navigating to page')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
