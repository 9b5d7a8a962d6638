/**
 * The account domain (shop.account): who the shopper is (guest or buyer, the account they act for), signing in
 * and out, keeping a buyer's session alive, switching accounts, the account's address book
 * (server/address-book.server.ts) and the buyer's own profile (server/profile.server.ts).
 * Owns the session's buyer keys (tokens, names, accounts).
 */
import { tooManyAttemptsMessage } from "../../server/login-throttle";
import type { LimitCheck, LimitVerdict } from "../../server/limits";
import {
  CODE_VOID_MESSAGE,
  codeRequestsMessage,
  codeTriesMessage,
  countFailure,
  peekLimits,
  takeLimits,
} from "~/shop/limits.server";
import {
  WRONG_CREDENTIALS,
  describeSetupProblem,
  isFetchError,
  setupProblem,
  type WebstoreClient,
} from "../../server/webstore/index";
import { toast, type ToastInput } from "~/shop/toast.server";
import { caught, errorMessage } from "~/shop/errors.server";
import { keepBuyerTokens } from "~/shop/tokens.server";
import { createAddressBook, type AddressBook } from "~/account/server/address-book.server";
import {
  addressBookPage,
  editAddressPage,
  newAddressPage,
  submitAddressEdit,
  submitAddressList,
  submitNewAddress,
} from "~/account/server/address-pages.server";
import { profilePage, submitProfile, type AccountCore } from "~/account/server/profile.server";
import { sessionExpiredRedirect } from "~/shop/core.server";
import { accountActionSchema, keepAliveSchema, parseAccountForm } from "~/account/forms/account-forms.server";
import { loginSchema } from "~/account/forms/login-schema";
import { startSchema, verifySchema } from "~/account/forms/register-schema";
import { requestSchema, resetSchema } from "~/account/forms/forgot-password-schema";
import { formConstraint } from "~/lib/validation/constraint.server";
import { loginPath, safeRedirect } from "~/lib/paths";
import { accountSwitcherView, type AccountSwitcherView } from "~/account/model/account-switcher";

export const LOGIN_FAILED_MESSAGE = "Your login attempt has failed. Make sure the username and password are correct.";
const LOGIN_UNAVAILABLE_MESSAGE = "We couldn't sign you in right now. Try again in a moment.";
/** The org's setup refused a right password (the operator's log says why): nothing the shopper did or can fix. */
export const LOGIN_SETUP_MESSAGE =
  "The store can't sign you in right now. We're looking into it; please try again later.";
export const SIGNED_OUT_MESSAGE = "You're logged out.";

/** How a sign-in ends: refused (with the form's message and, when throttled, how long to wait) or signed in. */
export type SignInOutcome =
  | { kind: "refused"; message: string; status: 400 }
  | { kind: "refused"; message: string; status: 429; retryAfterSeconds: number }
  | { kind: "signed-in"; welcome: ToastInput };

/** A request refused by one of the limits (docs/limits.md): the form's message and how long to wait (429). */
export type Limited = { kind: "limited"; message: string; retryAfterSeconds: number };

/** How a password reset's last step ends: the password changed, refused with the field it is about, or limited. */
export type PasswordResetOutcome = { kind: "changed" } | { kind: "refused"; message: string } | Limited;

export const RESET_CODE_SENT_MESSAGE =
  "If an account uses that email address, we've sent it a verification code. Enter it below with your new password.";
export const RESET_CODE_REFUSED_MESSAGE = "That code is wrong or has expired. Check the email, or ask for a new code.";
/**
 * The site refused the code or the new password: Headless Forgot Password answers both with the one OAuth code
 * `invalid_request` (no page documents a code for either), so the message names both.
 */
export const RESET_REFUSED_MESSAGE =
  "We couldn't change your password: the code may be wrong or expired, or the new password may not meet the store's password rules. Check both, or ask for a new code.";
export const PASSWORD_CHANGED_MESSAGE = "Your password is changed. Sign in with your new password.";
const RESET_UNAVAILABLE_MESSAGE = "We couldn't reset your password right now. Please try again later.";

/** How a registration's first step ends: a code mailed (the registration's identifier), or refused. */
export type RegistrationStart = { kind: "sent"; identifier: string } | { kind: "refused"; message: string } | Limited;

/**
 * The site refused the new buyer's data: Headless Registration answers an address already in use and a password its
 * policy refuses with the one OAuth code `invalid_request` (no page documents a code for either), so the message
 * names both.
 */
