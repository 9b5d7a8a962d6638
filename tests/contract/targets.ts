import { createEmulator, type Emulator } from "../../server/emulator/index.js";
import { serveFetch } from "../../server/node-http.js";

export const WEBSTORE_ID = "0ZEDEMO00000001";
export const API = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

/** The absolute path of a webstore resource at another API version ("v62.0"), for resources gated by version. */
export const at = (version: string, path: string) => `/services/data/${version}/commerce/webstores/${WEBSTORE_ID}/${path}`;

/**
 * A running emulator reached through one transport. Contract suites run every case against each target:
 * the in-process fetch (no socket) and the same emulator mounted on a loopback HTTP port.
 */
export interface Target {
  name: string;
  emulator: Emulator;
  /** Base URL for the webstore client / raw requests. */
  baseUrl: string;
  fetch: (req: Request) => Promise<Response>;
  close(): Promise<void>;
}

export const TARGET_NAMES = ["in-process", "http"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export async function startTarget(name: TargetName): Promise<Target> {
  const emulator = createEmulator();
  if (name === "in-process") {
    return { name, emulator, baseUrl: "http://emulator.local", fetch: (r) => emulator.fetch(r), close: async () => emulator.close() };
  }
  const served = await serveFetch((r) => emulator.fetch(r));
  return {
    name,
    emulator,
    baseUrl: served.url,
    fetch: (r) => fetch(r),
    close: async () => {
      await served.close();
      emulator.close();
    },
  };
}

/** Raw API call helper for shape assertions (what curl would see). */
export function api(target: Target) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const url = path.startsWith("/") ? `${target.baseUrl}${path}` : `${target.baseUrl}${API}/${path}`;
    const res = await target.fetch(
      new Request(url, {
        method,
        headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
}


/** Logs a demo buyer in through the emulator's OAuth endpoint; returns the Authorization header. */
export async function login(target: Target, username = "buyer@demo.store", password = "demo-pass-1") {
  const res = await target.fetch(
    new Request(`${target.baseUrl}/services/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username, password }).toString(),
    }),
  );
  const body = await res.json();
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.access_token}` };
}
