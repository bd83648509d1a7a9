/** "1 product", "12 products". */
export const productCount = (n: number) => `${n.toLocaleString('en-KE')} ${n === 1 ? 'product' : 'products'}`;

/** The toast after a bulk edit: how many products it changed ("12 products updated."). */
export const bulkDoneMessage = (changed: number) =>
  changed === 0 ? 'Nothing to change: the products were already so.' : `${productCount(changed)} updated.`;
