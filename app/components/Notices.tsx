/**
 * The root's notices: toasts (what an action did) and the cookie consent banner (shown until the shopper chooses).
 * Most pages show neither, so the root loads this module only when there is one to show (React.lazy in root.tsx).
 *
 * One module for both, on purpose: the browser build splits shared code by which entry points reach it, and a lazy
 * module of the toast alone (which needs React but not Remix) would split React from Remix's router, an extra file
 * on every page. The banner's Button brings Remix, so this module reaches what every page loads.
 */
export { Toast, ToastRegion } from "./Toast";
export { CookieConsentBanner } from "./CookieConsent";
