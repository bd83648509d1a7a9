import { describe, expect, it } from 'vitest';
import { PersonName } from './auth';
import { MPESA_MAX_AMOUNT } from './checkout-rules';
import { PRODUCT_NAME } from './constants';
import { LANGUAGES } from './languages';
import { ORDER_NOTICE_EVENTS, SMS_MAX_LENGTH } from './sms';
import { gsm7Length, toGsm7 } from './gsm7';
import { orderSmsText, type OrderSmsData } from './order-sms';

// Every text fits one SMS (160 GSM-7 characters) in both languages, with the longest names and
// largest figures the shop allows: a name at PersonName's maximum, in letters outside GSM-7 too.

const NAME_MAX = PersonName.maxLength!;
const longest: OrderSmsData = {
  number: 99_999_999,
  total: MPESA_MAX_AMOUNT,
  phone: '254712345678',
  refundStatus: 'due',
  refundAmount: MPESA_MAX_AMOUNT,
  refundReference: 'QK12AB34CD',
  receipt: 'QK12AB34CD',
  rider: { name: 'Wanjirũ Nyambura-Kamau '.repeat(10).slice(0, NAME_MAX), phone: '254722000111' },
};

/** Each way an event's text can come out. */
const variants: OrderSmsData[] = [
  longest,
  { ...longest, receipt: null, refundReference: null, refundStatus: null },
  { ...longest, rider: { name: longest.rider!.name, phone: null } },
  { ...longest, rider: null },
  { ...longest, rider: { name: 'W'.repeat(NAME_MAX), phone: '254722000111' } },
];

describe('the order SMS', () => {
  it('fits one GSM-7 message in both languages, for every event, with the longest names', () => {
    expect(NAME_MAX).toBe(100);
    expect(PRODUCT_NAME).toBe('Sokoni');
    for (const language of LANGUAGES)
      for (const event of ORDER_NOTICE_EVENTS)
        for (const o of variants) {
          const text = orderSmsText(o, event, language);
          const length = gsm7Length(text);
          expect(length, `${language} ${event}: ${text}`).not.toBeNull();
          expect(length!, `${language} ${event}: ${text}`).toBeLessThanOrEqual(SMS_MAX_LENGTH);
          expect(text).not.toMatch(/\{\{|undefined|null/);
          expect(text.startsWith(`${PRODUCT_NAME}: `)).toBe(true);
        }
  });

  it('says what each event is, with the figures, in English', () => {
    const o: OrderSmsData = {
      ...longest,
      number: 1042,
      total: 1250,
      refundAmount: 1250,
      rider: { name: 'Otieno Rider', phone: '254722000111' },
    };
    expect(orderSmsText(o, 'received', 'en')).toBe(
      'Sokoni: We have your order SKN1042 for KSH 1,250. Complete the M-Pesa prompt on 0712 345 678 to pay.',
    );
    expect(orderSmsText(o, 'paid', 'en')).toBe(
      'Sokoni: Payment of KSH 1,250 received for order SKN1042, M-Pesa receipt QK12AB34CD. We are packing your order now.',
    );
    expect(orderSmsText(o, 'out_for_delivery', 'en')).toBe(
      'Sokoni: Your order SKN1042 is on its way with Otieno Rider, 0722 000 111.',
    );
    expect(orderSmsText(o, 'cancelled', 'en')).toMatch(/We will send your money back to your M-Pesa\.$/);
    expect(orderSmsText({ ...o, refundStatus: null }, 'cancelled', 'en')).toMatch(
      /You have not been charged\.$/,
    );
    expect(orderSmsText(o, 'refunded', 'en')).toBe(
      'Sokoni: We have sent KSH 1,250 back to your M-Pesa for order SKN1042, reference QK12AB34CD.',
    );
  });

  it('speaks Kiswahili as Kenyan shops write it', () => {
    const o: OrderSmsData = { ...longest, number: 1042, total: 1250, rider: null };
    expect(orderSmsText(o, 'received', 'sw')).toBe(
      'Sokoni: Oda yako SKN1042 ya KSH 1,250 imepokelewa. Kamilisha ombi la M-Pesa kwenye 0712 345 678 ili kulipa.',
    );
    expect(orderSmsText(o, 'paid', 'sw')).toBe(
      'Sokoni: Malipo ya KSH 1,250 ya oda SKN1042 yamepokelewa, risiti ya M-Pesa QK12AB34CD. Tunaandaa oda yako sasa.',
    );
    expect(orderSmsText(o, 'delivered', 'sw')).toBe(
      'Sokoni: Oda yako SKN1042 imefikishwa. Asante kwa kununua na Sokoni!',
    );
  });

  it("keeps a rider's whole name when it fits, and shortens it only when it would not", () => {
    const short = orderSmsText(
      { ...longest, number: 1, rider: { name: 'Akinyi', phone: null } },
      'out_for_delivery',
      'sw',
    );
    expect(short).toContain('inaletwa na Akinyi.');
    const cut = orderSmsText(longest, 'out_for_delivery', 'en');
    expect(cut).toMatch(
      /^Sokoni: Your order SKN99999999 is on its way with Wanjiru Nyambura-Kamau .*\., 0722 000 111\.$/,
    );
    expect(gsm7Length(cut)).toBe(SMS_MAX_LENGTH);
  });
});

describe('GSM-7', () => {
  it('counts the extended characters twice and refuses what is outside the alphabet', () => {
    expect(gsm7Length('KSH 1,250 @ Sokoni')).toBe(18);
    expect(gsm7Length('[x]')).toBe(5);
    expect(gsm7Length('Wanjirũ')).toBeNull();
    expect(gsm7Length('🙂')).toBeNull();
  });

  it('brings names into the alphabet', () => {
    expect(toGsm7('Wanjirũ Ng’ang’a — Mũthoni')).toBe("Wanjiru Ng'ang'a - Muthoni");
    expect(toGsm7('Zoë Chloé Müller')).toBe('Zoe Chloé Müller');
    expect(toGsm7('Ali 🙂\nX')).toBe('Ali ??X');
  });
});
