/**
 * /gallery: every kit component in every state (valid, each message, disabled, loading), for people
 * and for the accessibility checks. Not linked from the navigation.
 *
 * The demo form at the top is the reference for how a storefront form works twice: the action
 * checks it with the same zod schema the browser uses; without JavaScript an empty submit comes back
 * from the server with 'Complete this field.' and what was typed kept.
 */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { AddressForm } from "~/components/AddressForm";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { BUTTON_SIZES, Button } from "~/components/Button";
import { DemoForm, FormSections, GallerySection, type GalleryActionData } from "~/components/gallery/GalleryForms";
import { Price } from "~/components/Price";
import { Column, Section } from "~/components/Section";
import { Spinner } from "~/components/Spinner";
import { Tooltip } from "~/components/Tooltip";
import { galleryPage, submitGallery } from "~/components/gallery/gallery.server";
import { formatDate, formatPhone, formatTime } from "~/lib/format/formats";
import { TOAST_MODES, TOAST_VARIANTS, type Toast as ToastData } from "~/lib/toast";
import { VALIDITY_MESSAGES } from "~/lib/validation/validity";

/**
 * The toasts and the consent banner come from the module the root loads when it has one to show (components/Notices),
 * as the store's pages get them: the server renders them whole, and the browser loads their code after the page's
 * own (the gallery is otherwise at its JavaScript budget).
 */
const Toast = lazy(() => import("~/components/Notices").then((module) => ({ default: module.Toast })));
const ToastRegion = lazy(() => import("~/components/Notices").then((module) => ({ default: module.ToastRegion })));
const CookieConsentBanner = lazy(() =>
  import("~/components/Notices").then((module) => ({ default: module.CookieConsentBanner })),
);

export const meta: MetaFunction = () => [{ title: "Component gallery" }, { name: "robots", content: "noindex" }];

export function loader() {
  return galleryPage();
}

export async function action({ request }: ActionFunctionArgs) {
  return submitGallery(await request.formData());
}

