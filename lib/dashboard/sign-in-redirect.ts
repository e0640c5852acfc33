// Where the sign-in page sends a visitor back to. Only dashboard paths of this service are
// accepted, so a crafted `next` cannot turn the sign-in page into an open redirect.
export const SIGN_IN_PATH = "/dashboard/sign-in";
export const DASHBOARD_HOME = "/dashboard";
/** Set by proxy.ts on dashboard requests: the path (and query) the visitor asked for. */
export const DASHBOARD_PATH_HEADER = "x-dashboard-path";

export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return DASHBOARD_HOME;
  let url: URL;
  try {
    url = new URL(next, "http://internal.invalid");
  } catch {
    return DASHBOARD_HOME;
  }
  // A scheme-relative (//host) or absolute URL resolves to another origin.
  if (url.origin !== "http://internal.invalid" || next.includes("\\")) return DASHBOARD_HOME;
  const inDashboard = url.pathname === DASHBOARD_HOME || url.pathname.startsWith(`${DASHBOARD_HOME}/`);
  if (!inDashboard || url.pathname === SIGN_IN_PATH || url.pathname.startsWith(`${SIGN_IN_PATH}/`))
    return DASHBOARD_HOME;
  return url.pathname + url.search;
}

export function signInUrl(returnTo: string): string {
  const next = safeNextPath(returnTo);
  return next === DASHBOARD_HOME ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
