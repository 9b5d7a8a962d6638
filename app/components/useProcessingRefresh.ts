import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ASYNC_MAX_ATTEMPTS, asyncWaitDelay } from "../../server/webstore/async-wait";

/**
 * With JavaScript, reloads the page's data while the API is still processing, on the spec's wait schedule
 * (attempts 0-4 at once, then +100 ms steps, then 750 ms doubling; 14 at most). Without JavaScript the root's
 * meta refresh does the job. The server itself waits at most a moment (a checkout's few immediate reads, decision
 * 017; SSR_NO_POLLING past them).
 *
 * The schedule is one self-rearming timer chain, not a timer per render: a revalidation the router drops or
 * merges into another (hydration, a concurrent fetcher) causes no render, and a per-render timer would then never
 * fire again, leaving the shopper on 'Loading' for good.
 */
export function useProcessingRefresh(processing: boolean): { gaveUp: boolean } {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    setGaveUp(false);
    if (!processing) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      if (attempt >= ASYNC_MAX_ATTEMPTS) {
        setGaveUp(true);
        return;
      }
      // A short floor keeps a busy API from being asked again within the same frame.
      timer = setTimeout(
        () => {
          attempt += 1;
          // One request at a time: while the previous one is still out, this attempt waits for the next turn.
          if (latest.current.state === "idle") latest.current.revalidate();
          arm();
        },
        Math.max(150, asyncWaitDelay(attempt)),
      );
    };
    arm();
    return () => clearTimeout(timer);
  }, [processing]);
  return { gaveUp };
}
