import type * as MdiIcons from '@mdi/js';

/**
 * The sample catalogue: what a Nairobi food shop sells, with market prices in whole KSH.
 * Plain data so the seed, the large generator and tests share one source.
 */

/** A Material Design Icons export name (checked against @mdi/js at compile time). */
type MdiIconName = keyof typeof MdiIcons;

/** Theme colour palette names; the UI maps them to tokens, so no hex values here. */
export type PaletteName =
  'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'teal' | 'blue' | 'cyan' | 'purple' | 'pink';

export interface SeedCategory {
  slug: string;
  name: string;
  icon: MdiIconName;
  color: PaletteName;
}

export const CATEGORIES = [
  { slug: 'fresh-fish', name: 'Fresh Fish', icon: 'mdiFish', color: 'blue' },
  { slug: 'dried-fish', name: 'Dried Fish', icon: 'mdiWeatherSunny', color: 'orange' },
  { slug: 'meat-poultry', name: 'Meat & Poultry', icon: 'mdiFoodDrumstick', color: 'red' },
  { slug: 'fruits-vegetables', name: 'Fruits & Vegetables', icon: 'mdiCarrot', color: 'green' },
  { slug: 'dairy-eggs', name: 'Dairy & Eggs', icon: 'mdiCow', color: 'cyan' },
  { slug: 'bakery', name: 'Bakery', icon: 'mdiBreadSlice', color: 'pink' },
  { slug: 'drinks', name: 'Drinks', icon: 'mdiCupWater', color: 'purple' },
  { slug: 'pantry-cereals', name: 'Pantry & Cereals', icon: 'mdiSack', color: 'teal' },
  { slug: 'spices-herbs', name: 'Spices & Herbs', icon: 'mdiShaker', color: 'yellow' },
] as const satisfies readonly SeedCategory[];

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** Attributes and their values, in the order pickers show them. */
export const ATTRIBUTES = {
  Weight: ['50 g', '100 g', '250 g', '400 g', '500 g', '800 g', '1 kg', '2 kg', '5 kg'],
  Size: ['Small', 'Medium', 'Large'],
  Pack: [
    '1 piece',
    '2 pieces',
    '5 pieces',
    '6 pieces',
    '10 pieces',
    '12 pieces',
    'Tray of 30',
    '500 ml',
    '1 L',
    '1.5 L',
    '5 L',
  ],
  Grind: ['Whole beans', 'Ground'],
} as const;

export type AttributeName = keyof typeof ATTRIBUTES;
type VariantAttributes = { [A in AttributeName]?: (typeof ATTRIBUTES)[A][number] };

interface SeedVariant {
  attributes: VariantAttributes;
  /** Whole KSH. */
  price: number;
  /** Units in stock; 0 is out of stock. */
  quantity: number;
}

export interface SeedProduct {
  /** Stable public code. */
  pid: string;
  name: string;
  description: string;
  /** Small, safe HTML: <p>, <ul>, <li>, <strong>. */
  recipeTips: string;
  /** The first category decides the image's background tint. */
  categories: readonly [CategorySlug, ...CategorySlug[]];
  /** Twemoji file name (its code points), e.g. `1f41f` for 🐟, or one of our own drawings (images.ts). */
  emoji: string;
  /** A smaller second Twemoji in the corner (a lemon by the fish). */
  accent?: string;
  /** Draw the emoji three times (eggs, tomatoes, small fish). */
  cluster?: boolean;
  variants: readonly [SeedVariant, ...SeedVariant[]];
}

/** A discount's time window relative to the moment of seeding. */
export type DiscountWindow = 'current' | 'expired' | 'future';

export interface SeedDiscount {
  name: string;
  kind: 'percentage' | 'fixed';
  /** Percent for `percentage`, whole KSH off for `fixed`. */
  value: number;
  window: DiscountWindow;
  /** Switched off by an admin even though its window is open. */
  active: boolean;
  /** Product pids. */
  products: readonly string[];
}

const weight = (
  value: VariantAttributes['Weight'] & string,
  price: number,
  quantity: number,
): SeedVariant => ({
  attributes: { Weight: value },
  price,
  quantity,
});
const size = (value: VariantAttributes['Size'] & string, price: number, quantity: number): SeedVariant => ({
  attributes: { Size: value },
  price,
  quantity,
});
const pack = (value: VariantAttributes['Pack'] & string, price: number, quantity: number): SeedVariant => ({
  attributes: { Pack: value },
  price,
  quantity,
});

const tips = (intro: string, steps: string[]) =>
  `<p>${intro}</p><ul>${steps.map((s) => `<li>${s}</li>`).join('')}</ul>`;

// Twemoji file names used below.
const FISH = '1f41f';
const LEMON = '1f34b';

