/** The agents' MCP sessions: unguessable ids, forgotten after SESSION_IDLE_MS without a request. */
import { describe, expect, it } from "vitest";
import {
  dropSession,
  keepSession,
  liveSession,
  newSessionId,
  SESSION_IDLE_MS,
  sweepSessions,
  type AgentSession,
} from "~/agent/sessions.server";

function session(id: string, lastSeen: number): AgentSession {
  return {
    id,
    lastSeen,
    cookie: "",
    origin: "http://store.test",
    server: { close: async () => undefined } as unknown as AgentSession["server"],
    transport: {} as AgentSession["transport"],
    context: {} as AgentSession["context"],
    queue: Promise.resolve(),
    openShop: () => Promise.reject(new Error("no shop in this test")),
  };
}

describe("agent sessions", () => {
  it("have ids of 256 random bits, never the same twice", () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(32);
  });

  it("live while used, and are forgotten once idle for longer than SESSION_IDLE_MS", () => {
    const start = 1_000_000;
    keepSession(session("a", start));
    expect(liveSession("a", start + SESSION_IDLE_MS - 1)?.id).toBe("a");
    // The use above restarted its idle time.
    expect(liveSession("a", start + 2 * SESSION_IDLE_MS - 2)?.id).toBe("a");
    expect(liveSession("a", start + 3 * SESSION_IDLE_MS)).toBeNull();
    // Forgotten: not there even at a time it would have been live.
    expect(liveSession("a", start)).toBeNull();
  });

  it("are swept when idle, and dropped on request", () => {
    keepSession(session("b", 0));
    keepSession(session("c", SESSION_IDLE_MS));
    expect(sweepSessions(SESSION_IDLE_MS + 1)).toBe(1);
    expect(liveSession("b", SESSION_IDLE_MS + 1)).toBeNull();
    dropSession("c");
    expect(liveSession("c", SESSION_IDLE_MS + 1)).toBeNull();
  });
});
