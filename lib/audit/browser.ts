// The door of lib/audit for code the browser bundles: pure constants only.
export { AUDIT_ACTIONS } from "./actions";
