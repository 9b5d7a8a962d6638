/** What every group of API methods needs: the HTTP layer, the caches, the caller's identity, validation helpers. */
import { type Async, isProcessing } from "./async-wait.js";
import type { SharedReadCache, WebstoreCaches } from "./cache.js";
import { INVALID_QUANTITY, WebstoreError } from "./errors.js";
import type { Http, WebstoreRequest } from "./http.js";
import { QUANTITY_MAX, QUANTITY_MIN } from "./limits.js";

/**
 * A connected app with the Client Credentials Flow whose "Run As" user is the org's internal integration user: its
 * token goes with the first requests of Headless Registration and Headless Forgot Password on a site that requires it.
 */
export interface IntegrationApp {
  /** The org's My Domain URL, whose token endpoint issues the token (the site URL when absent). */
  orgUrl?: string;
  clientId: string;
  clientSecret: string;
}

export interface ClientCore {
  http: Http;
  /** The API version the client speaks, as a number ("v62.0" → 62): some resources exist only at some versions. */
  apiVersion: number;
  caches: WebstoreCaches;
  accessToken: string | undefined;
  communityId: string | undefined;
  webstoreId: string;
  /** The store's inventory location group: where a product's stock is read (inventory levels). */
  inventoryLocationGroupId: string | undefined;
  /** The account the shopper acts for, for cache keys of data that depends on it. */
  effectiveAccountId: string | undefined;
  /** The site URL (identity endpoints live under it). */
  siteUrl: string;
  oauth: { clientId?: string; clientSecret?: string; redirectUri?: string };
  /** The org's integration user's connected app (WebstoreClientOptions.integration); absent: none is sent. */
  integration?: IntegrationApp;
  /** A cache key scoped to this API target and webstore, so two stores or targets never share an entry. */
  cacheKey(...parts: (string | undefined)[]): string;
  /** Who shares this client's catalog answers (WebstoreClientOptions.catalogScope); null: never cached. */
  catalogScope: string | null;
  /** Told when a catalog read was answered from a stale copy because the API could not answer. */
  onStale?: (resource: string) => void;
  /** True in a Remix loader or action (WebstoreClientOptions.serverRendering): the spec's SSR_* codes apply. */
  serverRendering?: boolean;
}

/**
 * A catalog read (categories, search, products, prices) through the shared catalog cache (or `cache`, another one
 * shared per catalog scope), keyed by the API target, the client's catalog scope, the resource and its arguments;
 * loaded directly when the client has no scope.
 */
export function catalogRead<T>(
  core: ClientCore,
  resource: string,
  args: unknown,
  load: () => Promise<T>,
  cache: SharedReadCache = core.caches.catalog,
): Promise<T> {
  if (core.catalogScope === null) return load();
  const onStale = core.onStale;
  return cache.get(
    core.cacheKey("catalog", core.catalogScope, resource, JSON.stringify(args)),
    load,
    onStale && (() => onStale(resource)),
  );
}

/** "v62.0" → 62. */
export function versionNumber(apiVersion: string): number {
  const m = /^v?(\d+)(?:\.\d+)?$/.exec(apiVersion.trim());
  if (!m) throw new RangeError(`apiVersion must look like v65.0: ${apiVersion}`);
  return Number(m[1]);
}

/**
 * Whether a resource exists at the client's API version: Salesforce documents each resource from a version
 * ("Available version 64.0") and some up to one ("58.0–63.0"); a real org answers 404 outside them.
 */
export function documentedAt(core: Pick<ClientCore, "apiVersion">, since: number, until = Infinity): boolean {
  return core.apiVersion >= since && core.apiVersion <= until;
}

/** The body only, for calls whose answer is never "processing". */
export async function send<T>(core: ClientCore, request: WebstoreRequest): Promise<T> {
  return (await core.http.request<T>(request)).data;
}

/** The answer with its status and processing flag, for calls the API may answer before it has finished. */
export async function sendAsync<T>(core: ClientCore, request: WebstoreRequest): Promise<Async<T>> {
  const { status, data } = await core.http.request<T>(request);
  return { status, processing: isProcessing(status, data), data };
}

/** Validation before any request (spec §5): a blank id fails here rather than as a confusing 404. */
export function required(
  value: string | null | undefined,
  message: string,
  ErrorType: ErrorConstructor = Error,
): string {
  if (typeof value !== "string" || value.trim() === "") throw new ErrorType(message);
  return value;
}

/** Spec §5 quantity limits; the API wants the quantity as a string. */
export function quantityString(quantity: number | string): string {
  const value = Number(quantity);
  if (!Number.isFinite(value) || value < QUANTITY_MIN || value > QUANTITY_MAX) {
    throw new WebstoreError(INVALID_QUANTITY, "Requested quantity is invalid", { quantity });
  }
  return String(quantity);
}

export const PAGE_SIZE_MAX = 100;

export function pageSizeInRange(pageSize: number | undefined, max = PAGE_SIZE_MAX): number | undefined {
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= max)) {
    throw new RangeError(`pageSize must be an integer from 1 to ${max}`);
  }
  return pageSize;
}
