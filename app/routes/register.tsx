/**
 * Creating an account, through the site's Headless Registration Flow: the shopper gives their name, e-mail address
 * and a password; the site e-mails a code; the code creates the account and signs them in, their guest cart kept (as
 * at a sign-in). Both steps are HTML forms (POST → 303), with or without JavaScript; the registration's identifier
 * and the address travel in the page's URL between them (the code, which only the mailbox has, is the secret).
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { Field } from "~/components/Field";
import { useZodForm } from "~/components/useZodForm";
import { STORE_NAME } from "~/lib/brand";
import { getShop, serverTimingHeaders, withShop } from "~/shop.server";

const loadSchema = () => import("~/account/forms/register-schema");

/** A request refused by a limit (429) says when to come back (Retry-After). */
export const headers = serverTimingHeaders;

export const meta: MetaFunction = () => [
  { title: `Create an account | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.account.registerPage(registrationOf(request))),
  );
}

/** The registration the page's URL names (the first step's redirect put it there). */
function registrationOf(request: Request) {
  const query = new URL(request.url).searchParams;
  return { identifier: query.get("identifier"), email: query.get("email") };
}

// Not through withShop: a session past its expiry must not send the shopper to sign in (what they typed would be lost).
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = await getShop(request, context);
  return shop.account.submitRegistration(await request.formData(), registrationOf(request));
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return errors ? (
    <div id={id} role="alert" className="store-form-error store-form-error--banner">
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  ) : null;
}

export default function Register() {
  const { identifier, email, startConstraint, verifyConstraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [startForm, startFields] = useZodForm(
    { constraint: startConstraint, load: loadSchema, select: (module) => module.startSchema },
    { id: "register", lastResult: answer?.intent === "start" ? answer.result : undefined },
  );
  const [verifyForm, verifyFields] = useZodForm(
    { constraint: verifyConstraint, load: loadSchema, select: (module) => module.verifySchema },
    { id: "register-verify", lastResult: answer?.intent === "verify" ? answer.result : undefined },
  );
  const startPending = useIsPending({ formAction: "/register", intent: "start", state: "submitting" });
  const verifyPending = useIsPending({ formAction: "/register", intent: "verify", state: "submitting" });

  if (identifier) {
    return (
      <div className="store-page store-narrow">
        <h1>Create an account</h1>
        <Form
          method="post"
          {...getFormProps(verifyForm)}
          className="store-form"
          aria-describedby={verifyForm.errors ? verifyForm.errorId : undefined}
        >
          <FormErrors id={verifyForm.errorId} errors={verifyForm.errors} />
          <p>
            Enter the verification code we sent to <strong>{email}</strong>.
          </p>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name={verifyFields.identifier.name} value={identifier} />
          <Field label="Verification code" meta={verifyFields.otp} autoComplete="one-time-code" inputMode="numeric" />
          <Button pending={verifyPending} pendingLabel="Creating your account…" size="large">
            Create account
          </Button>
        </Form>
        <p>
          <Link to="/register">Start again</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="store-page store-narrow">
      <h1>Create an account</h1>
      <Form
        method="post"
        {...getFormProps(startForm)}
        className="store-form"
        aria-describedby={startForm.errors ? startForm.errorId : undefined}
      >
        <FormErrors id={startForm.errorId} errors={startForm.errors} />
        <input type="hidden" name="intent" value="start" />
        <Field label="First name" meta={startFields.firstName} autoComplete="given-name" />
        <Field label="Last name" meta={startFields.lastName} autoComplete="family-name" />
        <Field label="Email" type="email" meta={startFields.email} autoComplete="email" />
        <Field label="Password" type="password" meta={startFields.password} autoComplete="new-password" />
        <Button pending={startPending} pendingLabel="Sending a code…" size="large">
          Continue
        </Button>
      </Form>
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}
