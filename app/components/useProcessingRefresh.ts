import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ASYNC_MAX_ATTEMPTS, asyncWaitDelay, PAGE_WAIT_ATTEMPTS } from "../../server/webstore/async-wait";

/**
 * With JavaScript, reloads the page's data while the API is still processing, on Salesforce's storefront client's
 * schedule (asyncWaitDelay: tries 0–4 at once, then +100 ms steps, then 750 ms doubling; 15 tries at most). After a
 * page's server wait (`afterPageWait`: a checkout page's server has already made the schedule's first second of
 * tries, PAGE_WAIT_ATTEMPTS, decision 020) the browser goes on from there. Without JavaScript the root's meta refresh
 * does the job.
 *
 * The schedule is one self-rearming timer chain, not a timer per render: a revalidation the router drops or
 * merges into another (hydration, a concurrent fetcher) causes no render, and a per-render timer would then never
 * fire again, leaving the shopper on 'Loading' for good.
 */
export function useProcessingRefresh(processing: boolean, afterPageWait = false): { gaveUp: boolean } {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    setGaveUp(false);
    if (!processing) return;
    let attempt = afterPageWait ? PAGE_WAIT_ATTEMPTS : 0;
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
  }, [processing, afterPageWait]);
  return { gaveUp };
}
