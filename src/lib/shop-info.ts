import { PRODUCT_NAME, RELEASE } from '@contract/constants';

/**
 * Public facts about the shop shown in the footer and on /more. Kept in one place so operations
 * can change a phone number or hours without touching pages.
 */
export const shopInfo = {
  name: PRODUCT_NAME,
  release: RELEASE,
  phone: '+254 709 123 400',
  phoneHref: 'tel:+254709123400',
  whatsapp: '+254 709 123 401',
  whatsappHref: 'https://wa.me/254709123401',
  email: 'help@sokoni.co.ke',
  emailHref: 'mailto:help@sokoni.co.ke',
  supportHours: 'Every day, 7:00 am – 9:00 pm (EAT)',
  deliveryHours: 'Every day, 8:00 am – 8:00 pm',
  /** Orders paid before this (EAT) are delivered the same day: the promotions and /more say it. */
  sameDayCutoff: '5:00 pm',
  address: 'Sokoni Fulfilment Centre, Baba Dogo Road, Ruaraka, Nairobi',
  /**
   * The hours above as Kiswahili says them, for the pages in Kiswahili: Swahili time counts from
   * 7:00 am, so saa 1:00 asubuhi is 7:00 am, saa 2:00 usiku 8:00 pm and saa 11:00 jioni 5:00 pm.
   */
  inKiswahili: {
    supportHours: 'kila siku, saa 1:00 asubuhi hadi saa 3:00 usiku (EAT)',
    deliveryHours: 'kila siku, saa 2:00 asubuhi hadi saa 2:00 usiku',
    sameDayCutoff: 'saa 11:00 jioni',
  },
} as const;
