/**
 * `npm start`'s server, compiled to build/server.mjs by `npm run build` (see cluster.ts). Production unless told
 * otherwise: React and Remix pick their production builds from NODE_ENV when the app build is loaded.
 */
import { main } from "./cluster.js";

process.env.NODE_ENV ||= "production";

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
