/**
 * A page's JSON-LD blocks, as its loader wrote them (HTML-safe JSON text: `jsonLdText` in model/structured-data.ts).
 * In the page's body rather than its head: search engines read JSON-LD anywhere in the document, and here the text
 * is written as it came, where a meta descriptor would be serialized and escaped again on every render. A data block
 * the browser never runs, so the CSP's script nonce does not apply; on a client navigation it changes with the page.
 *
 * A document carries each block once: its loader sent the browser only empty placeholders (one per block) and left
 * the text for the server's render (`DocumentStructuredData`, given by app/entry.server.tsx). Hydrating, the browser
 * renders an empty text over the server's, which React keeps (it never rewrites inner HTML while hydrating, and
 * `suppressHydrationWarning` says the difference is meant). A client navigation's data carries the text itself.
 */
import { createContext, useContext } from "react";

const DocumentBlocks = createContext<readonly string[] | null>(null);

/** The blocks of the document being rendered on the server (app/seo/server/document-blocks.server.ts). */
export const DocumentStructuredData = DocumentBlocks.Provider;

export function StructuredData({ blocks }: { blocks: readonly string[] | undefined }) {
  const documentBlocks = useContext(DocumentBlocks);
  if (!blocks?.length) return null;
  return (
    <>
      {blocks.map((text, index) => (
        <script
          key={index}
          type="application/ld+json"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: text || documentBlocks?.[index] || "" }}
        />
      ))}
    </>
  );
}
