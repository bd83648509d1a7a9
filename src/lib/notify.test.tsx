import { renderWithProviders } from '@/test/render-app';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
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

  it('wait for the next paint, so the tap that raised one is drawn first', async () => {
    renderWithProviders(<p>shop</p>);
    const success = vi.spyOn(toast, 'success');
    await import('sonner');

    act(() => {
      notify.success('Cart updated');
    });
    // Whatever promise work the tap's task still had is done: the toast is not shown in it.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(success).not.toHaveBeenCalled();

    expect(await screen.findByText('Cart updated')).toBeInTheDocument();
    expect(success).toHaveBeenCalledOnce();
  });
});
