// One error type for the whole API and one mapper to the documented shape
// `{statusCode, message, error}` (+ `errors` for validation failures).
import { STATUS_CODES } from "node:http";
import { ZodError } from "zod";

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, { errors });
export const unauthorized = (message = "Missing or invalid credentials") => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

export function validationError(errors: FieldError[]): ApiError {
  return new ApiError(400, "Validation failed", { errors });
}

export function zodFieldErrors(err: ZodError, prefix?: string): FieldError[] {
  return err.issues.map((i) => {
    const field = [prefix, ...i.path.map(String)].filter(Boolean).join(".");
    return { field: field || (prefix ?? "body"), message: i.message };
  });
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? "Error";
}

export function errorBody(status: number, message: string, errors?: FieldError[]) {
  return { statusCode: status, message, error: reasonPhrase(status), ...(errors ? { errors } : {}) };
}

export function errorResponse(status: number, message: string, init: { errors?: FieldError[]; headers?: Record<string, string> } = {}): Response {
  return Response.json(errorBody(status, message, init.errors), { status, headers: init.headers });
}
