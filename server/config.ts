import { z } from "zod";

/**
 * The server's configuration, read from the environment once and validated; everything else receives it as
 * an argument. Without WEBSTORE_API_URL the store runs against the in-process emulator.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  WEBSTORE_API_URL: z.string().url().optional(),
  WEBSTORE_ID: z.string().min(1).default("0ZEDEMO00000001"),
  /** The Experience Cloud site (community) id: SEO properties are read through it. */
  WEBSTORE_COMMUNITY_ID: z.string().min(1).default("0DBDM0000000001"),
  WEBSTORE_CLIENT_ID: z.string().optional(),
  WEBSTORE_CLIENT_SECRET: z.string().optional(),
  WEBSTORE_TOKEN_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SESSION_SECONDS: z.coerce.number().int().positive().default(7200),
  EMULATOR_DB: z.string().default(".data/emulator.sqlite"),
  EMULATOR_ASYNC_POLLS: z.coerce.number().int().min(0).default(0),
});

export type Config = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  const mode = c.WEBSTORE_API_URL ? ("http" as const) : ("emulator" as const);
  if (mode === "http" && !c.SESSION_SECRET) {
    throw new Error("SESSION_SECRET (16+ characters) is required when WEBSTORE_API_URL points at a real org.");
  }
  return {
    ...c,
    mode,
    // The demo store's secret is public on purpose: it signs demo sessions only, never a real org's.
    SESSION_SECRET: c.SESSION_SECRET ?? "offline-demo-store-session-secret",
  };
}
