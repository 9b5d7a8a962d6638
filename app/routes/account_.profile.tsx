/**
 * /account/profile: the signed-in buyer's own first and last name, e-mail address and phone (GET myprofile), and the
 * form that changes them (PATCH myprofile, from API 59.0; before it the page only shows them). From 64.0 a change of
 * e-mail address or phone takes a second step: a code sent to the buyer's e-mail address, entered at
 * `?step=code`, before the change is saved. Guests are sent to sign in.
 *
 * Every form is a POST to this route: 303 back to the page (or to the code step) with a toast, or 400 with every
 * message and what was typed. app/account/server/profile.server.ts has the flow.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/lib/brand";
import { pageTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { serverTimingHeaders, withShop } from "~/shop.server";
import { PROFILE_CODE_STEP_PATH, ProfileCodeForm, ProfileDetails, ProfileDetailsForm } from "~/account/ui/ProfileForms";
import { PROFILE_STEP_PARAM } from "~/account/model/profile";
import accountStyles from "~/styles/account.css?url";

export const meta: MetaFunction = ({ error }) => [
  { title: `${pageTitle(pageFailure(error), "My profile")} | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) =>
    shop.reply(await shop.account.profilePage(new URL(request.url).searchParams.get(PROFILE_STEP_PARAM))),
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => shop.account.submitProfile(await request.formData()));
}

export default function Profile() {
  const { step, profile, abilities, values, waiting, detailsConstraint, codeConstraint } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const saveResult = answer && "intent" in answer && answer.intent === "save" ? answer.result : undefined;
  const codeResult = answer && "intent" in answer && answer.intent === "verify" ? answer.result : undefined;

  return (
    <div className="store-page account-page">
      <Breadcrumbs items={[{ label: "Your account", url: "/account" }, { label: "My profile" }]} />
      <h1>My profile</h1>
      {profile.userName ? <p className="store-muted">You sign in as {profile.userName}.</p> : null}
      {step === "code" && waiting ? (
        <ProfileCodeForm constraint={codeConstraint} lastResult={codeResult} waiting={waiting} />
      ) : abilities.editable ? (
        <>
          {waiting ? (
            <p role="status">
              A change of your email address or phone is waiting for its code.{" "}
              <Link to={PROFILE_CODE_STEP_PATH}>Enter the code</Link>
            </p>
          ) : null}
          {/* Keyed on the values: Conform reads its default values once. */}
          <ProfileDetailsForm
            key={JSON.stringify(values)}
            constraint={detailsConstraint}
            defaultValue={values}
            lastResult={saveResult}
            stepUp={abilities.stepUp}
          />
        </>
      ) : (
        <>
          <ProfileDetails values={profile} />
          <p className="store-muted">Your details can&apos;t be changed in this store.</p>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
