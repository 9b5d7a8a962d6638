/**
 * A page's JSON-LD blocks, as its loader wrote them (HTML-safe JSON text: `jsonLdText` in model/structured-data.ts).
 * In the page's body rather than its head: search engines read JSON-LD anywhere in the document, and here the text
 * is written as it came, where a meta descriptor would be serialized and escaped again on every render. A data block
 * the browser never runs, so the CSP's script nonce does not apply; on a client navigation it changes with the page.
 */
export function StructuredData({ blocks }: { blocks: readonly string[] | undefined }) {
  if (!blocks?.length) return null;
  return (
    <>
      {blocks.map((text, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} />
      ))}
    </>
  );
}
