import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ASYNC_MAX_ATTEMPTS, asyncWaitDelay } from "../../server/webstore/async-wait";

/**
 * With JavaScript, reloads the page's data while the API is still processing, on the spec's wait schedule
 * (attempts 0-4 at once, then +100 ms steps, then 750 ms doubling; 14 at most). Without JavaScript the root's
 * meta refresh does the job. The server itself never waits (SSR_NO_POLLING).
 */
export function useProcessingRefresh(processing: boolean): { gaveUp: boolean } {
  const revalidator = useRevalidator();
  const attempt = useRef(0);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!processing) {
      attempt.current = 0;
      setGaveUp(false);
      return;
    }
    if (revalidator.state !== "idle") return;
    if (attempt.current >= ASYNC_MAX_ATTEMPTS) {
      setGaveUp(true);
      return;
    }
    // A short floor keeps a busy API from being asked again within the same frame.
    const timer = setTimeout(() => {
      attempt.current += 1;
      revalidator.revalidate();
    }, Math.max(150, asyncWaitDelay(attempt.current)));
    return () => clearTimeout(timer);
  }, [processing, revalidator]);
  return { gaveUp };
}
