import { cleanup, getNodeText, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach } from "vitest";

/**
 * What a shopper without JavaScript gets: the server's HTML (renderToString) in a container on the page, queried with
 * `within(container)`. Nothing hydrates it, so what waits for JavaScript (useHydrated) is not there.
 */
export function renderServerMarkup(element: ReactElement): HTMLElement {
  const markup = renderToString(element);
  const container = document.createElement("div");
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

/** The labels of the fields in document order: each label's own text, without the required marker inside it. */
export function labelsInOrder(container: HTMLElement): string[] {
  return within(container)
    .getAllByText(/./, { selector: "label" })
    .map((label) => getNodeText(label));
}

/** Registers the suite's afterEach: the document is empty again before the next test. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup(); // unmounts what `render` mounted
    document.body.replaceChildren(); // and drops the server markup
  });
}
