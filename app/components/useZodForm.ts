import { parse, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { FormConstraint } from "~/lib/validation/validity";

export type UseZodFormOptions<Input> = {
  id?: string;
  /** The action's `submission.reply()`, from useActionData / fetcher.data. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { [Key in keyof Input]?: unknown } | null;
};

export type { FormConstraint };

type AnySchema = z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>;

/**
 * How a page validates a form in the browser without shipping zod with the page: the constraints, worked out from
 * the schema by the loader (`formConstraint` in shop.server), and the module with the schema, imported when the
 * shopper first reaches the form. zod and Conform's zod adapter weigh about 16 KB gzip, which put every page with a
 * form over its JavaScript budget (issue #9); loaded this way they cost a page nothing until it is used.
 *
 * `load` must be the same function on every render (a module-level `() => import("…")`); `select` picks the
 * form's schema out of the module and may depend on the page's data.
 */
export type LazySchema<Module, Schema extends AnySchema> = {
  constraint: FormConstraint;
  load: () => Promise<Module>;
  select: (module: Module) => Schema;
};

type Loaded = { module: unknown; parseWithZod: (typeof import("@conform-to/zod"))["parseWithZod"] };

/** Each schema module with Conform's zod adapter, once loaded: shared by every form of the page that uses it. */
const loaded = new WeakMap<() => Promise<unknown>, Loaded>();
const loading = new WeakMap<() => Promise<unknown>, Promise<Loaded>>();

function loadSchemaModule(load: () => Promise<unknown>): Promise<Loaded> {
  let promise = loading.get(load);
  if (!promise) {
    promise = Promise.all([load(), import("@conform-to/zod")]).then(([module, { parseWithZod }]) => {
      const done = { module, parseWithZod };
      loaded.set(load, done);
      return done;
    });
    // A failed download (the shopper went offline) is tried again at the next focus; submits still reach the server.
    promise.catch(() => loading.delete(load));
    loading.set(load, promise);
  }
  return promise;
}

/**
 * Conform's useForm set up the way every storefront form works: the route's zod schema checks in the
 * browser too, the constraints land on the inputs, and messages appear only after a field's first
 * blur (or a submit), then follow the shopper's typing.
 *
 * The schema loads when the shopper first focuses or presses anything in the form. Until it has arrived, a blur
 * shows no new message (the field is checked as soon as the schema arrives) and a submit goes to the server, whose
 * action applies the same schema and answers with the same messages: nothing typed is lost either way.
 *
 * The form stays `noValidate` even before hydration, so without JavaScript the server's messages
 * (not the browser's own bubbles) are what shoppers see.
 */
export function useZodForm<Module, Schema extends AnySchema>(
  schema: LazySchema<Module, Schema>,
  options: UseZodFormOptions<z.input<Schema>> = {},
) {
  const { load, select } = schema;
  /** Fields blurred before the schema arrived, to check once it has. */
  const awaiting = useRef(new Set<string>());
  const [ready, setReady] = useState(() => loaded.has(load));
  /** The messages shown now (kept while the schema loads). */
  const shown = useRef<Record<string, string[]>>({});

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    // Conform's DefaultValue type is derived from the schema; the loose object above is what pages have.
    defaultValue: options.defaultValue as never,
    constraint: schema.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const done = loaded.get(load);
      if (done) return done.parseWithZod(formData, { schema: select(done.module as Module) });
      startLoading();
      return parse(formData, {
        resolve(value, intent) {
          if (!intent) return { value }; // a submit reaches the server, which checks it
          if (intent.type === "validate") awaiting.current.add(intent.payload.name ?? "");
          // The messages already shown stay as they are until the schema can check the field.
          return { error: shown.current };
        },
      }) as Submission<z.output<Schema>>;
    },
  });
  shown.current = form.allErrors;

  function startLoading() {
    // A failed download leaves `ready` false: the next focus tries again.
    loadSchemaModule(load).then(
      () => setReady(true),
      () => undefined,
    );
  }

  // Once the schema is here, the fields blurred while it loaded are checked.
  useEffect(() => {
    if (!ready) return;
    for (const name of awaiting.current) form.validate(name ? { name } : {});
    awaiting.current.clear();
  }, [ready, form]);

  // The first focus or press anywhere in the form starts loading the schema.
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element || ready) return;
    element.addEventListener("focusin", startLoading);
    element.addEventListener("pointerdown", startLoading);
    return () => {
      element.removeEventListener("focusin", startLoading);
      element.removeEventListener("pointerdown", startLoading);
    };
    // startLoading reads only `load`.
  }, [form.id, load, ready]);

  return [form, fields] as const;
}
