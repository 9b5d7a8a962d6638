import { useEffect, useState } from "react";
import { useHydrated } from "~/components/useHydrated";
import {
  formatCountdown,
  RESERVATION_EXPIRED,
  reservationRemainingMs,
  reservedUntilText,
} from "~/checkout/model/totals";

/**
 * "Items reserved until 3:05 PM": rendered by the server (in UTC, it doesn't know the shopper's zone), then with
 * JavaScript in the browser's zone with a live countdown. The countdown is a timer (not announced every second).
 * `renderedAt` is the server's clock when the page was made, so a wrong browser clock doesn't shift it.
 */
export function ReservationNotice({ expiresAt, renderedAt }: { expiresAt: string; renderedAt: number }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const started = Date.now();
    const tick = () => setNow(renderedAt + (Date.now() - started));
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [renderedAt]);

  const remaining = reservationRemainingMs(expiresAt, now);
  if (reservationRemainingMs(expiresAt, renderedAt) === 0 || (hydrated && remaining === 0)) {
    return (
      <p className="checkout-reservation checkout-reservation--expired" role="status">
        {RESERVATION_EXPIRED}
      </p>
    );
  }
  const timeZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  return (
    <p className="checkout-reservation">
      <time dateTime={expiresAt}>{reservedUntilText(expiresAt, timeZone)}</time>
      {hydrated ? (
        <span role="timer" aria-live="off" className="checkout-reservation__countdown">
          {" "}
          ({formatCountdown(remaining)} left)
        </span>
      ) : null}
    </p>
  );
}
