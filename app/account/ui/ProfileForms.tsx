/**
 * My profile's forms: the details (name, e-mail address, phone), the code step of an e-mail or phone change, and the
 * read-only details where the API version has no PATCH. Plain POST forms: without JavaScript the server checks them
 * and, when it refuses, renders them again with every message and what the buyer typed; with JavaScript the same
 * schema (loaded when a form is first used) checks each field as the buyer leaves it.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { Field } from "~/components/Field";
import { ErrorSummary } from "~/components/Problems";
import { useZodForm, type FormConstraint } from "~/components/useZodForm";
import {
  PROFILE_CODE_STEP,
  PROFILE_INTENTS,
  PROFILE_LABELS,
  PROFILE_PATH,
  PROFILE_STEP_PARAM,
  type ProfileValues,
} from "~/account/model/profile";

const loadSchema = () => import("~/account/forms/profile-schema");

const labelOf = (name: string): string | undefined =>
  name in PROFILE_LABELS ? PROFILE_LABELS[name as keyof typeof PROFILE_LABELS] : undefined;

export const PROFILE_CODE_STEP_PATH = `${PROFILE_PATH}?${PROFILE_STEP_PARAM}=${PROFILE_CODE_STEP}`;

/** The details as the API version that can't change them shows them. */
export function ProfileDetails({ values }: { values: ProfileValues }) {
  return (
    <dl className="store-details">
      {(["firstName", "lastName", "email", "phoneNumber"] as const).map((name) => (
        <div key={name}>
          <dt>{PROFILE_LABELS[name]}</dt>
          <dd>{values[name] || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProfileDetailsForm({
  constraint,
  defaultValue,
  lastResult,
  stepUp,
}: {
  constraint: FormConstraint;
  defaultValue: ProfileValues;
  lastResult?: SubmissionResult<string[]> | null;
  /** A change of e-mail address or phone needs a code first (API 64.0+). */
  stepUp: boolean;
}) {
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.profileDetailsSchema },
    { id: "profile", lastResult, defaultValue },
  );
  const saving = useIsPending({ intent: PROFILE_INTENTS.save, state: "submitting" });
  return (
    <Form method="post" {...getFormProps(form)} className="account-profile-form">
      <ErrorSummary
        formId={form.id}
        formErrors={form.errors}
        fieldErrors={form.allErrors}
        labelOf={labelOf}
        focusKey={lastResult}
      />
      <Field label={PROFILE_LABELS.firstName} meta={fields.firstName} autoComplete="given-name" />
      <Field label={PROFILE_LABELS.lastName} meta={fields.lastName} autoComplete="family-name" />
      <Field
        label={PROFILE_LABELS.email}
        type="email"
        meta={fields.email}
        autoComplete="email"
        help={stepUp ? "To change it, you'll enter a code we send to your current email address." : undefined}
      />
      <Field
        label={PROFILE_LABELS.phoneNumber}
        type="tel"
        meta={fields.phoneNumber}
        autoComplete="tel"
        help={stepUp ? "To change it, you'll enter a code we send to your email address." : undefined}
      />
      <div className="account-profile-form__actions">
        <Button name="intent" value={PROFILE_INTENTS.save} size="large" pending={saving} pendingLabel="Saving…">
          Save changes
        </Button>
      </div>
    </Form>
  );
}

/** The second step of an e-mail or phone change: the code, or another code, or no change after all. */
export function ProfileCodeForm({
  constraint,
  lastResult,
  waiting,
}: {
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  waiting: { recipient: string; email: string; phoneNumber: string };
}) {
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.profileCodeSchema },
    { id: "profile-code", lastResult },
  );
  const verifying = useIsPending({ intent: PROFILE_INTENTS.verify, state: "submitting" });
  const resending = useIsPending({ intent: PROFILE_INTENTS.resend, state: "submitting" });
  return (
    <section aria-labelledby="profile-code-title" className="store-section">
      <h2 id="profile-code-title">Enter your verification code</h2>
      <p>
        We sent a code to <strong>{waiting.recipient}</strong>. Enter it to save these details:
      </p>
      <dl className="store-details">
        <div>
          <dt>{PROFILE_LABELS.email}</dt>
          <dd>{waiting.email}</dd>
        </div>
        <div>
          <dt>{PROFILE_LABELS.phoneNumber}</dt>
          <dd>{waiting.phoneNumber || "—"}</dd>
        </div>
      </dl>
      <Form method="post" {...getFormProps(form)} className="account-profile-form">
        <ErrorSummary
          formId={form.id}
          formErrors={form.errors}
          fieldErrors={form.allErrors}
          labelOf={labelOf}
          focusKey={lastResult}
        />
        <Field
          label={PROFILE_LABELS.code}
          meta={fields.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          limitNotice={false}
        />
        <div className="account-profile-form__actions">
          <Button name="intent" value={PROFILE_INTENTS.verify} size="large" pending={verifying} pendingLabel="Saving…">
            Confirm and save
          </Button>
        </div>
      </Form>
      <Form method="post" className="account-profile-form__actions">
        <Button
          name="intent"
          value={PROFILE_INTENTS.resend}
          variant="neutral"
          pending={resending}
          pendingLabel="Sending…"
        >
          Send a new code
        </Button>
        <Button name="intent" value={PROFILE_INTENTS.cancel} variant="link">
          Cancel the change
        </Button>
        <Link to={PROFILE_PATH}>Edit the details</Link>
      </Form>
    </section>
  );
}
