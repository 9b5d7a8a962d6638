import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buyerAuthorization } from "../support/identity.js";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";

/**
 * The account switcher (GET external-managed-accounts) lists at most 200 accounts (Shopper Buyer Groups and Accounts
 * Data Limits). The demo B2B buyer manages three; 250 more are added here.
 */

const WEBSTORE = "0ZEDEMO00000001";
const API = `http://emulator.local/services/data/v65.0/commerce/webstores/${WEBSTORE}`;
const B2B_USER = "005DM0000000B2B";

let emulator: Emulator;
beforeEach(() => {
  emulator = createEmulator();
});
afterEach(() => emulator.close());

async function managedAccounts(query = "") {
  const headers = await buyerAuthorization((r) => emulator.fetch(r), "http://emulator.local", "b2b@demo.store");
  const res = await emulator.fetch(new Request(`${API}/external-managed-accounts${query}`, { headers }));
  expect(res.status).toBe(200);
  return ((await res.json()) as any).externalManagedAccounts as { accountId: string; accountName: string }[];
}

describe("account switcher limit", () => {
  it("lists the buyer's accounts while they are few, and at most 200 of 253", async () => {
    const few = await managedAccounts();
    expect(few.length).toBeGreaterThan(0);
    expect(few.length).toBeLessThan(200);

    const addAccount = emulator.db.prepare("INSERT INTO accounts(id, name) VALUES (?, ?)");
    const manage = emulator.db.prepare("INSERT INTO managed_accounts(user_id, account_id) VALUES (?, ?)");
    for (let i = 0; i < 250; i++) {
      const id = `001DMXTRA${String(i).padStart(6, "0")}`;
      addAccount.run(id, `Branch ${String(i).padStart(3, "0")}`);
      manage.run(B2B_USER, id);
    }
    const listed = await managedAccounts();
    expect(listed).toHaveLength(200);
    expect(new Set(listed.map((a) => a.accountId)).size).toBe(200);
    expect(await managedAccounts("?includeMyAccount=true")).toHaveLength(200);
  });
});
