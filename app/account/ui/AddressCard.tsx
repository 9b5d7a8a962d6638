/**
 * One saved address on the address book's page, with Edit, Make default and Delete. Make default and Delete are
 * POSTs to the book with an `intent` (ADDRESS_INTENTS): fetchers with JavaScript, plain forms without.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Button } from "~/components/Button";
import { JsMarker, moveFocusTo } from "~/components/store/forms";
import { ADDRESS_INTENTS, addressPath, addressTypeLabel, type AddressBookEntry } from "~/account/model/address-book";
import { ADDRESS_BOOK_PATH } from "~/lib/paths";

/** The book's heading: focus goes there when the card of a deleted address leaves the page. */
export const ADDRESS_BOOK_HEADING_ID = "address-book-title";

/** What the book's action answers a fetcher (without JavaScript it redirects instead). */
export interface AddressActionData {
  ok: boolean;
  message: string;
}

export function AddressCard({ entry, redirectTo }: { entry: AddressBookEntry; redirectTo: string }) {
  const remove = useFetcher<AddressActionData>({ key: `address-delete-${entry.id}` });
  const makeDefault = useFetcher<AddressActionData>({ key: `address-default-${entry.id}` });
  const nameId = `address-${entry.id}-name`;
  const removing = remove.state !== "idle";
  // The card (and the button just pressed) leaves the page: focus goes to the page's heading, not to nowhere.
  useEffect(() => {
    if (removing) moveFocusTo(ADDRESS_BOOK_HEADING_ID);
  }, [removing]);
  const error = [remove.data, makeDefault.data].find((d) => d && !d.ok)?.message ?? null;
  const hidden = (
    <>
      <JsMarker />
      <input type="hidden" name="addressId" value={entry.id} />
      <input type="hidden" name="name" value={entry.name} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
  return (
    <li>
      <article className="account-address" aria-labelledby={nameId}>
        <h2 id={nameId} className="account-address__name">
          {entry.name}
        </h2>
        <p
          className={entry.isDefault ? "account-address__type account-address__type--default" : "account-address__type"}
        >
          {addressTypeLabel(entry.type, entry.isDefault)}
        </p>
        <p className="account-address__lines">
          {entry.lines.map((line, index) => (
            <span key={`${index}-${line}`}>
              {line}
              <br />
            </span>
          ))}
        </p>
        {error ? (
          <p className="store-form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="account-address__actions">
          <Link to={addressPath(entry.id)}>
            Edit<span className="kit-visually-hidden"> {entry.name}</span>
          </Link>
          {entry.isDefault ? null : (
            <makeDefault.Form method="post" action={ADDRESS_BOOK_PATH}>
              {hidden}
              <Button
                name="intent"
                value={ADDRESS_INTENTS.makeDefault}
                variant="link"
                size="small"
                pending={makeDefault.state !== "idle"}
              >
                Make default
                <span className="kit-visually-hidden">
                  {" "}
                  {entry.type.toLowerCase()} address: {entry.name}
                </span>
              </Button>
            </makeDefault.Form>
          )}
          <remove.Form method="post" action={ADDRESS_BOOK_PATH}>
            {hidden}
            <Button name="intent" value={ADDRESS_INTENTS.remove} variant="link" size="small" pending={removing}>
              Delete<span className="kit-visually-hidden"> {entry.name}</span>
            </Button>
          </remove.Form>
        </div>
      </article>
    </li>
  );
}
