/**
 * A forgotten password, through the site's Headless Forgot Password Flow: the shopper gives their e-mail address and
 * the site e-mails them a code (it answers the same whether an account uses the address or not, and so does this
 * page); then the code and a new password set it, and the shopper signs in with it. Both steps are HTML forms (POST →
 * 303), with or without JavaScript; the e-mail address travels in the page's URL between them.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { Field } from "~/components/Field";
import { useZodForm } from "~/components/useZodForm";
import { STORE_NAME } from "~/lib/brand";
import { getShop, serverTimingHeaders, withShop } from "~/shop.server";

const loadSchema = () => import("~/account/forms/forgot-password-schema");

/** A request refused by a limit (429) says when to come back (Retry-After). */
export const headers = serverTimingHeaders;

export const meta: MetaFunction = () => [
  { title: `Reset your password | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(shop.account.resetPage(new URL(request.url).searchParams.get("email"))),
  );
}

// Not through withShop: nothing here needs the shopper's API session, and a session past its expiry must not send
// the shopper to sign in (what they typed would be lost).
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = await getShop(request, context);
  return shop.account.submitReset(await request.formData());
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

export default function ForgotPassword() {
  const { username, requestConstraint, resetConstraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [requestForm, requestFields] = useZodForm(
    { constraint: requestConstraint, load: loadSchema, select: (module) => module.requestSchema },
    {
      id: "reset-request",
      lastResult: answer?.intent === "request" ? answer.result : undefined,
      defaultValue: { username },
    },
  );
  const [resetForm, resetFields] = useZodForm(
    { constraint: resetConstraint, load: loadSchema, select: (module) => module.resetSchema },
    {
      id: "reset-password",
      lastResult: answer?.intent === "reset" ? answer.result : undefined,
      defaultValue: { username },
    },
  );
  const requestPending = useIsPending({ formAction: "/forgot-password", intent: "request", state: "submitting" });
  const resetPending = useIsPending({ formAction: "/forgot-password", intent: "reset", state: "submitting" });
  const codeSent = username !== "";

  return (
    <div className="store-page store-narrow">
      <h1>Reset your password</h1>
      {codeSent ? (
        <Form
          method="post"
          {...getFormProps(resetForm)}
          className="store-form"
          aria-describedby={resetForm.errors ? resetForm.errorId : undefined}
        >
          <FormErrors id={resetForm.errorId} errors={resetForm.errors} />
          <p>
            We sent a verification code to <strong>{username}</strong> if an account uses that address.
          </p>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name={resetFields.username.name} value={username} />
          <Field label="Verification code" meta={resetFields.otp} autoComplete="one-time-code" inputMode="numeric" />
          <Field label="New password" type="password" meta={resetFields.password} autoComplete="new-password" />
          <Button pending={resetPending} pendingLabel="Changing your password…" size="large">
            Change password
          </Button>
        </Form>
      ) : null}
      <Form
        method="post"
        {...getFormProps(requestForm)}
        className="store-form"
        aria-describedby={requestForm.errors ? requestForm.errorId : undefined}
      >
        <FormErrors id={requestForm.errorId} errors={requestForm.errors} />
        {codeSent ? (
          <h2>Didn't get a code?</h2>
        ) : (
          <p>Enter the email address you sign in with, and we'll send you a code.</p>
        )}
        <input type="hidden" name="intent" value="request" />
        <Field label="Email" type="email" meta={requestFields.username} autoComplete="username" />
        <Button pending={requestPending} pendingLabel="Sending…" variant={codeSent ? "neutral" : undefined}>
          {codeSent ? "Send a new code" : "Send code"}
        </Button>
      </Form>
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
