import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["lib/db/generated/**", ".next/**", ".data/**", "e2e/artifacts/**", "node_modules/**", "next-env.d.ts", "lib/devnet/artifacts/**"] },
  { rules: { "@typescript-eslint/no-explicit-any": "off" } },
];
export default config;
