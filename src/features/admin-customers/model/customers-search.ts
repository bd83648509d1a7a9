import { parseListSearch, type ListSearchBase } from '@/lib/list-search';

/** The customers list's state, kept in the URL so back, forward and a shared link work: name, email or phone, and the page. */
export type CustomersSearch = ListSearchBase;

/** The route's validateSearch: the search text and the page, what is valid of them. */
export const parseCustomersSearch = parseListSearch;
