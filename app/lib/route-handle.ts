/**
 * Route handles the root reads (root.tsx): declared here, beside nothing of the root's, so a page or a shared module
 * can name one without importing the root.
 */

/** Route handle of pages still waiting for the API (cart processing): the page reloads itself without JS. */
export interface RefreshHandle {
  refreshWhileProcessing?: true;
}
