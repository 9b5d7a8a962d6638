import type { Page } from "@playwright/test";
import { apiAuth, auditablePage, B2B_BUYER, BUYER, expect, seriousViolations, signIn, SITE, test } from "./support";

// The B2C buyer's fixture list 'My List': Guatemala Antigua, Speckled Stoneware Mug, and the out-of-stock Gesha (ERR-100).
const ETHIOPIA = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const GUATEMALA = "Guatemala Antigua Whole Bean, 12 oz";
const MUG = "Speckled Stoneware Mug, 14 oz";
const MUG_ID = "01tDM0000000028"; // on the fixture list already
const GESHA = "Gesha Village Lot 74 Whole Bean, 4 oz";
const MY_LIST = "0HnDM0000000B2C"; // the B2C buyer's fixture list

const item = (page: Page, name: string) => page.getByRole("article", { name });
const cartLink = (page: Page, count: number) =>
  page.getByRole("link", { name: `Cart, ${count} item${count === 1 ? "" : "s"}` });

test("the buyer saves a product from its page, sees it on the wishlist, removes one and adds all to the cart", async ({
  page,
}) => {
  await signIn(page, BUYER);
  await expect(cartLink(page, 0)).toBeVisible();

  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${ETHIOPIA.id}$`));
  // The page now says the product is saved, in place of the button, and keeps saying so on the next visit.
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "On your wishlist." })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("status").filter({ hasText: "On your wishlist." }).getByRole("link", { name: "View wishlist" }),
  ).toHaveAttribute("href", "/wishlist");
  await page.goto(`/product/${MUG_ID}`);
  await expect(page.getByRole("status").filter({ hasText: "On your wishlist." })).toBeVisible();

  await page.getByRole("link", { name: "Wishlist", exact: true }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "My List (4 items)" })).toBeVisible();
  for (const name of [ETHIOPIA.name, GUATEMALA, MUG, GESHA]) await expect(item(page, name)).toBeVisible();
  await expect(item(page, ETHIOPIA.name).getByRole("link", { name: ETHIOPIA.name })).toHaveAttribute(
    "href",
    new RegExp(`${ETHIOPIA.id}$`),
  );
  await expect(item(page, ETHIOPIA.name).getByText("$18.50")).toBeVisible();
  await expect(item(page, GESHA).getByText("No more available items for current product")).toBeVisible();

  await item(page, GESHA)
    .getByRole("button", { name: `Remove ${GESHA}` })
    .click();
  await expect(item(page, GESHA)).toHaveCount(0);
  await expect(page.getByText(`Removed ${GESHA} from your wishlist.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "My List (3 items)" })).toBeVisible();

  await page.getByRole("button", { name: "Add all to cart" }).click();
  await expect(page.getByText("Added 3 items to your cart.")).toBeVisible();
  await expect(cartLink(page, 3)).toBeVisible();
  // The list keeps its items after they went into the cart.
  await expect(item(page, ETHIOPIA.name)).toBeVisible();

  await page.goto("/cart");
  for (const name of [ETHIOPIA.name, GUATEMALA, MUG]) await expect(page.getByRole("article", { name })).toBeVisible();
});

