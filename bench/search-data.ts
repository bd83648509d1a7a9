import type { SearchDocument } from '../server/modules/search/engine';

/**
 * Generates search documents with the vocabulary of a Kenyan grocery catalogue, deterministically
 * (seeded), so benchmark runs compare like with like. No database: the bench measures the index.
 */

interface Item {
  name: string;
  category: string;
  /** Words a description of this item may use (origin, use, form). */
  uses: string[];
}

const ITEMS: Item[] = [
  { name: 'Tilapia', category: 'Fish & Seafood', uses: ['wet fry', 'deep fry', 'samaki wa kupaka'] },
  { name: 'Omena', category: 'Fish & Seafood', uses: ['omena stew', 'ugali', 'tomato fry'] },
  { name: 'Nile Perch', category: 'Fish & Seafood', uses: ['fish fillet', 'grilling', 'fish curry'] },
  { name: 'Dagaa', category: 'Fish & Seafood', uses: ['coconut curry', 'ugali'] },
  { name: 'Prawns', category: 'Fish & Seafood', uses: ['pilau', 'coconut curry', 'grilling'] },
  { name: 'Octopus', category: 'Fish & Seafood', uses: ['pweza wa nazi', 'grilling'] },
  { name: 'Sardines', category: 'Fish & Seafood', uses: ['breakfast', 'sandwiches'] },
  { name: 'Catfish', category: 'Fish & Seafood', uses: ['fish soup', 'wet fry'] },
  { name: 'Sukuma Wiki', category: 'Vegetables', uses: ['ugali', 'stir fry'] },
  { name: 'Managu', category: 'Vegetables', uses: ['traditional greens', 'ugali'] },
  { name: 'Terere', category: 'Vegetables', uses: ['traditional greens', 'stew'] },
  { name: 'Kunde', category: 'Vegetables', uses: ['traditional greens', 'peanut sauce'] },
  { name: 'Mrenda', category: 'Vegetables', uses: ['traditional greens', 'ugali'] },
  { name: 'Saga', category: 'Vegetables', uses: ['traditional greens', 'milk stew'] },
  { name: 'Spinach', category: 'Vegetables', uses: ['stir fry', 'smoothies'] },
  { name: 'Cabbage', category: 'Vegetables', uses: ['kachumbari', 'stir fry'] },
  { name: 'Tomatoes', category: 'Vegetables', uses: ['kachumbari', 'stew', 'mchuzi'] },
  { name: 'Red Onions', category: 'Vegetables', uses: ['kachumbari', 'pilau'] },
  { name: 'Dhania', category: 'Vegetables', uses: ['garnish', 'kachumbari'] },
  { name: 'Pilipili Hoho', category: 'Vegetables', uses: ['stir fry', 'salads'] },
  { name: 'Carrots', category: 'Vegetables', uses: ['salads', 'juice', 'stew'] },
  { name: 'Irish Potatoes', category: 'Vegetables', uses: ['chips', 'mukimo', 'stew'] },
  { name: 'Sweet Potatoes', category: 'Vegetables', uses: ['breakfast', 'roasting'] },
  { name: 'Nduma Arrow Roots', category: 'Vegetables', uses: ['breakfast', 'tea time'] },
  { name: 'Cassava', category: 'Vegetables', uses: ['roasting', 'crisps'] },
  { name: 'Green Maize', category: 'Vegetables', uses: ['roasting', 'githeri'] },
  { name: 'Avocado Hass', category: 'Fruits', uses: ['salads', 'smoothies', 'toast'] },
  { name: 'Apple Mango', category: 'Fruits', uses: ['juice', 'smoothies', 'dessert'] },
  { name: 'Ngowe Mango', category: 'Fruits', uses: ['juice', 'snacking'] },
  { name: 'Pineapple', category: 'Fruits', uses: ['juice', 'fruit salad'] },
  { name: 'Pawpaw', category: 'Fruits', uses: ['breakfast', 'fruit salad'] },
  { name: 'Ndizi Bananas', category: 'Fruits', uses: ['snacking', 'matoke', 'smoothies'] },
  { name: 'Matoke', category: 'Fruits', uses: ['matoke stew', 'mashing'] },
  { name: 'Passion Fruit', category: 'Fruits', uses: ['juice', 'dessert'] },
  { name: 'Watermelon', category: 'Fruits', uses: ['snacking', 'juice'] },
  { name: 'Oranges', category: 'Fruits', uses: ['juice', 'snacking'] },
  { name: 'Lemons', category: 'Fruits', uses: ['dressing', 'tea', 'marinade'] },
  { name: 'Coconut', category: 'Fruits', uses: ['coconut rice', 'coconut curry'] },
  { name: 'Tamarind Ukwaju', category: 'Fruits', uses: ['juice', 'chutney'] },
  { name: 'Kienyeji Chicken', category: 'Meat & Poultry', uses: ['chicken stew', 'roasting'] },
  { name: 'Broiler Chicken', category: 'Meat & Poultry', uses: ['chicken curry', 'grilling'] },
  { name: 'Beef Steak', category: 'Meat & Poultry', uses: ['nyama choma', 'grilling', 'stew'] },
  { name: 'Beef Mince', category: 'Meat & Poultry', uses: ['samosa', 'spaghetti', 'stew'] },
  { name: 'Goat Meat Mbuzi', category: 'Meat & Poultry', uses: ['nyama choma', 'pilau', 'mchuzi'] },
  { name: 'Matumbo', category: 'Meat & Poultry', uses: ['matumbo fry', 'stew'] },
  { name: 'Pork Sausages', category: 'Meat & Poultry', uses: ['breakfast', 'grilling'] },
  { name: 'Beef Sausages', category: 'Meat & Poultry', uses: ['breakfast', 'smokies'] },
  { name: 'Fresh Milk', category: 'Dairy & Eggs', uses: ['tea', 'chai', 'breakfast'] },
  { name: 'Mala Fermented Milk', category: 'Dairy & Eggs', uses: ['ugali', 'refreshing drink'] },
  { name: 'Yoghurt', category: 'Dairy & Eggs', uses: ['breakfast', 'smoothies'] },
  { name: 'Kienyeji Eggs', category: 'Dairy & Eggs', uses: ['breakfast', 'baking'] },
  { name: 'Butter', category: 'Dairy & Eggs', uses: ['baking', 'toast'] },
  { name: 'Cheddar Cheese', category: 'Dairy & Eggs', uses: ['sandwiches', 'pizza'] },
  { name: 'Maize Flour Unga', category: 'Flour & Grains', uses: ['ugali', 'uji'] },
  { name: 'Wheat Flour', category: 'Flour & Grains', uses: ['chapati', 'mandazi', 'baking'] },
  { name: 'Millet Flour', category: 'Flour & Grains', uses: ['uji', 'porridge'] },
  { name: 'Sorghum Flour', category: 'Flour & Grains', uses: ['uji', 'porridge'] },
  { name: 'Pishori Rice', category: 'Flour & Grains', uses: ['pilau', 'biryani', 'coconut rice'] },
  { name: 'Basmati Rice', category: 'Flour & Grains', uses: ['pilau', 'biryani'] },
  { name: 'Ndengu Green Grams', category: 'Flour & Grains', uses: ['ndengu stew', 'chapati'] },
  { name: 'Rosecoco Beans', category: 'Flour & Grains', uses: ['githeri', 'beans stew'] },
  { name: 'Nyayo Beans', category: 'Flour & Grains', uses: ['githeri', 'mukimo'] },
  { name: 'Dry Maize', category: 'Flour & Grains', uses: ['githeri', 'muthokoi'] },
  { name: 'White Bread', category: 'Bakery', uses: ['breakfast', 'sandwiches', 'toast'] },
  { name: 'Brown Bread', category: 'Bakery', uses: ['breakfast', 'sandwiches'] },
  { name: 'Mandazi', category: 'Bakery', uses: ['tea time', 'breakfast'] },
  { name: 'Chapati', category: 'Bakery', uses: ['ndengu stew', 'beans stew'] },
  { name: 'Sunflower Cooking Oil', category: 'Cooking Oils & Fats', uses: ['deep fry', 'baking'] },
  { name: 'Vegetable Cooking Fat', category: 'Cooking Oils & Fats', uses: ['chapati', 'mandazi'] },
  { name: 'Olive Oil', category: 'Cooking Oils & Fats', uses: ['salads', 'dressing'] },
  { name: 'Ghee', category: 'Cooking Oils & Fats', uses: ['pilau', 'chapati'] },
  { name: 'Pilau Masala', category: 'Spices & Condiments', uses: ['pilau', 'biryani'] },
  { name: 'Royco Mchuzi Mix', category: 'Spices & Condiments', uses: ['stew', 'mchuzi'] },
  { name: 'Table Salt', category: 'Spices & Condiments', uses: ['seasoning', 'baking'] },
  { name: 'Tomato Sauce', category: 'Spices & Condiments', uses: ['chips', 'smokies'] },
  { name: 'Chilli Sauce', category: 'Spices & Condiments', uses: ['chips', 'nyama choma'] },
  { name: 'Turmeric Manjano', category: 'Spices & Condiments', uses: ['curry', 'pilau'] },
  { name: 'Tangawizi Ginger', category: 'Spices & Condiments', uses: ['chai', 'stew'] },
  { name: 'Kenyan Tea Leaves', category: 'Beverages', uses: ['chai', 'breakfast'] },
  { name: 'Ground Coffee', category: 'Beverages', uses: ['breakfast', 'espresso'] },
  { name: 'Drinking Chocolate', category: 'Beverages', uses: ['bedtime', 'breakfast'] },
  { name: 'Mango Juice', category: 'Beverages', uses: ['lunch boxes', 'parties'] },
  { name: 'Mineral Water', category: 'Beverages', uses: ['lunch boxes', 'travel'] },
  { name: 'Brown Sugar', category: 'Beverages', uses: ['chai', 'baking'] },
  { name: 'Honey', category: 'Beverages', uses: ['tea', 'breakfast', 'baking'] },
  { name: 'Groundnuts Njugu', category: 'Snacks', uses: ['snacking', 'peanut sauce'] },
  { name: 'Macadamia Nuts', category: 'Snacks', uses: ['snacking', 'baking'] },
  { name: 'Cashew Nuts', category: 'Snacks', uses: ['snacking', 'pilau'] },
  { name: 'Mabuyu', category: 'Snacks', uses: ['snacking', 'parties'] },
  { name: 'Simsim Sesame Bars', category: 'Snacks', uses: ['snacking', 'lunch boxes'] },
  { name: 'Potato Crisps', category: 'Snacks', uses: ['snacking', 'parties'] },
  { name: 'Bar Soap', category: 'Household', uses: ['laundry', 'cleaning'] },
  { name: 'Washing Powder', category: 'Household', uses: ['laundry'] },
  { name: 'Toilet Paper', category: 'Household', uses: ['bathroom'] },
  { name: 'Charcoal', category: 'Household', uses: ['jiko', 'nyama choma'] },
];

