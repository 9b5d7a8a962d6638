/**
 * The HTTP server's requests and responses, born as express's (`createServer`'s documented `IncomingMessage` and
 * `ServerResponse` options).
 *
 * Why: express's init middleware gives every request and response its app's prototype (`Object.setPrototypeOf`).
 * Measured here, an object whose prototype was changed outlived V8's next young-generation collection, and so did all
 * it reaches (the listeners on the response, the page's shop, its API answers): all of it was promoted to the old
 * generation, where it dies and waits for a full mark-compact (the ~100 ms stalls in the store's latency tail). Born
 * with express's prototype, an object is given the prototype it already has, which changes nothing. Figures in
 * docs/performance.md ("What a request leaves behind").
 */
import { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";

export interface ExpressMessages {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
  /** Before the first request: requests and responses are from now on born with `app`'s prototypes. */
  adopt(app: Express): void;
}

export function expressMessages(): ExpressMessages {
  class StoreRequest extends IncomingMessage {}
  class StoreResponse extends ServerResponse {}
  return {
    IncomingMessage: StoreRequest,
    // node:http's types make ServerResponse generic over its request; this one answers the server's own requests.
    ServerResponse: StoreResponse as typeof ServerResponse,
    adopt(app) {
      // express's own prototypes are objects made for the app: its request and response methods, and `app`.
      for (const [born, own] of [
        [StoreRequest.prototype, app.request],
        [StoreResponse.prototype, app.response],
      ] as const) {
        Object.setPrototypeOf(born, Object.getPrototypeOf(own));
        Object.defineProperties(born, Object.getOwnPropertyDescriptors(own));
      }
      app.request = StoreRequest.prototype as unknown as Express["request"];
      app.response = StoreResponse.prototype as unknown as Express["response"];
    },
  };
}
