import { z } from "zod";
import { compileTrustProxy } from "./proxy.js";

/** One or more URL-safe segments, each after a slash (the shape vite.config.ts accepts too). */
const BASE_PATH_SHAPE = /^(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)+$/;
/** Paths that stay at the site root whatever the base path: the API, its test controls, the health check. */
export const ROOT_PATHS = ["/services", "/lwr", "/__emulator", "/healthz", "/readyz"];

/** "/shop/", "shop" and "/shop" are the same base path: "/shop" (leading slash, none trailing); "" = the root. */
export function normaliseBasePath(value: string): string {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `/${trimmed}`;
}

/**
 * The server's configuration, read from the environment once and validated; everything else receives it as
 * an argument. Without WEBSTORE_API_URL the store runs against the in-process emulator.
 */
const schema = z.object({
  /** 0 = any free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: the demo store (and its emulator's test controls) is for this machine until told otherwise. */
  HOST: z.string().default("127.0.0.1"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /**
   * The proxies in front of the server whose X-Forwarded-For / -Proto / -Host are believed (express's `trust
   * proxy`: a hop count, "loopback", addresses or CIDRs, "true"); unset = none, the connection is the client.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        compileTrustProxy(value);
      } catch (error) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `not a hop count, "true", or a list of addresses: ${(error as Error).message}`,
        });
      }
    }),
  /** Who may use the emulator's test controls (/__emulator/*): this machine only (loopback), or anyone. */
  EMULATOR_CONTROLS: z.enum(["local", "public"]).default("local"),
  /** Server-Timing headers with the API calls' durations: on in development, off elsewhere unless "1". */
  SERVER_TIMING: z.enum(["0", "1"]).optional(),
  /** The Experience Cloud site's URL with its path prefix; identity and API calls go there. Unset = emulator. */
  WEBSTORE_SITE_URL: z.string().url().optional(),
  WEBSTORE_API_VERSION: z
    .string()
    .regex(/^v?\d+\.\d$/, "must look like 65.0")
    .default("65.0"),
  /** The webstore id: the demo store's with the emulator, required with a real org. */
  WEBSTORE_ID: z.string().min(1).optional(),
  /** The Experience Cloud site (community) id: SEO properties are read through it. Required with a real org. */
  WEBSTORE_COMMUNITY_ID: z.string().min(1).optional(),
  /**
   * The store's inventory location group (LocationGroup, 0gh…): a chosen variation's stock is read from it
   * (commerce/inventory/levels). Unset with a real org: the product page shows no stock; the demo store's own.
   */
  WEBSTORE_INVENTORY_LOCATION_GROUP_ID: z.string().min(1).optional(),
  /** The site's external client app (private client): consumer key, secret and its registered callback URL. */
  WEBSTORE_CLIENT_ID: z.string().optional(),
  WEBSTORE_CLIENT_SECRET: z.string().optional(),
  WEBSTORE_REDIRECT_URI: z.string().url().optional(),
  /**
   * The org's internal integration user, through a connected app with the Client Credentials Flow ("Run As" that
   * user, scopes user_registration_api and forgot_password): its token goes with the first requests of registration
   * and password reset, which the site requires (README: Pointing it at a real org). The org's My Domain URL is where
   * the token comes from. Unset with a real org: none is sent, and a site that requires one refuses them.
   */
  WEBSTORE_ORG_URL: z.string().url().optional(),
  WEBSTORE_INTEGRATION_CLIENT_ID: z.string().min(1).optional(),
  WEBSTORE_INTEGRATION_CLIENT_SECRET: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  /** The emulator's session timeout (the lifetime of the tokens it issues); a real org decides its own. */
  SESSION_SECONDS: z.coerce.number().int().positive().default(7200),
  EMULATOR_DB: z.string().default(".data/emulator.sqlite"),
  /** Unset: an org's defaults (carts ready at once, a checkout's calculation over by the next call). */
  EMULATOR_ASYNC_POLLS: z.coerce.number().int().min(0).optional(),
  /** A checkout calculates this many seconds (virtual clock) after each start or change: slow, for demos and tests. */
  EMULATOR_CHECKOUT_SECONDS: z.coerce.number().min(0).optional(),
  /**
   * The emulator's demo store: the fixtures alone ("demo"), or with a generated merchant-sized store next to them
   * ("large": 100,000 products, 1,000 buyers, bulk@demo.store's 5,000 orders; server/emulator/large-store), or at
   * Salesforce's ceilings ("xl": 1,000,000 products, 50,000 orders, a 2,000-line cart; seeded once into a prepared
   * file in .cache/xl-store and copied to EMULATOR_DB, which must then be a file).
   */
  DEMO_SCALE: z.enum(["demo", "large", "xl"]).default("demo"),
  /**
   * The path the store lives under (`/shop`: pages, assets, forms and redirects all under /shop/); unset = the site
   * root. The app build is made for one base path (vite.config.ts reads the same variable): the server refuses a
   * build made for another.
   */
  BASE_PATH: z
    .string()
    .default("")
    .transform((value) => normaliseBasePath(value))
    .refine((value) => value === "" || BASE_PATH_SHAPE.test(value), {
      message: "must be a path such as /shop: segments of letters, digits, '.', '_', '~' or '-'",
    })
    .refine((value) => !ROOT_PATHS.some((root) => value === root || value.startsWith(`${root}/`)), {
      message: `must not be one of the paths that stay at the root (${ROOT_PATHS.join(", ")})`,
    }),
  /** Where `npm run build` writes the app build and the server reads it, relative to the checkout. */
  BUILD_DIR: z.string().default("build"),
  /**
   * A Redis all instances share (redis://[:password@]host:port[/db]): the sign-in throttle counts there, and cache
   * invalidations reach every instance through it. Unset = each process on its own (README: Running more than one
   * instance).
   */
  REDIS_URL: z
    .string()
    .url()
    .refine((value) => /^rediss?:/.test(value), { message: "must be a redis:// or rediss:// URL" })
    .optional(),
  /** One JSON line per request on stdout: on unless "0". */
  REQUEST_LOG: z.enum(["0", "1"]).default("1"),
  /** `npm run emulator`: the port the emulator service listens on (0 = any free port), and its address. */
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  EMULATOR_HOST: z.string().default("127.0.0.1"),
  /**
   * `npm run emulator`: the storefronts in front of the emulator service whose X-Forwarded-For (their shoppers'
   * addresses, which the API's lookup limits key on) it believes; default loopback (storefronts on this machine).
   */
  EMULATOR_TRUST_PROXY: z.string().default("loopback"),
});

export type Config = ReturnType<typeof readConfig>;

/** The demo store's webstore and site ids (README, demo contract). */
export const DEMO_WEBSTORE_ID = "0ZEDEMO00000001";
export const DEMO_COMMUNITY_ID = "0DBDM0000000001";

/** The demo store's inventory location group (fixtures/webstore.json, docs/emulator-variations.md). */
const DEMO_LOCATION_GROUP_ID = "0ghDM0000000001";

/** The demo org's integration user's connected app (fixtures/identity.json, `integrationApps`). */
export const DEMO_INTEGRATION_APP = {
  clientId: "demo-integration",
  clientSecret: "demo-integration-secret",
} as const;

/** The demo site's registered client app (fixtures/identity.json; README, demo contract). */
export const DEMO_CLIENT = {
  clientId: "demo-storefront",
  clientSecret: "demo-storefront-secret",
  redirectUri: "https://demo.store/oauth/callback",
} as const;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  if (env.WEBSTORE_API_URL || env.WEBSTORE_TOKEN_URL) {
    throw new Error(
      "Invalid configuration: WEBSTORE_API_URL and WEBSTORE_TOKEN_URL are gone; set WEBSTORE_SITE_URL to the Experience Cloud site's URL (README: Pointing it at a real org).",
    );
  }
  const mode = c.WEBSTORE_SITE_URL ? ("http" as const) : ("emulator" as const);
  if (mode === "http") {
    // The demo's ids and secrets would silently point a real org's storefront at a store that isn't there (or
    // sign its sessions with a public secret): with a real org each must be set, and the start stops naming the
    // ones that aren't.
    const missing = (
      [
        "WEBSTORE_ID",
        "WEBSTORE_COMMUNITY_ID",
        "WEBSTORE_CLIENT_ID",
        "WEBSTORE_CLIENT_SECRET",
        "WEBSTORE_REDIRECT_URI",
        "SESSION_SECRET",
      ] as const
    ).filter((k) => !c[k]);
    if (missing.length)
      throw new Error(
        `Invalid configuration: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required when WEBSTORE_SITE_URL points at a real org (README: Pointing it at a real org).`,
      );
  }
  return {
    ...c,
    mode,
    serverTiming: c.SERVER_TIMING ? c.SERVER_TIMING === "1" : c.NODE_ENV === "development",
    // The demo store's secrets are public on purpose (README, demo contract): they protect nothing real.
    WEBSTORE_ID: c.WEBSTORE_ID ?? DEMO_WEBSTORE_ID,
    WEBSTORE_COMMUNITY_ID: c.WEBSTORE_COMMUNITY_ID ?? DEMO_COMMUNITY_ID,
    SESSION_SECRET: c.SESSION_SECRET ?? "offline-demo-store-session-secret",
    WEBSTORE_CLIENT_ID: c.WEBSTORE_CLIENT_ID ?? DEMO_CLIENT.clientId,
    WEBSTORE_CLIENT_SECRET: c.WEBSTORE_CLIENT_SECRET ?? DEMO_CLIENT.clientSecret,
    WEBSTORE_REDIRECT_URI: c.WEBSTORE_REDIRECT_URI ?? DEMO_CLIENT.redirectUri,
    WEBSTORE_INVENTORY_LOCATION_GROUP_ID:
      c.WEBSTORE_INVENTORY_LOCATION_GROUP_ID ?? (mode === "emulator" ? DEMO_LOCATION_GROUP_ID : undefined),
    WEBSTORE_INTEGRATION_CLIENT_ID:
      c.WEBSTORE_INTEGRATION_CLIENT_ID ?? (mode === "emulator" ? DEMO_INTEGRATION_APP.clientId : undefined),
    WEBSTORE_INTEGRATION_CLIENT_SECRET:
      c.WEBSTORE_INTEGRATION_CLIENT_SECRET ?? (mode === "emulator" ? DEMO_INTEGRATION_APP.clientSecret : undefined),
  };
}
