/**
 * The wishlist page, for /wishlist (the default list) and /wishlist/{wishlistId}: the buyer's lists (a link to
 * each, the default one marked), the list shown with its items (25 a page, page tokens in `?page=`), "Add all to
 * cart", "Save new items here", and forms to rename or delete the list and to create a new one.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useFetcher, useFetchers, useLoaderData, useLocation } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { useEffect } from "react";
import { Field } from "~/components/Field";
import { Price } from "~/components/Price";
import { useZodForm } from "~/components/useZodForm";
import {
  EMPTY_WISHLIST_MESSAGE,
  itemCount,
  WISHLIST_NAME_MAX,
  WISHLIST_PATH,
  wishlistPath,
  type WishlistItemView,
  type WishlistSummary,
  type WishlistPageData,
  type WishlistView,
} from "~/wishlists/model";
import { JsMarker, moveFocusTo } from "~/components/store/forms";
import { TokenPagination } from "~/components/store/TokenPagination";
import { EmptyState, LineProblems, LineProductName, LineProductPicture } from "~/components/store/LineProduct";
import { productPath } from "~/lib/paths";
import {
  WISHLIST_FIELDS,
  WISHLIST_INTENTS,
  type ListFormData,
  type WishlistActionData,
} from "~/wishlists/forms/fields";

const LIST_HEADING_ID = "wishlist-title";

function WishlistItem({
  item,
  wishlistId,
  hidden,
  back,
}: {
  item: WishlistItemView;
  wishlistId: string;
  hidden: boolean;
  back: string;
}) {
  const remove = useFetcher<WishlistActionData>({ key: `wishlist-remove-${item.id}` });
  const href = productPath({ id: item.productId, urlName: item.urlName, name: item.name });
  const nameId = `wishlist-item-${item.id}-name`;
  const error = remove.data && !remove.data.ok ? remove.data.message : null;
  const removing = remove.state !== "idle";
  // The item (and the button just pressed) leaves the page: focus goes to the list's heading, not to nowhere.
  useEffect(() => {
    if (removing) moveFocusTo(LIST_HEADING_ID);
  }, [removing]);
  if (hidden) return null;
  return (
    <li>
      <article className="store-cart-line store-wishlist-item" aria-labelledby={nameId}>
        <LineProductPicture href={href} image={item.image} />
        <div className="store-cart-line__info">
          <LineProductName id={nameId} href={href} name={item.name} sku={item.sku} attributes={item.attributes} />
          <p className="store-cart-line__unit">
            <Price
              amount={item.salesPrice ?? item.listPrice}
              originalAmount={item.salesPrice ? item.listPrice : null}
              fallback={<span className="store-muted">Price unavailable</span>}
            />
          </p>
          <LineProblems messages={item.problem ? [item.problem] : []} error={error} />
        </div>
        <div className="store-cart-line__actions">
          <remove.Form method="post" action={WISHLIST_PATH}>
            <JsMarker />
            <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={wishlistId} />
            <input type="hidden" name={WISHLIST_FIELDS.itemId} value={item.id} />
            <input type="hidden" name={WISHLIST_FIELDS.productName} value={item.name} />
            <input type="hidden" name={WISHLIST_FIELDS.redirectTo} value={back} />
            <Button
              name={WISHLIST_FIELDS.intent}
              value={WISHLIST_INTENTS.remove}
              variant="link"
              size="small"
              pending={removing}
            >
              Remove<span className="kit-visually-hidden"> {item.name}</span>
            </Button>
          </remove.Form>
        </div>
      </article>
    </li>
  );
}

function AddAllToCart({ wishlistId, back }: { wishlistId: string; back: string }) {
  const fetcher = useFetcher<WishlistActionData>({ key: "wishlist-add-all" });
  return (
    <fetcher.Form
      method="post"
      action={WISHLIST_PATH}
      className="store-wishlist__add-all"
      style={{ marginBlock: "1rem" }}
    >
      <JsMarker />
      <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={wishlistId} />
      <input type="hidden" name={WISHLIST_FIELDS.redirectTo} value={back} />
      <Button
        name={WISHLIST_FIELDS.intent}
        value={WISHLIST_INTENTS.addAllToCart}
        pending={fetcher.state !== "idle"}
        pendingLabel="Adding…"
      >
        Add all to cart
      </Button>
    </fetcher.Form>
  );
}

/** The buyer's lists: one link each (the shown one is the current page), with its count and the default marked. */
function ListSwitcher({
  lists,
  shownId,
  defaultId,
}: {
  lists: readonly WishlistSummary[];
  shownId: string | null;
  defaultId: string | null;
}) {
  if (lists.length === 0) return null;
  return (
    <nav aria-label="Your lists">
      <ul className="account-lists">
        {lists.map((list) => (
          <li key={list.id}>
            <Link to={wishlistPath(list.id)} aria-current={list.id === shownId ? "page" : undefined}>
              {list.name}
            </Link>{" "}
            <span className="store-muted">
              ({itemCount(list.productCount)}
              {list.id === defaultId ? ", default list" : ""})
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Whether a navigation is submitting this intent (the pressed button shows it). */
function useSubmitting(intent: string): boolean {
  return useIsPending({ intent, state: "submitting" });
}

const loadNameSchema = () => import("~/wishlists/forms/name-schema");

/** A form with one field, the list's name: "New list name" to create, "List name" to rename. */
function ListNameForm({
  formId,
  intent,
  label,
  submitLabel,
  pendingLabel,
  lastResult,
  list,
}: {
  formId: string;
  intent: ListFormData["form"];
  label: string;
  submitLabel: string;
  pendingLabel: string;
  lastResult: SubmissionResult<string[]> | undefined;
  list?: WishlistView;
}) {
  const { nameConstraint } = useLoaderData<WishlistPageData>();
  const [form, fields] = useZodForm(
    { constraint: nameConstraint, load: loadNameSchema, select: (module) => module.listNameSchema },
    { id: formId, lastResult, defaultValue: list ? { name: list.name } : undefined },
  );
  const pending = useSubmitting(intent);
  return (
    <Form method="post" {...getFormProps(form)} className="store-form">
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="store-form-error">
          {form.errors.join(" ")}
        </p>
      ) : null}
      {list ? <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={list.id} /> : null}
      <Field label={label} meta={fields.name} maxLength={WISHLIST_NAME_MAX} autoComplete="off" />
      <Button
        name={WISHLIST_FIELDS.intent}
        value={intent}
        variant="neutral"
        pending={pending}
        pendingLabel={pendingLabel}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}

function DeleteList({ list, confirm, here }: { list: WishlistView; confirm: boolean; here: string }) {
  const pending = useSubmitting(WISHLIST_INTENTS.deleteList);
  // With JavaScript the question replaces the link that was pressed: focus goes to the question.
  useEffect(() => {
    if (confirm) moveFocusTo("delete-list-title");
  }, [confirm]);
  if (!confirm) {
    return (
      <section aria-labelledby="delete-list-link-title">
        <h2 id="delete-list-link-title">Delete this list</h2>
        <p className="store-muted">Its items are deleted with it.</p>
        <Link to={`${here}?delete=1`}>
          Delete list<span className="kit-visually-hidden"> {list.name}</span>
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="delete-list-title" className="store-form-error--banner">
      <h2 id="delete-list-title" tabIndex={-1}>
        Delete {list.name}?
      </h2>
      <p>
        {list.name} and its {itemCount(list.productCount)} will be deleted. This can't be undone.
      </p>
      <Form method="post" action={here} className="store-inline-form">
        <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={list.id} />
        <input type="hidden" name={WISHLIST_FIELDS.listName} value={list.name} />
        <Button
          name={WISHLIST_FIELDS.intent}
          value={WISHLIST_INTENTS.deleteList}
          variant="destructive"
          pending={pending}
          pendingLabel="Deleting…"
        >
          Delete {list.name}
        </Button>
        <Link to={here}>Keep the list</Link>
      </Form>
    </section>
  );
}

export function WishlistPage() {
  const { list, lists, defaultId, hasPageToken, confirmDelete } = useLoaderData<WishlistPageData>();
  const actionData = useActionData<ListFormData>();
  const location = useLocation();
  const fetchers = useFetchers();
  const here = location.pathname;
  const back = `${location.pathname}${location.search.includes("page=") ? location.search : ""}`;
  const makingDefault = useSubmitting(WISHLIST_INTENTS.makeDefault);
  // Items being removed leave the page at once (with JavaScript); the revalidation confirms it.
  const removing = new Set(
    fetchers
      .filter((f) => f.formData?.get(WISHLIST_FIELDS.intent) === WISHLIST_INTENTS.remove)
      .map((f) => String(f.formData?.get(WISHLIST_FIELDS.itemId) ?? "")),
  );
  const visible = list ? list.items.filter((item) => !removing.has(item.id)) : [];
  const count = list ? Math.max(0, list.productCount - (list.items.length - visible.length)) : 0;
  const resultOf = (form: ListFormData["form"]) => (actionData?.form === form ? actionData.result : undefined);

  return (
    <div className="store-page store-wishlist">
      <h1>Wishlist</h1>
      <ListSwitcher lists={lists} shownId={list?.id ?? null} defaultId={defaultId} />
      {list ? (
        <section aria-labelledby={LIST_HEADING_ID}>
          <h2 id={LIST_HEADING_ID} tabIndex={-1}>
            {list.name} <span className="store-muted">({itemCount(count)})</span>
          </h2>
          {list.id === defaultId ? (
            <p className="store-muted">Items you save from product pages go to this list.</p>
          ) : (
            <Form method="post" action={here}>
              <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={list.id} />
              <Button
                name={WISHLIST_FIELDS.intent}
                value={WISHLIST_INTENTS.makeDefault}
                variant="neutral"
                size="small"
                pending={makingDefault}
                pendingLabel="Saving…"
              >
                Save new items here
              </Button>
            </Form>
          )}
          {count > 0 ? <AddAllToCart wishlistId={list.id} back={back} /> : null}
          {visible.length > 0 ? (
            <ul className="store-cart__lines">
              {list.items.map((item) => (
                <WishlistItem
                  key={item.id}
                  item={item}
                  wishlistId={list.id}
                  hidden={removing.has(item.id)}
                  back={back}
                />
              ))}
            </ul>
          ) : count > 0 || hasPageToken ? (
            <p>
              <Link to={here}>Back to the first page</Link>
            </p>
          ) : (
            <p className="store-empty">{list.name} is empty. Save products from their pages to find them here later.</p>
          )}
          <TokenPagination
            label="Wishlist pages"
            path={here}
            previousPageToken={list.previousPageToken}
            nextPageToken={list.nextPageToken}
            paged={hasPageToken}
          />
        </section>
      ) : (
        <EmptyState title={EMPTY_WISHLIST_MESSAGE}>
          <p>Save products from their pages to find them here later, or start a list below.</p>
        </EmptyState>
      )}
      <div className="account-list-forms">
        {list ? (
          <>
            <section aria-labelledby="rename-list-title">
              <h2 id="rename-list-title">Rename this list</h2>
              {/* Keyed on the list: Conform reads its default value once. */}
              <ListNameForm
                key={list.id}
                formId="rename-list"
                intent={WISHLIST_INTENTS.renameList}
                label="List name"
                submitLabel="Rename list"
                pendingLabel="Renaming…"
                lastResult={resultOf(WISHLIST_INTENTS.renameList)}
                list={list}
              />
            </section>
            <DeleteList list={list} confirm={confirmDelete} here={here} />
          </>
        ) : null}
        <section aria-labelledby="new-list-title">
          <h2 id="new-list-title">New list</h2>
          <ListNameForm
            formId="new-list"
            intent={WISHLIST_INTENTS.createList}
            label="New list name"
            submitLabel="Create list"
            pendingLabel="Creating…"
            lastResult={resultOf(WISHLIST_INTENTS.createList)}
          />
        </section>
      </div>
    </div>
  );
}
