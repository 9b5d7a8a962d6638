import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { createEmulator } from "../../server/emulator/index.js";
import { api, guest, type Target } from "./targets.js";

/** The cart suites' products (tests/contract/carts*.test.ts): prices and stock of the demo catalog. */
export const P = {
  dinerMug: "01tDM0000000027", // $12.00, Mugs
  speckledMug: "01tDM0000000028", // $16.00, Mugs
  glassMug: "01tDM0000000029", // $16.00, Mugs
  frenchPress: "01tDM0000000023", // $39.00
  filters: "01tDM0000000022", // $8.00
  tamper: "01tDM0000000017", // $35.00
  commercialEspresso: "01tDM0000000015", // $11,900.00
  err100: "01tDM000000E100",
  err101: "01tDM000000E101", // 3 in stock
  err102: "01tDM000000E102",
  err103: "01tDM000000E103",
  err104: "01tDM000000E104",
  err105: "01tDM000000E105",
  err106: "01tDM000000E106",
  err107: "01tDM000000E107",
  lastUnit: "01tDM000000LAST",
};
export const MONTHLY = "0jPDM00000MONTH";

type Call = ReturnType<typeof api>;
export type Res = Awaited<ReturnType<Call>>;

/** A shopper: a guest with their own UVID and guest token or, given `auth`, a buyer's bearer token. */
export function shopper(target: Target, auth?: Record<string, string>) {
  const raw = api(target);
  const uvid = randomUUID();
  let guestAuth: Promise<Record<string, string>> | null = null;
  const authHeaders = async () => auth ?? (await (guestAuth ??= guest(target, uvid)));
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res> => raw(method, path, body, { ...(await authHeaders()), ...headers });
  return Object.assign(call, { uvid, authHeaders });
}
export type Shopper = ReturnType<typeof shopper>;

export const add = (s: Shopper, cartId: string, productId: string, quantity: unknown = "1", extra: object = {}) =>
  s("POST", `carts/${cartId}/cart-items`, { productId, quantity, type: "Product", ...extra });

export async function newCart(s: Shopper): Promise<string> {
  const res = await s("POST", "carts", {});
  expect(res.status).toBe(201);
  return res.body.cartId;
}

export const expectError = (res: Res, status: number, errorCode: string, message?: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual([{ errorCode, message: message ?? expect.any(String) }]);
};

/**
 * The long-cart suites' own store (in-process: a generated store is a suite's own): 600 generated products and
 * bulk@demo.store's cart of `lines` lines, as a contract target for the suite's cases.
 */
export function useBulkCartStore(lines: number): () => Target {
  let target: Target | undefined;
  beforeAll(() => {
    const emulator = createEmulator({
      scale: { products: 600, buyers: 0, bulkOrders: 0, bulkCartLines: lines, seed: 23 },
    });
    target = {
      name: "in-process",
      emulator,
      baseUrl: "http://emulator.local",
      fetch: (r) => emulator.fetch(r),
      close: async () => emulator.close(),
    };
  });
  afterAll(() => target?.emulator.close());
  return () => target!;
}