const ORIGINS = [
  'Kisumu',
  'Lake Victoria',
  'Homa Bay',
  'Kisii',
  'Nyeri',
  'Meru',
  "Murang'a",
  'Kirinyaga',
  'Nakuru',
  'Eldoret',
  'Kitale',
  'Mombasa',
  'Malindi',
  'Kilifi',
  'Lamu',
  'Machakos',
  'Embu',
  'Kiambu',
  'Naivasha',
  'Limuru',
  'Kericho',
  'Bomet',
  'Narok',
  'Kakamega',
  'Bungoma',
  'Thika',
  'Nanyuki',
  'Kajiado',
];
const BRANDS = [
  'Shamba Fresh',
  'Mama Mboga',
  'Jikoni Best',
  'Soko Select',
  'Kilimo Bora',
  'Ziwa Catch',
  'Pwani Gold',
  'Mlima Farms',
  'Nyota',
  'Baraka',
  'Tamu Tamu',
  'Asili',
  'Kijiji',
  'Mavuno',
  'Upendo',
  'Savanna',
  'Rift Valley',
  'Jua Kali',
  'Neema',
  'Faraja',
];
const FORMS = [
  'Whole',
  'Fillet',
  'Bunch',
  'Pack',
  'Tray',
  'Bag',
  'Jar',
  'Bottle',
  'Box',
  'Loose',
  'Sliced',
  'Dried',
  'Frozen',
  'Organic',
  'Premium',
  'Family',
];
const WEIGHTS = ['250g', '500g', '1kg', '2kg', '5kg', '10kg'];
const VOLUMES = ['300ml', '500ml', '1L', '2L', '5L'];
const COUNTS = ['6 pcs', '12 pcs', '30 pcs'];
/** Sold by volume or by count in these categories, by weight elsewhere. */
const sizesFor = (item: Item) =>
  item.category === 'Beverages' ||
  item.category === 'Cooking Oils & Fats' ||
  /Milk|Yoghurt|Sauce/.test(item.name)
    ? VOLUMES
    : /Eggs|Bread|Mandazi|Chapati|Sausages|Soap|Paper/.test(item.name)
      ? COUNTS
      : WEIGHTS;
