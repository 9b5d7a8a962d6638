/**
 * The page's HTML carries no NUL characters however its text falls on React's 2 KB write buffer
 * (app/entry.server.tsx, withoutViewPadding: React 18's writer sends a full buffer's unwritten zero bytes when a
 * multi-byte character doesn't fit what is left of it).
 */
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutViewPadding } from "../../app/entry.server";

/** Short texts, as a page has them (React encodes a long one on its own, outside its buffer), then `last`. */
function render(last: string, clean: (chunk: Buffer) => Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(clean(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const page = (
      <div>
        {Array.from({ length: 27 }, (_, i) => (
          <span key={i}>{"a".repeat(60)}</span>
        ))}
        <p>{last}</p>
      </div>
    );
    const { pipe } = renderToPipeableStream(page, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

describe("the rendered page", () => {
  it("has no NUL where a multi-byte character meets the end of React's buffer, and every character intact", async () => {
    // One of these lengths puts “ (3 bytes) across the 2048-byte boundary.
    let padded = 0;
    for (let length = 0; length < 80; length++) {
      const text = `${"b".repeat(length)}“Cafe”`;
      if ((await render(text, (chunk) => chunk)).includes(0)) padded++;
      const html = await render(text, withoutViewPadding);
      expect(html.includes(0), `length ${length}`).toBe(false);
      expect(html.toString("utf8")).toContain(text);
    }
    // React itself pads at some of them: the case the helper is for.
    expect(padded).toBeGreaterThan(0);
  });
});