export const REGISTRATION_REFUSED_MESSAGE =
  "We couldn't create an account with these details. If you already have an account with this email address, sign in or reset your password; otherwise choose a password that meets the store's password rules.";
const REGISTRATION_UNAVAILABLE_MESSAGE = "We couldn't create your account right now. Please try again later.";

/** One account the buyer may act for, as the account page's switcher lists it. */
export interface AccountChoice {
  id: string;
  name: string;
  city: string;
}

/** What /register's URL says, read by its route: the registration the code was mailed for, and its address. */
export interface RegistrationQuery {
  identifier: string | null;
  email: string | null;
}

export interface AccountHandler extends AccountFlows {
  /**
   * /login: the form's constraints (and whether to list the demo's accounts); a buyer goes on (thrown redirect) to
   * `redirectTo` (the URL's `?redirectTo=`, as the route read it).
   */
  loginPage(redirectTo: string | null): ReturnType<typeof loginPage>;
  /** The sign-in form: refused (400, or 429 with Retry-After when throttled) with the e-mail kept, or signed in. */
  submitLogin(form: FormData): ReturnType<typeof submitLogin>;
  /** /register: both steps' constraints, the registration's identifier and address from the URL (the route's). */
  registerPage(query: RegistrationQuery): ReturnType<typeof registerPage>;
  /**
   * Either registration step's form: the code mailed (to the second step), the account made, or refused (400). The
   * second step's URL names the registration's address (`query.email`).
   */
  submitRegistration(form: FormData, query: RegistrationQuery): ReturnType<typeof submitRegistration>;
  /** /forgot-password: both steps' constraints and the address from the URL (`?email=`, as the route read it). */
  resetPage(email: string | null): ReturnType<typeof resetPage>;
  /** Either reset step's form: the code mailed, the password changed (to sign in), or refused (400). */
  submitReset(form: FormData): ReturnType<typeof submitReset>;
  /** The session validator's "Continue Working": the new expiry; a token the site refuses ends the session. */
  submitKeepAlive(form: FormData): ReturnType<typeof submitKeepAlive>;
  /** The account page's form (the account switcher): back to the page with the toast. */
  submitAccountForm(form: FormData): Promise<Response>;
  /** /account/addresses (`pageToken`: the URL's `?page=`) and its forms (server/address-pages.server.ts). */
  addressBookPage(pageToken: string | null): ReturnType<typeof addressBookPage>;
  submitAddressList(form: FormData): ReturnType<typeof submitAddressList>;
  /** /account/addresses/new (`type`: the URL's `?type=`, Billing for a billing address) and its form. */
  newAddressPage(type: string | null): ReturnType<typeof newAddressPage>;
  submitNewAddress(form: FormData): ReturnType<typeof submitNewAddress>;
  /** /account/addresses/{addressId} and its form. */
  editAddressPage(addressId: string): ReturnType<typeof editAddressPage>;
  submitAddressEdit(addressId: string, form: FormData): ReturnType<typeof submitAddressEdit>;
  /**
   * /account/profile (server/profile.server.ts): the buyer's own details and their forms; `step`, the URL's `?step=`
   * (the code form of a change waiting for its code).
   */
  profilePage(step: string | null): ReturnType<typeof profilePage>;
  submitProfile(form: FormData): ReturnType<typeof submitProfile>;
}

