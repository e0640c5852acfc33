// Dashboard pages read through the same domain functions as the API; a 404 there (a missing
// or another platform's id) becomes the page's "not found" state.
import { notFound } from "next/navigation";
import { ApiError } from "../http/errors";

export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}
