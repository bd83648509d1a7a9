import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp } from '@/test/render-app';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('the More page in Kiswahili', () => {
  it('says delivery, help, contact, terms and privacy in Kiswahili, with the hours in Swahili time', async () => {
    adoptCatalogue('sw', sw);
    const { user } = renderApp('/more');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zaidi' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Kwenye ukurasa huu' });
    expect(within(nav).getByRole('link', { name: 'Usafirishaji' })).toHaveAttribute('href', '#delivery');

    const delivery = screen.getByRole('region', { name: 'Maelezo ya usafirishaji' });
    expect(within(delivery).getByText(/Tunaleta oda kote/)).toHaveTextContent(
      'Tunaleta oda kote Nairobi na viunga vyake, kila siku, saa 2:00 asubuhi hadi saa 2:00 usiku. Oda zinazolipiwa kabla ya saa 11:00 jioni huletwa siku hiyo hiyo;',
    );
    expect(within(delivery).getByText('Nairobi na viunga vyake').tagName).toBe('STRONG');
    expect(within(delivery).getByText('Viunga vya Nairobi')).toBeInTheDocument();
    expect(within(delivery).getByText(/Thika Road hadi Ruiru/)).toBeInTheDocument();

    const faq = screen.getByRole('region', { name: 'Msaada na maswali ya mara kwa mara' });
    await user.click(within(faq).getByRole('button', { name: 'Oda yangu itafika lini?' }));
    expect(await within(faq).findByText(/^Oda zinazolipiwa kabla ya saa 11:00 jioni huletwa/)).toBeVisible();
    expect(within(faq).getByText(/ongeza unachohitaji kwenye kikapu/)).toBeVisible();

    const contact = screen.getByRole('region', { name: 'Wasiliana nasi' });
    expect(within(contact).getByText('Piga simu')).toBeInTheDocument();
    expect(
      within(contact).getByText(/inapatikana kila siku, saa 1:00 asubuhi hadi saa 3:00 usiku/),
    ).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'help@sokoni.co.ke' })).toBeInTheDocument();

    expect(screen.getByRole('region', { name: /Masharti ya huduma/ })).toHaveTextContent(
      /shilingi za Kenya \(KSH\)/,
    );
    expect(screen.getByRole('region', { name: /Faragha/ })).toHaveTextContent(
      /Hatuoni wala kuhifadhi PIN yako/,
    );
    expect(screen.getByText('Duka la Sokoni, toleo v0.0.7')).toBeInTheDocument();

    // The page itself (the footer and the header are the common namespace's).
    const page = document.getElementById('delivery')!.parentElement!;
    for (const english of [
      /Delivery information/,
      /How do I place an order/,
      /Contact us/,
      /Kenyan shillings/,
      /storefront, release/,
    ])
      expect(within(page).queryByText(english)).not.toBeInTheDocument();
  });
});
