/**
 * Sign in with e-mail (username) and password through the site's Headless Login (Authorization Code and
 * Credentials Flow, PKCE). The guest's UVID goes along, so the buyer's session can find the guest cart, which is
 * then preserved into the buyer's cart once (spec §4). The buyer's tokens go into the session, their id and
 * names come from userinfo, and the shopper returns to `redirectTo`.
 *
 * Failed sign-ins are throttled per account and per client (server/login-throttle.ts): past the limit the page
 * answers 429 with how long to wait, the typed e-mail kept, and the site is not asked at all.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { STORE_NAME } from "~/lib/brand";
import { safeRedirect } from "~/lib/paths";
import { useZodForm } from "~/components/useZodForm";
import { getShop, withShop, serverTimingHeaders } from "~/shop.server";

const loadSchema = () => import("~/account/forms/login-schema");

export const meta: MetaFunction = () => [{ title: `Sign in | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

/** A throttled attempt says when to come back (Retry-After), besides the root's headers. */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(serverTimingHeaders(args));
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    return shop.reply(await shop.account.loginPage(redirectTo));
  });
}

// Not through withShop: signing in replaces whatever session there was, and one past its expiry must not send the
// shopper to sign in again, losing what they typed.
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = await getShop(request, context);
  return shop.account.submitLogin(await request.formData());
}

export default function Login() {
  const { demo, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.loginSchema },
    // Back from a password reset, the address it was for is filled in.
    { id: "login", lastResult, defaultValue: { username: searchParams.get("email") ?? "" } },
  );
  const pending = useIsPending({ formAction: "/login", state: "submitting" });
  const redirectTo = safeRedirect(searchParams.get("redirectTo"), "/");

  return (
    <div className="store-page store-narrow">
      <h1>Sign in</h1>
      <Form
        method="post"
        {...getFormProps(form)}
        className="store-form"
        aria-describedby={form.errors ? form.errorId : undefined}
      >
        {form.errors ? (
          <div id={form.errorId} role="alert" className="store-form-error store-form-error--banner">
            {form.errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
        <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
        <Field label="Email" type="email" meta={fields.username} autoComplete="username" />
        <Field label="Password" type="password" meta={fields.password} autoComplete="current-password" />
        <Button pending={pending} pendingLabel="Signing in…" size="large">
          Sign in
        </Button>
      </Form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/register">Create an account</Link>
      </p>
      {demo ? (
        <aside aria-labelledby="demo-accounts" className="store-note">
          <h2 id="demo-accounts">Demo accounts</h2>
          <p>
            <code>buyer@demo.store</code> / <code>demo-pass-1</code> (consumer) and <code>b2b@demo.store</code> /{" "}
            <code>demo-pass-1</code> (business buyer with several accounts).
          </p>
        </aside>
      ) : null}
    </div>
  );
}
