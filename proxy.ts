// Runs before Next.js routing.
// - API (/v1, /v2 and the payment page's /pay/{token}/…): Next's router answers a malformed
//   percent-encoding in the path with a text/plain 500 before any route runs; the API answers
//   it with a JSON 400 instead. (Unknown /pay/{token}/… paths reach app/pay/[token]/[...rest].)
// - Dashboard: pages learn which path was asked for (layouts and pages are not told), so a
//   signed-out visitor is sent to sign in and brought back to that page.
import { type NextRequest, NextResponse } from "next/server";
import { DASHBOARD_PATH_HEADER } from "./lib/dashboard/browser";

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const url = new URL(request.url);
  if (url.pathname === "/dashboard" || url.pathname.startsWith("/dashboard/")) {
    url.searchParams.delete("_rsc"); // the cache-buster of client navigations is not part of the page
    const headers = new Headers(request.headers);
    headers.set(DASHBOARD_PATH_HEADER, url.pathname + url.search);
    return NextResponse.next({ request: { headers } });
  }
  if (isDecodable(url.pathname)) return NextResponse.next();
  return NextResponse.json(
    {
      statusCode: 400,
      message: "Malformed percent-encoding in the URL path",
      error: "Bad Request",
      code: "validation_failed",
    },
    { status: 400 },
  );
}

export const config = {
  matcher: ["/v1/:path*", "/v2/:path*", "/pay/:token/:path+", "/dashboard", "/dashboard/:path*"],
};