const COUNTRIES = ["US", "CA", "JP", "CN", "DE", "KR"];
const SAMPLE_IMAGE = (label: string, colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="320" viewBox="0 0 1440 320"><rect width="1440" height="320" fill="${colour}"/><text x="40" y="280" font-size="48" fill="#ffffff" font-family="sans-serif">${label}</text></svg>`,
  )}`;

export default function Gallery() {
  const { demoConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as GalleryActionData | undefined;
  const consent = actionData?.form === "consent" ? actionData.consent : null;
  const liveToasts: ToastData[] = TOAST_MODES.map((mode, index) => ({
    id: `live-${mode}`,
    variant: TOAST_VARIANTS[index],
    mode,
    title: `${mode[0].toUpperCase()}${mode.slice(1)} toast`,
    message:
      mode === "sticky"
        ? "Stays until you close it."
        : mode === "pester"
          ? "Leaves after 3 seconds; it has no close button."
          : "Leaves after 3 seconds, or close it now.",
  }));

  return (
    <div className="kit-gallery">
      <Section aria-labelledby="gallery-title">
        <Column>
          <h1 id="gallery-title">Component gallery</h1>
          <p>
            The storefront&apos;s form kit, formats and layout pieces in each of their states. Messages appear after a
            field loses focus or the form is sent.
          </p>
        </Column>
      </Section>

      <GallerySection id="gallery-demo-form" title="Demo form (checked on the server too)">
        <Column width={6}>
          <DemoForm actionData={actionData} constraint={demoConstraint} />
        </Column>
      </GallerySection>

      <FormSections />

      <GallerySection id="gallery-addresses" title="Addresses">
        <Column width={6}>
          <AddressForm
            legend="Shipping address (United States)"
            prefix="shipping"
            autoCompleteSection="shipping"
            countries={COUNTRIES}
            defaultValue={{ country: "US", firstName: "Jane", lastName: "Doe", city: "Springfield" }}
          />
        </Column>
        <Column width={6}>
          <AddressForm
            legend="Billing address (Japan: family name first, Region)"
            prefix="billing"
            autoCompleteSection="billing"
            countries={COUNTRIES}
            defaultValue={{ country: "JP" }}
            errors={{
              lastName: [VALIDITY_MESSAGES.valueMissing],
              postalCode: [VALIDITY_MESSAGES.tooLong],
              shipToPhoneNumber: [VALIDITY_MESSAGES.patternMismatch],
            }}
          />
        </Column>
        <Column width={6}>
          <AddressForm legend="Address (disabled)" prefix="other" countries={COUNTRIES} disabled />
        </Column>
      </GallerySection>

      <GallerySection id="gallery-formats" title="Prices and formats">
        <Column width={6}>
          <ul>
            <li>
              API &quot;23.00&quot;: <Price amount="23.00" />
            </li>
            <li>
              Reduced: <Price amount="1234.5" originalAmount="1500.00" />
            </li>
            <li>
              Missing price: <Price amount={null} fallback="No pricing data available" />
            </li>
          </ul>
        </Column>
        <Column width={6}>
          <ul>
            <li>Short date: {formatDate("2025-03-05", "short")}</li>
            <li>Medium date: {formatDate("2025-03-05", "medium")}</li>
            <li>Long date: {formatDate("2025-03-05", "long")}</li>
            <li>Time: {formatTime("2025-03-05T15:05:00Z")}</li>
            <li>Phone: {formatPhone("4155550123")}</li>
          </ul>
        </Column>
      </GallerySection>

      <GallerySection id="gallery-buttons" title="Buttons and loading">
        <Column>
          <div className="kit-gallery__row">
            <Button type="button">Brand</Button>
            <Button type="button" variant="neutral">
              Neutral
            </Button>
            <Button type="button" variant="destructive">
              Remove
            </Button>
            <Button type="button" variant="link">
              Link style
            </Button>
            <Button type="button" disabled>
              Disabled
            </Button>
            <Button type="button" pending pendingLabel="Saving">
              Save
            </Button>
          </div>
          <div className="kit-gallery__row">
            {BUTTON_SIZES.map((size) => (
              <Button key={size} type="button" variant="neutral" size={size}>
                {size}
              </Button>
            ))}
          </div>
          <div className="kit-gallery__row">
            <span>
              Tooltip (hover, focus or tap the “?”; Escape closes it){" "}
              <Tooltip label="What does the tooltip explain?">A short explanation of the thing next to it.</Tooltip>
            </span>
          </div>
          <div className="kit-gallery__row">
            <Spinner />
            <Spinner size="small" showLabel />
            <Spinner size="large" label="Loading order details" showLabel />
          </div>
        </Column>
      </GallerySection>

      <GallerySection id="gallery-breadcrumbs" title="Breadcrumbs">
        <Column>
          <Breadcrumbs
            items={[
              { label: "Order History", url: "/OrderSummary" },
              { label: "Order Details", url: "/OrderSummary/00000100" },
            ]}
          />
          <Breadcrumbs
            label="Breadcrumbs, long trail"
            divider=">"
            items={["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"].map((label, index) => ({
              label,
              url: `/level-${index + 1}`,
            }))}
          />
          <Breadcrumbs
            label="Breadcrumbs, without Home"
            showHome={false}
            items={[{ label: "Account", url: "/account" }, { label: "Addresses" }]}
          />
        </Column>
      </GallerySection>

      {/* One boundary for both sections: their code arrives in one file. */}
      <Suspense fallback={null}>
        <GallerySection id="gallery-toasts" title="Toasts">
          <Column width={6}>
            <h3>As the server renders them</h3>
            <div className="kit-toast-region kit-toast-region--inline">
              {TOAST_VARIANTS.map((variant) => (
                <Toast
                  key={variant}
                  toast={{
                    variant,
                    mode: "sticky",
                    title: `${variant[0].toUpperCase()}${variant.slice(1)}`,
                    message: `Variant ${variant}, rendered by the server.`,
                  }}
                />
              ))}
            </div>
          </Column>
          <Column width={6}>
            <h3>With JavaScript: each mode</h3>
            <ToastRegion toasts={liveToasts} label="Toast modes" className="kit-toast-region--inline" />
          </Column>
        </GallerySection>

        <GallerySection id="gallery-consent" title="Cookie consent banner">
          <Column>
            {consent ? <p role="status">Cookie choice received: {consent}.</p> : null}
            <CookieConsentBanner
              enabled
              consent={consent}
              action="/gallery"
              redirectTo="/gallery"
              FormComponent={Form}
              className="kit-consent--inline"
            />
          </Column>
        </GallerySection>
      </Suspense>

      <GallerySection id="gallery-layout" title="Section and column layout">
        <Column>
          <h3>Halves (6 + 6 of 12)</h3>
        </Column>
        <Column width={6}>
          <p className="kit-gallery__box">50%</p>
        </Column>
        <Column width={6}>
          <p className="kit-gallery__box">50%</p>
        </Column>
        <Column>
          <h3>16.67% + 33.33% + 50%</h3>
        </Column>
        <Column width={2}>
          <p className="kit-gallery__box">16.67%</p>
        </Column>
        <Column width={4}>
          <p className="kit-gallery__box">33.33%</p>
        </Column>
        <Column width={6}>
          <p className="kit-gallery__box">50%</p>
        </Column>
        <Column width={4}>
          <p className="kit-gallery__box">33.33%</p>
        </Column>
        <Column width={8}>
          <p className="kit-gallery__box">66.67%</p>
        </Column>
      </GallerySection>
      <Section
        aria-label="Stacked section with a background image"
        direction={{ desktop: "column", tablet: "column", mobile: "column" }}
        verticalAlign="center"
        minHeight={240}
        gutter={24}
        background={{
          desktop: SAMPLE_IMAGE("Desktop", "#014486"),
          tablet: SAMPLE_IMAGE("Tablet", "#1f6f3b"),
          mobile: SAMPLE_IMAGE("Mobile", "#3e3e3c"),
          alt: "Sample background, one colour per screen size",
          position: "center",
          sizeOrRepeat: "cover",
        }}
        overlayColor="rgba(0, 0, 0, 0.55)"
        className="kit-gallery__dark"
      >
        <Column>
          <p>Columns stack on every screen size; the background image changes per breakpoint under a dark overlay.</p>
        </Column>
        <Column>
          <p>Vertical alignment: center; minimum height 240px; gutter 24px.</p>
        </Column>
      </Section>
    </div>
  );
}