test("adding all to the cart names the product that couldn't be added", async ({ page }) => {
  await signIn(page, BUYER);
  await page.goto("/wishlist");
  await page.getByRole("button", { name: "Add all to cart" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Added 2 items to your cart." });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`We couldn't add: ${GESHA} (No more available items for current product)`);
  await expect(cartLink(page, 2)).toBeVisible();
});

test("a buyer without a list sees the empty state, and their first save creates My List", async ({ page }) => {
  await signIn(page, B2B_BUYER);
  await page.getByRole("link", { name: "Wishlist", exact: true }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add all to cart" })).toHaveCount(0);

  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();
  await page.goto("/wishlist");
  await expect(page.getByRole("heading", { level: 2, name: "My List (1 item)" })).toBeVisible();
  await item(page, ETHIOPIA.name)
    .getByRole("button", { name: `Remove ${ETHIOPIA.name}` })
    .click();
  await expect(page.getByText("My List is empty.")).toBeVisible();
});

test("guests are offered to sign in on the product page and sent to sign in from the wishlist", async ({ page }) => {
  await page.goto(`/product/${ETHIOPIA.id}`);
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveCount(0);
  const signInToSave = page.getByRole("link", { name: "Sign in to save items" });
  await expect(signInToSave).toHaveAttribute("href", `/login?redirectTo=%2Fproduct%2F${ETHIOPIA.id}`);

  await page.goto("/wishlist");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password").fill(BUYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(item(page, GUATEMALA)).toBeVisible();
});

test("the buyer keeps several lists: creates, switches, saves new items to one, renames it and deletes it", async ({
  page,
}) => {
  await signIn(page, BUYER);
  await page.goto("/wishlist");
  const lists = page.getByRole("navigation", { name: "Your lists" });
  await expect(lists.getByRole("link", { name: "My List" })).toHaveAttribute("aria-current", "page");
  await expect(lists).toContainText("My List (3 items, default list)");

  // A blank name is refused, in the spec's words.
  await page.getByLabel("New list name").fill("   ");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page.getByText("Complete this field.")).toBeVisible();
  await page.getByLabel("New list name").fill("Birthday gifts");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page.getByText("Created Birthday gifts.")).toBeVisible();
  await expect(page).toHaveURL(/\/wishlist\/0Hn\w+$/);
  const giftsUrl = page.url();
  await expect(page.getByRole("heading", { level: 2, name: "Birthday gifts (0 items)" })).toBeVisible();
  await expect(page.getByText("Birthday gifts is empty.")).toBeVisible();
  await expect(lists.getByRole("link", { name: "Birthday gifts" })).toHaveAttribute("aria-current", "page");

  // Switching lists; "Save new items here" makes the list the default.
  await lists.getByRole("link", { name: "My List" }).click();
  await expect(page).toHaveURL(/\/wishlist\/0HnDM0000000B2C$/);
  await expect(item(page, GUATEMALA)).toBeVisible();
  await expect(page.getByText("Items you save from product pages go to this list.")).toBeVisible();
  await lists.getByRole("link", { name: "Birthday gifts" }).click();
  await page.getByRole("button", { name: "Save new items here" }).click();
  await expect(page.getByText("New items will be saved to Birthday gifts.")).toBeVisible();
  await expect(page).toHaveURL(giftsUrl);
  await expect(lists).toContainText("Birthday gifts (0 items, default list)");

  // A product page saves to the default list, and /wishlist shows it.
  await page.goto(`/product/${ETHIOPIA.id}`);
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toBeVisible();
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to Birthday gifts")).toBeVisible();
  await page.getByRole("link", { name: "Wishlist", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Birthday gifts (1 item)" })).toBeVisible();
  await expect(item(page, ETHIOPIA.name)).toBeVisible();

  // Rename: a blank name is refused and the field keeps the list; then the new name everywhere.
  await page.getByRole("textbox", { name: "List name", exact: true }).fill("");
  await page.getByRole("button", { name: "Rename list" }).click();
  await expect(page.getByText("Complete this field.")).toBeVisible();
  await page.getByRole("textbox", { name: "List name", exact: true }).fill("Gifts for Sam");
  await page.getByRole("button", { name: "Rename list" }).click();
  await expect(page.getByText("Renamed the list to Gifts for Sam.")).toBeVisible();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { level: 2, name: "Gifts for Sam (1 item)" })).toBeVisible();
  await expect(lists.getByRole("link", { name: "Gifts for Sam" })).toBeVisible();

  // Delete asks first; "Keep the list" keeps it.
  await page.getByRole("link", { name: "Delete list Gifts for Sam" }).click();
  await expect(page.getByRole("heading", { name: "Delete Gifts for Sam?" })).toBeVisible();
  await page.getByRole("link", { name: "Keep the list" }).click();
  await expect(page.getByRole("heading", { name: "Delete Gifts for Sam?" })).toHaveCount(0);
  await page.getByRole("link", { name: "Delete list Gifts for Sam" }).click();
  await page.getByRole("button", { name: "Delete Gifts for Sam" }).click();
  await expect(page.getByText("Deleted Gifts for Sam.")).toBeVisible();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { level: 2, name: "My List (3 items)" })).toBeVisible();
  await expect(lists.getByRole("link")).toHaveCount(1);

  // With the default list gone, the next save goes to the displayed list again.
  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();
});

