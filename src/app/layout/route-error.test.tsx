import { NotFound } from '@/components/layout/not-found';
import { page } from '@/lib/page';
import { renderWithProviders } from '@/test/render-app';
import { screen, waitFor } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function routerFailingWith(error: Error) {
  const root = createRootRoute({ component: Outlet });
  const broken = createRoute({
    getParentRoute: () => root,
    path: '/broken',
    loader: () => {
      throw error;
    },
    component: () => <p>never</p>,
  });
  return createRouter({
    routeTree: root.addChildren([broken]),
    history: createMemoryHistory({ initialEntries: ['/broken'] }),
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
  });
}

describe('a page that fails to open', () => {
  it("tells the person 'error navigating to page' and offers a retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<RouterProvider router={routerFailingWith(new Error('loader exploded'))} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(await screen.findByText('error navigating to page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when its code could not be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/cart-abc.js');
    renderWithProviders(<RouterProvider router={routerFailingWith(chunkError)} />);
    await waitFor(() => expect(page.reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('error navigating to page')).not.toBeInTheDocument();
  });

  it('shows the error instead of reloading again right after a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStorage.setItem('sokoni.chunk-reload-at', String(Date.now()));
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/cart-abc.js');
    renderWithProviders(<RouterProvider router={routerFailingWith(chunkError)} />);
    expect(await screen.findByText('error navigating to page')).toBeInTheDocument();
    expect(page.reload).not.toHaveBeenCalled();
  });
});
