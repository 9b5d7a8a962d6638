/** The header's category links from a category menu's items (app/catalog/catalog.server.ts, menuLinks). */
import { describe, expect, it } from "vitest";
import { menuLinks } from "~/catalog/catalog.server";

describe("menuLinks", () => {
  it("takes a category's id from its page reference, else from the last segment of its route", () => {
    expect(
      menuLinks([
        { label: "Home", actionValue: "/", pageReference: null },
        {
          label: "Coffee",
          actionValue: "/category/coffee/0ZGDM0000000CFE",
          pageReference: { type: "standard__recordPage", attributes: { recordId: "0ZGDM0000000CFE" } },
        },
        { label: "Mugs & Drinkware", actionValue: "/category/mugs-drinkware/0ZGDM0000000DRK", pageReference: null },
        { label: "Gifts", actionValue: "/category/0ZGDM0000000GFT?tab=1" },
        { label: "Sale", actionType: "ExternalLink", actionValue: "https://example.com/sale" },
        { label: "", actionValue: "/category/0ZGDM0000000XXX" },
      ]),
    ).toEqual([
      { id: "0ZGDM0000000CFE", name: "Coffee" },
      { id: "0ZGDM0000000DRK", name: "Mugs & Drinkware" },
      { id: "0ZGDM0000000GFT", name: "Gifts" },
    ]);
  });
});
