/**
 * The agents' MCP endpoint (Model Context Protocol, Streamable HTTP): app/agent/endpoint.server.ts. A resource route:
 * it renders no page and sends the browser no script.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleAgentRequest } from "~/shop.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleAgentRequest(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAgentRequest(request, context);
}
