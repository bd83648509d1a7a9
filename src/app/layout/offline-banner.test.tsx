import { renderApp } from '@/test/render-app';
import { goOffline, goOnline } from '@/test/connection';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('the shop without a connection', () => {
  it('says it is showing what the shopper last saw, with prices marked as last seen, until the connection returns', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /fresh food and groceries/i });
    expect(screen.queryByText("You're offline — showing what you last saw")).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('last-seen')).toHaveLength(0);

    goOffline();
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent(
      "You're offline — showing what you last saw",
    );
    const [firstPrice] = await screen.findAllByTestId('last-seen');
    expect(within(firstPrice!.parentElement!).getByTestId('price')).toHaveTextContent(/KSH/);
    expect(firstPrice).toHaveTextContent('last seen');

    goOnline();
    expect(screen.queryByText("You're offline — showing what you last saw")).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('last-seen')).toHaveLength(0);
  });
});
