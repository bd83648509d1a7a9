/**
 * The demo accounts the development seed creates (server/db/seed) and the mock API starts with
 * (mocks/auth-db.ts); tests and docs read them from here. Their passwords are listed in
 * DEMO_PASSWORDS (server/env.ts), which production refuses.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@sokoni.co.ke',
    password: 'sokoni-admin-123',
    name: 'Amina Odhiambo',
    type: 'admin',
    role: 'owner',
    phone: null,
    country: 'KE',
  },
  /** A packer of the demo shop's team: moves orders along, sees no takings, refunds or prices. */
  packer: {
    email: 'packer@sokoni.co.ke',
    password: 'sokoni-packer-123',
    name: 'Baraka Mwangi',
    type: 'admin',
    role: 'fulfilment',
    phone: null,
    country: 'KE',
  },
  /** A rider of the demo shop: sees and delivers only the orders given to them, on a phone. */
  rider: {
    email: 'rider@sokoni.co.ke',
    password: 'sokoni-rider-123',
    name: 'Juma Otieno',
    type: 'admin',
    role: 'rider',
    phone: '+254722334455',
    country: 'KE',
  },
  shopper: {
    email: 'wanjiku@sokoni.co.ke',
    password: 'sokoni-shopper-123',
    name: 'Wanjiku Kamau',
    type: 'customer',
    role: null,
    phone: '+254712345678',
    country: 'KE',
  },
} as const;
