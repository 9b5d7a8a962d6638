/**
 * What the store is, in a sentence: the home page's description and the summary of llms.txt. Its own module, not
 * app/lib/brand.ts: every page's bundle carries the store's name, only the home page this sentence.
 */
export const STORE_DESCRIPTION =
  "Fresh coffee roasts, brewing equipment and drinkware, shipped fast. Order as a guest, or sign in to shop for your business account.";
