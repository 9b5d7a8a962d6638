import { randomUUID } from "node:crypto";
import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import {
  createWebstoreCaches,
  createWebstoreClient,
  type FetchLike,
  type WebstoreClient,
  type WebstoreClientOptions,
} from "../../server/webstore/index.js";
import { nodeFetch } from "../../server/webstore/node-fetch.js";
import { serveFetch } from "../../server/node-http.js";
import { compileTrustProxy } from "../../server/proxy.js";
import { DEMO_CLIENT, buyerAuthorization, guestAuthorization } from "../support/identity.js";

export const WEBSTORE_ID = "0ZEDEMO00000001";
export const API = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

/** The absolute path of a webstore resource at another API version ("v62.0"), for resources gated by version. */
export const at = (version: string, path: string) =>
  `/services/data/${version}/commerce/webstores/${WEBSTORE_ID}/${path}`;

/**
 * A running emulator reached through one transport. Contract suites run every case against each target:
 * the in-process fetch (no socket) and the same emulator mounted on a loopback HTTP port.
 */
export interface Target {
  name: string;
  emulator: Emulator;
  /** Base URL for the webstore client / raw requests. */
  baseUrl: string;
  fetch: FetchLike;
  close(): Promise<void>;
}

export const TARGET_NAMES = ["in-process", "http"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export async function startTarget(name: TargetName): Promise<Target> {
  const emulator = createEmulator();
  if (name === "in-process") {
    return {
      name,
      emulator,
      baseUrl: "http://emulator.local",
      fetch: (r) => emulator.fetch(r),
      close: async () => emulator.close(),
    };
  }
  // The suites stand where the storefront does: a trusted proxy on loopback that forwards its shoppers' addresses
  // (X-Forwarded-For), as a deployment with TRUST_PROXY=loopback would. Without that trust the mount ignores the
  // header (tests/contract/server.test.ts).
  const served = await serveFetch((r) => emulator.fetch(r), 0, { trustProxy: compileTrustProxy("loopback") });
  return {
    name,
    emulator,
    baseUrl: served.url,
    // The store's own transport to an API on the network, as it reaches an org or an emulator service.
    fetch: nodeFetch(),
    close: async () => {
      await served.close();
      emulator.close();
    },
  };
}

/**
 * A target's transport, recorded when PARITY_RECORD names a file (`npm run parity`, scripts/parity/main.ts): every
 * request and its answer appended there as their shapes, never their values. Unset (always, but for that command):
 * the fetch itself.
 */
export function recordedFetch(fetch: FetchLike, baseUrl: string, testName: () => string | undefined): FetchLike {
  const file = process.env.PARITY_RECORD;
  if (!file) return fetch;
  const recorder = import("../../scripts/parity/record.js").then(({ recordingFetch }) =>
    recordingFetch(fetch, file, testName, new URL(baseUrl).pathname.replace(/\/$/, "")),
  );
  return async (req, init) => (await recorder)(req, init);
}

/** A guest token for `uvid` (Headless Guest Flow); returns the Authorization header. */
export const guest = (target: Target, uvid?: string) =>
  guestAuthorization((r) => target.fetch(r), target.baseUrl, uvid);

/**
 * Raw API call helper for shape assertions (what curl would see). Calls without an `authorization` header carry
 * a guest token of the helper's own visitor (minted on first use, and again when a reset has wiped it); pass
 * `authorization: ""` to send none.
 */
export function api(target: Target) {
  const uvid = randomUUID();
  let guestAuth: Promise<{ authorization: string }> | null = null;
  const send = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const url = path.startsWith("/") ? `${target.baseUrl}${path}` : `${target.baseUrl}${API}/${path}`;
    const { authorization, ...rest } = headers;
    const res = await target.fetch(
      new Request(url, {
        method,
        headers: {
          ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(authorization ? { authorization } : {}),
          ...rest,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    if ("authorization" in headers || path.startsWith("/__emulator/") || path.startsWith("/services/oauth2/"))
      return send(method, path, body, headers);
    guestAuth ??= guest(target, uvid);
    let res = await send(method, path, body, { ...headers, ...(await guestAuth) });
    if (res.status === 401) {
      // The store was reset since the token was minted: a new one for the same visitor.
      guestAuth = guest(target, uvid);
      res = await send(method, path, body, { ...headers, ...(await guestAuth) });
    }
    return res;
  };
}

/** Logs a demo buyer in through the site's Headless Login; returns the Authorization header. */
export const login = (target: Target, username?: string, password?: string, options: { uvid?: string } = {}) =>
  buyerAuthorization((r) => target.fetch(r), target.baseUrl, username, password, options);

/**
 * The storefront's guest, through the real client: a UVID whose guest token the client itself mints (guestLogin)
 * and renews when the API refuses it. Resolves to a factory of clients that share the guest's token.
 */
export async function guestClients(
  target: Target,
  options: Partial<WebstoreClientOptions> = {},
): Promise<() => WebstoreClient> {
  const uvid = randomUUID();
  const base: WebstoreClientOptions = {
    fetch: (r, init) => target.fetch(r, init),
    baseUrl: target.baseUrl,
    webstoreId: WEBSTORE_ID,
    oauth: DEMO_CLIENT,
    caches: createWebstoreCaches(),
    sleep: async () => {},
    ...options,
  };
  let token = (await createWebstoreClient(base).guestLogin(uvid)).accessToken;
  const renewToken = async () => (token = (await createWebstoreClient(base).guestLogin(uvid)).accessToken);
  return () => createWebstoreClient({ ...base, accessToken: token, renewToken });
}
