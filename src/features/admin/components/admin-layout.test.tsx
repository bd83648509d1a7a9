import { resetSidebarPreference } from '../stores/sidebar-store';
import { getSession } from '@/features/session';
import { page } from '@/lib/page';
import { renderAppQuietly } from '@/test/render-app';
import { admin, signInAs } from '@/test/tokens';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(resetSidebarPreference);

const sidebar = () => screen.findByRole('complementary', { name: 'Back office sidebar' });

describe('the back office layout', () => {
  it('opens the dashboard with every section in the sidebar and the admin in the top bar', async () => {
    signInAs(admin);
    const { router } = renderAppQuietly(`/admin/${admin.userId}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/dashboard`));
    const nav = within(await sidebar()).getByRole('navigation', { name: 'Admin menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Products', 'Categories', 'Attributes', 'Discounts', 'Orders', 'Customers', 'Staff']);
    expect(screen.getByText(admin.name)).toBeInTheDocument();
    // The shop's own header is off in the back office.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('shows a packer only the sections of their role', async () => {
    signInAs({ ...admin, role: 'fulfilment' });
    renderAppQuietly(`/admin/${admin.userId}/dashboard`);
    const nav = within(await sidebar()).getByRole('navigation', { name: 'Admin menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Orders']);
  });

  it('shows the catalogue team the catalogue and discounts, and no orders', async () => {
    signInAs({ ...admin, role: 'catalogue' });
    renderAppQuietly(`/admin/${admin.userId}/dashboard`);
    const nav = within(await sidebar()).getByRole('navigation', { name: 'Admin menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Products', 'Categories', 'Attributes', 'Discounts']);
  });

  it('sends a packer who opens the discounts to the dashboard, saying why', async () => {
    signInAs({ ...admin, role: 'fulfilment' });
    const { router } = renderAppQuietly(`/admin/${admin.userId}/discounts`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/dashboard`));
    expect(await screen.findByText('Your role (fulfilment) cannot see discounts.')).toBeInTheDocument();
  });

  it("sends an admin who opens another admin's path to their own back office", async () => {
    signInAs(admin);
    const { router } = renderAppQuietly('/admin/ad000000-0000-4000-8000-0000000000ff/products');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/dashboard`));
  });

  it('collapses the sidebar to icons and expands it again', async () => {
    signInAs(admin);
    const { user } = renderAppQuietly(`/admin/${admin.userId}/dashboard`);
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    const products = within(await sidebar()).getByRole('link', { name: 'Products' });
    expect(products).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(within(await sidebar()).getByRole('link', { name: 'Products' })).toHaveTextContent('Products');
  });

  it('on a phone, opens the menu as a drawer that closes once a section is chosen', async () => {
    signInAs(admin);
    const { user, router } = renderAppQuietly(`/admin/${admin.userId}/dashboard`);
    await user.click(await screen.findByRole('button', { name: 'Open back office menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Back office menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/orders`));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Back office menu' })).not.toBeInTheDocument(),
    );
    // findBy is the assertion: the router may swap the page's node while it settles after the drawer
    // closes, so a second check on the node it found can race that swap.
    await screen.findByRole('searchbox', { name: 'Search orders' });
  });

  it('logs the admin out from the top bar', async () => {
    signInAs(admin);
    const { user } = renderAppQuietly(`/admin/${admin.userId}/dashboard`);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(page.reload).toHaveBeenCalled());
    expect(getSession().isAuthenticated).toBe(false);
  });
});