/** Who the shopper is and how they sign in, register, reset a password and act for an account. */
export interface AccountFlows {
  /**
   * Signs in with e-mail (username) and password through the site's Headless Login (Authorization Code and
   * Credentials Flow, PKCE). Failed sign-ins are throttled per account and per client (server/login-throttle.ts):
   * past the limit the site is not asked at all.
   */
  signIn(credentials: { username: string; password: string }): Promise<SignInOutcome>;
  /**
   * Headless Forgot Password, first step: the site e-mails a code to the account's address. Resolves the same whether
   * an account uses the address or not (as the site answers); false only when the site couldn't be asked; limited
   * (the site not asked) past the codes asked for per address or per e-mail, whether an account uses it or not.
   */
  requestPasswordReset(username: string): Promise<boolean | Limited>;
  /**
   * Headless Forgot Password, last step: the code from the e-mail and the new password. Wrong codes are counted per
   * code and per account: past either limit the site is not asked (the code is void until a new one is sent).
   */
  resetPassword(input: { username: string; otp: string; password: string }): Promise<PasswordResetOutcome>;
  /**
   * Headless Registration, first step: the site checks the new buyer's data and e-mails a code; limited (the site not
   * asked) past the registrations started per address or per e-mail.
   */
  startRegistration(input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }): Promise<RegistrationStart>;
  /**
   * Headless Registration, last step: the mailed code creates the account and signs the new buyer in, their guest
   * cart kept (as at a sign-in). A wrong code is refused on the code's field (`field: "otp"` in the message's place).
   * Wrong codes are counted per registration (its code) and per e-mail: past either, 429 and the site is not asked.
   */
  completeRegistration(input: { identifier: string; otp: string; email: string | null }): Promise<SignInOutcome>;
  /** Revokes the buyer's tokens, forgets buyer and guest, and goes home with a toast. */
  signOut(): Promise<Response>;
  /**
   * Renews the buyer's token with the refresh token (the session's time starts again, as far as the org's session
   * timeout allows): the new expiry, or null when the session can't go on (the caller ends it).
   */
  keepAlive(): Promise<{ expiresAt: number | null } | null>;
  /**
   * The accounts the buyer may act for, as the API said within the last 30 s (MANAGED_ACCOUNTS_FRESH_MS); the header's
   * switcher offer follows it.
   */
  accounts(): Promise<AccountChoice[]>;
  /**
   * The account page's switcher: the page of the accounts that match the URL's search (`?accounts=`,
   * `?accountsPage=`); a buyer may act for up to 200, the page lists a few.
   */
  accountSwitcher(params: URLSearchParams): Promise<AccountSwitcherView>;
  /** Acts for another of the buyer's accounts from now on; the toast says how that went. */
  switchAccount(accountId: string): Promise<ToastInput>;
  /** The saved addresses of the account the buyer acts for. */
  readonly addresses: AddressBook;
}

/**
 * Whether an account is a business account, from effective-accounts' IsPersonAccount field (a consumer buys
 * through a person account): true / false, or undefined when the API doesn't say (an org without person
 * accounts may not know the field; the call failed). Never throws.
 */
export async function isBusinessAccount(client: WebstoreClient, accountId: string): Promise<boolean | undefined> {
  try {
    const account = await client.getEffectiveAccount(accountId, { fields: ["IsPersonAccount"] });
    const flag = account.fields?.IsPersonAccount;
    if (flag === true || flag === "true") return false;
    if (flag === false || flag === "false") return true;
    return undefined;
  } catch {
    return undefined;
  }
}

export function createAccountHandler(shop: AccountCore): AccountHandler {
  const flows = createAccountFlows(shop);
  return Object.assign(flows, {
    loginPage: (redirectTo: string | null) => loginPage(shop, redirectTo),
    submitLogin: (form: FormData) => submitLogin(shop, flows, form),
    registerPage: (query: RegistrationQuery) => registerPage(shop, query),
    submitRegistration: (form: FormData, query: RegistrationQuery) => submitRegistration(shop, flows, form, query),
    resetPage: (email: string | null) => resetPage(email),
    submitReset: (form: FormData) => submitReset(shop, flows, form),
    submitKeepAlive: (form: FormData) => submitKeepAlive(shop, flows, form),
    submitAccountForm: (form: FormData) => submitAccountForm(shop, flows, form),
    addressBookPage: (pageToken: string | null) => addressBookPage(shop, flows.addresses, pageToken),
    submitAddressList: (form: FormData) => submitAddressList(shop, flows.addresses, form),
    newAddressPage: (type: string | null) => newAddressPage(shop, flows.addresses, type),
    submitNewAddress: (form: FormData) => submitNewAddress(shop, flows.addresses, form),
    editAddressPage: (addressId: string) => editAddressPage(shop, flows.addresses, addressId),
    submitAddressEdit: (addressId: string, form: FormData) => submitAddressEdit(shop, flows.addresses, addressId, form),
    profilePage: (step: string | null) => profilePage(shop, step),
    submitProfile: (form: FormData) => submitProfile(shop, form),
  });
}

