/** A recording stand-in for fetch: no network, no emulator. */
import { createWebstoreClient, type WebstoreClientOptions } from "../../server/webstore/index.js";

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** `signal` is the call's, which the adapter gives beside the request as the platform fetch takes it. */
export type Responder = (request: Request, callIndex: number, signal?: AbortSignal) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json;charset=UTF-8", ...headers },
  });
}

export const noContent = () => new Response(null, { status: 204 });

export const apiError = (status: number, errorCode: string, message: string) => json([{ errorCode, message }], status);

/**
 * Never answers: the call fails with its signal's reason once aborted. `shopper` is aborted while the call is being
 * sent, as a shopper who leaves mid-request would.
 */
export function abortedWhileSending(shopper: AbortController): Responder {
  return (_request, _call, signal) =>
    new Promise<Response>((_resolve, reject) => {
      signal!.addEventListener("abort", () => reject(signal!.reason));
      shopper.abort();
    });
}

/** Answers with `responses` in order; the last one repeats. */
export function sequence(...responses: (() => Response)[]): Responder {
  return (_request, i) => responses[Math.min(i, responses.length - 1)]();
}

export function fakeFetch(responder: Responder = () => json({})) {
  const calls: RecordedCall[] = [];
  const fetch = async (request: Request, init?: { signal?: AbortSignal }) => {
    calls.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
    });
    return responder(request, calls.length - 1, init?.signal);
  };
  return { fetch, calls };
}

export const BASE = "http://emulator.local";
export const STORE = "0ZEDM0000000001";
export const API = `/services/data/v65.0/commerce/webstores/${STORE}/`;

/** A client over a fake fetch that never waits: sleeps are recorded instead. */
export function testClient(responder?: Responder, options: Partial<WebstoreClientOptions> = {}) {
  const fake = fakeFetch(responder);
  const sleeps: number[] = [];
  const client = createWebstoreClient({
    fetch: fake.fetch,
    baseUrl: BASE,
    webstoreId: STORE,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { client, calls: fake.calls, sleeps };
}

/** The path of a call relative to the webstore base. */
export const rel = (call: RecordedCall) => call.url.pathname.slice(API.length);
