import { PAYMENT_ISSUE_MESSAGES, UNKNOWN_PUSH_MESSAGE } from '@contract/payments';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { describe, expect, it } from 'vitest';
import { paymentSentence, type PaymentSentenceKey } from './payment-toast';
import { formatDateTime } from './status';

describe('order dates', () => {
  // Midday UTC: the same day in any time zone the tests run in.
  const iso = '2026-03-12T12:00:00.000Z';

  it('read in the shown language', () => {
    expect(formatDateTime(iso, 'en')).toMatch(/12 Mar 2026/);
    expect(formatDateTime(iso, 'sw')).toMatch(/12 Mac 2026/);
    // Anything else reads as English, the default.
    expect(formatDateTime(iso, 'fr')).toBe(formatDateTime(iso, 'en'));
  });
});

describe('the payment sentence', () => {
  const say = (key: PaymentSentenceKey) => `<${key}>`;

  it("says the shared sentences by their key and anything else as the server's", () => {
    expect(paymentSentence({ paymentMessage: null, paymentIssue: null }, say)).toBeNull();
    expect(paymentSentence({ paymentMessage: UNKNOWN_PUSH_MESSAGE, paymentIssue: null }, say)).toBe(
      '<payment.slowPush>',
    );
    expect(
      paymentSentence({ paymentMessage: PAYMENT_ISSUE_MESSAGES.wrong_pin, paymentIssue: 'wrong_pin' }, say),
    ).toBe('<payment.issues.wrong_pin>');
    // A sentence the storefront does not know (a newer server's) is shown as it came.
    expect(paymentSentence({ paymentMessage: 'Something new.', paymentIssue: 'wrong_pin' }, say)).toBe(
      'Something new.',
    );
  });

  it('has the English of contract/payments.ts in the catalogue, and Kiswahili beside it', async () => {
    const { translate } = await import('@/lib/i18n');
    for (const [issue, message] of Object.entries(PAYMENT_ISSUE_MESSAGES)) {
      expect(translate(`orders:payment.issues.${issue}`)).toBe(message);
    }
    expect(translate('orders:payment.slowPush')).toBe(UNKNOWN_PUSH_MESSAGE);
    adoptCatalogue('sw', sw);
    expect(translate('orders:payment.issues.cancelled')).toBe(
      'Ulighairi ombi la M-Pesa. Unaweza kujaribu kulipa tena.',
    );
  });
});
