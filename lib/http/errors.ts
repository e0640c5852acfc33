// One error type for the whole API and one mapper to the documented shape
// `{statusCode, message, error, code}` (+ `errors` for validation failures). `code` comes from
// the catalog of lib/http/error-codes.ts (docs/architecture.md "Errors").
import { STATUS_CODES } from "node:http";
import { ZodError, z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-codes";
import { unknownKeyErrors } from "./strict-input";

export type { ErrorCode } from "./error-codes";

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly extra: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      /** Fields the error body carries beside the standard ones, for an operation that documents them (`errorBodies`). */
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (code: ErrorCode, message: string, errors?: FieldError[]) =>
  new ApiError(400, code, message, { errors });
export const unauthorized = (
  code: ErrorCode = "credentials_not_accepted",
  message = "Missing or invalid credentials",
) => new ApiError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new ApiError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new ApiError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new ApiError(409, code, message);
export const unavailable = (code: ErrorCode, message: string) => new ApiError(503, code, message);

// Field messages worded as the hosted service words them ("redirectLabel cannot be provided
// without redirectUrl"): its clients show or match that sentence in `message`, so a validation
// failure made of exactly one such error carries it there too (and in `errors[]`); any other
// failure says "Validation failed" (docs/decisions/error-codes.md).
const hostedWordings = new Set<string>();

/** Marks a field error's message as the hosted service's own sentence (see validationMessage). */
export function hostedWording(message: string): string {
  hostedWordings.add(message);
  return message;
}

/** `message` of a validation failure: the one error's hosted wording, else "Validation failed". */
export function validationMessage(errors: FieldError[]): string {
  return errors.length === 1 && hostedWordings.has(errors[0].message) ? errors[0].message : "Validation failed";
}

export function validationError(errors: FieldError[]): ApiError {
  return new ApiError(400, "validation_failed", validationMessage(errors), { errors });
}

export function zodFieldErrors(err: ZodError, prefix?: string): FieldError[] {
  return err.issues.flatMap((i) => {
    const at = [prefix, ...i.path.map(String)].filter((p): p is string => Boolean(p));
    if (i.code === "unrecognized_keys") return unknownKeyErrors(i, at);
    return [{ field: at.join(".") || (prefix ?? "body"), message: i.message }];
  });
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? "Error";
}

const codes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** Every error body the API sends; /docs publishes it as components.schemas.Error. */
export const errorBodySchema = z.strictObject({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string().describe("HTTP reason phrase"),
  code: z
    .enum(codes)
    .describe(
      `Stable machine-readable code; branch on it, not on message. One of:\n\n${codes.map((c) => `- \`${c}\`: ${ERROR_CODES[c]}`).join("\n")}`,
    ),
  errors: z
    .array(z.strictObject({ field: z.string(), message: z.string() }))
    .optional()
    .describe("Validation failures only"),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(
  status: number,
  code: ErrorCode,
  message: string,
  errors?: FieldError[],
  details: Record<string, unknown> = {},
): ErrorBody {
  return { ...details, statusCode: status, message, error: reasonPhrase(status), code, ...(errors ? { errors } : {}) };
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  init: { errors?: FieldError[]; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
): Response {
  return Response.json(errorBody(status, code, message, init.errors, init.details), { status, headers: init.headers });
}
