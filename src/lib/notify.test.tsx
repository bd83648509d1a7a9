import { renderWithProviders } from '@/test/render-app';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { toastError } from './errors';
import { notify } from './notify';

const toasts = () => within(screen.getByRole('region', { name: /notifications/i })).queryAllByRole('listitem');

describe('toasts', () => {
  it('appear top-right, newest on top, and close when clicked', async () => {
    const { user } = renderWithProviders(<p>shop</p>);

    act(() => {
      notify.success('Item was successfully added to cart');
    });
    await screen.findByText('Item was successfully added to cart');
    act(() => {
      notify.error('We encountered an error!');
    });
    await screen.findByText('We encountered an error!');

    const [first, second] = toasts();
    expect(first).toHaveAttribute('data-y-position', 'top');
    expect(first).toHaveAttribute('data-x-position', 'right');
    expect(first).toHaveTextContent('We encountered an error!');
    expect(second).toHaveTextContent('Item was successfully added to cart');

    await user.click(screen.getByText('We encountered an error!'));
    await waitFor(() => expect(screen.queryByText('We encountered an error!')).not.toBeInTheDocument());
    expect(screen.getByText('Item was successfully added to cart')).toBeInTheDocument();
  });

  it("show the server's message for a failed request, else the fallback", async () => {
    renderWithProviders(<p>shop</p>);
    act(() => {
      toastError(new ApiError(404, 'Product was not found.'), 'An error occurred.');
      toastError(null, 'An error occurred.');
    });
    expect(await screen.findByText('Product was not found.')).toBeInTheDocument();
    expect(await screen.findByText('An error occurred.')).toBeInTheDocument();
  });
});