function createAccountFlows(shop: AccountCore): AccountFlows {
  const { context, session } = shop;

  /**
   * The buyer's session after Headless Login: their tokens, who they are (userinfo), the account they act for by
   * default (a B2B buyer's default managed account) and whether it is a business account. The guest's UVID went
   * along with the login, so the buyer's session can find the guest cart, which is preserved into the buyer's
   * cart once (spec §4), unless a payment link is being paid; failures never block the login.
   */
  async function startBuyerSession(
    login: Awaited<ReturnType<WebstoreClient["headlessLogin"]>>,
    username: string,
    greeting = "Welcome back",
  ): Promise<SignInOutcome> {
    const buyer = shop.clientWith({
      accessToken: login.accessToken,
      apiUrl: login.apiUrl,
      effectiveAccountId: undefined,
      renewToken: undefined,
    });
    let contextFailure: unknown;
    const [userInfo, sessionContext, managedAccounts] = await Promise.all([
      buyer.getUserInfo().catch((error) => {
        console.error("userinfo after login failed:", error);
        return null;
      }),
      buyer.getSessionContext().catch((error) => {
        contextFailure = error;
        return null;
      }),
      buyer.getManagedAccounts({ includeMyAccount: true }).catch(() => []),
    ]);
    // The password was right, but the org lets this buyer use neither the API nor the store (API Enabled, the Buyer
    // permission set): a session would fail on every page. The shopper is told the store can't sign them in, the
    // operator reads why, and the tokens just issued are given back.
    if (setupProblem(contextFailure)) {
      console.error(describeSetupProblem(`Signing in ${username}`, contextFailure));
      await context
        .webstore({})
        .revokeToken(login.refreshToken ?? login.accessToken)
        .catch(() => undefined);
      return { kind: "refused", message: LOGIN_SETUP_MESSAGE, status: 400 };
    }
    if (contextFailure) console.error("Session context after login failed:", contextFailure);
    // Read before the guest's session keys go: a payment link made as a guest still counts at this login.
    const paymentLinkActive = !!session.get("paymentLinkId");
    session.clearAuth();
    keepBuyerTokens(session, login);
    const firstName = userInfo?.firstName || sessionContext?.userName;
    session.set("userId", userInfo?.userId || login.userId);
    session.set("firstName", firstName);
    session.set("effectiveAccountId", sessionContext?.effectiveAccountId);
    session.set("effectiveAccountName", sessionContext?.effectiveAccountName);
    session.set("managedAccountCount", managedAccounts.length);
    // Person account (a consumer) or business account: decides whether purchase orders are offered at checkout.
    const ownAccountId = sessionContext?.effectiveAccountId;
    const businessBuyer = ownAccountId ? await isBusinessAccount(buyer, ownAccountId) : undefined;
    if (businessBuyer === undefined) session.unset("businessBuyer");
    else session.set("businessBuyer", businessBuyer);

    const guestCartId = session.get("guestCartId");
    let failed = 0;
    if (guestCartId && !paymentLinkActive) {
      try {
        const result = await buyer.preserveCart(guestCartId);
        failed = result?.numberOfProductsWithError ?? 0;
        if (failed > 0) session.set("preserveCartErrorCount", failed);
      } catch (error) {
        console.warn("Preserving the guest cart failed:", error instanceof Error ? error.message : error);
      }
    }
    session.clearGuest();

    const welcome = firstName ? `${greeting}, ${firstName}` : greeting;
    return {
      kind: "signed-in",
      welcome:
        failed > 0
          ? toast(
              "warning",
              `${welcome}. ${failed === 1 ? "1 product" : `${failed} products`} from your guest cart couldn't be moved to your cart.`,
            )
          : toast("success", welcome),
    };
  }

  return {
    async signIn({ username, password }) {
      const throttle = context.loginThrottle;
      const verdict = throttle ? await throttle.check(username, context.clientAddress) : ({ allowed: true } as const);
      if (!verdict.allowed) {
        return {
          kind: "refused",
          message: tooManyAttemptsMessage(verdict.retryAfterSeconds),
          status: 429,
          retryAfterSeconds: verdict.retryAfterSeconds,
        };
      }
      let login;
      try {
        login = await context.webstore({}).headlessLogin(username, password, { uvid: session.get("uvid") });
      } catch (error) {
        // Only a wrong username or password is the shopper's failure and counts towards the lock. The org's setup
        // refusing a login (the app not pre-authorised, the flow not allowed…) is the operator's to fix: logged with
        // the fix, and the shopper reads that the store can't sign them in. The site being unavailable is neither.
        if (isFetchError(error) && error.code === WRONG_CREDENTIALS) {
          await throttle?.recordFailure(username, context.clientAddress);
          return { kind: "refused", message: LOGIN_FAILED_MESSAGE, status: 400 };
        }
        const setup = isFetchError(error) && error.status >= 400 && error.status < 500;
        if (setup) console.error(describeSetupProblem(`Signing in ${username}`, error));
        else console.error("Login failed:", error);
        return { kind: "refused", message: setup ? LOGIN_SETUP_MESSAGE : LOGIN_UNAVAILABLE_MESSAGE, status: 400 };
      }
      await throttle?.recordSuccess(username);
      return startBuyerSession(login, username);
    },

    async startRegistration(input) {
      const verdict = await takeLimits(
        context,
        ["registrationPerAddress", context.clientAddress],
        ["registrationPerEmail", input.email],
      );
      if (!verdict.allowed) return limited(codeRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
      try {
        const identifier = await context.webstore({}).startRegistration(input);
        return { kind: "sent", identifier };
      } catch (error) {
        if (isFetchError(error) && error.status === 400 && error.code === "invalid_request")
          return { kind: "refused", message: REGISTRATION_REFUSED_MESSAGE };
        console.error(describeSetupProblem("A registration", error));
        return { kind: "refused", message: REGISTRATION_UNAVAILABLE_MESSAGE };
      }
    },

    async completeRegistration({ identifier, otp, email }) {
      // The registration's e-mail is in the page's URL (the first step's redirect put it there).
      const tries = codeTries(`register:${identifier}`, email);
      const verdict = await peekLimits(context, ...tries);
      if (!verdict.allowed) {
        const { message, retryAfterSeconds } = codeLimited(verdict);
        return { kind: "refused", message, status: 429, retryAfterSeconds };
      }
      let login;
      try {
        login = await context.webstore({}).completeRegistration(identifier, otp, { uvid: session.get("uvid") });
      } catch (error) {
        if (isFetchError(error) && error.code === WRONG_CREDENTIALS) {
          await countFailure(context, ...tries);
          return { kind: "refused", message: RESET_CODE_REFUSED_MESSAGE, status: 400 };
        }
        console.error(describeSetupProblem("A registration's verification", error));
        return { kind: "refused", message: REGISTRATION_UNAVAILABLE_MESSAGE, status: 400 };
      }
      return startBuyerSession(login, "a new buyer", "Welcome");
    },

    async requestPasswordReset(username) {
      // Counted whether an account uses the address or not: the answer says nothing of it.
      const verdict = await takeLimits(
        context,
        ["resetRequestPerAddress", context.clientAddress],
        ["resetRequestPerEmail", username],
      );
      if (!verdict.allowed) return limited(codeRequestsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
      try {
        await context.webstore({}).requestPasswordReset(username);
        // A new code: the wrong ones tried were the old code's (the account's count stays).
        await context.limits?.forget("codeFailuresPerCode", `reset:${username}`);
        return true;
      } catch (error) {
        console.error(describeSetupProblem("A password reset request", error));
        return false;
      }
    },

    async resetPassword({ username, otp, password }) {
      const tries = codeTries(`reset:${username}`, username);
      const verdict = await peekLimits(context, ...tries);
      if (!verdict.allowed) {
        const { message, retryAfterSeconds } = codeLimited(verdict);
        return limited(message, retryAfterSeconds);
      }
      try {
        await context.webstore({}).resetPassword(username, otp, password);
        await context.limits?.forget("codeFailuresPerCode", `reset:${username}`);
        return { kind: "changed" };
      } catch (error) {
        // The site answers a wrong code and a refused password alike (invalid_request): both count as a try [I].
        if (isFetchError(error) && error.status === 400 && error.code === "invalid_request") {
          await countFailure(context, ...tries);
          return { kind: "refused", message: RESET_REFUSED_MESSAGE };
        }
        console.error(describeSetupProblem("A password reset", error));
        return { kind: "refused", message: RESET_UNAVAILABLE_MESSAGE };
      }
    },

    // The buyer's cart lives in the API and is there again at the next login.
    async signOut() {
      const wasLoggedIn = shop.shopper.isLoggedIn;
      const token = session.get("refreshToken") ?? session.get("accessToken");
      if (token) {
        await context
          .webstore({})
          .revokeToken(token)
          .catch((error) => {
            // Already revoked or expired: nothing left to end. Anything else is logged; the shopper is signed out here.
            if (caught(error).api?.status !== 400) console.warn("Revoking the buyer's token failed:", error);
          });
      }
      session.clearAuth();
      session.clearGuest();
      return shop.redirect("/", wasLoggedIn ? toast("info", SIGNED_OUT_MESSAGE) : null);
    },

    async keepAlive() {
      const refreshToken = session.get("refreshToken");
      if (!shop.shopper.isLoggedIn || shop.tokenExpired || !refreshToken) return null;
      try {
        keepBuyerTokens(session, await context.webstore({}).refreshAccessToken(refreshToken));
      } catch (error) {
        if (isFetchError(error) && error.status >= 400 && error.status < 500) return null;
        throw error;
      }
      // The new token must be one the API takes: a revoked session answers 401, and the request ends in sign-in.
      await shop.clientWith({ accessToken: session.get("accessToken") }).getSessionContext();
      return { expiresAt: session.get("tokenExpiresAt") ?? null };
    },

    async accounts() {
      // Reused for 30 s by this session's requests: the page's search and page links each need the whole list.
      const accounts = await shop.client.getManagedAccounts({ includeMyAccount: true, reuse: true });
      session.set("managedAccountCount", accounts.length);
      return accounts.map((account) => ({
        id: account.id,
        name: account.name || account.id,
        city: [account.address.city, account.address.state, account.address.country].filter(Boolean).join(", "),
      }));
    },

    async accountSwitcher(params) {
      return accountSwitcherView(await this.accounts(), params);
    },

    async switchAccount(accountId) {
      try {
        const accounts = await shop.client.getManagedAccounts({ includeMyAccount: true });
        const chosen = accounts.find((account) => account.id === accountId);
        if (!chosen) return toast("error", "Choose one of your accounts.");
        session.set("effectiveAccountId", chosen.id);
        session.set("effectiveAccountName", chosen.name || chosen.id);
        // A checkout started for the previous account does not belong to this one, nor do its wishlists.
        session.unset("activeCheckoutId", "defaultWishlistId");
        return toast("success", `You're now shopping for ${chosen.name || chosen.id}.`);
      } catch (error) {
        return toast("error", errorMessage(caught(error), "We couldn't switch accounts. Try again."));
      }
    },

    // Made with the handler (closures only, no call): a getter of a request's own object would keep the request past
    // the garbage collector's young generation (docs/performance.md "What a request leaves behind").
    addresses: createAddressBook(shop),
  };
}

const limited = (message: string, retryAfterSeconds: number): Limited => ({
  kind: "limited",
  message,
  retryAfterSeconds,
});

/** A code's tries are counted per code and per account (the e-mail address, when known). */
function codeTries(code: string, email: string | null | undefined): LimitCheck[] {
  return [["codeFailuresPerCode", code], ...(email ? [["codeFailuresPerAccount", email] as const] : [])];
}

/** What a verification past a limit is told: the code is void, or the account has had its tries for now. */
function codeLimited(verdict: Extract<LimitVerdict, { allowed: false }>) {
  const { retryAfterSeconds } = verdict;
  const message = verdict.limit === "codeFailuresPerCode" ? CODE_VOID_MESSAGE : codeTriesMessage(retryAfterSeconds);
  return { message, retryAfterSeconds };
}

const tooMany = (retryAfterSeconds: number) => ({ status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });

async function loginPage(shop: AccountCore, redirectToParam: string | null) {
  const redirectTo = safeRedirect(redirectToParam, "/");
  if (shop.shopper.isLoggedIn) throw await shop.redirect(redirectTo);
  return { demo: shop.context.storefront.mode === "emulator", constraint: formConstraint(loginSchema) };
}

async function submitLogin(shop: AccountCore, flows: AccountFlows, form: FormData) {
  const submission = parseAccountForm(form, loginSchema);
  if (submission.status !== "success") {
    return shop.reply(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  const outcome = await flows.signIn({ username, password });
  if (outcome.kind === "signed-in") return shop.redirect(safeRedirect(redirectTo, "/"), outcome.welcome);
  const refused = submission.reply({ formErrors: [outcome.message], hideFields: ["password"] });
  // A throttled attempt says when to come back.
  return outcome.status === 429
    ? shop.reply(refused, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } })
    : shop.reply(refused, { status: 400 });
}

async function registerPage(shop: AccountCore, query: RegistrationQuery) {
  if (shop.shopper.isLoggedIn) throw await shop.redirect("/account");
  return {
    identifier: query.identifier ?? "",
    email: query.email ?? "",
    startConstraint: formConstraint(startSchema),
    verifyConstraint: formConstraint(verifySchema),
  };
}

async function submitRegistration(
  shop: AccountCore,
  flows: AccountFlows,
  formData: FormData,
  query: RegistrationQuery,
) {
  if (formData.get("intent") === "verify") {
    const submission = parseAccountForm(formData, verifySchema);
    if (submission.status !== "success")
      return shop.reply({ intent: "verify" as const, result: submission.reply() }, { status: 400 });
    const outcome = await flows.completeRegistration({ ...submission.value, email: query.email });
    if (outcome.kind === "signed-in") return shop.redirect("/", outcome.welcome);
    const result = submission.reply({ fieldErrors: { otp: [outcome.message] } });
    return shop.reply(
      { intent: "verify" as const, result },
      outcome.status === 429 ? tooMany(outcome.retryAfterSeconds) : { status: 400 },
    );
  }
  const submission = parseAccountForm(formData, startSchema);
  if (submission.status !== "success")
    return shop.reply(
      { intent: "start" as const, result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  const outcome = await flows.startRegistration(submission.value);
  if (outcome.kind !== "sent") {
    const result = submission.reply({ formErrors: [outcome.message], hideFields: ["password"] });
    return shop.reply(
      { intent: "start" as const, result },
      outcome.kind === "limited" ? tooMany(outcome.retryAfterSeconds) : { status: 400 },
    );
  }
  const next = new URLSearchParams({ identifier: outcome.identifier, email: submission.value.email });
  return shop.redirect(
    `/register?${next}`,
    toast("info", `We've sent a verification code to ${submission.value.email}.`),
  );
}

function resetPage(email: string | null) {
  const username = email ?? "";
  return { username, requestConstraint: formConstraint(requestSchema), resetConstraint: formConstraint(resetSchema) };
}

async function submitReset(shop: AccountCore, flows: AccountFlows, formData: FormData) {
  if (formData.get("intent") === "reset") {
    const submission = parseAccountForm(formData, resetSchema);
    if (submission.status !== "success")
      return shop.reply(
        { intent: "reset" as const, result: submission.reply({ hideFields: ["password"] }) },
        { status: 400 },
      );
    const { username, otp, password } = submission.value;
    const outcome = await flows.resetPassword({ username, otp, password });
    if (outcome.kind === "changed")
      return shop.redirect(
        `/login?${new URLSearchParams({ email: username })}`,
        toast("success", PASSWORD_CHANGED_MESSAGE),
      );
    const result = submission.reply({ formErrors: [outcome.message], hideFields: ["password"] });
    return shop.reply(
      { intent: "reset" as const, result },
      outcome.kind === "limited" ? tooMany(outcome.retryAfterSeconds) : { status: 400 },
    );
  }
  const submission = parseAccountForm(formData, requestSchema);
  if (submission.status !== "success")
    return shop.reply({ intent: "request" as const, result: submission.reply() }, { status: 400 });
  const { username } = submission.value;
  const sent = await flows.requestPasswordReset(username);
  if (typeof sent === "object") {
    const result = submission.reply({ formErrors: [sent.message] });
    return shop.reply({ intent: "request" as const, result }, tooMany(sent.retryAfterSeconds));
  }
  if (!sent) {
    const result = submission.reply({ formErrors: ["We couldn't send a code right now. Please try again later."] });
    return shop.reply({ intent: "request" as const, result }, { status: 400 });
  }
  return shop.redirect(
    `/forgot-password?${new URLSearchParams({ email: username })}`,
    toast("info", RESET_CODE_SENT_MESSAGE),
  );
}

async function submitKeepAlive(shop: AccountCore, flows: AccountFlows, form: FormData) {
  const submission = parseAccountForm(form, keepAliveSchema);
  if (submission.status !== "success") return shop.reply({ ok: false }, { status: 400 });
  const renewed = await flows.keepAlive();
  if (!renewed) throw await sessionExpiredRedirect(shop);
  return shop.reply({ ok: true, expiresAt: renewed.expiresAt });
}

async function submitAccountForm(shop: AccountCore, flows: AccountFlows, form: FormData) {
  if (!shop.shopper.isLoggedIn) return shop.redirect(loginPath("/account"));
  const submission = parseAccountForm(form, accountActionSchema);
  if (submission.status !== "success") return shop.redirect("/account", toast("error", "Choose an action."));
  return shop.redirect("/account", await flows.switchAccount(submission.value.accountId));
}
