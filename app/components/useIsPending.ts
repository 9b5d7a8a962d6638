/**
 * Whether a form's submission is on its way (the Epic Stack's `useIsPending`): the one place pages and components
 * ask, so each shows its own pending state on the button that was pressed, not a global spinner.
 */
import { useFormAction, useHref, useNavigation } from "@remix-run/react";

export interface PendingOptions {
  /**
   * The form's action as a store path ("/login"); default: the current route's action. The navigation's action
   * carries the router's basename (BASE_PATH, a locale), added here the way <Form> adds it.
   */
  formAction?: string;
  /** Only a submission whose `intent` field has this value (one form, several buttons). */
  intent?: string;
  /** "submitting": only while the request is out; "non-idle" (default): also while the page reloads after it. */
  state?: "submitting" | "non-idle";
}

export function useIsPending({ formAction, intent, state = "non-idle" }: PendingOptions = {}): boolean {
  const navigation = useNavigation();
  const routeAction = useFormAction();
  // useHref is a hook: called every time, its answer used only when a store path was given.
  const givenAction = useHref(formAction ?? "/");
  const action = formAction === undefined ? routeAction : givenAction;
  const inState = state === "submitting" ? navigation.state === "submitting" : navigation.state !== "idle";
  if (!inState || navigation.formMethod?.toUpperCase() !== "POST") return false;
  // The navigation's action keeps the query the form had (?index, ?redirectTo=…): the path decides.
  if (navigation.formAction?.split("?")[0] !== action.split("?")[0]) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
