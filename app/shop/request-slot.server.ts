/**
 * A value one part of a request leaves for another part of the same request (a loader for the document's render),
 * kept in the request's scope (server/request-scope.ts) and dropped with it: never seen by another request.
 */
import type { AppLoadContext } from "@remix-run/node";

export interface RequestSlot<T> {
  /** Keeps `value` for the rest of this request (a later `set` replaces it). */
  set(context: AppLoadContext, value: T): void;
  /** What this request kept, or null when nothing was. */
  get(context: AppLoadContext): T | null;
}

/** A slot of its own (`name` only tells a debugger which one), one per kind of value. */
export function requestSlot<T>(name: string): RequestSlot<T> {
  const key = Symbol(name);
  const box = (context: AppLoadContext) => context.perRequest.once(key, (): { value: T | null } => ({ value: null }));
  return {
    set(context, value) {
      box(context).value = value;
    },
    // Reading makes no slot: a request that kept nothing stays without one.
    get: (context) => (context.perRequest.has(key) ? box(context).value : null),
  };
}
