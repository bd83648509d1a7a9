import { renderApp } from '@/test/render-app';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('the More page', () => {
  it('covers delivery, help, contact, terms, privacy and the release', async () => {
    const { user } = renderApp('/more');
    expect(await screen.findByRole('heading', { level: 1, name: 'More' })).toBeInTheDocument();

    const delivery = screen.getByRole('region', { name: 'Delivery information' });
    expect(within(delivery).getByText(/Nairobi and its surroundings/)).toBeInTheDocument();
    expect(within(delivery).getByText(/Westlands/)).toBeInTheDocument();

    const faq = screen.getByRole('region', { name: 'Help & FAQ' });
    await user.click(within(faq).getByRole('button', { name: 'How does paying with M-Pesa work?' }));
    expect(await within(faq).findByText(/M-Pesa payment request to the phone number/)).toBeVisible();
    expect(within(faq).getByRole('button', { name: /returns and refunds/i })).toBeInTheDocument();

    const contact = screen.getByRole('region', { name: 'Contact us' });
    expect(within(contact).getByRole('link', { name: 'help@sokoni.co.ke' })).toHaveAttribute(
      'href',
      'mailto:help@sokoni.co.ke',
    );

    expect(screen.getByRole('region', { name: /terms of service/i })).toHaveTextContent(
      /Kenyan shillings \(KSH\)/,
    );
    expect(screen.getByRole('region', { name: /privacy/i })).toHaveTextContent(
      /never see or store your M-Pesa PIN/,
    );
    expect(screen.getByText('Sokoni storefront, release v0.0.7')).toBeInTheDocument();
  });
});
