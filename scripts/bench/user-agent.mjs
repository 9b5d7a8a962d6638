/**
 * The shoppers the benches play are people: a browser's User-Agent on every request. Fetch's own (`node`, `undici`)
 * is one the store's bot rule recognises, and a bot never gets a guest identity or a cart (docs/limits.md).
 */
export const SHOPPER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
