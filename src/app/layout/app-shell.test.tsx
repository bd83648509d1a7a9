import { closeDialog, openDialog, setGlobalLoading } from '@/features/ui';
import { renderApp } from '@/test/render-app';
import { admin, customer, signInAs } from '@/test/tokens';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const header = () => screen.getByRole('banner');
const mainMenu = () => within(header()).getByRole('navigation', { name: 'Main menu' });
const menuNames = () =>
  within(mainMenu())
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('the shop layout', () => {
  it('shows a guest the header menu, the cart, a sign-in link and the footer', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /fresh food and groceries/i });

    expect(within(header()).getByRole('link', { name: 'Sokoni home' })).toHaveAttribute('href', '/');
    expect(menuNames()).toEqual(['Home', 'More']);
    expect(within(header()).getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    expect(within(header()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    // The landing search box lives on the page, not in the header.
    expect(within(header()).queryByRole('searchbox')).not.toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Release v0.0.7')).toBeInTheDocument();
    expect(within(footer).getByText(/© \d{4} Sokoni/)).toBeInTheDocument();
  });

  it('adds Orders and Saved Items for a signed-in shopper, with their account menu', async () => {
    signInAs(customer);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /fresh food and groceries/i });

    expect(menuNames()).toEqual(['Home', 'Orders', 'Saved Items', 'More']);
    expect(within(mainMenu()).getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
    expect(within(mainMenu()).getByRole('link', { name: 'Saved Items' })).toHaveAttribute(
      'href',
      '/saved-items',
    );
    expect(within(header()).getByRole('button', { name: /your account/i })).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('lets a shopper sign out from the account menu', async () => {
    signInAs(customer);
    const { user } = renderApp('/more');
    await user.click(await screen.findByRole('button', { name: /your account/i }));
    expect(await screen.findByRole('menuitem', { name: /my account/i })).toHaveAttribute(
      'href',
      '/account/dashboard',
    );
    await user.click(screen.getByRole('menuitem', { name: /sign out/i }));
    await waitFor(() => expect(localStorage.getItem('sokoni.token')).toBeNull());
  });

  it('names the page in the document title', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(document.title).toBe('Sokoni | Home'));
    await router.navigate({ to: '/more' });
    await waitFor(() => expect(document.title).toBe('Sokoni | More'));
    await router.navigate({ to: '/cart' });
    await waitFor(() => expect(document.title).toBe('Sokoni | Cart'));
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to the shop/i })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Sokoni | Page not found'));
    // The layout stays around it.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('hides the header on header-less pages (/search, /auth, /admin/auth)', async () => {
    const { router } = renderApp('/search');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');

    await router.navigate({ to: '/auth' });
    expect(await screen.findByRole('heading', { name: /sign in or create an account/i })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    // The admin sign-in wears none of the shop, as the back office: no cart, no shopper's Sign in,
    // no shop footer; the logo leads home.
    await router.navigate({ to: '/admin/auth' });
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /cart/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sokoni home' })).toHaveAttribute('href', '/');
  });

  it('fades a page in when the shopper moves to it, but not the page they arrive on', async () => {
    const { user } = renderApp('/search');
    await screen.findByText('Popular searches');
    const animation = () => getComputedStyle(screen.getByRole('main')).animation;
    // Painted at opacity 0, the first page would have no Largest Contentful Paint.
    expect(animation()).toBe('');

    await user.click(screen.getByRole('link', { name: /browse categories/i }));
    await screen.findByRole('heading', { level: 1, name: /fresh food and groceries/i });
    expect(animation()).toMatch(/fade-in/);
  });

  it('opens the search page when the landing search box is focused', async () => {
    const { user, router } = renderApp('/');
    const box = await screen.findByPlaceholderText('search our products');
    await user.click(box);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });

  it('opens the mobile menu drawer from the menu button', async () => {
    signInAs(customer);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const links = within(drawer)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual(expect.arrayContaining(['Home', 'Orders', 'Saved Items', 'More']));
  });
});

describe('global overlays', () => {
  it('shows the loading overlay while the loading flag is on', async () => {
    renderApp('/more');
    await screen.findByRole('heading', { level: 1, name: 'More' });
    expect(screen.queryByTestId('global-loader')).not.toBeInTheDocument();
    act(() => setGlobalLoading(true));
    expect(screen.getByTestId('global-loader')).toHaveTextContent('Loading…');
    act(() => setGlobalLoading(false));
    expect(screen.queryByTestId('global-loader')).not.toBeInTheDocument();
  });

  it('shows the dynamic dialog the UI state asks for, and closes it', async () => {
    const { user } = renderApp('/more');
    await screen.findByRole('heading', { level: 1, name: 'More' });
    act(() => openDialog({ title: 'Add new Category', content: <p>Category form</p> }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new Category' });
    expect(within(dialog).getByText('Category form')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => closeDialog());
  });
});

describe('route guards', () => {
  const landsOn = async (router: ReturnType<typeof renderApp>['router'], href: string) =>
    waitFor(() => expect(router.state.location.href).toBe(href));

  it('send a guest from signed-in pages to /auth with the way back', async () => {
    const { router } = renderApp('/checkout');
    await landsOn(router, '/auth?redirect=%2Fcheckout');
    expect(await screen.findByRole('heading', { name: /sign in or create an account/i })).toBeInTheDocument();

    await router.navigate({ to: '/account' });
    await landsOn(router, '/auth?redirect=%2Faccount');
    await router.navigate({ to: '/saved-items' });
    await landsOn(router, '/auth?redirect=%2Fsaved-items');
  });

  it('send a guest from admin paths to the admin login', async () => {
    const { router } = renderApp('/admin');
    await landsOn(router, '/admin/auth');
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    await router.navigate({ to: '/admin/$adminId/dashboard', params: { adminId: 'x' } });
    await landsOn(router, '/admin/auth');
  });

  it('open /account on its dashboard for a shopper', async () => {
    signInAs(customer);
    const { router } = renderApp('/account');
    await landsOn(router, '/account/dashboard');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sokoni | My account'));
  });

  it('keep signed-in people away from guest pages', async () => {
    signInAs(customer);
    const { router } = renderApp('/auth');
    await landsOn(router, '/');
  });

  it('send an admin from guest pages and the user area to their dashboard', async () => {
    signInAs(admin);
    const { router } = renderApp('/admin');
    await landsOn(router, `/admin/${admin.userId}/dashboard`);
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin menu' })).toBeInTheDocument();

    await router.navigate({ to: '/account' });
    await landsOn(router, `/admin/${admin.userId}/dashboard`);
    await router.navigate({ to: '/admin/$adminId', params: { adminId: admin.userId } });
    await landsOn(router, `/admin/${admin.userId}/dashboard`);
  });

  it('send a shopper away from the admin area', async () => {
    signInAs(customer);
    const { router } = renderApp('/admin/x/products');
    await landsOn(router, '/');
  });
});