export const PRODUCTS: readonly SeedProduct[] = [
  // Fresh fish
  {
    pid: 'SKN-10001',
    name: 'Whole Tilapia',
    description:
      'Fresh whole tilapia from Lake Victoria, landed at Dunga beach in Kisumu and kept on ice all the way to Nairobi. Scaled and gutted on request.',
    recipeTips: tips('<strong>Wet fry</strong>, the Luo way:', [
      'Score the fish, rub with salt and lemon and deep-fry until golden.',
      'Simmer onions, tomatoes and dhania, then slide the fish in for 10 minutes.',
      'Serve with ugali and sukuma wiki.',
    ]),
    categories: ['fresh-fish'],
    emoji: FISH,
    accent: LEMON,
    variants: [size('Small', 300, 40), size('Medium', 450, 35), size('Large', 650, 18)],
  },
  {
    pid: 'SKN-10002',
    name: 'Nile Perch Fillet',
    description:
      'Boneless, skinless Nile perch (mbuta) fillets from Lake Victoria. Firm white flesh that holds together in stews and on the grill.',
    recipeTips: tips('Quick <strong>fish curry</strong>:', [
      'Cut into chunks and marinate with garlic, ginger and a pinch of turmeric.',
      'Cook onions and tomatoes with curry powder, add coconut milk.',
      'Add the fish for the last 8 minutes; serve with rice or chapati.',
    ]),
    categories: ['fresh-fish'],
    emoji: FISH,
    accent: '1f33f',
    variants: [weight('500 g', 600, 25), weight('1 kg', 1150, 15)],
  },
  {
    pid: 'SKN-10003',
    name: 'Whole Catfish (Mumi)',
    description:
      'Farmed African catfish from Kirinyaga ponds, rich and meaty with few bones. Cleaned and cut on request.',
    recipeTips: tips('Catfish loves <strong>slow cooking</strong>:', [
      'Cut into steaks and rub with salt and chilli.',
      'Fry lightly, then stew with onions, tomatoes and a little coconut milk.',
    ]),
    categories: ['fresh-fish'],
    emoji: FISH,
    accent: '1f336',
    variants: [size('Medium', 400, 12), size('Large', 600, 0)],
  },
  {
    pid: 'SKN-10004',
    name: 'Mombasa Prawns',
    description: 'Medium shell-on prawns from the Kenyan coast, frozen at sea to keep them sweet.',
    recipeTips: tips('<strong>Garlic prawns</strong> in ten minutes:', [
      'Fry chopped garlic and pilipili in butter.',
      'Add the prawns and cook 2–3 minutes a side until pink.',
      'Finish with lemon juice and dhania.',
    ]),
    categories: ['fresh-fish'],
    emoji: '1f990',
    accent: LEMON,
    variants: [weight('500 g', 900, 14), weight('1 kg', 1700, 6)],
  },
  {
    pid: 'SKN-10005',
    name: 'Octopus (Pweza)',
    description: 'Cleaned octopus from Lamu and Kilifi fishermen, tenderised and ready to cook.',
    recipeTips: tips('Swahili <strong>pweza wa nazi</strong>:', [
      'Boil the octopus for 45 minutes until tender, then cut into pieces.',
      'Simmer in coconut milk with onion, garlic, turmeric and lemon.',
    ]),
    categories: ['fresh-fish'],
    emoji: '1f419',
    variants: [weight('500 g', 650, 0), weight('1 kg', 1250, 0)],
  },
  {
    pid: 'SKN-10006',
    name: 'Parrotfish (Pono)',
    description:
      'Colourful reef fish from the Kenyan coast with sweet, delicate flesh. Sold whole and cleaned.',
    recipeTips: tips('Best <strong>grilled whole</strong>:', [
      'Stuff with lemon slices, garlic and dhania.',
      'Grill over charcoal 6–8 minutes a side, basting with coconut oil.',
    ]),
    categories: ['fresh-fish'],
    emoji: '1f420',
    variants: [size('Medium', 500, 9), size('Large', 750, 5)],
  },
  {
    pid: 'SKN-10007',
    name: 'Mud Crab',
    description:
      'Mangrove crab from Kilifi creek, caught to order and packed fresh. A coastal favourite for special dinners; supply depends on the tides.',
    recipeTips: tips('<strong>Crab in coconut sauce</strong>:', [
      'Boil for 10 minutes, crack the claws.',
      'Simmer in coconut milk with garlic, ginger, pilipili and tomatoes for 15 minutes.',
    ]),
    categories: ['fresh-fish'],
    emoji: '1f980',
    variants: [size('Medium', 700, 0), size('Large', 1000, 0)],
  },

  // Dried fish
  {
    pid: 'SKN-10008',
    name: 'Omena (Dried Silver Cyprinid)',
    description:
      'Sun-dried omena from Lake Victoria, sorted and cleaned of sand. A cheap, protein-rich staple across western Kenya.',
    recipeTips: tips('Classic <strong>omena fry</strong>:', [
      'Soak in warm water for 10 minutes and rinse twice to remove sand.',
      'Fry onions until soft, add the omena and fry until crisp.',
      'Add tomatoes and a splash of milk; simmer and serve with ugali.',
    ]),
    categories: ['dried-fish'],
    emoji: FISH,
    cluster: true,
    variants: [weight('250 g', 150, 60), weight('500 g', 280, 45), weight('1 kg', 520, 30)],
  },
  {
    pid: 'SKN-10009',
    name: 'Dried Tilapia',
    description:
      'Split and sun-dried tilapia from Homa Bay, full of smoky lake flavour. Keeps for weeks in a dry place.',
    recipeTips: tips('Bring it back to life:', [
      'Soak in warm salted water for 20 minutes, then rinse.',
      'Stew with onions, tomatoes and a little <strong>cream</strong> or milk.',
    ]),
    categories: ['dried-fish'],
    emoji: FISH,
    accent: '2600',
    variants: [size('Small', 150, 20), size('Medium', 250, 25), size('Large', 380, 10)],
  },
  {
    pid: 'SKN-10010',
    name: 'Smoked Catfish',
    description:
      'Catfish smoked over acacia wood by women traders in Kisumu. Deep, smoky taste for stews and vegetables.',
    recipeTips: tips('A little goes a long way:', [
      'Flake into <strong>managu or kunde</strong> while they simmer.',
      'Or stew with tomatoes and groundnut paste.',
    ]),
    categories: ['dried-fish'],
    emoji: FISH,
    accent: '1f525',
    variants: [size('Medium', 450, 0), size('Large', 650, 8)],
  },
  {
    pid: 'SKN-10011',
    name: 'Mgongo Wazi (Fried Nile Perch Frames)',
    description: 'Deep-fried Nile perch frames from Kisumu: crunchy, meaty and made for slow stews.',
    recipeTips: tips('Kisumu-style <strong>mgongo wazi stew</strong>:', [
      'Break into pieces and simmer with onions, tomatoes and dhania.',
      'Serve hot with ugali and greens.',
    ]),
    categories: ['dried-fish'],
    emoji: '1f9b4',
    accent: FISH,
    variants: [pack('1 piece', 200, 0), pack('2 pieces', 380, 0)],
  },
  {
    pid: 'SKN-10012',
    name: 'Dagaa (Dried Coastal Sardines)',
    description:
      'Small sun-dried sardines from the Indian Ocean coast, cleaned and packed. Saltier than lake omena.',
    recipeTips: tips('Coastal style:', [
      'Rinse well, then fry with onion and garlic.',
      'Finish with <strong>coconut milk</strong> and serve with rice.',
    ]),
    categories: ['dried-fish'],
    emoji: '1f420',
    cluster: true,
    variants: [weight('250 g', 180, 30), weight('500 g', 340, 15)],
  },

  // Meat and poultry
  {
    pid: 'SKN-10013',
    name: 'Kienyeji Chicken (Whole)',
    description:
      'Free-range indigenous chicken from smallholder farms in Kakamega and Machakos. Firmer meat and far more flavour than broilers.',
    recipeTips: tips('Kienyeji needs <strong>time</strong>:', [
      'Boil with salt, ginger and garlic for 45–60 minutes until tender.',
      'Fry onions and tomatoes, add the chicken and some of its stock.',
      'Simmer until thick; serve with ugali or chapati.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f413',
    variants: [size('Medium', 1300, 10), size('Large', 1700, 6)],
  },
  {
    pid: 'SKN-10014',
    name: 'Broiler Chicken (Whole)',
    description: 'Farm-fresh broiler from Kiambu, cleaned and dressed. Tender and quick to cook.',
    recipeTips: tips('<strong>Roast chicken</strong> with potatoes:', [
      'Rub with garlic, ginger, salt and a little curry powder.',
      'Roast at 200 °C for about 75 minutes with potatoes around it.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f414',
    variants: [size('Medium', 750, 20), size('Large', 900, 14)],
  },
  {
    pid: 'SKN-10015',
    name: 'Chicken Drumsticks',
    description: 'Meaty broiler drumsticks, skin on. A family favourite for grilling and frying.',
    recipeTips: tips('Grill them <strong>choma style</strong>:', [
      'Marinate with lemon, garlic, paprika and salt for an hour.',
      'Grill over medium charcoal, turning often, for 25 minutes.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f357',
    variants: [weight('500 g', 380, 22), weight('1 kg', 720, 16)],
  },
  {
    pid: 'SKN-10016',
    name: 'Goat Meat (Mbuzi)',
    description: 'Fresh goat meat from Kajiado, cut for nyama choma or stew. Order by weight; bone-in.',
    recipeTips: tips('Weekend <strong>nyama choma</strong>:', [
      'Salt the meat only, and grill slowly over low charcoal for an hour.',
      'Serve with kachumbari (tomato, onion, dhania, pilipili) and ugali.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f356',
    variants: [weight('500 g', 450, 20), weight('1 kg', 850, 18), weight('2 kg', 1650, 7)],
  },
  {
    pid: 'SKN-10017',
    name: 'Beef Steak (Boneless)',
    description: 'Boneless beef from grass-fed Maasai cattle, cut for frying, stir-fries and steaks.',
    recipeTips: tips('<strong>Beef fry</strong> for a quick dinner:', [
      'Cut into strips, fry in hot oil until browned.',
      'Add onions, green pepper and tomatoes; cook down and season.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f969',
    variants: [weight('500 g', 400, 30), weight('1 kg', 780, 20)],
  },
  {
    pid: 'SKN-10018',
    name: 'Beef on the Bone (Stewing)',
    description: 'Bone-in beef chunks for long-simmered stews and soups. The bones make a rich broth.',
    recipeTips: tips('A pot of <strong>beef stew</strong>:', [
      'Brown the meat, then add water and simmer for an hour.',
      'Add onions, tomatoes, carrots and potatoes for the last 30 minutes.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f969',
    accent: '1f9b4',
    variants: [weight('1 kg', 650, 25), weight('2 kg', 1250, 10)],
  },
  {
    pid: 'SKN-10019',
    name: 'Matumbo (Beef Tripe)',
    description: 'Cleaned and par-boiled beef tripe, ready to cut and cook.',
    recipeTips: tips('<strong>Matumbo fry</strong>:', [
      'Boil for 40 minutes until soft, then cut into small pieces.',
      'Fry with onions, tomatoes, green pepper and dhania.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f372',
    variants: [weight('500 g', 240, 18), weight('1 kg', 450, 12)],
  },
  {
    pid: 'SKN-10020',
    name: 'Minced Beef',
    description: 'Lean minced beef, freshly ground. For samosas, meatballs and pasta sauce.',
    recipeTips: tips('Filling for <strong>homemade samosas</strong>:', [
      'Fry the mince with onion, garlic, ginger and curry powder.',
      'Stir in chopped dhania and leave to cool before wrapping.',
    ]),
    categories: ['meat-poultry'],
    emoji: '1f969',
    accent: '1f9c5',
    variants: [weight('500 g', 420, 15), weight('1 kg', 800, 9)],
  },

  // Vegetables
  {
    pid: 'SKN-10021',
    name: 'Sukuma Wiki (Collard Greens)',
    description:
      'Fresh collard greens from Limuru farms, picked the morning of delivery. The Kenyan everyday vegetable.',
    recipeTips: tips('Perfect <strong>sukuma wiki</strong>:', [
      'Roll the leaves and slice very thin.',
      'Fry onions and tomatoes, add the sukuma and stir for 3–4 minutes only.',
      'Season with salt; keep it bright green.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f96c',
    variants: [weight('500 g', 40, 80), weight('1 kg', 70, 60)],
  },
  {
    pid: 'SKN-10022',
    name: 'Managu (African Nightshade)',
    description:
      'Tender managu leaves, a traditional vegetable loved for its slightly bitter taste and iron.',
    recipeTips: tips('The traditional way:', [
      'Boil for 10 minutes and drain to soften the bitterness.',
      'Fry with onions and a little <strong>cream or milk</strong>.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f33f',
    variants: [weight('250 g', 50, 35), weight('500 g', 90, 25)],
  },
  {
    pid: 'SKN-10023',
    name: 'Terere (Amaranth Greens)',
    description: 'Young amaranth leaves with a mild, spinach-like taste. Rich in iron and calcium.',
    recipeTips: tips('Quick and soft:', [
      'Chop roughly and steam for 5 minutes.',
      'Mix with fried onions and tomatoes; great with <strong>ugali</strong>.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f343',
    variants: [weight('250 g', 40, 30), weight('500 g', 70, 20)],
  },
  {
    pid: 'SKN-10024',
    name: 'Kunde (Cowpea Leaves)',
    description: 'Tender cowpea leaves from Kakamega, a western Kenya favourite.',
    recipeTips: tips('Kunde with <strong>groundnut sauce</strong>:', [
      'Boil the leaves for 5 minutes and drain.',
      'Stir in groundnut paste loosened with a little water; simmer 5 minutes.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f96c',
    accent: '1fadb',
    variants: [weight('250 g', 40, 0), weight('500 g', 70, 18)],
  },
  {
    pid: 'SKN-10025',
    name: 'Tomatoes',
    description: 'Firm, ripe tomatoes from Kirinyaga. For kachumbari, stews and everything in between.',
    recipeTips: tips('<strong>Kachumbari</strong>:', [
      'Dice tomatoes and red onion finely; add chopped dhania and pilipili.',
      'Season with salt and lemon juice just before serving.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f345',
    cluster: true,
    variants: [weight('500 g', 70, 50), weight('1 kg', 130, 40), weight('2 kg', 250, 20)],
  },
  {
    pid: 'SKN-10026',
    name: 'Red Onions',
    description: 'Strong red onions from Loitokitok, the base of almost every Kenyan dish.',
    recipeTips: tips('Keep them well:', [
      'Store in a dry, airy basket, away from potatoes.',
      'Soak sliced onions in cold water for milder <strong>kachumbari</strong>.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f9c5',
    cluster: true,
    variants: [weight('500 g', 70, 60), weight('1 kg', 130, 45), weight('2 kg', 250, 25)],
  },
  {
    pid: 'SKN-10027',
    name: 'Irish Potatoes (Waru)',
    description: 'Shangi potatoes from Nyandarua, great for chips, mukimo and stews.',
    recipeTips: tips('<strong>Mukimo</strong>:', [
      'Boil potatoes with green maize, peas and pumpkin leaves.',
      'Mash together with salt and a knob of butter.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f954',
    cluster: true,
    variants: [weight('1 kg', 100, 50), weight('2 kg', 190, 35), weight('5 kg', 450, 12)],
  },
  {
    pid: 'SKN-10028',
    name: 'Sweet Potatoes (Viazi Vitamu)',
    description: 'Orange-fleshed sweet potatoes from Homa Bay, naturally sweet and rich in vitamin A.',
    recipeTips: tips('A classic <strong>breakfast</strong>:', [
      'Boil in their skins for 25 minutes.',
      'Serve hot with a cup of chai.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f360',
    variants: [weight('1 kg', 120, 30), weight('2 kg', 230, 14)],
  },
  {
    pid: 'SKN-10029',
    name: 'Carrots',
    description: 'Crunchy carrots from Nyeri, washed and sorted.',
    recipeTips: tips('Add colour to <strong>pilau</strong> or stews:', [
      'Grate into rice for the last 5 minutes of cooking.',
      'Or cut into sticks for a lunchbox snack.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f955',
    variants: [weight('500 g', 60, 40), weight('1 kg', 110, 30)],
  },
  {
    pid: 'SKN-10030',
    name: 'Fresh Ginger (Tangawizi)',
    description: 'Fragrant fresh ginger root for chai, stews and marinades.',
    recipeTips: tips('<strong>Tangawizi chai</strong>:', [
      'Crush a thumb of ginger and boil it with water and tea leaves.',
      'Add milk and sugar, bring to the boil and strain.',
    ]),
    categories: ['fruits-vegetables', 'spices-herbs'],
    emoji: '1fada',
    variants: [weight('250 g', 80, 25), weight('500 g', 150, 15)],
  },
  {
    pid: 'SKN-10031',
    name: 'Green Maize Cobs',
    description: 'Fresh green maize from Narok, for roasting on charcoal or boiling.',
    recipeTips: tips('Street-style <strong>mahindi choma</strong>:', [
      'Roast over hot charcoal, turning until charred in spots.',
      'Rub with lemon, chilli powder and salt.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f33d',
    variants: [pack('5 pieces', 125, 20), pack('10 pieces', 240, 10)],
  },
  {
    pid: 'SKN-10032',
    name: 'Green Chillies (Pilipili)',
    description: 'Hot green bird’s-eye chillies. A little adds a lot of fire.',
    recipeTips: tips('Make a quick <strong>pilipili sauce</strong>:', [
      'Blend chillies with garlic, lemon juice and salt.',
      'Keeps in the fridge for two weeks.',
    ]),
    categories: ['fruits-vegetables', 'spices-herbs'],
    emoji: '1f336',
    variants: [weight('100 g', 40, 25), weight('250 g', 90, 12)],
  },
  {
    pid: 'SKN-10033',
    name: 'Garlic',
    description: 'Whole garlic bulbs with firm, fragrant cloves.',
    recipeTips: tips('Make <strong>garlic-ginger paste</strong> once a week:', [
      'Blend equal parts garlic and ginger with a little oil and salt.',
      'Keep in a jar in the fridge for stews and marinades.',
    ]),
    categories: ['fruits-vegetables', 'spices-herbs'],
    emoji: '1f9c4',
    variants: [weight('250 g', 120, 30), weight('500 g', 230, 15)],
  },

  // Fruit
  {
    pid: 'SKN-10034',
    name: 'Hass Avocados',
    description: 'Creamy Hass avocados from Murang’a, picked mature and ripening in 2–4 days.',
    recipeTips: tips('Ripen and enjoy:', [
      'Keep in a paper bag with a banana to ripen faster.',
      'Mash on toast with salt, lemon and <strong>pilipili</strong>.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f951',
    variants: [pack('6 pieces', 210, 30), pack('12 pieces', 400, 18)],
  },
  {
    pid: 'SKN-10035',
    name: 'Apple Mangoes',
    description: 'Sweet, fibre-free apple mangoes from Makueni, sold per fruit.',
    recipeTips: tips('Beyond eating fresh:', [
      'Blend with chilled milk for a <strong>mango lassi</strong>.',
      'Slice with chilli powder and salt, the way street vendors do.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f96d',
    variants: [size('Medium', 60, 50), size('Large', 90, 35)],
  },
  {
    pid: 'SKN-10036',
    name: 'Pineapple',
    description: 'Juicy pineapples from Kericho, sweet with a gentle tang.',
    recipeTips: tips('<strong>Grilled pineapple</strong>:', [
      'Cut into rings and grill until caramelised.',
      'Sprinkle with a little cinnamon and serve warm.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f34d',
    variants: [size('Medium', 120, 25), size('Large', 180, 12)],
  },
  {
    pid: 'SKN-10037',
    name: 'Passion Fruit',
    description: 'Purple passion fruit from Sotik, fragrant and tart. Wrinkled skins mean they are ripe.',
    recipeTips: tips('Fresh <strong>passion juice</strong>:', [
      'Scoop the pulp, blend briefly with water and sugar.',
      'Strain and chill; add a squeeze of lime.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: 'passion-fruit',
    variants: [weight('500 g', 120, 30), weight('1 kg', 220, 20)],
  },
  {
    pid: 'SKN-10038',
    name: 'Sweet Bananas (Ndizi)',
    description: 'Ripe sweet bananas from Kisii, sold by the hand.',
    recipeTips: tips('Too ripe? Bake <strong>banana bread</strong>:', [
      'Mash three ripe bananas with sugar, an egg and melted butter.',
      'Fold in flour and baking powder, bake at 180 °C for 50 minutes.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f34c',
    variants: [pack('6 pieces', 60, 40), pack('12 pieces', 110, 30)],
  },
  {
    pid: 'SKN-10039',
    name: 'Watermelon',
    description: 'Sweet, crisp watermelons from Kibwezi. Perfect for hot Nairobi afternoons.',
    recipeTips: tips('Cool down:', [
      'Chill before cutting for the best crunch.',
      'Blend with mint and ice for a quick <strong>juice</strong>.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f349',
    variants: [size('Small', 200, 10), size('Medium', 300, 8), size('Large', 400, 0)],
  },
  {
    pid: 'SKN-10040',
    name: 'Oranges',
    description: 'Juicy green-skinned oranges from Makueni. Green outside, sweet inside.',
    recipeTips: tips('For <strong>fresh juice</strong>:', [
      'Roll on the table before cutting to get more juice.',
    ]),
    categories: ['fruits-vegetables'],
    emoji: '1f34a',
    cluster: true,
    variants: [pack('6 pieces', 150, 30), pack('12 pieces', 280, 15)],
  },
  {
    pid: 'SKN-10041',
    name: 'Coconut',
    description: 'Mature coconuts from Kwale, for fresh coconut milk in coastal dishes.',
    recipeTips: tips('Make <strong>coconut milk</strong>:', [
      'Grate the flesh and mix with a cup of warm water.',
      'Squeeze through a cloth: the first press is thick, the second thin.',
    ]),
    categories: ['fruits-vegetables', 'pantry-cereals'],
    emoji: '1f965',
    variants: [size('Medium', 80, 20), size('Large', 120, 12)],
  },

  // Dairy and eggs
  {
    pid: 'SKN-10042',
    name: 'Fresh Milk (Pasteurised)',
    description: 'Whole pasteurised milk from Kinangop and Ol Kalou dairy farmers. Keep cold.',
    recipeTips: tips('Real <strong>Kenyan chai</strong>:', [
      'Boil equal parts milk and water with tea leaves and sugar.',
      'Add chai masala or ginger, bring to the boil twice and strain.',
    ]),
    categories: ['dairy-eggs'],
    emoji: '1f95b',
    variants: [pack('500 ml', 60, 80), pack('1 L', 115, 60)],
  },
  {
    pid: 'SKN-10043',
    name: 'Mala (Fermented Milk)',
    description: 'Thick, tangy fermented milk. Drink it cold or serve with ugali.',
    recipeTips: tips('Ways to enjoy <strong>mala</strong>:', [
      'Serve chilled with hot ugali and greens.',
      'Blend with banana and honey for a quick smoothie.',
    ]),
    categories: ['dairy-eggs', 'drinks'],
    emoji: '1f95b',
    accent: '1fad9',
    variants: [pack('500 ml', 75, 40), pack('1 L', 140, 25)],
  },
  {
    pid: 'SKN-10044',
    name: 'Mursik (Smoked Fermented Milk)',
    description:
      'Kalenjin fermented milk, cured in a gourd with charcoal from the cromwo tree for its smoky flavour.',
    recipeTips: tips('A Rift Valley tradition:', [
      'Shake well and drink chilled, or serve with <strong>ugali</strong>.',
    ]),
    categories: ['dairy-eggs'],
    emoji: 'milk-gourd',
    variants: [pack('500 ml', 140, 0), pack('1 L', 250, 0)],
  },
  {
    pid: 'SKN-10045',
    name: 'Natural Yoghurt',
    description: 'Thick, unsweetened natural yoghurt from a Nyeri dairy.',
    recipeTips: tips('Breakfast bowl:', [
      'Top with sliced mango, passion fruit and a spoon of <strong>honey</strong>.',
      'Or use as a marinade to make chicken tender.',
    ]),
    categories: ['dairy-eggs'],
    emoji: '1f95b',
    accent: '1f944',
    variants: [pack('500 ml', 150, 25), pack('1 L', 280, 15)],
  },
  {
    pid: 'SKN-10046',
    name: 'Salted Butter',
    description: 'Creamy salted butter churned from Kenyan cream.',
    recipeTips: tips('Butter makes <strong>chapati</strong> soft:', [
      'Brush a little on each side as it cooks.',
    ]),
    categories: ['dairy-eggs'],
    emoji: '1f9c8',
    variants: [weight('250 g', 360, 20), weight('500 g', 690, 10)],
  },
  {
    pid: 'SKN-10047',
    name: 'Kienyeji Eggs',
    description: 'Free-range eggs from indigenous hens, with deep orange yolks.',
    recipeTips: tips('Perfect <strong>boiled eggs</strong>:', [
      'Start in cold water, bring to the boil, then simmer 9 minutes.',
      'Cool in cold water before peeling.',
    ]),
    categories: ['dairy-eggs'],
    emoji: '1f95a',
    cluster: true,
    variants: [pack('6 pieces', 160, 20), pack('12 pieces', 310, 10)],
  },
  {
    pid: 'SKN-10048',
    name: 'Farm Eggs',
    description: 'Fresh grade-one eggs from Kiambu layer farms.',
    recipeTips: tips('Spanish omelette, Kenyan style:', [
      'Fry onion, tomato and green pepper, pour in beaten eggs.',
      'Cook gently and fold; serve with <strong>bread or chapati</strong>.',
    ]),
    categories: ['dairy-eggs'],
    emoji: '1f95a',
    accent: '1f414',
    variants: [pack('6 pieces', 95, 40), pack('12 pieces', 185, 30), pack('Tray of 30', 430, 12)],
  },

  // Bakery
  {
    pid: 'SKN-10049',
    name: 'Mandazi',
    description: 'Soft, lightly sweet mandazi fried fresh every morning, with a hint of cardamom.',
    recipeTips: tips('Best with <strong>chai</strong>:', [
      'Warm for 10 seconds in a dry pan to bring back the softness.',
    ]),
    categories: ['bakery'],
    emoji: 'mandazi',
    cluster: true,
    variants: [pack('6 pieces', 60, 30), pack('12 pieces', 110, 20)],
  },
  {
    pid: 'SKN-10050',
    name: 'Chapati',
    description: 'Soft layered chapati, hand-rolled and cooked on the day of delivery.',
    recipeTips: tips('Keep them soft:', [
      'Reheat on a hot pan for 20 seconds a side.',
      'Serve with <strong>ndengu</strong>, beans or beef stew.',
    ]),
    categories: ['bakery'],
    emoji: '1fad3',
    variants: [pack('5 pieces', 100, 25), pack('10 pieces', 190, 15)],
  },
  {
    pid: 'SKN-10051',
    name: 'White Bread',
    description: 'Soft sliced white bread baked in Nairobi.',
    recipeTips: tips('<strong>Egg toast</strong>:', [
      'Dip slices in beaten egg with a pinch of salt and fry until golden.',
    ]),
    categories: ['bakery'],
    emoji: '1f35e',
    variants: [weight('400 g', 65, 40), weight('800 g', 120, 25)],
  },
  {
    pid: 'SKN-10052',
    name: 'Brown Bread',
    description: 'Sliced brown bread with wholemeal flour.',
    recipeTips: tips('A filling breakfast:', [
      'Toast and top with mashed <strong>avocado</strong> and a boiled egg.',
    ]),
    categories: ['bakery'],
    emoji: '1f35e',
    accent: '1f33e',
    variants: [weight('400 g', 70, 30), weight('800 g', 130, 0)],
  },
  {
    pid: 'SKN-10053',
    name: 'Mahamri',
    description: 'Swahili coconut doughnuts with cardamom, light and fluffy.',
    recipeTips: tips('Coastal breakfast:', [
      'Serve with <strong>mbaazi za nazi</strong> (pigeon peas in coconut) and chai.',
    ]),
    categories: ['bakery'],
    emoji: '1f95f',
    accent: '1f965',
    variants: [pack('6 pieces', 90, 20), pack('12 pieces', 170, 12)],
  },
  {
    pid: 'SKN-10054',
    name: 'Queen Cakes',
    description: 'Little butter sponge cakes with a touch of lemon zest.',
    recipeTips: tips('Tea-time treat:', ['Warm for a few seconds and serve with <strong>chai</strong>.']),
    categories: ['bakery'],
    emoji: '1f9c1',
    variants: [pack('6 pieces', 150, 18), pack('12 pieces', 280, 10)],
  },
  {
    pid: 'SKN-10055',
    name: 'Kaimati (Sweet Dumplings)',
    description: 'Crispy fried dough balls soaked in cardamom syrup, a coastal favourite.',
    recipeTips: tips('Serve them <strong>warm</strong>:', [
      'Drizzle a little extra syrup or honey just before eating.',
    ]),
    categories: ['bakery'],
    emoji: '1f9c6',
    accent: '1f36f',
    variants: [pack('6 pieces', 70, 25), pack('12 pieces', 130, 15)],
  },

  // Drinks
  {
    pid: 'SKN-10056',
    name: 'Kenyan Black Tea (Loose Leaf)',
    description:
      'Strong CTC black tea from the highlands of Kericho and Nandi Hills, the backbone of Kenyan chai.',
    recipeTips: tips('<strong>Chai ya maziwa</strong>:', [
      'One teaspoon of tea per cup, boiled with milk, water and sugar.',
      'Add a pinch of chai masala for a spiced cup.',
    ]),
    categories: ['drinks', 'pantry-cereals'],
    emoji: '1f375',
    variants: [weight('250 g', 150, 50), weight('500 g', 280, 35), weight('1 kg', 540, 15)],
  },
  {
    pid: 'SKN-10057',
    name: 'Kenyan AA Coffee',
    description:
      'Top-grade AA arabica from the slopes of Mount Kenya around Nyeri, with bright blackcurrant and citrus notes. Medium roast.',
    recipeTips: tips('<strong>French press</strong>, done right:', [
      'Use 15 g of ground coffee per 250 ml of water just off the boil.',
      'Steep 4 minutes, stir, and press slowly.',
    ]),
    categories: ['drinks'],
    emoji: '2615',
    accent: '1fad8',
    variants: [
      { attributes: { Weight: '250 g', Grind: 'Whole beans' }, price: 650, quantity: 20 },
      { attributes: { Weight: '250 g', Grind: 'Ground' }, price: 650, quantity: 25 },
      { attributes: { Weight: '500 g', Grind: 'Ground' }, price: 1200, quantity: 10 },
    ],
  },
  {
    pid: 'SKN-10058',
    name: 'Mango Juice',
    description: 'Thick mango juice pressed from Makueni mangoes, no added colour.',
    recipeTips: tips('Make it a <strong>party punch</strong>:', [
      'Mix with passion juice, sparkling water and ice.',
    ]),
    categories: ['drinks'],
    emoji: '1f9c3',
    accent: '1f96d',
    variants: [pack('500 ml', 90, 40), pack('1 L', 170, 25)],
  },
  {
    pid: 'SKN-10059',
    name: 'Passion Juice',
    description: 'Tangy passion fruit juice, lightly sweetened.',
    recipeTips: tips('Best served <strong>ice cold</strong>:', [
      'Dilute one part juice with one part cold water.',
    ]),
    categories: ['drinks'],
    emoji: '1f9c3',
    accent: 'passion-fruit',
    variants: [pack('500 ml', 90, 30), pack('1 L', 170, 20)],
  },
  {
    pid: 'SKN-10060',
    name: 'Tamarind Juice (Ukwaju)',
    description: 'Sweet and sour tamarind drink, a Mombasa street classic.',
    recipeTips: tips('Coastal twist:', ['Add a pinch of <strong>ground ginger</strong> and lots of ice.']),
    categories: ['drinks'],
    emoji: '1f964',
    variants: [pack('500 ml', 80, 0), pack('1 L', 150, 14)],
  },
  {
    pid: 'SKN-10061',
    name: 'Drinking Water',
    description: 'Purified still drinking water.',
    recipeTips: tips('Stay hydrated:', [
      'Keep a <strong>5 L</strong> bottle in the kitchen for cooking and tea.',
    ]),
    categories: ['drinks'],
    emoji: '1f4a7',
    variants: [pack('500 ml', 30, 100), pack('1.5 L', 70, 60), pack('5 L', 190, 20)],
  },

  // Pantry and cereals
  {
    pid: 'SKN-10062',
    name: 'Maize Flour (Unga wa Sembe)',
    description: 'Sifted white maize flour for smooth, firm ugali.',
    recipeTips: tips('Firm <strong>ugali</strong> for four:', [
      'Bring 1 L of water to the boil, add flour slowly while stirring.',
      'Keep turning with a wooden spoon until it pulls away from the pot.',
      'Cover and cook 2 more minutes on low heat.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f33d',
    accent: '1f33e',
    variants: [weight('1 kg', 90, 80), weight('2 kg', 170, 60)],
  },
  {
    pid: 'SKN-10063',
    name: 'Wimbi Flour (Finger Millet)',
    description: 'Stone-ground finger millet flour for uji and brown ugali. Rich in calcium.',
    recipeTips: tips('Smooth <strong>uji</strong>:', [
      'Mix 3 tablespoons with cold water into a paste.',
      'Pour into boiling water, stir for 10 minutes; add sugar and lemon.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f33e',
    variants: [weight('1 kg', 180, 0), weight('2 kg', 340, 0)],
  },
  {
    pid: 'SKN-10064',
    name: 'Wheat Flour (Home Baking)',
    description: 'All-purpose wheat flour for chapati, mandazi and cakes.',
    recipeTips: tips('Soft <strong>chapati</strong> dough:', [
      'Mix 500 g flour, salt, a spoon of sugar, warm water and oil.',
      'Knead 10 minutes and rest 30 minutes before rolling.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f33e',
    accent: '1f35e',
    variants: [weight('1 kg', 110, 50), weight('2 kg', 210, 40)],
  },
  {
    pid: 'SKN-10065',
    name: 'Ndengu (Green Grams)',
    description: 'Clean, sorted green grams from Kitui, for stews and soups.',
    recipeTips: tips('<strong>Ndengu stew</strong>:', [
      'Boil for 40 minutes until soft.',
      'Fry onions, garlic, tomatoes and curry powder; add the ndengu and simmer.',
      'Serve with chapati or rice.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1fadb',
    variants: [weight('500 g', 120, 35), weight('1 kg', 230, 25)],
  },
  {
    pid: 'SKN-10066',
    name: 'Rosecoco Beans',
    description: 'Speckled rosecoco beans from Bungoma, creamy when cooked.',
    recipeTips: tips('Save time and gas:', [
      'Soak overnight, then boil for about an hour.',
      'Stew with onions, tomatoes and <strong>dhania</strong>.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1fad8',
    variants: [weight('500 g', 110, 40), weight('1 kg', 210, 30), weight('2 kg', 400, 12)],
  },
  {
    pid: 'SKN-10067',
    name: 'Githeri Mix (Maize & Beans)',
    description: 'Dried maize and beans, ready-mixed for githeri.',
    recipeTips: tips('Hearty <strong>githeri</strong>:', [
      'Soak overnight and boil for 2 hours until soft.',
      'Fry with onions, tomatoes and diced potatoes; add greens at the end.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f33d',
    accent: '1fad8',
    variants: [weight('1 kg', 160, 30), weight('2 kg', 300, 18)],
  },
  {
    pid: 'SKN-10068',
    name: 'Pishori Rice',
    description: 'Aromatic pishori rice from Mwea, fluffy and fragrant.',
    recipeTips: tips('Fluffy <strong>pilau</strong>:', [
      'Fry onions deep brown with pilau masala, garlic and ginger.',
      'Add rice and twice its volume of stock; cover and cook on low 20 minutes.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f35a',
    variants: [weight('1 kg', 220, 45), weight('2 kg', 430, 25), weight('5 kg', 1050, 8)],
  },
  {
    pid: 'SKN-10069',
    name: 'Chai Masala',
    description: 'Ground spice blend of ginger, cardamom, cinnamon, clove and black pepper for spiced tea.',
    recipeTips: tips('Just a pinch:', ['Add <strong>¼ teaspoon per cup</strong> while the tea boils.']),
    categories: ['pantry-cereals', 'drinks', 'spices-herbs'],
    emoji: '1f9c2',
    accent: '1fada',
    variants: [weight('50 g', 120, 30), weight('100 g', 220, 20)],
  },
  {
    pid: 'SKN-10070',
    name: 'Raw Honey',
    description: 'Pure raw honey from beekeepers in Kitui and Baringo. May crystallise; that is natural.',
    recipeTips: tips('Soothing drink:', [
      'Stir a spoon into warm water with lemon and fresh <strong>ginger</strong>.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f36f',
    variants: [weight('500 g', 480, 18), weight('1 kg', 900, 9)],
  },
  {
    pid: 'SKN-10071',
    name: 'Groundnuts (Njugu Karanga)',
    description: 'Raw red-skinned groundnuts from Siaya, for roasting, stews and peanut sauce.',
    recipeTips: tips('Roast them at home:', [
      'Dry-roast in a pan on low heat, stirring, for 15 minutes.',
      'Toss with a pinch of <strong>salt</strong> while warm.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f95c',
    variants: [weight('250 g', 90, 30), weight('500 g', 170, 20)],
  },
  {
    pid: 'SKN-10072',
    name: 'Sunflower Cooking Oil',
    description: 'Refined sunflower oil, light in taste, for frying and baking.',
    recipeTips: tips('Fry safely:', [
      'Heat to about 170 °C; a cube of bread should turn golden in <strong>60 seconds</strong>.',
    ]),
    categories: ['pantry-cereals'],
    emoji: '1f33b',
    variants: [pack('1 L', 330, 40), pack('5 L', 1550, 10)],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** When a window opens and closes, counted from the moment of seeding. */
export function discountWindow(window: DiscountWindow, now: Date): { startsAt: Date; endsAt: Date | null } {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  switch (window) {
    case 'current':
      return { startsAt: at(-7), endsAt: null };
    case 'expired':
      return { startsAt: at(-40), endsAt: at(-10) };
    case 'future':
      return { startsAt: at(90), endsAt: at(120) };
  }
}

export const DISCOUNTS: readonly SeedDiscount[] = [
  {
    name: 'Fish Friday',
    kind: 'percentage',
    value: 15,
    window: 'current',
    active: true,
    products: ['SKN-10001', 'SKN-10002', 'SKN-10003', 'SKN-10004', 'SKN-10006'],
  },
  {
    name: 'Nyama Weekend',
    kind: 'fixed',
    value: 100,
    window: 'current',
    active: true,
    products: ['SKN-10013', 'SKN-10016', 'SKN-10017'],
  },
  {
    name: 'Breakfast Deals',
    kind: 'percentage',
    value: 10,
    window: 'current',
    active: true,
    products: ['SKN-10049', 'SKN-10056', 'SKN-10042'],
  },
  {
    name: 'Jamhuri Day Special',
    kind: 'percentage',
    value: 20,
    window: 'expired',
    active: true,
    products: ['SKN-10016', 'SKN-10068', 'SKN-10038'],
  },
  {
    name: 'Back to School',
    kind: 'fixed',
    value: 20,
    window: 'future',
    active: true,
    products: ['SKN-10062', 'SKN-10066', 'SKN-10068', 'SKN-10042'],
  },
  {
    name: 'Mango Madness',
    kind: 'percentage',
    value: 25,
    window: 'current',
    active: false,
    products: ['SKN-10035', 'SKN-10058'],
  },
];
