/**
 * Another representation of a page than its HTML (the markdown view of a product or category page): its loader
 * offers it here, in the request's scope, after reading what the page shows; the document's render
 * (app/entry.server.tsx) then answers it instead of rendering the page. The page's own reads serve both, so the
 * other representation costs no call of its own, and the route stays one ordinary page route with one loader.
 */
import type { AppLoadContext } from "@remix-run/node";
import { requestSlot } from "./request-slot.server";

export interface Representation {
  body: string;
  contentType: string;
}

const offered = requestSlot<Representation>("representation");

export function offerRepresentation(context: AppLoadContext, representation: Representation): void {
  offered.set(context, representation);
}

export function offeredRepresentation(context: AppLoadContext): Representation | null {
  return offered.get(context);
}
