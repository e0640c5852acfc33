// Types of scripts/http-edge.mjs (plain JavaScript, loaded by the server before anything is compiled).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

export const ROUTED_METHODS: string[];
export function errorJson(status: number, code: string, message: string): string;
export function answerClientError(err: (Error & { code?: string }) | undefined, socket: Duplex): void;
export function refuseConnect(req: IncomingMessage, socket: Duplex): void;
export function refuseUnroutedMethod(req: IncomingMessage, res: ServerResponse): boolean;
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse): boolean;
export function recordPeer(req: IncomingMessage): void;
