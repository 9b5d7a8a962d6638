// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { getFormProps } from "@conform-to/react";
// Already loaded, so that useZodForm's import of it settles as soon as the schema module does.
import "@conform-to/zod";
import { act, fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Field } from "../../app/components/Field";
import { useZodForm } from "../../app/components/useZodForm";
import { cleanUpAfterEach } from "./components-helpers";

// A form whose schema loads on first use (useZodForm) keeps what was put in its fields before the schema arrived.

cleanUpAfterEach();

const schema = z.object({ email: z.string({ required_error: "Complete this field." }).email() });

/** A schema module whose import waits until the test lets it arrive. */
function heldSchemaModule() {
  let arrive!: () => void;
  const arrived = new Promise<{ schema: typeof schema }>((resolve) => (arrive = () => resolve({ schema })));
  return { load: () => arrived, arrive };
}

function EmailForm({ load }: { load: () => Promise<{ schema: typeof schema }> }) {
  const [form, fields] = useZodForm(
    { constraint: { email: { required: true } }, load, select: (module) => module.schema },
    { id: "autofill", defaultValue: { email: "" } },
  );
  return (
    <form {...getFormProps(form)} onSubmit={form.onSubmit}>
      <Field label="Email" type="email" meta={fields.email} autoComplete="username" />
      <button>Send code</button>
    </form>
  );
}

describe("useZodForm", () => {
  it("keeps a value set at once (as autofill sets it) before the schema arrives", async () => {
    const { load, arrive } = heldSchemaModule();
    const view = render(<EmailForm load={load} />);
    const email = view.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    // Autofill: focus, then the whole value in one input event, no key presses.
    fireEvent.focusIn(email);
    fireEvent.input(email, { target: { value: "buyer@demo.store" } });
    await act(async () => arrive());
    // The same input (not a fresh one mounted in its place) still holds the value.
    expect(email).toBeInTheDocument();
    expect(email).toHaveValue("buyer@demo.store");
    // With the schema here, a submit is checked in the browser: a wiped field would say "Complete this field."
    fireEvent.submit(view.getByRole("button", { name: "Send code" }).closest("form")!);
    expect(view.queryByText("Complete this field.")).toBeNull();
  });
});
