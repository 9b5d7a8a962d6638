/**
 * The quick order form: rows of SKU and quantity, and a box for a pasted list. A plain POST form: without
 * JavaScript "Add more rows" is a submit the action answers with the same form and more rows (what was typed kept);
 * with JavaScript it adds the rows on the page. Every field's problem is written under it and named by its
 * aria-describedby; the list's problems are listed under the box.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Button } from "~/components/Button";
import { ErrorList, joinIds } from "~/components/Field";
import {
  padRows,
  QUICK_ORDER_FIELDS,
  QUICK_ORDER_INTENTS,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_ROWS,
  QUICK_ORDER_MORE_ROWS,
  quantityField,
  skuField,
  type QuickOrderRow,
  type QuickOrderView,
} from "~/cart/model/quick-order";
import { QUICK_ORDER_PATH } from "~/lib/paths";

const LIST_ID = "quick-order-list";
const LIST_HELP_ID = "quick-order-list-help";
const LIST_ERRORS_ID = "quick-order-list-errors";

function OrderRow({ row, number }: { row: QuickOrderRow; number: number }) {
  const skuId = `quick-order-sku-${number}`;
  const quantityId = `quick-order-quantity-${number}`;
  return (
    <li className="quick-order__row">
      <div className="quick-order__cell">
        <label htmlFor={skuId} className="kit-field__label">
          SKU<span className="kit-visually-hidden"> for row {number}</span>
        </label>
        <input
          id={skuId}
          name={skuField(number)}
          defaultValue={row.sku}
          className="kit-input"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={row.skuError ? true : undefined}
          aria-describedby={row.skuError ? `${skuId}-error` : undefined}
        />
        <ErrorList id={`${skuId}-error`} errors={row.skuError ? [row.skuError] : null} />
      </div>
      <div className="quick-order__cell quick-order__cell--quantity">
        <label htmlFor={quantityId} className="kit-field__label">
          Quantity<span className="kit-visually-hidden"> for row {number}</span>
        </label>
        <input
          id={quantityId}
          name={quantityField(number)}
          defaultValue={row.quantity}
          className="kit-input"
          inputMode="numeric"
          autoComplete="off"
          placeholder="1"
          aria-invalid={row.quantityError ? true : undefined}
          aria-describedby={row.quantityError ? `${quantityId}-error` : undefined}
        />
        <ErrorList id={`${quantityId}-error`} errors={row.quantityError ? [row.quantityError] : null} />
      </div>
    </li>
  );
}

export function QuickOrderForm({
  view,
  maxLines = QUICK_ORDER_MAX_LINES,
}: {
  view: QuickOrderView;
  maxLines?: number;
}) {
  const navigation = useNavigation();
  const ordering =
    navigation.state !== "idle" &&
    navigation.formData?.get(QUICK_ORDER_FIELDS.intent) === QUICK_ORDER_INTENTS.order &&
    navigation.formAction?.endsWith(QUICK_ORDER_PATH) === true;
  // With JavaScript, rows added on the page (the server's answer renders them without it).
  const [extra, setExtra] = useState({ version: view.version, rows: 0 });
  const added = extra.version === view.version ? extra.rows : 0;
  const rows = padRows(view.rows, view.rows.length + added);
  const canAddRows = rows.length < QUICK_ORDER_MAX_ROWS;
  // Focus goes to the first new row, where the shopper goes on typing.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow !== null) document.getElementById(`quick-order-sku-${focusRow}`)?.focus();
  }, [focusRow]);
  const addRows = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setExtra({ version: view.version, rows: added + QUICK_ORDER_MORE_ROWS });
    setFocusRow(rows.length + 1);
  };
  const listInvalid = view.listProblems.length > 0;
  // A form that came back with problems (and no order result, whose heading takes focus): to the first of them.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (view.refused.length > 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [view.version, view.refused.length]);

  return (
    // The version in the key: contents the server sends (a result, a refused order) replace what the fields hold.
    <Form
      method="post"
      action={QUICK_ORDER_PATH}
      className="quick-order__form"
      noValidate
      key={view.version}
      ref={form}
    >
      <input type="hidden" name={QUICK_ORDER_FIELDS.rows} value={rows.length} />
      <fieldset className="quick-order__fieldset">
        <legend>Type SKUs and quantities</legend>
        <ol className="quick-order__rows">
          {rows.map((row, index) => (
            <OrderRow key={index} row={row} number={index + 1} />
          ))}
        </ol>
      </fieldset>
      <div className="quick-order__list">
        <label htmlFor={LIST_ID} className="kit-field__label">
          Or paste a list
        </label>
        <p id={LIST_HELP_ID} className="store-muted">
          One line per product: the SKU, then the quantity, separated by a comma, a tab or a semicolon (as a spreadsheet
          copies them). Without a quantity, one unit. Up to {maxLines} lines.
        </p>
        <textarea
          id={LIST_ID}
          name={QUICK_ORDER_FIELDS.list}
          defaultValue={view.list}
          rows={8}
          className="kit-input quick-order__textarea"
          spellCheck={false}
          aria-invalid={listInvalid || undefined}
          aria-describedby={joinIds(LIST_HELP_ID, listInvalid && LIST_ERRORS_ID)}
        />
        <div id={LIST_ERRORS_ID} className="kit-field__errors">
          {listInvalid ? (
            <ul className="kit-error-list">
              {view.listProblems.map((problem) => (
                <li key={problem.line} className="kit-error-list__item">
                  Line {problem.line} ({problem.text}): {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="quick-order__actions">
        <Button
          name={QUICK_ORDER_FIELDS.intent}
          value={QUICK_ORDER_INTENTS.order}
          pending={ordering}
          pendingLabel="Adding…"
        >
          Add to cart
        </Button>
        {canAddRows ? (
          <Button
            variant="neutral"
            name={QUICK_ORDER_FIELDS.intent}
            value={QUICK_ORDER_INTENTS.addRows}
            onClick={addRows}
          >
            Add {QUICK_ORDER_MORE_ROWS} more rows
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
