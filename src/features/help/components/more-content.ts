import { shopInfo } from '@/lib/shop-info';
/** The words of /more, apart from its layout, so they can be reviewed and edited on their own. */

export const deliveryAreas = [
  {
    title: 'Nairobi',
    areas: [
      'CBD',
      'Westlands',
      'Parklands',
      'Kilimani',
      'Kileleshwa',
      'Lavington',
      'Hurlingham',
      'Upper Hill',
      'Karen',
      "Lang'ata",
      'South B & C',
      'Embakasi',
      'Donholm',
      'Kasarani',
      'Roysambu',
      'Runda',
      'Gigiri',
    ],
  },
  {
    title: 'Surroundings',
    areas: [
      'Ruaka',
      'Kiambu Road',
      'Thika Road up to Ruiru',
      'Syokimau',
      'Athi River',
      'Kitengela',
      'Ngong',
      'Rongai',
    ],
  },
];

export const faqs = [
  {
    question: 'How do I place an order?',
    answer:
      'Search or browse the shop, add what you need to your cart and open the cart to check out. Sign in with your email (or create an account in a minute), confirm your delivery address and phone number, then pay with M-Pesa. You can fill your cart as a guest; it moves to your account when you sign in.',
  },
  {
    question: 'How does paying with M-Pesa work?',
    answer:
      'When you check out we send an M-Pesa payment request to the phone number you gave. Check that the amount and the business name are right and enter your M-Pesa PIN on your phone. Your order page updates as soon as the payment is confirmed. We never ask for your PIN by call, SMS or email.',
  },
  {
    question: "I didn't get the M-Pesa prompt, or the payment failed. What now?",
    answer:
      'Make sure your phone is on, unlocked and has enough M-Pesa balance, then use "Retry payment" on the order page. Cancelled prompts, a wrong PIN or a low balance all show there with the reason. Orders that stay unpaid are cancelled after a while and nothing is charged.',
  },
  {
    question: 'When will my order arrive?',
    answer: `Orders paid before ${shopInfo.sameDayCutoff} are delivered the same day, between 8:00 am and 8:00 pm. Orders paid later are delivered the next morning. Our rider calls you when they are close.`,
  },
  {
    question: 'Can I change or cancel my order?',
    answer:
      'Yes, until it leaves our store. Call or WhatsApp us with your order number. If you already paid, we refund the full amount to the same M-Pesa number.',
  },
  {
    question: 'What is your returns and refunds policy?',
    answer:
      'Please check your items when they arrive. If anything is missing, damaged, spoiled or past its date, tell the rider or contact us within 24 hours with your order number and a photo, and we will replace it or refund it to your M-Pesa within 3 working days. Unopened packaged goods can be returned within 7 days.',
  },
];

export const termsSummary = [
  'Prices are in Kenyan shillings (KSH) and include VAT. The price, discount and delivery fee shown at checkout are the ones you pay.',
  'Your order is confirmed once the M-Pesa payment is received. If an item becomes unavailable after you pay, we refund it to your M-Pesa.',
  'Someone must be available at the delivery address to receive the order; if we cannot reach you, we will call to arrange another time.',
  'You are responsible for keeping your account email and password private. Tell us straight away if you think someone else used your account.',
  'We may update these terms; the version on this page is the one that applies to new orders.',
];

export const privacySummary = [
  'We keep your name, email, phone number, delivery addresses and order history to deliver your orders and support you.',
  'Payments go through Safaricom M-Pesa. We never see or store your M-Pesa PIN.',
  'We do not sell your data. We share only what a rider or our payment partner needs to complete your order.',
  'Your sign-in and your guest cart are kept in this browser\u2019s local storage; signing out removes the sign-in.',
  'Under the Kenya Data Protection Act, 2019, you can ask for a copy of your data, a correction or its deletion by emailing us.',
];