const ADJECTIVES = [
  'fresh',
  'hand picked',
  'farm fresh',
  'carefully sorted',
  'locally grown',
  'sun dried',
  'cleaned and packed',
  'premium grade',
  'naturally ripened',
  'chilled',
];
const CLOSERS = [
  'Delivered the same day in Nairobi.',
  'Packed in recyclable packaging.',
  'Sourced directly from smallholder farmers.',
  'Best enjoyed within three days of delivery.',
  'A family favourite across Kenya.',
  'Great value for the whole household.',
];

/** A small deterministic PRNG (mulberry32): the same seed gives the same catalogue. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** `count` products as the search index sees them, named like a Kenyan grocery catalogue. */
export function generateDocuments(count: number, seed = 42): SearchDocument[] {
  const r = rng(seed);
  const categoryIds = new Map<string, string>();
  const docs: SearchDocument[] = [];
  for (let i = 0; i < count; i++) {
    const item = pick(r, ITEMS);
    const brand = pick(r, BRANDS);
    const origin = pick(r, ORIGINS);
    const form = r() < 0.6 ? `${pick(r, FORMS)} ` : '';
    const name = `${brand} ${form}${item.name} ${pick(r, sizesFor(item))}`;
    const description =
      `${capitalise(pick(r, ADJECTIVES))} ${item.name.toLowerCase()} from ${origin}. ` +
      `Perfect for ${pick(r, item.uses)}${r() < 0.5 ? ` and ${pick(r, item.uses)}` : ''}. ${pick(r, CLOSERS)}`;
    let categoryId = categoryIds.get(item.category);
    if (!categoryId) {
      categoryId = fakeUuid(r);
      categoryIds.set(item.category, categoryId);
    }
    docs.push({
      id: fakeUuid(r),
      pid: `SKN-${String(10001 + i)}`,
      name,
      description,
      categories: [{ id: categoryId, name: item.category }],
      imageIds: [fakeUuid(r)],
      available: r() > 0.1,
    });
  }
  return docs;
}

/** The item names the generator uses, for building realistic queries. */
export const ITEM_NAMES = ITEMS.map((i) => i.name);

function capitalise(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function fakeUuid(r: () => number) {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}
