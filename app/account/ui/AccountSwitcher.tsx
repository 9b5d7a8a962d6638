/**
 * The account page's switcher: which account the buyer shops for. A select of the page's accounts and a submit
 * button (a plain POST form); past one page of accounts (a buyer may act for up to 200), a search form and page
 * links above and below it, both plain GET, so finding and choosing an account works without JavaScript. With it,
 * the list narrows as the buyer types (the same GET, debounced).
 */
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { Field } from "~/components/Field";
import { SelectField } from "~/components/SelectField";
import { PageLink } from "~/components/store/Pagination";
import { useDebouncedCallback } from "~/components/useDebouncedCallback";
import { pageHref } from "~/lib/paging";
import {
  ACCOUNTS_PAGE_PARAM,
  ACCOUNTS_PAGE_SIZE,
  ACCOUNTS_QUERY_MAX_LENGTH,
  ACCOUNTS_QUERY_PARAM,
  type AccountSwitcherView,
} from "~/account/model/account-switcher";

export function AccountSwitcher({ view, currentId }: { view: AccountSwitcherView; currentId: string | undefined }) {
  const pending = useIsPending({ formAction: "/account", state: "submitting" });
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const narrow = useDebouncedCallback((form: HTMLFormElement) =>
    submit(form, { replace: true, preventScrollReset: true }),
  );
  const searchable = view.total > ACCOUNTS_PAGE_SIZE;
  const onPage = view.rows.some((account) => account.id === currentId);
  const pageLink = (page: number) => `${pageHref(pathname, search, page, ACCOUNTS_PAGE_PARAM)}#switch-title`;
  return (
    <section aria-labelledby="switch-title" className="store-section">
      <h2 id="switch-title">Switch account</h2>
      <p className="store-muted">Your cart, checkout and orders follow the account you shop for.</p>
      {searchable ? (
        <Form
          method="get"
          action="/account"
          role="search"
          aria-label="Your accounts"
          className="store-inline-form"
          preventScrollReset
          onChange={(event) => narrow(event.currentTarget)}
        >
          <Field
            label="Find an account"
            type="search"
            name={ACCOUNTS_QUERY_PARAM}
            defaultValue={view.query}
            maxLength={ACCOUNTS_QUERY_MAX_LENGTH}
            limitNotice={false}
            autoComplete="off"
            help="A name or a city."
          />
          <Button variant="neutral">Find accounts</Button>
        </Form>
      ) : null}
      {searchable ? (
        <p role="status" className="store-muted">
          {view.matched === 0
            ? `No account matches “${view.query}”.`
            : `Showing accounts ${view.first}–${view.first + view.rows.length - 1} of ${view.matched}` +
              (view.query ? ` matching “${view.query}” (${view.total} in all).` : ".")}{" "}
          {view.query ? <Link to={`${pathname}#switch-title`}>Show all accounts</Link> : null}
        </p>
      ) : null}
      {view.rows.length > 0 ? (
        <Form method="post" action="/account" className="store-inline-form">
          <SelectField
            // A new page or search is a new list: the select starts again from its default.
            key={`${view.query}\u0000${view.paging.page}`}
            label="Shop for account"
            name="accountId"
            defaultValue={onPage ? currentId : view.rows[0].id}
            options={view.rows.map((account) => ({
              value: account.id,
              label: account.city ? `${account.name} (${account.city})` : account.name,
            }))}
          />
          <Button name="intent" value="switchAccount" pending={pending} pendingLabel="Switching…">
            Switch account
          </Button>
        </Form>
      ) : null}
      {view.paging.totalPages > 1 ? (
        <nav aria-label="Account pages" className="store-pagination">
          <PageLink to={view.paging.hasPrevious ? pageLink(view.paging.page - 1) : null} rel="prev">
            Previous
          </PageLink>
          <span className="store-pagination__status" aria-current="page">
            Page {view.paging.page} of {view.paging.totalPages}
          </span>
          <PageLink to={view.paging.hasNext ? pageLink(view.paging.page + 1) : null} rel="next">
            Next
          </PageLink>
        </nav>
      ) : null}
    </section>
  );
}