test("lists belong to the account the buyer acts for: switching accounts starts its own list", async ({
  page,
  store,
}) => {
  await signIn(page, B2B_BUYER);
  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();

  await page.goto("/account");
  await page.getByLabel("Shop for account").selectOption({ value: "001DM00000ACME2" });
  await page.getByRole("button", { name: "Switch account" }).click();
  await expect(page.getByText("You're now shopping for Acme West Coast.")).toBeVisible();
  await page.getByRole("link", { name: "Wishlist", exact: true }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await page.goto(`/product/${ETHIOPIA.id}`);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Saved to My List")).toBeVisible();
  await page.goto("/wishlist");
  await expect(page.getByRole("heading", { level: 2, name: "My List (1 item)" })).toBeVisible();
  // One 'My List' per account, each created by its first save.
  expect((await store.journal({ method: "POST" })).filter((e) => e.path.endsWith("/wishlists"))).toHaveLength(2);
});

test("another buyer's list or a made-up id is a 404 page; forms for it change nothing; a name too long is refused", async ({
  page,
}) => {
  await signIn(page, B2B_BUYER);
  for (const id of [MY_LIST, "not-a-list"]) {
    const res = await page.goto(`/wishlist/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that wishlist" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Go to your wishlist" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);

  // Forms posted by hand for the B2C buyer's list: a clear message, and the list is untouched.
  const forms: Record<string, string>[] = [
    { intent: "renameList", wishlistId: MY_LIST, name: "Mine now" },
    { intent: "deleteList", wishlistId: MY_LIST, name: "My List" },
    { intent: "makeDefaultList", wishlistId: MY_LIST },
  ];
  for (const form of forms) {
    const res = await page.request.post("/wishlist", { form, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe("/wishlist");
  }
  const mine = await fetch(`${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001/wishlists/${MY_LIST}`, {
    headers: await apiAuth.buyer(BUYER),
  });
  expect((await mine.json()).summary).toMatchObject({ name: "My List", wishlistProductCount: 3 });

  // The field stops at 255 characters; a longer name sent anyway comes back refused, with what was typed.
  const long = "x".repeat(256);
  const res = await page.request.post("/wishlist", { form: { intent: "createList", name: long }, maxRedirects: 0 });
  expect(res.status()).toBe(400);
  const html = await res.text();
  expect(html).toContain("Your entry is too long.");
  expect(html).toContain(`value="${long}"`);
  await page.goto("/wishlist");
  await expect(page.getByLabel("New list name")).toHaveAttribute("maxlength", "255");
});

test("axe finds no serious or critical violation on the wishlists", async ({ page, browser }, testInfo) => {
  const target = await auditablePage(page, browser, testInfo);
  await signIn(target, BUYER);
  const audit = () => seriousViolations(target);
  await target.goto("/wishlist");
  await expect(item(target, GUATEMALA)).toBeVisible();
  expect(await audit()).toEqual([]);
  // A second list, the delete question, and a refused name.
  await target.getByLabel("New list name").fill("Birthday gifts");
  await target.getByRole("button", { name: "Create list" }).click();
  await expect(target.getByRole("heading", { level: 2, name: "Birthday gifts (0 items)" })).toBeVisible();
  await target.getByRole("link", { name: "Delete list Birthday gifts" }).click();
  await expect(target.getByRole("heading", { name: "Delete Birthday gifts?" })).toBeVisible();
  expect(await audit()).toEqual([]);
  await target.getByRole("textbox", { name: "List name", exact: true }).fill("");
  await target.getByRole("button", { name: "Rename list" }).click();
  await expect(target.getByText("Complete this field.")).toBeVisible();
  expect(await audit()).toEqual([]);
  if (target !== page) await target.context().close();
});
