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
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { tooManyAttemptsMessage } from "../../server/login-throttle";
import { isFetchError } from "../../server/webstore/errors";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { STORE_NAME } from "~/components/store/Header";
import { safeRedirect } from "~/components/store/urls";
import { useZodForm } from "~/components/useZodForm";
import { email, EMAIL_MAX_LENGTH, VALIDITY_MESSAGES } from "~/lib/validation";
import {
  getWebstore,
  isBusinessAccount,
  keepBuyerTokens,
  rethrowResponse,
  serverTimingHeaders,
  toast,
} from "~/webstore.server";
import { useStoreHref } from "~/components/store-href";

export const LOGIN_FAILED_MESSAGE = "Your login attempt has failed. Make sure the username and password are correct.";
const LOGIN_UNAVAILABLE_MESSAGE = "We couldn't sign you in right now. Try again in a moment.";

export const loginSchema = z.object({
  // The username is the buyer's e-mail address (the demo's B2B usernames too): checked like every e-mail field,
  // so a typo reads 'Enter a valid email address, such as john@example.com.' before anything is sent.
  username: email({ max: EMAIL_MAX_LENGTH }),
  // Never cleaned: spaces in a password are part of it.
  password: z.string({ required_error: VALIDITY_MESSAGES.valueMissing }).min(1, VALIDITY_MESSAGES.valueMissing),
  redirectTo: z.string().optional(),
});

export const meta: MetaFunction = () => [{ title: `Sign in | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

/** A throttled attempt says when to come back (Retry-After), besides the root's headers. */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(serverTimingHeaders(args));
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (ws.shopper.isLoggedIn && !ws.tokenExpired) throw await ws.redirect(redirectTo);
  return ws.reply({ demo: context.storefront.mode === "emulator" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  const ws = await getWebstore(request, context);
  if (submission.status !== "success") {
    return ws.reply(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;

  const throttle = context.loginThrottle;
  const verdict = throttle ? await throttle.check(username, context.clientAddress) : ({ allowed: true } as const);
  if (!verdict.allowed) {
    return ws.reply(
      submission.reply({ formErrors: [tooManyAttemptsMessage(verdict.retryAfterSeconds)], hideFields: ["password"] }),
      {
        status: 429,
        headers: { "Retry-After": String(verdict.retryAfterSeconds) },
      },
    );
  }

  let login;
  try {
    login = await context.webstore({}).headlessLogin(username, password, { uvid: ws.session.get("uvid") });
  } catch (error) {
    rethrowResponse(error);
    const refused = isFetchError(error) && error.status >= 400 && error.status < 500;
    if (!refused) console.error("Login failed:", error);
    // A refused password counts; the site being unavailable is not the shopper's failure.
    if (refused) await throttle?.recordFailure(username, context.clientAddress);
    return ws.reply(
      submission.reply({
        formErrors: [refused ? LOGIN_FAILED_MESSAGE : LOGIN_UNAVAILABLE_MESSAGE],
        hideFields: ["password"],
      }),
      { status: 400 },
    );
  }

  await throttle?.recordSuccess(username);
  const { session } = ws;
  const buyer = ws.clientWith({
    accessToken: login.accessToken,
    apiUrl: login.apiUrl,
    effectiveAccountId: undefined,
    renewToken: undefined,
  });
  // Who the buyer is (userinfo) and which account they act for by default (a B2B buyer's default managed account).
  const [userInfo, sessionContext, managedAccounts] = await Promise.all([
    buyer.getUserInfo().catch((error: unknown) => {
      rethrowResponse(error);
      console.error("userinfo after login failed:", error);
      return null;
    }),
    buyer.getSessionContext().catch((error: unknown) => {
      rethrowResponse(error);
      console.error("Session context after login failed:", error);
      return null;
    }),
    buyer.getManagedAccounts({ includeMyAccount: true }).catch((error: unknown) => {
      rethrowResponse(error);
      return [];
    }),
  ]);
  // Read before the guest's session keys go: a payment link made as a guest still counts at this login.
  const paymentLinkActive = !!session.get("paymentLinkId");
  session.clearAuth();
  keepBuyerTokens(session, login);
  session.set("userId", userInfo?.userId || login.userId);
  session.set("firstName", userInfo?.firstName || sessionContext?.userName);
  session.set("effectiveAccountId", sessionContext?.effectiveAccountId);
  session.set("effectiveAccountName", sessionContext?.effectiveAccountName);
  session.set("managedAccountCount", managedAccounts.length);
  // Person account (a consumer) or business account: decides whether purchase orders are offered at checkout.
  const ownAccountId = sessionContext?.effectiveAccountId;
  const businessBuyer = ownAccountId ? await isBusinessAccount(buyer, ownAccountId) : undefined;
  if (businessBuyer === undefined) session.unset("businessBuyer");
  else session.set("businessBuyer", businessBuyer);

  // Spec §4: the guest cart is preserved once, unless a payment link is being paid; failures never block login.
  const guestCartId = session.get("guestCartId");
  let failed = 0;
  if (guestCartId && !paymentLinkActive) {
    try {
      const result = await buyer.preserveCart(guestCartId);
      failed = result?.numberOfProductsWithError ?? 0;
      if (failed > 0) session.set("preserveCartErrorCount", failed);
    } catch (error) {
      rethrowResponse(error);
      console.warn("Preserving the guest cart failed:", error instanceof Error ? error.message : error);
    }
  }
  session.clearGuest();

  const firstName = userInfo?.firstName || sessionContext?.userName;
  const welcome = firstName ? `Welcome back, ${firstName}` : "Welcome back";
  return ws.redirect(
    safeRedirect(redirectTo, "/"),
    failed > 0
      ? toast(
          "warning",
          `${welcome}. ${failed === 1 ? "1 product" : `${failed} products`} from your guest cart couldn't be moved to your cart.`,
        )
      : toast("success", welcome),
  );
}

export default function Login() {
  const { demo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(loginSchema, { id: "login", lastResult });
  const loginAction = useStoreHref("/login");
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith(loginAction) === true;
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
