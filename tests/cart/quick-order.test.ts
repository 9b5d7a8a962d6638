/** The quick order form's reading of typed rows and a pasted list (app/cart/model/quick-order.ts). */
import { describe, expect, it } from "vitest";
import { readList, readQuickOrder } from "../../app/cart/model/quick-order";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("a pasted list", () => {
  it("takes comma, tab or semicolon separated lines, skips blank lines, and reads no quantity as one", () => {
    const lines = readList("A-1, 2\r\nB-2\t3\n\n   \nC-3;4\nD-4\n");
    expect(lines.map(({ sku, quantity, number }) => [sku, quantity, number])).toEqual([
      ["A-1", 2, 1],
      ["B-2", 3, 2],
      ["C-3", 4, 5],
      ["D-4", 1, 6],
    ]);
    expect(lines.every((line) => line.source === "list" && !line.problem)).toBe(true);
  });

  it("skips a spreadsheet's heading row, only as the first line", () => {
    expect(readList("SKU\tQuantity\nA-1\t2").map((line) => line.sku)).toEqual(["A-1"]);
    expect(readList("A-1, 1\nSKU, 2").map((line) => line.sku)).toEqual(["A-1", "SKU"]);
  });

  it("splits on the first separator the line has: a tab keeps a quantity's thousands comma in its cell", () => {
    expect(readList("A-1\t1,000")[0]).toMatchObject({ sku: "A-1", quantityText: "1,000", quantity: 1000 });
    // Cells left empty at the end of a copied row are no cells.
    expect(readList("A-1,2,,")[0]).toMatchObject({ sku: "A-1", quantity: 2 });
  });

  it("names each bad line's problem in the kit's words", () => {
    const problems = readList("A-1, 0\nA-2, 1.5\nA-3, x\n, 2\nA-5, 1, 2\nA-6, 200000000").map((l) => l.problem);
    expect(problems).toEqual([
      "The number is too low.",
      "Your entry isn't a valid increment.",
      "Enter a valid numeric value.",
      "Complete this field.",
      "Enter a SKU and a quantity, separated by a comma, tab or semicolon.",
      "The number is too high.",
    ]);
  });
});

describe("the form", () => {
  it("reads its rows (empty ones are no lines), then the list, and keeps every row as typed", () => {
    const read = readQuickOrder(
      form({
        intent: "order",
        rows: "3",
        "sku-1": " A-1 ",
        "quantity-1": "",
        "sku-2": "",
        "quantity-2": "",
        "sku-3": "",
        "quantity-3": "2",
        list: "B-1, 5",
      }),
    );
    expect(read.rowCount).toBe(3);
    expect(read.rows).toEqual([
      { sku: "A-1", quantity: "" },
      { sku: "", quantity: "" },
      { sku: "", quantity: "2", skuError: "Complete this field.", quantityError: undefined },
    ]);
    expect(read.lines.map(({ source, number, sku, quantity }) => [source, number, sku, quantity])).toEqual([
      ["row", 1, "A-1", 1],
      ["row", 3, "", null],
      ["list", 1, "B-1", 5],
    ]);
  });

  it("keeps the number of rows within 1 to 50, whatever was posted", () => {
    expect(readQuickOrder(form({ rows: "5000" })).rowCount).toBe(50);
    expect(readQuickOrder(form({ rows: "-3" })).rowCount).toBe(1);
    expect(readQuickOrder(form({})).rowCount).toBe(5);
  });
});
