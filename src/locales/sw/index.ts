// The storefront's texts in Kiswahili, one file per namespace (a feature, or common for the app
// shell and shared components). A chunk of its own: only the chosen language's is downloaded.
import common from './common.json';
import catalogue from './catalogue.json';
import search from './search.json';
import cart from './cart.json';
import checkout from './checkout.json';
import orders from './orders.json';
import savedItems from './savedItems.json';
import help from './help.json';
import auth from './auth.json';
import account from './account.json';
import titles from './titles.json';
import forms from './forms.json';

export default {
  common,
  catalogue,
  search,
  cart,
  checkout,
  orders,
  savedItems,
  help,
  auth,
  account,
  titles,
  forms,
};
