// What the browser's payer pages may import from the payers domain (no database, no secrets).
export { identityRequirements } from "./identity-rules";
